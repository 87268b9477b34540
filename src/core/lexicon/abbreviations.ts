/**
 * Abbreviations: a full stop that shortens a word rather than ends a sentence — "e.g.", "i.e.",
 * "vs.", "cf.", "etc." ("request records end in Dto, e.g. OrderDto" is one sentence). Each entry
 * matches the text up to and including the abbreviation's last full stop, and says when it may still
 * end a sentence: `never` ("e.g." is always followed by what it introduces) or `before-capital`
 * ("…lint, format, etc. Then push": a list closed by "etc." may end its sentence). Read by the one
 * tokenizer (tokenizer.ts) when it splits sentences. Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** When an abbreviation's full stop may still end a sentence. */
export type AbbreviationEnd = "never" | "before-capital";

/** One abbreviation, anchored at the end of the text before the sentence break. */
export interface Abbreviation extends LexiconEntry {
  ends: AbbreviationEnd;
}

const abbreviation = (ends: AbbreviationEnd, pattern: RegExp, example: string): Abbreviation => ({
  ends,
  pattern,
  example,
});

/** Every abbreviation a sentence does not end at. */
export const ABBREVIATIONS = defineLexicon("abbreviations", [
  abbreviation("never", /(?:^|[^\p{L}])e\.\s?g\.$/u, "request records end in Dto, e.g."),
  abbreviation("never", /(?:^|[^\p{L}])i\.\s?e\.$/u, "use the wrapper, i.e."),
  abbreviation("never", /(?:^|[^\p{L}])(?:vs|cf|viz|approx|incl|esp|resp|aka|eg|ie)\.$/u, "tabs vs."),
  abbreviation("never", /(?:^|[^\p{L}])(?:a\.k\.a|w\.r\.t)\.$/u, "the loader, a.k.a."),
  abbreviation("before-capital", /(?:^|[^\p{L}])etc\.$/u, "lint, format, etc."),
]);

const ENTRIES = ABBREVIATIONS.entries.map((entry) => ({
  entry,
  pattern: new RegExp(entry.pattern.source, ABBREVIATIONS.flags),
}));

/**
 * True when the full stop that ends `before` shortens a word instead of ending the sentence, given
 * the text that follows it (`after`).
 */
export function endsInAbbreviation(before: string, after: string): boolean {
  const found = ENTRIES.find(({ pattern }) => pattern.test(before));
  if (found === undefined) return false;
  return found.entry.ends === "never" || !/^\s*\p{Lu}/u.test(after);
}
