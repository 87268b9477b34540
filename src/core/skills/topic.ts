/**
 * Topic words and text similarity for grouping tasks into skills, in English and Chinese, with no
 * model: words (lower case, crudely stemmed, stop words dropped) plus CJK character bigrams.
 * Pure.
 */
import { normalizeLessonText } from "../lessons/lesson.js";

/** Similarity of two texts in 0..1 (1: the same topic). Pass an embedder-backed one to planning. */
export type TextSimilarity = (first: string, second: string) => number;

const STOP_WORDS = new Set(
  (
    "a an the and or but if then so to of in on at by for from with without into onto about as is are was were " +
    "be been being it its this that these those there here i me my we our us you your he she they them their " +
    "can could would should will shall may might must do does did done please pls let lets let's now just also " +
    "again some any all each every via using use make sure need want try get got have has had not no yes ok okay " +
    "what which who how why when where up out over new"
  ).split(" "),
);
/** Chinese function characters that carry no topic on their own. */
const CJK_STOP_CHARACTERS = new Set(
  Array.from("的了吗呢吧啊和与及在把被给让用请帮我你他她它们这那个一下是有也就都要"),
);
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const WORD_RUN = /[\p{L}\p{N}][\p{L}\p{N}._/-]*/gu;

/** A crude English stem (consistent, not correct): plurals, -ing, -ed. */
export function stemWord(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith("ed")) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/**
 * The topic tokens of a text: normalized words (identifiers kept whole, their parts added),
 * stemmed, stop words and one-letter words dropped; and the bigrams of every CJK run (a lone CJK
 * character that is not a function character stands for itself).
 */
export function topicTokens(text: string): Set<string> {
  const normalized = normalizeLessonText(text);
  const tokens = new Set<string>();
  for (const run of normalized.match(CJK_RUN) ?? []) {
    const chars = Array.from(run);
    if (chars.length === 1) {
      if (!CJK_STOP_CHARACTERS.has(chars[0] as string)) tokens.add(chars[0] as string);
      continue;
    }
    for (let index = 0; index + 1 < chars.length; index++) {
      const bigram = `${chars[index]}${chars[index + 1]}`;
      if (Array.from(bigram).every((char) => CJK_STOP_CHARACTERS.has(char))) continue;
      tokens.add(bigram);
    }
  }
  const latin = normalized.replace(CJK_RUN, " ");
  for (const word of latin.match(WORD_RUN) ?? []) {
    const parts = word.split(/[._/-]+/).filter((part) => part !== "");
    const candidates = parts.length > 1 ? [word, ...parts] : parts;
    for (const candidate of candidates) {
      if (candidate.length < 2 || STOP_WORDS.has(candidate)) continue;
      tokens.add(stemWord(candidate));
    }
  }
  return tokens;
}

/** Dice coefficient of two token sets: 2·|A∩B| / (|A|+|B|); 0 when both are empty. */
export function diceSimilarity(first: ReadonlySet<string>, second: ReadonlySet<string>): number {
  if (first.size + second.size === 0) return 0;
  return (2 * sharedCount(first, second)) / (first.size + second.size);
}

/** How many tokens two sets share. */
export function sharedCount(first: ReadonlySet<string>, second: ReadonlySet<string>): number {
  const [small, large] = first.size <= second.size ? [first, second] : [second, first];
  let shared = 0;
  for (const token of small) if (large.has(token)) shared++;
  return shared;
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
