import { embedLessons } from "../lessons/index.js";
import { type Embedder, embedderId } from "../models/embedder.js";
import { nextEventLoopTurn } from "../store/event-loop.js";
import type { Store } from "../store/store.js";

/**
 * Embeds captured messages that can serve as memory evidence and are not in the embedder's index
 * yet, in batches, moving the index watermark as it goes (so it is incremental and resumable).
 * Returns how many messages were embedded.
 */
export async function indexEvidence(options: {
  store: Store;
  embedder: Embedder;
  batchSize?: number;
}): Promise<number> {
  const { store, embedder } = options;
  const id = embedderId(embedder);
  let total = 0;
  for (;;) {
    // A signal (Ctrl-C) is handled between batches: the offline embedder never yields by itself.
    await nextEventLoopTurn();
    const rows = await store.messagesToEmbed(id, options.batchSize ?? 256);
    if (rows.length === 0) return total;
    const { embeddings } = await embedder.embed({ values: rows.map((row) => row.text) });
    await store.saveMessageVectors(
      id,
      embedder.dimensions,
      rows.map((row, index) => ({
        pk: row.pk,
        projectId: row.projectId,
        vector: embeddings[index] as Float32Array,
      })),
      rows.at(-1)?.pk ?? 0,
    );
    total += rows.length;
  }
}

/**
 * `tacit reindex`: drops every vector index and the lesson full-text index, then rebuilds them with
 * the current embedder — needed after the embedder changes (another model or dimension).
 */
export async function reindex(options: { store: Store; embedder: Embedder; batchSize?: number }): Promise<{
  lessons: number;
  messages: number;
  embedder: string;
}> {
  const { store, embedder } = options;
  const id = embedderId(embedder);
  await store.resetIndexes();
  const lessons = await store.listLessons({ limit: -1 });
  const batchSize = options.batchSize ?? 256;
  for (let start = 0; start < lessons.length; start += batchSize) {
    const batch = lessons.slice(start, start + batchSize);
    const vectors = await embedLessons(embedder, batch);
    await store.commitLessonChanges({ writes: [], deletes: [], events: [], feedback: [], vectors });
  }
  const messages = await indexEvidence({ store, embedder, batchSize });
  return { lessons: lessons.length, messages, embedder: id };
}
