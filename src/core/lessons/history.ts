/**
 * Lesson history: every change to a lesson is an event holding the lesson before and after it,
 * with a reason. `revertEvent` undoes one change. Pure: ids and time are passed in.
 */
import { InvalidInputError } from "../errors.js";
import { type Lesson, LessonChangeError } from "./lesson.js";

/** Noun-action event names for lesson changes. */
export type LessonEventType =
  | "lesson-created"
  | "lesson-merged"
  | "lesson-evidence-added"
  | "lesson-promoted"
  | "lesson-deprecated"
  | "lesson-reset"
  | "lesson-inverted"
  | "lesson-archived"
  | "lesson-edited"
  | "lesson-activated"
  | "lesson-staled"
  | "lesson-refined"
  | "lesson-feedback"
  | "lesson-superseded"
  | "lesson-reinstated"
  | "lesson-reverted";

export const LESSON_EVENT_TYPES: readonly LessonEventType[] = [
  "lesson-created",
  "lesson-merged",
  "lesson-evidence-added",
  "lesson-promoted",
  "lesson-deprecated",
  "lesson-reset",
  "lesson-inverted",
  "lesson-archived",
  "lesson-edited",
  "lesson-activated",
  "lesson-staled",
  "lesson-refined",
  "lesson-feedback",
  "lesson-superseded",
  "lesson-reinstated",
  "lesson-reverted",
];

/**
 * One change to one lesson. `before` is null for a creation, `after` is null when the change
 * removed the lesson (a reverted creation). Snapshots are whole lessons, so a revert is exact.
 */
export interface LessonEvent {
  id: string;
  lessonId: string;
  type: LessonEventType;
  before: Lesson | null;
  after: Lesson | null;
  reason: string;
  /** Epoch ms. */
  at: number;
}

/** What a change needs from outside: the time (epoch ms) and a source of fresh ids. */
export interface ChangeContext {
  now: number;
  ids: () => string;
}

/** A change that either happened (new lesson + its event) or was refused. */
export type LessonChangeResult =
  | { ok: true; lesson: Lesson; event: LessonEvent }
  | { ok: false; error: LessonChangeError };

/** A change that may have done nothing: `event` is null when the lesson is unchanged. */
export interface LessonUpdate {
  lesson: Lesson;
  event: LessonEvent | null;
}

/**
 * Build a history event. Throws `InvalidInputError` (a bug) when both snapshots are null or they
 * name different lessons.
 */
export function makeLessonEvent(input: {
  id: string;
  type: LessonEventType;
  before: Lesson | null;
  after: Lesson | null;
  reason: string;
  at: number;
}): LessonEvent {
  const subject = input.after ?? input.before;
  if (subject === null) throw new InvalidInputError({ message: "a lesson event needs before or after" });
  if (input.before !== null && input.after !== null && input.before.id !== input.after.id) {
    throw new InvalidInputError({
      message: `event before/after name different lessons (${input.before.id}, ${input.after.id})`,
    });
  }
  return {
    id: input.id,
    lessonId: subject.id,
    type: input.type,
    before: input.before,
    after: input.after,
    reason: input.reason,
    at: input.at,
  };
}

/** Refused change helper. */
export function refuse(
  lessonId: string,
  code: LessonChangeError["code"],
  message: string,
): LessonChangeResult {
  return { ok: false, error: new LessonChangeError({ code, lessonId, message }) };
}

/** Accepted change helper: stamps `updatedAt` and builds the event. */
export function accept(
  before: Lesson,
  after: Lesson,
  type: LessonEventType,
  reason: string,
  context: ChangeContext,
): LessonChangeResult {
  const lesson = { ...after, updatedAt: context.now };
  return {
    ok: true,
    lesson,
    event: makeLessonEvent({ id: context.ids(), type, before, after: lesson, reason, at: context.now }),
  };
}

/** Structural equality of two lesson snapshots (keys whose value is undefined count as absent). */
export function lessonsEqual(a: Lesson | null, b: Lesson | null): boolean {
  return deepEqual(a, b);
}

function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = new Set([...Object.keys(left), ...Object.keys(right)]);
  for (const key of keys) {
    if (!deepEqual(left[key], right[key])) return false;
  }
  return true;
}

/** What `revertEvent` decided: the state to restore (null = the lesson should not exist) and the event recording the revert. */
export type RevertResult =
  | { ok: true; restore: Lesson | null; event: LessonEvent }
  | { ok: false; error: LessonChangeError };

/**
 * Undo one change. Returns the lesson state to store (`event.before`, exactly; null means delete
 * the lesson) and a `lesson-reverted` event (before = current, after = restored).
 *
 * Refuses with `revert-conflict` when the lesson has changed since the event (`current` no longer
 * equals `event.after`), unless `isLatest` says the event is the lesson's last one: then the
 * caller knows no tracked change came after it, and the revert goes ahead.
 * Refuses with `no-change` when there is nothing to undo (current already equals `event.before`).
 * An inversion touches two lessons (the original and the new anti-pattern); each has its own event.
 */
export function revertEvent(
  event: LessonEvent,
  current: Lesson | null,
  options: ChangeContext & { isLatest?: boolean },
): RevertResult {
  if (current !== null && current.id !== event.lessonId) {
    throw new InvalidInputError({
      message: `event ${event.id} is about ${event.lessonId}, not ${current.id}`,
    });
  }
  if (lessonsEqual(current, event.before)) {
    return {
      ok: false,
      error: new LessonChangeError({
        code: "no-change",
        lessonId: event.lessonId,
        message: `event ${event.id} is already undone`,
      }),
    };
  }
  if (!lessonsEqual(current, event.after) && options.isLatest !== true) {
    return {
      ok: false,
      error: new LessonChangeError({
        code: "revert-conflict",
        lessonId: event.lessonId,
        message: `lesson changed after event ${event.id} (${event.type}); revert the later events first`,
      }),
    };
  }
  return {
    ok: true,
    restore: event.before,
    event: makeLessonEvent({
      id: options.ids(),
      type: "lesson-reverted",
      before: current,
      after: event.before,
      reason: `revert ${event.id} (${event.type})`,
      at: options.now,
    }),
  };
}
