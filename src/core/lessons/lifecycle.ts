/**
 * Content lifecycle: [new] → candidate → active → refined → stale → [archived].
 * Promotion candidate → active: supportTaskCount ≥ 2 and evidenceCount ≥ 3, or adopted (by a skill
 * made from it, or by hand). Refinement active → refined: learnt again from a task it had no
 * evidence from (see `refineByNewTask`), or its content improved by hand (`refineLesson`).
 * Demotion → stale: misleading after repeated recalls, superseded by a newer lesson, or its
 * tools / environment outdated. Pure transition functions returning the new lesson and its event.
 *
 * Lifecycle and maturity are orthogonal: lifecycle says whether the *content* is trusted and
 * current, maturity says how it has *performed*. They meet in two places only: a manual promote
 * counts as adoption (see `promoteLesson`), and recall uses both (`isRecallable`, quality weight
 * and maturity multiplier).
 */
import { mergeConfig } from "./config.js";
import {
  accept,
  type ChangeContext,
  type LessonChangeResult,
  type LessonEvent,
  type LessonUpdate,
  makeLessonEvent,
  refuse,
} from "./history.js";
import {
  evidenceTaskKeys,
  type Lesson,
  type LessonDomain,
  type LessonSlot,
  lessonContentHash,
} from "./lesson.js";

/** Lifecycle thresholds. Defaults: `DEFAULT_LIFECYCLE_CONFIG`. */
export interface LifecycleConfig {
  /** supportTaskCount a candidate needs (with `minEvidence`) to be promoted. Default 2. */
  minSupportTasks: number;
  /** evidenceCount a candidate needs (with `minSupportTasks`) to be promoted. Default 3. */
  minEvidence: number;
  /** Consecutive misleading recalls that demote a lesson to stale. Default 3. */
  misleadingRecallThreshold: number;
}

export const DEFAULT_LIFECYCLE_CONFIG: LifecycleConfig = {
  minSupportTasks: 2,
  minEvidence: 3,
  misleadingRecallThreshold: 3,
};

function resolve(config: Partial<LifecycleConfig>): LifecycleConfig {
  return mergeConfig(DEFAULT_LIFECYCLE_CONFIG, config);
}

/**
 * Why a lesson qualifies for promotion, in words; empty when it does not. It qualifies with enough
 * support and evidence together (by default 2 tasks and 3 quotes: one task repeating itself, or
 * two tasks with a quote each, is not enough), or when it was adopted.
 */
export function promotionReasons(lesson: Lesson, config: Partial<LifecycleConfig> = {}): string[] {
  const settings = resolve(config);
  const reasons: string[] = [];
  if (lesson.supportTaskCount >= settings.minSupportTasks && lesson.evidenceCount >= settings.minEvidence) {
    const tasks = `${lesson.supportTaskCount} task${lesson.supportTaskCount === 1 ? "" : "s"}`;
    const quotes = `${lesson.evidenceCount} piece${lesson.evidenceCount === 1 ? "" : "s"} of evidence`;
    reasons.push(`supported by ${tasks} with ${quotes}`);
  }
  if (lesson.adopted) reasons.push("adopted");
  return reasons;
}

/**
 * Promote a candidate to active when it meets a promotion condition. Returns the lesson unchanged
 * and no event when it is not a candidate or meets none.
 */
export function evaluatePromotion(
  lesson: Lesson,
  context: ChangeContext,
  config: Partial<LifecycleConfig> = {},
): LessonUpdate {
  if (lesson.status !== "candidate") return { lesson, event: null };
  const reasons = promotionReasons(lesson, config);
  if (reasons.length === 0) return { lesson, event: null };
  const result = accept(
    lesson,
    { ...lesson, status: "active", statusReason: reasons.join("; ") },
    "lesson-activated",
    reasons.join("; "),
    context,
  );
  return result.ok ? { lesson: result.lesson, event: result.event } : { lesson, event: null };
}

/**
 * Mark a lesson adopted — taken up by a skill, or confirmed by a person — which activates a
 * candidate. With `skillId`, the skill is also linked in `relatedSkillIds`. Refuses an archived
 * lesson, and one already adopted (and, with `skillId`, already linked to that skill).
 */
export function adoptLesson(
  lesson: Lesson,
  context: ChangeContext & { reason?: string; skillId?: string },
): LessonChangeResult {
  if (lesson.status === "archived")
    return refuse(lesson.id, "archived", "an archived lesson cannot be adopted");
  const skillId = context.skillId;
  const linked = skillId === undefined || lesson.relatedSkillIds.includes(skillId);
  if (lesson.adopted && linked) return refuse(lesson.id, "no-change", "already adopted");
  const reason = context.reason ?? (skillId === undefined ? "adopted" : `adopted by skill ${skillId}`);
  const activates = lesson.status === "candidate";
  return accept(
    lesson,
    {
      ...lesson,
      adopted: true,
      relatedSkillIds: linked ? lesson.relatedSkillIds : [...lesson.relatedSkillIds, skillId],
      status: activates ? "active" : lesson.status,
      statusReason: activates ? reason : lesson.statusReason,
    },
    activates ? "lesson-activated" : "lesson-edited",
    reason,
    context,
  );
}

/** Content edits; omitted fields are kept. */
export interface LessonEdits {
  trigger?: string;
  rule?: string;
  why?: string;
  domain?: LessonDomain;
  relatedSkillIds?: readonly string[];
  /** 0..1. */
  confidence?: number;
  /** What it governs, when an edit changes the value (a value renamed in its rule). */
  slot?: LessonSlot;
}

function applyEdits(lesson: Lesson, edits: LessonEdits): Lesson | string {
  const next: Lesson = {
    ...lesson,
    trigger: edits.trigger ?? lesson.trigger,
    rule: edits.rule ?? lesson.rule,
    why: edits.why ?? lesson.why,
    domain: edits.domain ?? lesson.domain,
    relatedSkillIds: edits.relatedSkillIds ? [...new Set(edits.relatedSkillIds)] : lesson.relatedSkillIds,
    confidence: edits.confidence ?? lesson.confidence,
    ...(edits.slot === undefined ? {} : { slot: edits.slot }),
  };
  if (next.trigger.trim() === "" || next.rule.trim() === "") return "trigger and rule cannot be empty";
  if (!(next.confidence >= 0 && next.confidence <= 1)) return `confidence ${next.confidence} is outside 0..1`;
  next.contentHash = lessonContentHash(next);
  return next;
}

function changedContent(a: Lesson, b: Lesson): boolean {
  return (
    a.trigger !== b.trigger ||
    a.rule !== b.rule ||
    a.why !== b.why ||
    a.domain !== b.domain ||
    a.confidence !== b.confidence ||
    a.relatedSkillIds.join("\u0000") !== b.relatedSkillIds.join("\u0000")
  );
}

/**
 * Edit a lesson's content by hand (`lesson-edited`); the status is kept and the content hash
 * recomputed. Refuses archived lessons, invalid edits (`invalid-transition`) and no-op edits.
 */
export function editLesson(
  lesson: Lesson,
  edits: LessonEdits,
  context: ChangeContext & { reason: string },
): LessonChangeResult {
  if (lesson.status === "archived")
    return refuse(lesson.id, "archived", "an archived lesson cannot be edited");
  const next = applyEdits(lesson, edits);
  if (typeof next === "string") return refuse(lesson.id, "invalid-transition", next);
  if (!changedContent(lesson, next)) return refuse(lesson.id, "no-change", "the edit changes nothing");
  return accept(lesson, next, "lesson-edited", context.reason, context);
}

/**
 * Refine an active (or already refined) lesson: improve its content from new evidence; status
 * becomes `refined`. Refuses other statuses (`invalid-transition`) and no-op edits.
 */
export function refineLesson(
  lesson: Lesson,
  edits: LessonEdits,
  context: ChangeContext & { reason: string },
): LessonChangeResult {
  if (lesson.status !== "active" && lesson.status !== "refined") {
    return refuse(lesson.id, "invalid-transition", `a ${lesson.status} lesson cannot be refined`);
  }
  const next = applyEdits(lesson, edits);
  if (typeof next === "string") return refuse(lesson.id, "invalid-transition", next);
  if (!changedContent(lesson, next)) return refuse(lesson.id, "no-change", "the refinement changes nothing");
  return accept(
    lesson,
    { ...next, status: "refined", statusReason: context.reason },
    "lesson-refined",
    context.reason,
    context,
  );
}

/**
 * An active lesson learnt again, after its activation, from a task it had no evidence from (`merged`
 * is `before` with the new evidence merged in) becomes `refined`: its content stood up to a task
 * it was not learnt from. Returns `merged` unchanged and no event otherwise (not active, or no new
 * task). Refined lessons rank like active ones and go stale by the same triggers.
 */
export function refineByNewTask(before: Lesson, merged: Lesson, context: ChangeContext): LessonUpdate {
  if (before.status !== "active") return { lesson: merged, event: null };
  const known = evidenceTaskKeys(before.evidence);
  const added = [...evidenceTaskKeys(merged.evidence)].filter((key) => !known.has(key));
  if (added.length === 0) return { lesson: merged, event: null };
  const reason = `learnt again after activation, from ${added.map((key) => key.replace(":", " ")).join(", ")}`;
  const result = accept(
    merged,
    { ...merged, status: "refined", statusReason: reason },
    "lesson-refined",
    reason,
    context,
  );
  return result.ok ? { lesson: result.lesson, event: result.event } : { lesson: merged, event: null };
}

/** Why a lesson goes stale. */
export type DemotionReason =
  | { kind: "misleading"; detail?: string }
  | { kind: "superseded"; supersededById: string }
  | { kind: "environment-outdated"; detail: string }
  | { kind: "overridden"; detail: string };

function describeDemotion(reason: DemotionReason): string {
  switch (reason.kind) {
    case "misleading":
      return `misleading after recall${reason.detail ? `: ${reason.detail}` : ""}`;
    case "superseded":
      return `superseded by ${reason.supersededById}`;
    case "environment-outdated":
      return `environment outdated: ${reason.detail}`;
    case "overridden":
      return `overridden by the user: ${reason.detail}`;
  }
}

/** Demote a candidate, active or refined lesson to stale. Refuses stale and archived lessons. */
export function demoteLesson(
  lesson: Lesson,
  reason: DemotionReason,
  context: ChangeContext,
): LessonChangeResult {
  if (lesson.status === "stale" || lesson.status === "archived") {
    return refuse(lesson.id, "invalid-transition", `a ${lesson.status} lesson cannot be demoted`);
  }
  const text = describeDemotion(reason);
  return accept(
    lesson,
    {
      ...lesson,
      status: "stale",
      statusReason: text,
      supersededById: reason.kind === "superseded" ? reason.supersededById : lesson.supersededById,
    },
    "lesson-staled",
    text,
    context,
  );
}

/**
 * Record whether a recalled lesson was judged misleading. A misleading recall increments
 * `misleadingRecallCount`, a helpful one resets it to 0 (*consecutive* misleading
 * recalls demote). Reaching `misleadingRecallThreshold` (default 3) demotes a candidate / active /
 * refined lesson to stale — not a convention, which holds until the user changes it. Events: one `lesson-feedback`, plus `lesson-staled` when demoted.
 * A helpful recall of a lesson whose count is already 0 changes nothing (no events).
 */
export function recordRecallOutcome(
  lesson: Lesson,
  outcome: { misleading: boolean; detail?: string },
  context: ChangeContext,
  config: Partial<LifecycleConfig> = {},
): { lesson: Lesson; events: LessonEvent[] } {
  const settings = resolve(config);
  const count = outcome.misleading ? lesson.misleadingRecallCount + 1 : 0;
  if (count === lesson.misleadingRecallCount) return { lesson, events: [] };
  const counted: Lesson = { ...lesson, misleadingRecallCount: count, updatedAt: context.now };
  const events: LessonEvent[] = [
    makeLessonEvent({
      id: context.ids(),
      type: "lesson-feedback",
      before: lesson,
      after: counted,
      reason: outcome.misleading
        ? `recall judged misleading (${count} in a row)${outcome.detail ? `: ${outcome.detail}` : ""}`
        : "recall judged helpful; misleading streak reset",
      at: context.now,
    }),
  ];
  // A convention holds until the user changes it (supersession), not until tasks it was shown in fail.
  const demotable =
    (counted.status === "candidate" || counted.status === "active" || counted.status === "refined") &&
    counted.convention !== true;
  if (outcome.misleading && count >= settings.misleadingRecallThreshold && demotable) {
    const demoted = demoteLesson(
      counted,
      { kind: "misleading", detail: `${count} consecutive misleading recalls` },
      context,
    );
    if (demoted.ok) return { lesson: demoted.lesson, events: [...events, demoted.event] };
  }
  return { lesson: counted, events };
}

/** Archive a lesson (any status but archived). Archived lessons are never recalled or merged into. */
export function archiveLesson(
  lesson: Lesson,
  context: ChangeContext & { reason: string },
): LessonChangeResult {
  if (lesson.status === "archived") return refuse(lesson.id, "no-change", "already archived");
  return accept(
    lesson,
    { ...lesson, status: "archived", statusReason: context.reason },
    "lesson-archived",
    context.reason,
    context,
  );
}

/** Longest part of the newer rule quoted in a supersession reason, in characters. */
const SUPERSEDED_RULE_CHARS = 120;

/** A newer rule as a reason quotes it ("superseded by …", "amended by …"), cut to its longest. */
export function quotedRule(rule: string): string {
  return rule.length > SUPERSEDED_RULE_CHARS ? `${rule.slice(0, SUPERSEDED_RULE_CHARS - 1)}…` : rule;
}

/**
 * Supersede a lesson by a newer one for the same slot ("Variable names start with 'wr_'" after
 * "…with 'z_'") or an opposite rule: it is archived with the reason "superseded by <id>: <rule>"
 * and never recalled again; its history keeps both versions, and reverting the event restores it.
 * Refuses an archived lesson.
 */
export function supersedeLesson(
  lesson: Lesson,
  by: Pick<Lesson, "id" | "rule">,
  context: ChangeContext,
): LessonChangeResult {
  if (lesson.status === "archived")
    return refuse(lesson.id, "archived", "an archived lesson cannot be superseded");
  const rule = quotedRule(by.rule);
  const reason = `superseded by ${by.id}: ${rule}`;
  return accept(
    lesson,
    { ...lesson, status: "archived", statusReason: reason, supersededById: by.id },
    "lesson-superseded",
    reason,
    context,
  );
}

/**
 * Bring back a lesson that was superseded, because the user states it again (z_ → wr_ → z_): it
 * returns as a candidate, no longer superseded. Refuses a lesson that is not archived.
 */
export function reinstateLesson(
  lesson: Lesson,
  context: ChangeContext & { reason: string },
): LessonChangeResult {
  if (lesson.status !== "archived")
    return refuse(lesson.id, "invalid-transition", "only an archived lesson is reinstated");
  return accept(
    lesson,
    { ...lesson, status: "candidate", statusReason: context.reason, supersededById: null },
    "lesson-reinstated",
    context.reason,
    context,
  );
}
