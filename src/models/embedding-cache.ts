/**
 * A bounded in-memory cache of embeddings, wrapped around any {@link Embedder}. A long-lived
 * process (the hook daemon) recalls for prompt after prompt over the same lessons, so most texts it
 * embeds (lesson triggers, skill descriptions, the recent turns) repeat; a cached vector is a copy
 * of the one the embedder returned for the same embedder id and text, so results do not change.
 *
 * Bounded by the bytes it holds (vectors and keys), least recently used out first. Embedders are
 * deterministic for a given id (the id names the model or the recipe); a remote one that is not
 * quite returns the first answer for a text until it is evicted.
 */
import { type Embedder, type EmbedOptions, type EmbedResult, embedderId } from "./embedder.js";

/** Default bound: 8 MiB, about 4,000 vectors of the offline embedder's 512 dimensions. */
export const DEFAULT_EMBEDDING_CACHE_BYTES = 8 * 1024 * 1024;

export class EmbeddingCache {
  /** Key → vector, in use order: the first entry is the least recently used. */
  private readonly entries = new Map<string, Float32Array>();
  private held = 0;

  constructor(readonly maxBytes: number = DEFAULT_EMBEDDING_CACHE_BYTES) {}

  /** How many vectors it holds. */
  get size(): number {
    return this.entries.size;
  }

  /** The bytes counted against {@link maxBytes}: vectors plus keys (two bytes a character). */
  get bytes(): number {
    return this.held;
  }

  /**
   * `embedder` with this cache in front: texts seen before (for the same embedder id) are answered
   * from memory, the rest go to `embedder` in one call, each distinct text once.
   */
  wrap(embedder: Embedder): Embedder {
    const prefix = `${embedderId(embedder)}\u0000`;
    return {
      provider: embedder.provider,
      modelId: embedder.modelId,
      dimensions: embedder.dimensions,
      embed: async ({ values, abortSignal }: EmbedOptions): Promise<EmbedResult> => {
        abortSignal?.throwIfAborted();
        const embeddings: Float32Array[] = new Array(values.length);
        /** Each text not cached, with the positions that want it. */
        const missing = new Map<string, number[]>();
        for (const [index, value] of values.entries()) {
          const cached = this.get(prefix + value);
          if (cached) embeddings[index] = cached.slice();
          else missing.get(value)?.push(index) ?? missing.set(value, [index]);
        }
        if (missing.size === 0) return { embeddings };
        const texts = [...missing.keys()];
        const fresh = (await embedder.embed(abortSignal ? { values: texts, abortSignal } : { values: texts }))
          .embeddings;
        if (fresh.length !== texts.length) {
          throw new Error(
            `embedder ${prefix.slice(0, -1)} returned ${fresh.length} vectors for ${texts.length} texts`,
          );
        }
        for (const [position, text] of texts.entries()) {
          const vector = fresh[position] as Float32Array;
          this.set(prefix + text, vector.slice());
          for (const index of missing.get(text) ?? []) embeddings[index] = vector.slice();
        }
        return { embeddings };
      },
    };
  }

  private get(key: string): Float32Array | undefined {
    const vector = this.entries.get(key);
    if (vector) {
      this.entries.delete(key);
      this.entries.set(key, vector);
    }
    return vector;
  }

  private set(key: string, vector: Float32Array): void {
    const cost = key.length * 2 + vector.byteLength;
    // A value bigger than the whole cache is not kept (it would evict everything, then itself).
    if (cost > this.maxBytes || this.entries.has(key)) return;
    this.entries.set(key, vector);
    this.held += cost;
    for (const [oldest, old] of this.entries) {
      if (this.held <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.held -= oldest.length * 2 + old.byteLength;
    }
  }
}
