/**
 * The train/validation split: deterministic for a seed. Samples are ordered by a hash of the seed
 * and their id (a shuffle that never depends on the order they were read in or on the clock), and
 * the first `round(n × trainShare)` go to training. The same samples and seed give the same two
 * files byte for byte; another seed gives another shuffle. Pure.
 */

/** A 53-bit hash of `text` (cyrb53), as a fraction in [0, 1). */
export function hashFraction(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const bits = 2097152 * (h2 >>> 0) + (h1 >>> 0);
  return bits / 2 ** 53;
}

/** The two parts of a split, each in its shuffled order. */
export interface Split<T> {
  train: T[];
  validation: T[];
}

/**
 * Splits `items` by `trainShare` (0 < share ≤ 1) with `seed`. `idOf` must give each item a distinct
 * id; ties (the same id twice) keep their input order.
 */
export function splitDataset<T>(
  items: readonly T[],
  options: { trainShare: number; seed: string; idOf: (item: T) => string },
): Split<T> {
  if (!(options.trainShare > 0 && options.trainShare <= 1))
    throw new RangeError(`the train share must be above 0 and at most 1, got ${options.trainShare}`);
  const keyed = items.map((item, index) => ({
    item,
    index,
    key: hashFraction(`${options.seed}\u0000${options.idOf(item)}`),
    id: options.idOf(item),
  }));
  keyed.sort((a, b) => a.key - b.key || (a.id < b.id ? -1 : a.id > b.id ? 1 : a.index - b.index));
  const cut = Math.round(keyed.length * options.trainShare);
  return {
    train: keyed.slice(0, cut).map((entry) => entry.item),
    validation: keyed.slice(cut).map((entry) => entry.item),
  };
}
