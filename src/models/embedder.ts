/**
 * The Embedder port: turns texts into dense vectors so lessons can be deduplicated on write
 * (dedup thresholds: ≥ 0.85 updates, 0.60–0.85 appends evidence, < 0.60 is a new candidate) and
 * recalled by meaning. Adapters: the offline hashing embedder (default) and, later, an
 * OpenAI-compatible HTTP adapter. Cosine similarity lives in `core/vector.ts`.
 */

/** Input of {@link Embedder.embed}. */
export interface EmbedOptions {
  /** Texts to embed, in order. May be empty. */
  values: string[];
  /** Cancels an in-flight call; adapters throw the signal's reason when it fires. */
  abortSignal?: AbortSignal;
}

/** Output of {@link Embedder.embed}. */
export interface EmbedResult {
  /** One vector per input value, same order, each `dimensions` long. */
  embeddings: Float32Array[];
}

/**
 * Turns texts into vectors. Async and batched so a remote adapter fits; a local adapter simply
 * resolves at once. Vectors from different embedders are not comparable: store
 * {@link embedderId} beside every vector and compare only vectors with the same id.
 */
export interface Embedder {
  /** Who computes the vectors, e.g. `"tacit"` for the built-in one or `"openai"`. */
  readonly provider: string;
  /** Which model or feature recipe, e.g. `"hashing-v1"` or `"text-embedding-3-small"`. */
  readonly modelId: string;
  /** Length of every returned vector. */
  readonly dimensions: number;
  embed(options: EmbedOptions): Promise<EmbedResult>;
}

/**
 * The id stored beside each vector: `${provider}/${modelId}@${dimensions}`, e.g.
 * `"tacit/hashing-v1@512"`. Two vectors are comparable only when their ids are equal.
 */
export function embedderId(embedder: Pick<Embedder, "provider" | "modelId" | "dimensions">): string {
  return `${embedder.provider}/${embedder.modelId}@${embedder.dimensions}`;
}
