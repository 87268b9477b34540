/**
 * What goes into a lesson pack, and how each lesson is summarised there: the lessons the selection
 * asks for that are still in use, plus every lesson of their supersession chains (so a superseded
 * convention travels with its successor); text passed through the privacy mask; evidence as
 * counts, kinds and dates with at most a few short quotes that the mask leaves untouched; ordered
 * by id, so an unchanged store gives the same pack. Pure.
 */
import { checkText, privacyCheck } from "../dataset/privacy.js";
import type { Lesson, LessonEvidence } from "../lessons/lesson.js";
import { RECALLABLE_STATUSES } from "../lessons/quality.js";
import type { Redactor } from "../redaction.js";
import {
  EVIDENCE_KINDS,
  type EvidenceKind,
  MAX_PACK_QUOTE_CHARS,
  MAX_PACK_QUOTES,
  meetsMaturity,
  PACK_FORMAT,
  type Pack,
  type PackLesson,
  type PackSelection,
} from "./pack-format.js";
import { conventionOf, isConvention } from "./pack-slot.js";

/** The session id of evidence that came from a pack (see `packEvidence`). */
export const PACK_SESSION_ID = "pack";
/** The session id `tacit lessons add` gives evidence written by hand. */
export const MANUAL_SESSION_ID = "manual";

/** Masks secrets and personal data in a text (`[REDACTED:kind]`); what the pack writes of every text. */
export type PackMask = (text: string) => string;

/** The mask of the dataset export: the redactor's secrets removed, personal data masked. */
export function packMask(redact: Redactor): PackMask {
  const check = privacyCheck(redact, []);
  return (text) => checkText(text, check, { secrets: {}, personal: {} }).masked;
}

/** True when the lesson is in use: recallable status and not deprecated. */
function inUse(lesson: Lesson): boolean {
  return RECALLABLE_STATUSES.includes(lesson.status) && lesson.maturity !== "deprecated";
}

function selected(lesson: Lesson, selection: PackSelection): boolean {
  if (selection.scope !== null && lesson.scope !== selection.scope) return false;
  if (selection.project !== null) {
    if (lesson.scope === "project" ? lesson.projectId !== selection.project : selection.scope === "project")
      return false;
  }
  if (!meetsMaturity(lesson.maturity, selection.minMaturity)) return false;
  return !selection.conventions || isConvention(lesson);
}

/**
 * The lessons a pack holds, by id: those in use that the selection asks for, and every lesson
 * linked to one of them by supersession, whatever its status (archived, stale or deprecated
 * lessons come in only that way).
 */
export function selectPackLessons(all: readonly Lesson[], selection: PackSelection): Lesson[] {
  const byId = new Map(all.map((lesson) => [lesson.id, lesson]));
  const replaced = new Map<string, Lesson[]>();
  for (const lesson of all) {
    if (lesson.supersededById === null) continue;
    replaced.set(lesson.supersededById, [...(replaced.get(lesson.supersededById) ?? []), lesson]);
  }
  const chosen = new Map<string, Lesson>();
  const queue = all.filter((lesson) => inUse(lesson) && selected(lesson, selection));
  for (let lesson = queue.pop(); lesson !== undefined; lesson = queue.pop()) {
    if (chosen.has(lesson.id)) continue;
    chosen.set(lesson.id, lesson);
    const successor = lesson.supersededById === null ? undefined : byId.get(lesson.supersededById);
    if (successor) queue.push(successor);
    queue.push(...(replaced.get(lesson.id) ?? []));
  }
  return [...chosen.values()].sort((first, second) => compareIds(first.id, second.id));
}

function compareIds(first: string, second: string): number {
  return first < second ? -1 : first > second ? 1 : 0;
}

/** Where a piece of evidence came from. */
export function evidenceKind(evidence: LessonEvidence): EvidenceKind {
  if (evidence.sessionId === MANUAL_SESSION_ID) return "manual";
  if (evidence.sessionId === PACK_SESSION_ID) return "pack";
  return evidence.taskId !== undefined ? "task" : "session";
}

const iso = (epochMs: number | null): string | null =>
  epochMs === null ? null : new Date(epochMs).toISOString();

/** Quotes a reviewer may read: said in a task or session, one short line, untouched by the mask. */
function shareableQuotes(evidence: readonly LessonEvidence[], mask: PackMask): string[] {
  const quotes: string[] = [];
  for (const item of evidence) {
    const kind = evidenceKind(item);
    if (kind !== "task" && kind !== "session") continue;
    const quote = item.quote.trim();
    if (quote === "" || quote.length > MAX_PACK_QUOTE_CHARS || /[\r\n]/.test(quote)) continue;
    if (quote.includes("[REDACTED") || mask(quote) !== quote || quotes.includes(quote)) continue;
    quotes.push(quote);
    if (quotes.length === MAX_PACK_QUOTES) break;
  }
  return quotes;
}

/** The counts, kinds and dates of a lesson's evidence, and its shareable quotes when asked for. */
function evidenceSummary(lesson: Lesson, mask: PackMask, withQuotes: boolean): PackLesson["evidence"] {
  const kinds: Partial<Record<EvidenceKind, number>> = {};
  for (const item of lesson.evidence) {
    const kind = evidenceKind(item);
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  const times = lesson.evidence.map((item) => item.at);
  const quotes = withQuotes ? shareableQuotes(lesson.evidence, mask) : [];
  return {
    count: lesson.evidence.length,
    kinds: Object.fromEntries(
      EVIDENCE_KINDS.filter((kind) => kinds[kind]).map((kind) => [kind, kinds[kind]]),
    ),
    first: times.length > 0 ? iso(Math.min(...times)) : null,
    last: times.length > 0 ? iso(Math.max(...times)) : null,
    ...(quotes.length > 0 ? { quotes } : {}),
  };
}

/** Helpful and harmful feedback events a lesson has, as recorded. */
export interface FeedbackCounts {
  helpful: number;
  harmful: number;
}

/** Everything a pack is made from besides the lessons. */
export interface PackSource {
  selection: PackSelection;
  author: string;
  machine: string;
  tacitVersion: string;
  /** Feedback counts per lesson id (none: 0 and 0). */
  feedback: ReadonlyMap<string, FeedbackCounts>;
  mask: PackMask;
  /** Whether shareable evidence quotes are included. */
  quotes: boolean;
}

/** A pack of `lessons` (as `selectPackLessons` chose them). */
export function buildPack(lessons: readonly Lesson[], source: PackSource): Pack {
  const { mask } = source;
  const ids = new Set(lessons.map((lesson) => lesson.id));
  const optional = (value: string | null) => (value === null ? null : mask(value));
  const entries = lessons.map((lesson): PackLesson => {
    const feedback = source.feedback.get(lesson.id) ?? { helpful: 0, harmful: 0 };
    const convention = conventionOf(lesson);
    return {
      id: lesson.id,
      kind: lesson.kind,
      trigger: mask(lesson.trigger),
      rule: mask(lesson.rule),
      why: mask(lesson.why),
      domain: lesson.domain,
      scope: lesson.scope,
      project: optional(lesson.projectId),
      ...(convention.slot
        ? { slot: { id: mask(convention.slot.id), value: optional(convention.slot.value) } }
        : {}),
      ...(convention.convention !== undefined ? { convention: convention.convention } : {}),
      status: lesson.status,
      statusReason: optional(lesson.statusReason),
      maturity: lesson.maturity,
      confidence: lesson.confidence,
      trackRecord: {
        helpful: feedback.helpful,
        harmful: feedback.harmful,
        supportTasks: lesson.supportTaskCount,
        lastValidated: iso(lesson.lastValidatedAt),
      },
      evidence: evidenceSummary(lesson, mask, source.quotes),
      supersededBy:
        lesson.supersededById !== null && ids.has(lesson.supersededById) ? lesson.supersededById : null,
      supersedes: lessons.filter((other) => other.supersededById === lesson.id).map((other) => other.id),
    };
  });
  const asOf = lessons.length > 0 ? Math.max(...lessons.map((lesson) => lesson.updatedAt)) : null;
  return {
    format: PACK_FORMAT,
    provenance: {
      author: mask(source.author),
      machine: mask(source.machine),
      project: optional(source.selection.project),
      asOf: iso(asOf),
      tacitVersion: source.tacitVersion,
      selection: {
        scope: source.selection.scope,
        minMaturity: source.selection.minMaturity,
        conventions: source.selection.conventions,
      },
    },
    lessons: entries,
  };
}
