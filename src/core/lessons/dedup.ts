/**
 * Dedup / merge on write: for each new candidate, an exact duplicate (same
 * normalized content hash) never makes a second lesson; otherwise the most similar neighbour
 * decides: similarity ≥ 0.85 updates it (evidence and support count), 0.60 ≤ similarity < 0.85
 * appends the evidence, < 0.60 creates the candidate. Pure: similarities are given.
 */

import { InvalidInputError } from "../errors.js";
import { mergeConfig } from "./config.js";
import { type ChangeContext, type LessonEvent, lessonsEqual, makeLessonEvent } from "./history.js";
import { countSupportTasks, coversEvidence, type Lesson, uniqueEvidence } from "./lesson.js";
import { evaluatePromotion, type LifecycleConfig, refineByNewTask } from "./lifecycle.js";

/** Dedup thresholds (cosine similarity). Defaults: `DEFAULT_DEDUP_CONFIG`. */
export interface DedupConfig {
  /** similarity ≥ this updates the existing lesson. Default 0.85. */
  updateThreshold: number;
  /** similarity ≥ this (and below updateThreshold) appends evidence. Default 0.60. */
  appendThreshold: number;
}

export const DEFAULT_DEDUP_CONFIG: DedupConfig = { updateThreshold: 0.85, appendThreshold: 0.6 };

/** A stored lesson near the candidate, with its similarity (cosine, 0..1). */
export interface DedupNeighbour {
  lesson: Lesson;
  similarity: number;
}

/** What to do with a candidate. `similarity` is the deciding neighbour's, or the best seen for `create` (null if none). */
export type DedupDecision =
  | { action: "exact-duplicate"; target: Lesson; similarity: number | null }
  | { action: "update"; target: Lesson; similarity: number }
  | { action: "append-evidence"; target: Lesson; similarity: number }
  | { action: "create"; similarity: number | null };

/**
 * Decide how to write a candidate. The exact-hash check comes first and matches any neighbour,
 * archived ones included (the duplicate is never written twice). Similarity decisions skip
 * archived neighbours, neighbours with a non-finite similarity, and the candidate itself; the
 * highest similarity wins (first one on ties). Callers pass neighbours already limited to the
 * candidate's scope (its project's lessons and global ones).
 * Throws `InvalidInputError` when appendThreshold > updateThreshold.
 */
export function decideDedup(input: {
  candidate: Pick<Lesson, "id" | "contentHash">;
  neighbours: readonly DedupNeighbour[];
  config?: Partial<DedupConfig>;
}): DedupDecision {
  const config = mergeConfig(DEFAULT_DEDUP_CONFIG, input.config ?? {});
  if (config.appendThreshold > config.updateThreshold) {
    throw new InvalidInputError({
      message: "appendThreshold must not exceed updateThreshold",
      field: "appendThreshold",
    });
  }
  const others = input.neighbours.filter((neighbour) => neighbour.lesson.id !== input.candidate.id);
  const exact = others
    .filter((neighbour) => neighbour.lesson.contentHash === input.candidate.contentHash)
    .sort((a, b) => finiteOr(b.similarity) - finiteOr(a.similarity))[0];
  if (exact !== undefined) {
    return {
      action: "exact-duplicate",
      target: exact.lesson,
      similarity: Number.isFinite(exact.similarity) ? exact.similarity : null,
    };
  }
  let best: DedupNeighbour | undefined;
  for (const neighbour of others) {
    if (neighbour.lesson.status === "archived" || !Number.isFinite(neighbour.similarity)) continue;
    if (best === undefined || neighbour.similarity > best.similarity) best = neighbour;
  }
  if (best === undefined) return { action: "create", similarity: null };
  if (best.similarity >= config.updateThreshold) {
    return { action: "update", target: best.lesson, similarity: best.similarity };
  }
  if (best.similarity >= config.appendThreshold) {
    return { action: "append-evidence", target: best.lesson, similarity: best.similarity };
  }
  return { action: "create", similarity: best.similarity };
}

function finiteOr(value: number): number {
  return Number.isFinite(value) ? value : Number.NEGATIVE_INFINITY;
}

/**
 * Merge a candidate into an existing lesson, keeping the existing rule. Never loses evidence:
 * the result holds every distinct quote of both (see `uniqueEvidence`), existing first.
 * supportTaskCount is recounted from the merged evidence, so it grows only when the candidate
 * brings a quote from a task the lesson had none from; evidenceCount = merged evidence length;
 * confidence is the higher one; related skills, observation counts and adoption are combined.
 */
export function mergeLessons(existing: Lesson, candidate: Lesson, options: { now: number }): Lesson {
  const evidence = uniqueEvidence([...existing.evidence, ...candidate.evidence]);
  // The same rule stated as a convention makes the lesson one: it holds for every task of the kind
  // of work its trigger names, and governs its slot ("Use @guarded_io, not @sensor_safe", a
  // correction, then "from now on use @guarded_io on service methods instead of @sensor_safe").
  const convention =
    candidate.convention === true && existing.convention !== true
      ? {
          convention: true,
          trigger: candidate.trigger,
          ...(existing.slot === undefined && candidate.slot !== undefined ? { slot: candidate.slot } : {}),
        }
      : {};
  return {
    ...existing,
    ...convention,
    evidence,
    evidenceCount: evidence.length,
    supportTaskCount: countSupportTasks(evidence),
    confidence: Math.max(existing.confidence, candidate.confidence),
    relatedSkillIds: [...new Set([...existing.relatedSkillIds, ...candidate.relatedSkillIds])],
    successCount: existing.successCount + candidate.successCount,
    failureCount: existing.failureCount + candidate.failureCount,
    adopted: existing.adopted || candidate.adopted,
    updatedAt: options.now,
  };
}

/** The writes a dedup decision leads to. */
export interface DedupWrite {
  /** The lesson to store: the new candidate, or the target after merging. */
  lesson: Lesson;
  /** History events in order; empty when nothing changed (e.g. a re-learnt exact duplicate). */
  events: LessonEvent[];
  /** True when `lesson` is new. */
  created: boolean;
}

/**
 * Carry out a decision: `create` stores the candidate (`lesson-created`); `exact-duplicate` and
 * `update` merge it (`lesson-merged`), and an active lesson they bring a new task to is refined
 * (`lesson-refined`, see `refineByNewTask`); `append-evidence` adds the evidence of a related
 * lesson (`lesson-evidence-added`). Support is recounted from the merged evidence either way. Then
 * promotion is evaluated (`lesson-activated` when it fires).
 */
export function applyDedupDecision(
  decision: DedupDecision,
  candidate: Lesson,
  context: ChangeContext & { lifecycle?: Partial<LifecycleConfig> },
): DedupWrite {
  if (decision.action === "create") {
    const created = makeLessonEvent({
      id: context.ids(),
      type: "lesson-created",
      before: null,
      after: candidate,
      reason:
        decision.similarity === null
          ? "new lesson"
          : `new lesson (closest similarity ${decision.similarity})`,
      at: context.now,
    });
    const promoted = evaluatePromotion(candidate, context, context.lifecycle);
    return {
      lesson: promoted.lesson,
      events: promoted.event ? [created, promoted.event] : [created],
      created: true,
    };
  }
  const target = decision.target;
  const merged = mergeLessons(target, candidate, { now: context.now });
  if (lessonsEqual({ ...merged, updatedAt: target.updatedAt }, target)) {
    return { lesson: target, events: [], created: false };
  }
  const added = merged.evidence.length - target.evidence.length;
  const reason =
    decision.action === "exact-duplicate"
      ? `exact duplicate of ${candidate.id}; ${added} evidence added`
      : `similar lesson ${candidate.id} (similarity ${decision.similarity}); ${added} evidence added`;
  const event = makeLessonEvent({
    id: context.ids(),
    type: decision.action === "append-evidence" ? "lesson-evidence-added" : "lesson-merged",
    before: target,
    after: merged,
    reason,
    at: context.now,
  });
  const refined =
    decision.action === "append-evidence"
      ? { lesson: merged, event: null }
      : refineByNewTask(target, merged, context);
  const promoted = evaluatePromotion(refined.lesson, context, context.lifecycle);
  return {
    lesson: promoted.lesson,
    events: [event, refined.event, promoted.event].filter((item): item is LessonEvent => item !== null),
    created: false,
  };
}

/** True when every evidence item of `lesson` is in `merged` (see `coversEvidence`). */
export function keepsAllEvidence(
  lesson: Pick<Lesson, "evidence">,
  merged: Pick<Lesson, "evidence">,
): boolean {
  return lesson.evidence.every((item) => coversEvidence(merged.evidence, item));
}
