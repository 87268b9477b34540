/**
 * Text for tacit's contentless FTS5 indexes, and queries against them. SQLite's unicode61
 * tokenizer keeps a run of Chinese characters as one token, so neither "用 pnpm" nor "不能用" would
 * ever match inside a longer sentence. Indexed text and queries therefore carry CJK character
 * bigrams as extra space-separated tokens, the way the hashing embedder reads Chinese.
 */

import { cjkBigrams, tokens, words } from "../lexicon/tokenizer.js";
import { memoizeText } from "../memo.js";

/** The text to index: the original plus its CJK bigrams. */
export function ftsIndexText(text: string): string {
  const grams = cjkBigrams(text);
  return grams.length ? `${text}\n${grams.join(" ")}` : text;
}

/**
 * An FTS5 MATCH expression that finds rows sharing any content word or CJK bigram with `text`:
 * each term quoted (so punctuation and operators in user text cannot break the query), OR-joined.
 * Returns null when the text has nothing to search for.
 */
export function ftsMatchQuery(text: string, maxTerms = 24): string | null {
  const terms = new Set<string>();
  for (const word of words(text)) {
    terms.add(word);
    for (const part of words(word.replace(/[._/-]+/g, " "))) if (part.length >= 3) terms.add(part);
  }
  for (const gram of cjkBigrams(text)) terms.add(gram);
  if (terms.size === 0) return null;
  return [...terms]
    .slice(0, maxTerms)
    .map((term) => `"${term.replaceAll('"', '""')}"`)
    .join(" OR ");
}

/** Content words (no stop words) and CJK bigrams of a text: for overlap checks. Remembered. */
export const contentTerms: (text: string) => ReadonlySet<string> = memoizeText((text) => tokens(text));
