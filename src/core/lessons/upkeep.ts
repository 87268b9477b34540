/**
 * Bringing a stored lesson up to date: what it derives from its evidence and feedback is
 * recomputed at a given time, so a lesson read long after its last change says what is true now.
 * Pure: the feedback and the time are passed in.
 */
import type { FeedbackEvent } from "./decay.js";
import { accept, type ChangeContext, type LessonEvent } from "./history.js";
import { countSupportTasks, type Lesson } from "./lesson.js";
import { evaluatePromotion, type LifecycleConfig } from "./lifecycle.js";
import { type MaturityConfig, refreshMaturity } from "./maturity.js";

/** Thresholds upkeep applies (each partial, over its defaults). */
export interface UpkeepConfig {
  maturity?: Partial<MaturityConfig>;
  lifecycle?: Partial<LifecycleConfig>;
}

/**
 * Recompute what a lesson derives, at `context.now`, in this order:
 * 1. support and evidence counts from its evidence (a lesson stored before support was counted
 *    from the evidence may hold a higher count; `lesson-edited`);
 * 2. promotion of a candidate that now qualifies (`lesson-activated`);
 * 3. maturity on feedback decayed to now, so a proven lesson that has not been revalidated fades
 *    (`lesson-promoted`, `lesson-deprecated` or `lesson-feedback`, see `refreshMaturity`).
 * Archived lessons are left as they are. Returns the lesson unchanged and no events when nothing moved.
 */
export function recomputeLesson(
  lesson: Lesson,
  feedback: readonly FeedbackEvent[],
  context: ChangeContext,
  config: UpkeepConfig = {},
): { lesson: Lesson; events: LessonEvent[] } {
  if (lesson.status === "archived") return { lesson, events: [] };
  const events: LessonEvent[] = [];
  let current = lesson;
  const support = countSupportTasks(current.evidence);
  if (support !== current.supportTaskCount || current.evidenceCount !== current.evidence.length) {
    const reason = `support recounted from the evidence: ${current.supportTaskCount} → ${support} distinct task(s), ${current.evidence.length} piece(s) of evidence`;
    const recounted = accept(
      current,
      { ...current, supportTaskCount: support, evidenceCount: current.evidence.length },
      "lesson-edited",
      reason,
      context,
    );
    if (recounted.ok) {
      events.push(recounted.event);
      current = recounted.lesson;
    }
  }
  const promoted = evaluatePromotion(current, context, config.lifecycle);
  if (promoted.event) {
    events.push(promoted.event);
    current = promoted.lesson;
  }
  const matured = refreshMaturity(current, feedback, context, config.maturity);
  if (matured.event) {
    events.push(matured.event);
    current = matured.lesson;
  }
  return { lesson: current, events };
}
