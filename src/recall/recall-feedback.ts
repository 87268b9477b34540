import { NotFoundError } from "../core/errors.js";
import type { LessonBook } from "../learn/lesson-book.js";
import type { Store } from "../store/store.js";

/**
 * Closes the loop: once a task's outcome is known, every lesson recalled into that task (recall
 * events of the session inside the task's time span) gets helpful or harmful feedback, and a lesson
 * repeatedly recalled into failing tasks goes stale. Each recall event is applied once.
 * Returns the number of lesson judgements made.
 */
export async function applyRecallOutcomes(options: {
  store: Store;
  lessons: LessonBook;
  sessionId: string;
  taskId: string;
  /** The task's span, epoch ms. Recall happens just before the prompt it serves is captured. */
  from: number;
  to: number;
  success: boolean;
  now: () => number;
}): Promise<number> {
  const { store, lessons } = options;
  let judged = 0;
  const slack = 60_000;
  for (const event of await store.pendingRecalls(options.sessionId, options.from - slack, options.to)) {
    for (const item of event.items) {
      if (item.kind !== "lesson") continue;
      try {
        await lessons.recallOutcome(item.itemId, {
          success: options.success,
          sessionId: options.sessionId,
          taskId: options.taskId,
          detail: `recalled into task ${options.taskId}, which ${options.success ? "succeeded" : "failed"}`,
        });
        judged++;
      } catch (error) {
        // A lesson removed since it was recalled (reverted creation) has nothing left to judge.
        if (!NotFoundError.isInstance(error)) throw error;
      }
    }
    await store.markRecallApplied(event.id, options.success ? "success" : "failure", options.now());
  }
  return judged;
}
