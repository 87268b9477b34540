/** A task with what learning drew from it: signals, failed attempts, outcome, experience, lessons. */
import { NotFoundError } from "../core/errors.js";
import type { Outcome } from "../core/types.js";
import type {
  CachedExperience,
  StoredFailedAttempt,
  StoredSignal,
  TaskRecord,
} from "../store/learn-store.js";
import type { Store } from "../store/store.js";
import type { LessonLink } from "./lesson-dossier.js";

/** What the task view shows. */
export interface TaskDetails {
  task: TaskRecord;
  signals: StoredSignal[];
  failedAttempts: StoredFailedAttempt[];
  outcome: Outcome | null;
  experience: CachedExperience | null;
  /** The lessons learning this task created or updated (that still exist). */
  lessons: LessonLink[];
  /** How learning the task went: `done`, `failed` (with the error), `running`; null when not learnt. */
  learning: { status: string; attempts: number; error: string | null } | null;
}

/** Task `id` with its learning. Throws `NotFoundError` for an unknown task. */
export async function taskDetails(store: Store, id: string): Promise<TaskDetails> {
  const task = await store.getTask(id);
  if (!task) throw new NotFoundError("task", id);
  const [signals, failedAttempts, outcomes, experience, job] = await Promise.all([
    store.listTaskSignals(id),
    store.listFailedAttempts(id),
    store.listOutcomes({ taskId: id, limit: 1 }),
    store.getCachedExperience(id),
    store.getLearnJob(id),
  ]);
  const lessons = [];
  for (const lessonId of job?.lessons ?? []) {
    const lesson = await store.getLesson(lessonId);
    if (lesson)
      lessons.push({ id: lesson.id, rule: lesson.rule, status: lesson.status, maturity: lesson.maturity });
  }
  return {
    task,
    signals,
    failedAttempts,
    outcome: outcomes[0] ?? null,
    experience,
    lessons,
    learning: job ? { status: job.status, attempts: job.attempts, error: job.error } : null,
  };
}
