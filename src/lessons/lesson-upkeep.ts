import { ulid } from "ulid";
import type { LessonEvent } from "../core/lessons/history.js";
import type { Lesson, LessonStatus, MaturityState } from "../core/lessons/lesson.js";
import { isRecallable, RECALLABLE_STATUSES } from "../core/lessons/quality.js";
import { recomputeLesson, type UpkeepConfig } from "../core/lessons/upkeep.js";
import { LessonConflictError, type StoredFeedback } from "../store/lesson-store.js";
import type { Store } from "../store/store.js";

/** What upkeep reads and writes with, and the thresholds it applies. */
export interface UpkeepDeps {
  store: Store;
  now: () => number;
  ids?: () => string;
  config?: UpkeepConfig;
}

/** One lesson after upkeep: as read, as it is now (null when it no longer exists), and why it moved. */
export interface UpkeptLesson {
  before: Lesson;
  lesson: Lesson | null;
  feedback: StoredFeedback[];
  events: LessonEvent[];
}

const MAX_ATTEMPTS = 5;

/**
 * Recomputes a lesson at the current time (see `recomputeLesson`) and, with `write`, stores what
 * moved with its history events; a lesson another writer changed meanwhile is read again and
 * recomputed (up to 5 times), one removed meanwhile comes back as null.
 */
async function upkeep(deps: UpkeepDeps, read: Lesson, write: boolean): Promise<UpkeptLesson> {
  const context = { now: deps.now(), ids: deps.ids ?? ulid };
  let lesson = read;
  for (let attempt = 1; ; attempt++) {
    const feedback = await deps.store.listLessonFeedback(lesson.id);
    const result = recomputeLesson(lesson, feedback, context, deps.config);
    const done = { before: read, lesson: result.lesson, feedback, events: result.events };
    if (!write || result.events.length === 0) return done;
    try {
      await deps.store.commitLessonChanges({
        writes: [{ lesson: result.lesson, expected: lesson }],
        deletes: [],
        events: result.events,
        feedback: [],
        vectors: [],
      });
      return done;
    } catch (error) {
      if (!LessonConflictError.isInstance(error) || attempt >= MAX_ATTEMPTS) throw error;
      const fresh = await deps.store.getLesson(lesson.id);
      if (!fresh) return { before: read, lesson: null, feedback, events: [] };
      lesson = fresh;
    }
  }
}

/**
 * The lessons recall may inject, brought up to date first: each candidate, active or refined lesson
 * that is not deprecated has its maturity recomputed on feedback decayed to now (stored when it
 * moved, so a proven lesson that was not revalidated fades), then `isRecallable` decides — which
 * also holds back a candidate with harmful feedback. Order is kept.
 */
export async function recallableLessons(deps: UpkeepDeps, lessons: readonly Lesson[]): Promise<Lesson[]> {
  const considered = lessons.filter(
    (lesson) => RECALLABLE_STATUSES.includes(lesson.status) && lesson.maturity !== "deprecated",
  );
  // A store opened read-only (`tacit recall` previews) computes the upkeep without storing it.
  const current = await Promise.all(considered.map((lesson) => upkeep(deps, lesson, !deps.store.readOnly)));
  return current.flatMap((item) =>
    item.lesson !== null && isRecallable(item.lesson, item.feedback) ? [item.lesson] : [],
  );
}

/** A lesson `maintainLessons` changed (or, on a dry run, would change). */
export interface MaintainedLesson {
  id: string;
  rule: string;
  before: { status: LessonStatus; maturity: MaturityState; supportTaskCount: number };
  after: { status: LessonStatus; maturity: MaturityState; supportTaskCount: number };
  /** The history events written (or that would be), as "type: reason". */
  changes: string[];
}

/** What `maintainLessons` did. */
export interface MaintainReport {
  /** The time everything was recomputed at, epoch ms. */
  at: number;
  dryRun: boolean;
  /** Lessons looked at: every one not archived. */
  checked: number;
  changed: MaintainedLesson[];
}

const summary = (lesson: Lesson) => ({
  status: lesson.status,
  maturity: lesson.maturity,
  supportTaskCount: lesson.supportTaskCount,
});

/**
 * `tacit maintain`: recomputes every lesson that is not archived at the current time — support
 * from its evidence, promotion, maturity on decayed feedback — and stores what moved, each change
 * with its history event (nothing is stored with `dryRun`). Reports the lessons that changed.
 */
export async function maintainLessons(
  deps: UpkeepDeps,
  options: { dryRun?: boolean } = {},
): Promise<MaintainReport> {
  const dryRun = options.dryRun === true;
  const at = deps.now();
  const total = await deps.store.countLessons();
  const lessons =
    total === 0
      ? []
      : await deps.store.listLessons({
          limit: total,
          status: ["candidate", "active", "refined", "stale"],
        });
  const changed: MaintainedLesson[] = [];
  for (const lesson of lessons) {
    const result = await upkeep({ ...deps, now: () => at }, lesson, !dryRun);
    if (result.lesson === null || result.events.length === 0) continue;
    changed.push({
      id: lesson.id,
      rule: lesson.rule,
      before: summary(result.before),
      after: summary(result.lesson),
      changes: result.events.map((event) => `${event.type}: ${event.reason}`),
    });
  }
  return { at, dryRun, checked: lessons.length, changed };
}
