import { unresolvedMissingPrograms } from "../core/learning/missing-programs.js";
import type { TaskMessage, TaskSignal } from "../core/learning/task-message.js";
import { outdatedBy } from "../core/lessons/outdated.js";
import { RECALLABLE_STATUSES } from "../core/lessons/quality.js";
import type { Store } from "../store/store.js";
import type { LessonBook } from "./lesson-book.js";

/** Most lessons of a project read when a task could not find a program. */
const MAX_PROJECT_LESSONS = 10_000;

/**
 * After a task is learnt: when its shell could not find a program that nothing in the task ran
 * afterwards ("bash: pnpm: command not found"), the project's lessons that tell the agent to run
 * that program go stale, "environment outdated" (see `outdatedBy`). Returns the ids demoted.
 * Reads the project's lessons only when such a failure happened.
 */
export async function demoteOutdatedLessons(input: {
  store: Store;
  lessons: LessonBook;
  projectId: string | null;
  task: { id: string; sessionId: string };
  messages: readonly TaskMessage[];
  signals: readonly TaskSignal[];
}): Promise<string[]> {
  const missing = unresolvedMissingPrograms(input.messages, input.signals);
  if (missing.length === 0 || input.projectId === null) return [];
  const candidates = await input.store.listLessons({
    limit: MAX_PROJECT_LESSONS,
    projectId: input.projectId,
    scope: "project",
    status: [...RECALLABLE_STATUSES],
  });
  const demoted: string[] = [];
  for (const lesson of candidates) {
    for (const failure of missing) {
      const detail = outdatedBy(lesson, {
        ...failure,
        projectId: input.projectId,
        sessionId: input.task.sessionId,
        taskId: input.task.id,
      });
      if (detail === null) continue;
      const change = await input.lessons.demote(lesson.id, { kind: "environment-outdated", detail });
      if (change.ok) demoted.push(lesson.id);
      break;
    }
  }
  return demoted;
}
