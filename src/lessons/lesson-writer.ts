/**
 * How the lesson book writes: every change stores the lesson, its history event and its vector in
 * one transaction, retried when another writer changed the lesson in between.
 */
import { NotFoundError } from "../core/errors.js";
import type { ChangeContext, LessonChangeResult, LessonEvent } from "../core/lessons/history.js";
import type { Lesson, LessonChangeError } from "../core/lessons/lesson.js";
import { type Embedder, embedderId } from "../models/embedder.js";
import { type LessonCommit, LessonConflictError } from "../store/lesson-store.js";
import type { Store } from "../store/store.js";
import { lessonEmbeddingText } from "./lesson-text.js";

/** A refused change (deprecated lesson promoted, revert conflict, …) as ordinary data. */
export type LessonChange =
  | { ok: true; lesson: Lesson | null; events: LessonEvent[] }
  | { ok: false; error: LessonChangeError };

const MAX_ATTEMPTS = 5;

/**
 * The write helpers the lesson book's operations share: the change context (time and ids),
 * embedding, retry on conflict, loading a lesson, committing a change and applying a core change
 * function to one lesson.
 */
export function createLessonWriter(options: {
  store: Store;
  embedder: Embedder;
  now: () => number;
  ids: () => string;
}) {
  const { store, embedder, now, ids } = options;
  const embedder_id = embedderId(embedder);
  const context = (): ChangeContext => ({ now: now(), ids });

  const embedLesson = async (lesson: Pick<Lesson, "trigger" | "rule">): Promise<Float32Array> => {
    const { embeddings } = await embedder.embed({ values: [lessonEmbeddingText(lesson)] });
    const [vector] = embeddings;
    if (!vector) throw new Error(`embedder ${embedder_id} returned no vector`);
    return vector;
  };

  /** Retries a read-compute-write cycle when another writer changed a lesson in between. */
  async function withRetry<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof LessonConflictError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  async function load(id: string): Promise<Lesson> {
    const lesson = await store.getLesson(id);
    if (!lesson) throw new NotFoundError("lesson", id);
    return lesson;
  }

  function commit(partial: Partial<LessonCommit>): Promise<void> {
    return store.commitLessonChanges({
      writes: [],
      deletes: [],
      events: [],
      feedback: [],
      vectors: [],
      ...partial,
    });
  }

  /** Applies a core change function to one lesson and stores the result. */
  async function change(
    id: string,
    apply: (lesson: Lesson, context: ChangeContext) => LessonChangeResult,
  ): Promise<LessonChange> {
    return withRetry(async () => {
      const lesson = await load(id);
      const result = apply(lesson, context());
      if (!result.ok) return result;
      const contentChanged = result.lesson.contentHash !== lesson.contentHash;
      await commit({
        writes: [{ lesson: result.lesson, expected: lesson }],
        events: [result.event],
        vectors: contentChanged
          ? [{ lessonId: id, embedderId: embedder_id, vector: await embedLesson(result.lesson) }]
          : [],
      });
      return { ok: true, lesson: result.lesson, events: [result.event] };
    });
  }

  return { store, embedderId: embedder_id, ids, context, embedLesson, withRetry, load, commit, change };
}

/** The write helpers of one lesson book. */
export type LessonWriter = ReturnType<typeof createLessonWriter>;
