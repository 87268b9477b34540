/**
 * The lesson: one model for what tacit learns from sessions (heuristics, instincts and patterns).
 * A lesson has two orthogonal states: its content lifecycle (`status`) and its track record
 * (`maturity`); see docs/design.md#lessons. Times are epoch milliseconds. Pure: no IO, no clock,
 * no randomness.
 */
import { InvalidInputError, TacitError } from "../errors.js";
import { fnv1a64, normalizeLessonText } from "./lesson-text.js";

/** The task-experience heuristic kinds plus pattern / anti-pattern (docs/design.md#task-experience). */
export type LessonKind = "avoid" | "prefer" | "verify" | "clarify" | "pattern" | "anti_pattern";
export const LESSON_KINDS: readonly LessonKind[] = [
  "avoid",
  "prefer",
  "verify",
  "clarify",
  "pattern",
  "anti_pattern",
];

export type LessonDomain =
  | "workflow"
  | "testing"
  | "debugging"
  | "code-style"
  | "security"
  | "git"
  | "project";
export const LESSON_DOMAINS: readonly LessonDomain[] = [
  "workflow",
  "testing",
  "debugging",
  "code-style",
  "security",
  "git",
  "project",
];

/** `project` lessons apply inside one project (`projectId`); `global` lessons apply everywhere. */
export type LessonScope = "project" | "global";
export const LESSON_SCOPES: readonly LessonScope[] = ["project", "global"];

/** Content lifecycle (docs/design.md#lifecycle): candidate → active → refined → stale → archived. */
export type LessonStatus = "candidate" | "active" | "refined" | "stale" | "archived";
export const LESSON_STATUSES: readonly LessonStatus[] = [
  "candidate",
  "active",
  "refined",
  "stale",
  "archived",
];

/** Track record (docs/design.md#maturity): candidate → established → proven, or deprecated. */
export type MaturityState = "candidate" | "established" | "proven" | "deprecated";
export const MATURITY_STATES: readonly MaturityState[] = ["candidate", "established", "proven", "deprecated"];

/**
 * What a lesson governs — its slot (`package-manager`, `naming.variable.prefix`, `deploy-target`;
 * see core/lexicon/slots.ts) — and the value it sets there. A newer lesson for the same slot with
 * another value supersedes the older one.
 */
export interface LessonSlot {
  id: string;
  /** The value it sets (`pnpm`, `z_`, `qa-gw`), or null when it cannot be read. */
  value: string | null;
}

/** A quote that supports a lesson, linked to where it was said. */
export interface LessonEvidence {
  quote: string;
  sessionId: string;
  turnId?: string;
  messageId?: string;
  /** The task the quote belongs to; when absent the session stands in for the task. */
  taskId?: string;
  /** When the quote was said (epoch ms). */
  at: number;
}

/**
 * A lesson. Feedback events live separately (see `FeedbackEvent`); history events too (`LessonEvent`).
 * Invariants kept by every function here: `evidenceCount === evidence.length` and
 * `supportTaskCount === countSupportTasks(evidence)`.
 */
export interface Lesson {
  id: string;
  kind: LessonKind;
  /** When the lesson applies (the situation that triggers it). */
  trigger: string;
  /** What to do or not do: the action. */
  rule: string;
  /** Why, from real evidence. May be empty. */
  why: string;
  evidence: LessonEvidence[];
  domain: LessonDomain;
  scope: LessonScope;
  /** Required for `project` scope; for `global` lessons, the project it was learnt in, or null. */
  projectId: string | null;
  /** 0..1, as given by the extractor (or raised by a merge). */
  confidence: number;
  relatedSkillIds: string[];
  /** Distinct tasks among the evidence (`countSupportTasks`); kept equal to it by every change. */
  supportTaskCount: number;
  /** Number of evidence quotes; always `evidence.length`. */
  evidenceCount: number;
  /** Content lifecycle state. */
  status: LessonStatus;
  /** Why the lesson has its current status (demotion / archive reason), or null. */
  statusReason: string | null;
  /** Adopted by the skill upgrade flow or confirmed by a person (a promotion condition). */
  adopted: boolean;
  /** Consecutive recalls judged misleading; a helpful recall resets it to 0. */
  misleadingRecallCount: number;
  /** Track-record state. */
  maturity: MaturityState;
  /** Why the lesson has its current maturity (manual promote / deprecate reason, or computed). */
  maturityReason: string | null;
  /** True when the maturity was set by hand (`promoteLesson`); computed maturity then keeps `proven`. */
  maturityManual: boolean;
  /** Feedback before this time is ignored by `computeMaturity` (set by `resetLesson`). */
  maturityResetAt: number | null;
  /** Pattern observations: successes and failures of the approach (docs/design.md#anti-patterns). */
  successCount: number;
  failureCount: number;
  /** For an anti-pattern: the lesson it was inverted from. */
  invertedFromId: string | null;
  /** For an inverted lesson: the anti-pattern made from it. */
  invertedToId: string | null;
  /** The newer lesson that replaced this one (demotion reason "superseded"). */
  supersededById: string | null;
  /** What it governs, when the slot lexicon names it (absent on lessons learnt before slots). */
  slot?: LessonSlot;
  /**
   * A standing convention of its project ("always…", "we use…", "以后…"): recalled in the
   * conventions block for every task of its kind of work. Absent means false.
   */
  convention?: boolean;
  /** `lessonContentHash` of kind, trigger and rule: exact-duplicate detection. */
  contentHash: string;
  createdAt: number;
  updatedAt: number;
  /** Last time the lesson was confirmed (helpful feedback, revalidation, manual promote), or null. */
  lastValidatedAt: number | null;
}

/** Input to `createLesson`. Omitted optional fields take the defaults documented on each. */
export interface NewLesson {
  id: string;
  kind: LessonKind;
  trigger: string;
  rule: string;
  /** Default "". */
  why?: string;
  /** Default []. Duplicate quotes (see `uniqueEvidence`) are kept once. */
  evidence?: readonly LessonEvidence[];
  domain: LessonDomain;
  scope: LessonScope;
  /** Default null; required when scope is `project`. */
  projectId?: string | null;
  /** 0..1, default 0.5. */
  confidence?: number;
  /** Default []. */
  relatedSkillIds?: readonly string[];
  /** Default 0. */
  successCount?: number;
  /** Default 0. */
  failureCount?: number;
  /** Default null. */
  invertedFromId?: string | null;
  /** What it governs; default none. */
  slot?: LessonSlot | null;
  /** A standing convention of its project; default false. */
  convention?: boolean;
  /** Creation time, epoch ms. */
  now: number;
}

/** Why a lesson change was refused. */
export type LessonChangeErrorCode =
  | "deprecated-needs-reset"
  | "invalid-transition"
  | "no-change"
  | "revert-conflict"
  | "archived";

/**
 * A lesson change that was refused. Returned inside results (not thrown): a refused change is
 * ordinary data, e.g. promoting a deprecated lesson from the CLI.
 */
export class LessonChangeError extends TacitError {
  static override readonly marker: string = "tacit.error.lesson-change";
  override readonly name = "LessonChangeError";
  readonly code: LessonChangeErrorCode;
  readonly lessonId: string;

  constructor(options: { code: LessonChangeErrorCode; lessonId: string; message: string }) {
    super(`lesson ${options.lessonId}: ${options.message}`);
    this.code = options.code;
    this.lessonId = options.lessonId;
  }
}

/**
 * Build a new lesson in status `candidate`, maturity `candidate`. Throws `InvalidInputError` for
 * input that should have been validated at the boundary (empty rule, confidence outside 0..1,
 * project scope without project id).
 */
export function createLesson(input: NewLesson): Lesson {
  if (input.trigger.trim() === "")
    throw new InvalidInputError({ message: "trigger is empty", field: "trigger" });
  if (input.rule.trim() === "") throw new InvalidInputError({ message: "rule is empty", field: "rule" });
  const confidence = input.confidence ?? 0.5;
  if (!(confidence >= 0 && confidence <= 1)) {
    throw new InvalidInputError({ message: `confidence ${confidence} is outside 0..1`, field: "confidence" });
  }
  const projectId = input.projectId ?? null;
  if (input.scope === "project" && projectId === null) {
    throw new InvalidInputError({ message: "a project lesson needs a projectId", field: "projectId" });
  }
  const evidence = uniqueEvidence(input.evidence ?? []);
  return {
    id: input.id,
    kind: input.kind,
    trigger: input.trigger,
    rule: input.rule,
    why: input.why ?? "",
    evidence,
    domain: input.domain,
    scope: input.scope,
    projectId,
    confidence,
    relatedSkillIds: [...new Set(input.relatedSkillIds ?? [])],
    supportTaskCount: countSupportTasks(evidence),
    evidenceCount: evidence.length,
    status: "candidate",
    statusReason: null,
    adopted: false,
    misleadingRecallCount: 0,
    maturity: "candidate",
    maturityReason: null,
    maturityManual: false,
    maturityResetAt: null,
    successCount: input.successCount ?? 0,
    failureCount: input.failureCount ?? 0,
    invertedFromId: input.invertedFromId ?? null,
    invertedToId: null,
    supersededById: null,
    ...(input.slot ? { slot: { id: input.slot.id, value: input.slot.value } } : {}),
    ...(input.convention ? { convention: true } : {}),
    contentHash: lessonContentHash({ kind: input.kind, trigger: input.trigger, rule: input.rule }),
    createdAt: input.now,
    updatedAt: input.now,
    lastValidatedAt: null,
  };
}

/**
 * The key of the task behind a quote: its task id; a quote without one (an instinct, read over a
 * session's last observations rather than one task) has its session's key instead.
 */
export function evidenceTaskKey(evidence: LessonEvidence): string {
  return evidence.taskId !== undefined ? `task:${evidence.taskId}` : `session:${evidence.sessionId}`;
}

/**
 * The distinct tasks behind a list of evidence, as keys: each quote's task, and for quotes without
 * a task their session, counted as one task only when no quote of that session names its task
 * (an instinct from a session whose task already supports the lesson adds no second task).
 */
export function evidenceTaskKeys(evidence: readonly LessonEvidence[]): Set<string> {
  const sessionsWithTasks = new Set(
    evidence.filter((item) => item.taskId !== undefined).map((item) => item.sessionId),
  );
  const keys = new Set<string>();
  for (const item of evidence) {
    if (item.taskId === undefined && sessionsWithTasks.has(item.sessionId)) continue;
    keys.add(evidenceTaskKey(item));
  }
  return keys;
}

/**
 * A lesson's `supportTaskCount`: the number of distinct tasks among its evidence (see
 * `evidenceTaskKeys`). Every function here keeps `lesson.supportTaskCount ===
 * countSupportTasks(lesson.evidence)`, so support grows only with evidence from a new task.
 */
export function countSupportTasks(evidence: readonly LessonEvidence[]): number {
  return evidenceTaskKeys(evidence).size;
}

/**
 * Where a quote was said and what it says, without the task it is attributed to, nor the message
 * (one reading names it and another may not: the same words of one session are one quote).
 */
function quoteKey(evidence: LessonEvidence): string {
  return [evidence.sessionId, evidence.turnId ?? "", normalizeLessonText(evidence.quote)].join("\u0000");
}

/**
 * Identity of a quote: same session, turn, message, normalized quote text and task means the same
 * evidence. Two equal quotes said in different sessions, or in two tasks of one session, are two
 * pieces of evidence.
 */
export function evidenceKey(evidence: LessonEvidence): string {
  return `${quoteKey(evidence)}\u0000${evidence.taskId ?? ""}`;
}

/** True when `evidence` is in `list`: the same key, or, for a quote without a task, the same quote with one. */
export function coversEvidence(list: readonly LessonEvidence[], evidence: LessonEvidence): boolean {
  const key = evidenceKey(evidence);
  const quote = quoteKey(evidence);
  return list.some(
    (item) =>
      evidenceKey(item) === key ||
      (evidence.taskId === undefined && item.taskId !== undefined && quoteKey(item) === quote),
  );
}

/**
 * Evidence with duplicates removed, first occurrence kept, order preserved. Duplicates are items
 * with the same `evidenceKey`, and quotes without a task that the list also holds with their task
 * (the task-less copy says nothing more).
 */
export function uniqueEvidence(evidence: readonly LessonEvidence[]): LessonEvidence[] {
  const withTask = new Set(evidence.filter((item) => item.taskId !== undefined).map(quoteKey));
  const seen = new Set<string>();
  const out: LessonEvidence[] = [];
  for (const item of evidence) {
    if (item.taskId === undefined && withTask.has(quoteKey(item))) continue;
    const key = evidenceKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ ...item });
  }
  return out;
}

/**
 * The hash that makes two lessons exact duplicates: FNV-1a 64 of kind, normalized trigger and
 * normalized rule. `why` and evidence are left out: the same rule with another reason is the same lesson.
 */
export function lessonContentHash(content: Pick<Lesson, "kind" | "trigger" | "rule">): string {
  return fnv1a64(
    [content.kind, normalizeLessonText(content.trigger), normalizeLessonText(content.rule)].join("\u0000"),
  );
}
