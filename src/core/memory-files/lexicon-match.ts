/**
 * Matching a fact against the guardian's lexicons. Each lexicon is a list of entries, each a
 * pattern with one example it matches (src/core/lexicon/define-lexicon.ts); patterns are written in
 * lower case and run on the lower-cased fact, so a rule can say which entry it found.
 */
import type { LexiconEntry } from "../lexicon/define-lexicon.js";

/** The first entry of `entries` whose pattern matches `text` (lower-cased first), with its match. */
export function findEntry<Entry extends LexiconEntry>(
  entries: readonly Entry[],
  text: string,
): { entry: Entry; match: RegExpExecArray } | null {
  const lower = text.toLowerCase();
  for (const entry of entries) {
    entry.pattern.lastIndex = 0;
    const match = entry.pattern.exec(lower);
    if (match) return { entry, match };
  }
  return null;
}
