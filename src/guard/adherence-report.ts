/**
 * How lessons fared at the tool call, for people: a lesson's adherence (`tacit lessons show`, its
 * `--json`) and the viewer's adherence source (per lesson, per day, the denials of a session).
 *
 * Adherence sits beside the lesson's outcome feedback, and is not folded into it: a denied call is
 * followed almost by construction, and an agent's compliance says the lesson was applied, not that
 * it was right. What it changes in the track record is by the user's hand: an override is recorded
 * with the user's words, and repeated overrides make the lesson stale (guard-service.ts).
 */
import type { AdherenceOutcome, GuardEventKind } from "../core/guard/adherence.js";
import type { AdherenceSource, AdherenceView, DenialView } from "../inspect/viewer-sources.js";
import type { AdherenceCounts, GuardEventRecord } from "../store/guard-store.js";
import type { Store } from "../store/store.js";

/** One event of a lesson at the tool call, as shown. */
export interface AdherenceEventView {
  id: string;
  at: number;
  sessionId: string;
  kind: GuardEventKind;
  toolName: string | null;
  /** What the agent was told to run instead. */
  suggestion: string | null;
  /** null: still open (`closed` false), or nothing bore on it. */
  adherence: AdherenceOutcome | null;
  closed: boolean;
  detail: string | null;
}

/** A lesson's adherence: counts, the share followed, and its latest events. */
export interface LessonAdherence extends AdherenceCounts {
  /** followed / (followed + ignored), null when neither happened (an override is the user's choice). */
  rate: number | null;
  recent: AdherenceEventView[];
}

/** Events shown with a lesson by default. */
const RECENT = 10;

/** A lesson's adherence, with its `limit` latest events. */
export async function lessonAdherence(
  store: Pick<Store, "guard">,
  lessonId: string,
  limit = RECENT,
): Promise<LessonAdherence> {
  const counts = await store.guard.adherenceCounts(lessonId);
  const events = await store.guard.listGuardEvents({ lessonId, limit });
  return { ...counts, rate: rate(counts), recent: events.map(eventView) };
}

/** The viewer's adherence source over a store. */
export function adherenceViewerSource(
  store: Pick<Store, "guard">,
  now: () => number = Date.now,
): AdherenceSource {
  return {
    async lessonAdherence(lessonId: string): Promise<AdherenceView | null> {
      const counts = await store.guard.adherenceCounts(lessonId);
      const any = Object.values(counts).some((value) => value > 0);
      return any
        ? {
            lessonId,
            followed: counts.followed,
            ignored: counts.ignored,
            overridden: counts.overridden,
            denied: counts.denied,
            rate: rate(counts),
          }
        : null;
    },
    async daily(days: number) {
      const since = startOfUtcDay(now()) - (Math.max(1, days) - 1) * DAY_MS;
      const rows = await store.guard.adherenceByDay(since);
      return rows.map(({ day, followed, ignored, denied }) => ({ day, followed, ignored, denied }));
    },
    async sessionDenials(sessionId: string): Promise<DenialView[]> {
      const events = await store.guard.listGuardEvents({ sessionId, kinds: ["deny"], limit: 500 });
      return events.reverse().map((event) => ({
        id: event.id,
        sessionId: event.sessionId,
        at: event.createdAt,
        messageSeq: null,
        toolName: event.toolName ?? "",
        lessonId: event.lessonId,
        reason: event.reason,
      }));
    },
  };
}

const DAY_MS = 86_400_000;

function startOfUtcDay(at: number): number {
  return Math.floor(at / DAY_MS) * DAY_MS;
}

function rate(counts: Pick<AdherenceCounts, "followed" | "ignored">): number | null {
  const judged = counts.followed + counts.ignored;
  return judged === 0 ? null : counts.followed / judged;
}

function eventView(event: GuardEventRecord): AdherenceEventView {
  return {
    id: event.id,
    at: event.createdAt,
    sessionId: event.sessionId,
    kind: event.kind,
    toolName: event.toolName,
    suggestion: event.suggestion,
    adherence: event.adherence,
    closed: event.closedAt !== null,
    detail: event.adherenceDetail,
  };
}
