/**
 * Text for tacit's contentless FTS5 indexes, and queries against them. SQLite's unicode61
 * tokenizer keeps a run of Chinese characters as one token, so neither "用 pnpm" nor "不能用" would
 * ever match inside a longer sentence. Indexed text and queries therefore carry CJK character
 * bigrams as extra space-separated tokens, the way the hashing embedder reads Chinese.
 */

import { memoizeText } from "../memo.js";

const CJK_RUN = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const WORD = /[\p{L}\p{N}_][\p{L}\p{N}_.-]*/gu;

const STOP_WORDS = new Set(
  "a an and are as at be but by can could do does for from had has have how i if in into is it its me my no not of on or our so than that the their them then there these this to was we were what when where which who why will with would you your please let lets just also now make use using want need".split(
    " ",
  ),
);

/** CJK character bigrams of every CJK run in `text` (a single character stands alone). */
export function cjkBigrams(text: string): string[] {
  const grams: string[] = [];
  for (const run of text.match(CJK_RUN) ?? []) {
    if (run.length === 1) grams.push(run);
    for (let index = 0; index + 1 < run.length; index++) grams.push(run.slice(index, index + 2));
  }
  return grams;
}

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
  for (const word of latinWords(text)) {
    terms.add(word);
    for (const part of word.split(/[._-]+/)) if (part.length >= 3 && !STOP_WORDS.has(part)) terms.add(part);
  }
  for (const gram of cjkBigrams(text)) terms.add(gram);
  if (terms.size === 0) return null;
  return [...terms]
    .slice(0, maxTerms)
    .map((term) => `"${term.replaceAll('"', '""')}"`)
    .join(" OR ");
}

/** Content words (no stop words) and CJK bigrams of a text: for overlap checks. Remembered. */
export const contentTerms: (text: string) => ReadonlySet<string> = memoizeText((text) => {
  const terms = new Set<string>(latinWords(text));
  for (const gram of cjkBigrams(text)) terms.add(gram);
  return terms;
});

/** Lowercased words of two or more characters that are neither stop words nor CJK runs. */
function latinWords(text: string): string[] {
  const words: string[] = [];
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    const trimmed = word.replace(/[.-]+$/, "");
    if (trimmed.length >= 2 && !STOP_WORDS.has(trimmed) && !/[\u3400-\u9fff]/.test(trimmed))
      words.push(trimmed);
  }
  return words;
}
