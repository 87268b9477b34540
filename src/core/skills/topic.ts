/**
 * Topic words and text similarity for grouping tasks into skills, in English and Chinese, with no
 * model: words (lower case, crudely stemmed, stop words dropped) plus CJK character bigrams.
 * Pure.
 */
import { normalizeLessonText } from "../lessons/lesson-text.js";
import { sharedCount, tokens } from "../lexicon/tokenizer.js";

/** Similarity of two texts in 0..1 (1: the same topic). Pass an embedder-backed one to planning. */
export type TextSimilarity = (first: string, second: string) => number;

/** A crude English stem; see the tokenizer. */
export { stemWord } from "../lexicon/tokenizer.js";

/**
 * The topic tokens of a text (the tokenizer's, on normalized text): words (identifiers kept whole,
 * their parts added), stemmed, stop words and one-letter words dropped; and the bigrams of every
 * CJK run, Chinese function characters dropped first.
 */
export function topicTokens(text: string): Set<string> {
  return tokens(normalizeLessonText(text), { stem: true, parts: true, dropFunctionCharacters: true });
}

/** Dice coefficient of two token sets: 2·|A∩B| / (|A|+|B|); 0 when both are empty. */
export function diceSimilarity(first: ReadonlySet<string>, second: ReadonlySet<string>): number {
  if (first.size + second.size === 0) return 0;
  return (2 * sharedCount(first, second)) / (first.size + second.size);
}

/** The default {@link TextSimilarity}: Dice over {@link topicTokens}. */
export const topicSimilarity: TextSimilarity = (first, second) =>
  diceSimilarity(topicTokens(first), topicTokens(second));

/**
 * Whether a short text (a lesson trigger) is about a topic given by its tokens: at least 60% of
 * its tokens are in the topic, and at least two of them (one when it has only one).
 */
export function coversTopic(text: string, topic: ReadonlySet<string>): boolean {
  const tokens = topicTokens(text);
  if (tokens.size === 0) return false;
  const shared = sharedCount(tokens, topic);
  return shared / tokens.size >= 0.6 && shared >= Math.min(2, tokens.size);
}

/**
 * Two list items (steps, pitfalls) that say the same thing: equal once normalized, or Dice of
 * their tokens at least `threshold` (default 0.8).
 */
export function nearlySame(first: string, second: string, threshold = 0.8): boolean {
  if (normalizeLessonText(first) === normalizeLessonText(second)) return true;
  return diceSimilarity(topicTokens(first), topicTokens(second)) >= threshold;
}
