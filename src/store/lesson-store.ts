import { TacitError } from "../core/errors.js";
import type { FeedbackEvent } from "../core/lessons/decay.js";
import type { LessonEvent } from "../core/lessons/history.js";
import type { Lesson, LessonKind, LessonScope, LessonStatus, MaturityState } from "../core/lessons/lesson.js";

/** Filters for listing lessons. `projectId` matches that project's lessons and every global one. */
export interface LessonFilter {
  limit: number;
  status?: LessonStatus[];
  maturity?: MaturityState[];
  scope?: LessonScope;
  kind?: LessonKind[];
  projectId?: string;
  /** Only lessons with one of these scope keys (see {@link lessonScopeKey}). */
  scopeKeys?: string[];
  /** Only lessons that govern this slot, or one of these slots. */
  slot?: string | readonly string[];
  /** Only standing conventions (true) or only other lessons (false). */
  convention?: boolean;
}

/** Where a lesson applies, as one key: `global`, or `project:<projectId>`. */
export function lessonScopeKey(lesson: Pick<Lesson, "scope" | "projectId">): string {
  return lesson.scope === "global" ? "global" : `project:${lesson.projectId}`;
}

/** The scope keys visible from a project: its own lessons and the global ones. */
export function visibleScopeKeys(projectId: string | null | undefined): string[] {
  return projectId ? [`project:${projectId}`, "global"] : ["global"];
}

/** A lesson's vector, and which embedder made it. */
export interface LessonVectorWrite {
  lessonId: string;
  embedderId: string;
  vector: Float32Array;
}

/** A feedback event as stored, with where it came from when known. */
export interface StoredFeedback extends FeedbackEvent {
  sessionId?: string | null;
  taskId?: string | null;
  /**
   * The recall event a recall-outcome judgement came from. A lesson holds at most one feedback
   * event per recall event: a second is refused with a {@link LessonConflictError}.
   */
  recallId?: string | null;
}

/**
 * One atomic change to the lesson book. Every write names the state it expects to replace, as it
 * was read (null: the lesson must not exist yet), so two learners changing one lesson at once
 * cannot overwrite each other: the second gets a {@link LessonConflictError} and retries.
 */
export interface LessonCommit {
  writes: Array<{ lesson: Lesson; expected: Lesson | null }>;
  deletes: Array<{ expected: Lesson }>;
  events: LessonEvent[];
  feedback: StoredFeedback[];
  vectors: LessonVectorWrite[];
}

/** A lesson changed between reading and writing it. Retry with fresh data. */
export class LessonConflictError extends TacitError {
  static override readonly marker: string = "tacit.error.lesson-conflict";
  override readonly name = "LessonConflictError";
  readonly isRetryable = true;
}

/** Storage of lessons, their history, feedback and vectors. */
export interface LessonStore {
  getLesson(id: string): Promise<Lesson | null>;
  listLessons(filter: LessonFilter): Promise<Lesson[]>;
  countLessons(): Promise<number>;
  /** Lessons with this content hash in any of the scope keys (exact-duplicate check). */
  findLessonsByHash(contentHash: string, scopeKeys: string[]): Promise<Lesson[]>;
  /**
   * Nearest lessons by cosine similarity (1 = same direction) among the scope keys, each with its
   * stored vector (so a caller comparing it with other vectors need not read it again).
   */
  nearestLessons(query: {
    embedderId: string;
    vector: Float32Array;
    scopeKeys: string[];
    k: number;
  }): Promise<Array<{ lessonId: string; similarity: number; vector: Float32Array }>>;
  commitLessonChanges(commit: LessonCommit): Promise<void>;
  listLessonEvents(lessonId: string): Promise<LessonEvent[]>;
  getLessonEvent(id: string): Promise<LessonEvent | null>;
  listLessonFeedback(lessonId: string): Promise<StoredFeedback[]>;
}
