/**
 * A session as a timeline: its messages and tool calls in order, with the errors, feedback signals,
 * recalls and pre-tool denials that happened along the way placed where they happened.
 */
import { NotFoundError } from "../core/errors.js";
import type { ErrorEntry, Message } from "../core/types.js";
import type { StoredSignal, TaskRecord } from "../store/learn-store.js";
import type { RecallEventRecord } from "../store/recall-store.js";
import type { SessionSummary, Store } from "../store/store.js";
import type { DenialView, ViewerSources } from "./viewer-sources.js";

/** Longest message text or tool output a timeline carries; the whole one is at `sessionMessage`. */
export const TIMELINE_TEXT_LIMIT = 4000;

/** A message as the timeline shows it: long text cut, with its full size. */
export interface TimelineMessage extends Message {
  /** True when `content`, `toolInput` or `toolOutput` was cut to {@link TIMELINE_TEXT_LIMIT}. */
  cut: boolean;
}

/** One thing that happened in a session; `seq` is the message it sits at (before it, for a recall). */
export type TimelineEntry =
  | { type: "message"; seq: number; at: number; message: TimelineMessage }
  | { type: "error"; seq: number; at: number; error: ErrorEntry }
  | { type: "signal"; seq: number; at: number; signal: StoredSignal }
  | { type: "recall"; seq: number; at: number; recall: RecallEventRecord }
  | { type: "denial"; seq: number; at: number; denial: DenialView };

/** One page of a session's timeline. */
export interface SessionTimeline {
  session: SessionSummary;
  tasks: TaskRecord[];
  entries: TimelineEntry[];
  /** Pass as `afterSeq` for the next page; null on the last one. */
  nextAfterSeq: number | null;
  /** Whether denials could be read (the adherence source is in this build). */
  denialsAvailable: boolean;
}

/** Order of entries at one message: a recall comes before the prompt it served, the rest after. */
const ORDER: Record<TimelineEntry["type"], number> = {
  recall: 0,
  message: 1,
  error: 2,
  signal: 3,
  denial: 4,
};

/**
 * The page of `sessionId`'s timeline after message `afterSeq` (default: from the start), at most
 * `limit` messages with everything that happened among them. Throws `NotFoundError` for an
 * unknown session.
 */
export async function sessionTimeline(
  deps: { store: Store; sources: ViewerSources },
  sessionId: string,
  page: { afterSeq?: number; limit: number },
): Promise<SessionTimeline> {
  const { store } = deps;
  const session = await store.getSession(sessionId);
  if (!session) throw new NotFoundError("session", sessionId);
  const afterSeq = page.afterSeq ?? -1;
  const first = afterSeq < 0;
  // The message before the page too (the previous page's last): what happened before it is there.
  const fetched = await store.listMessages(sessionId, {
    afterSeq: first ? -1 : afterSeq - 1,
    limit: page.limit + (first ? 1 : 2),
  });
  const previous = !first && fetched[0]?.seq === afterSeq ? fetched.shift() : undefined;
  const messages = fetched.slice(0, page.limit);
  const last = fetched.length <= page.limit;
  const [tasks, signals, errors, recalls, denials] = await Promise.all([
    store.listTasks({ sessionId, limit: -1 }),
    store.insights.listSignals({ sessionId, limit: -1 }),
    store.listErrors({ sessionId, includeResolved: true, limit: -1 }),
    store.insights.listRecallEvents({ sessionId, limit: -1 }),
    deps.sources.adherence?.sessionDenials(sessionId) ?? Promise.resolve([]),
  ]);
  const place = placer(messages, { previous, last });
  const entries: TimelineEntry[] = messages.map((message) => ({
    type: "message",
    seq: message.seq,
    at: message.createdAt,
    message: cutMessage(message),
  }));
  const seqById = new Map(messages.map((message) => [message.id, message.seq]));
  for (const error of errors) {
    const seq =
      (error.messageId !== null ? seqById.get(error.messageId) : undefined) ?? place.byTime(error.createdAt);
    if (seq !== null) entries.push({ type: "error", seq, at: error.createdAt, error });
  }
  for (const signal of signals) {
    const seq = signal.messageSeq !== null ? place.bySeq(signal.messageSeq) : place.byTime(signal.createdAt);
    if (seq !== null) entries.push({ type: "signal", seq, at: signal.createdAt, signal });
  }
  for (const recall of recalls) {
    const seq = place.byTime(recall.createdAt);
    if (seq !== null) entries.push({ type: "recall", seq, at: recall.createdAt, recall });
  }
  for (const denial of denials) {
    const seq = denial.messageSeq !== null ? place.bySeq(denial.messageSeq) : place.byTime(denial.at);
    if (seq !== null) entries.push({ type: "denial", seq, at: denial.at, denial });
  }
  entries.sort((a, b) => a.seq - b.seq || ORDER[a.type] - ORDER[b.type] || a.at - b.at);
  return {
    session,
    tasks,
    entries,
    nextAfterSeq: last ? null : (messages.at(-1)?.seq ?? null),
    denialsAvailable: deps.sources.adherence !== undefined,
  };
}

/** One message of a session, uncut. Throws `NotFoundError` when there is none at `seq`. */
export async function sessionMessage(store: Store, sessionId: string, seq: number): Promise<Message> {
  const [message] = await store.listMessages(sessionId, { afterSeq: seq - 1, limit: 1 });
  if (!message || message.seq !== seq) throw new NotFoundError("message", `${sessionId}#${seq}`);
  return message;
}

/**
 * Where on this page something belongs: by message position (when that message is on the page),
 * or by time (the first message at or after it; after the last one only on the last page). Null:
 * on another page. `previous` is the message just before the page (none on the first).
 */
function placer(messages: Message[], page: { previous: Message | undefined; last: boolean }) {
  const low = messages[0]?.seq ?? Number.POSITIVE_INFINITY;
  const high = messages.at(-1)?.seq ?? Number.NEGATIVE_INFINITY;
  const end = Number.isFinite(high) ? high : 0;
  return {
    bySeq(seq: number): number | null {
      if (seq >= low && seq <= high) return seq;
      return null;
    },
    byTime(at: number): number | null {
      const next = messages.find((message) => message.createdAt >= at);
      if (next) return page.previous && page.previous.createdAt >= at ? null : next.seq;
      return page.last ? end : null;
    },
  };
}

function cutMessage(message: Message): TimelineMessage {
  const cut = (text: string | null) =>
    text !== null && text.length > TIMELINE_TEXT_LIMIT ? `${text.slice(0, TIMELINE_TEXT_LIMIT)}…` : text;
  const content = cut(message.content) ?? "";
  const toolInput = cut(message.toolInput);
  const toolOutput = cut(message.toolOutput);
  return {
    ...message,
    content,
    toolInput,
    toolOutput,
    cut: content !== message.content || toolInput !== message.toolInput || toolOutput !== message.toolOutput,
  };
}
