/**
 * Dense-vector arithmetic shared by dedup, recall and the embedders. Pure: no IO.
 */
import { TacitError } from "./errors.js";

/**
 * Cosine similarity of two vectors of the same length, in [-1, 1]. Returns 0 when either vector
 * is all zeros (an empty text embeds to zeros), so an empty lesson never looks like a duplicate.
 *
 * Throws when the lengths differ: that means vectors from two different embedders were mixed,
 * which is a bug (compare only vectors with the same `embedderId`).
 */
export function cosineSimilarity(a: Float32Array, b: Float32Array): number {
  if (a.length !== b.length) {
    throw new TacitError(
      `cannot compare vectors of ${a.length} and ${b.length} dimensions (were two embedders mixed?)`,
    );
  }
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let index = 0; index < a.length; index++) {
    const x = a[index]!;
    const y = b[index]!;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  if (normA === 0 || normB === 0) return 0;
  const similarity = dot / Math.sqrt(normA * normB);
  // Rounding can push a self-similarity a hair past 1.
  return Math.max(-1, Math.min(1, similarity));
}

/** Scales `vector` in place to unit L2 length (a zero vector stays zero) and returns it. */
export function normalizeInPlace(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let index = 0; index < vector.length; index++) norm += vector[index]! * vector[index]!;
  if (norm === 0) return vector;
  const scale = 1 / Math.sqrt(norm);
  for (let index = 0; index < vector.length; index++) vector[index]! *= scale;
  return vector;
}
