/**
 * The one tokenizer: a text into sentences, words and CJK character bigrams. Chinese has no
 * spaces, so a run of CJK characters is read as its overlapping bigrams ("不能用" → 不能, 能用), the
 * way full-text search, similarity and topic grouping all compare Chinese. Pure.
 */

import { endsInAbbreviation } from "./abbreviations.js";
import { CJK_FUNCTION_CHARACTERS, isStopWord } from "./stop-words.js";

/** One sentence of a message: its trimmed text and [start, end) offsets into the message. */
export interface Sentence {
  text: string;
  start: number;
  end: number;
}

/**
 * A sentence ends after . ! ? followed by a space or the end (not after an abbreviation: "e.g.",
 * "i.e.", see abbreviations.ts; nor before a sign that goes on with it: "no more log::info! /
 * env_logger", "run it! (once)" is one sentence only when a word follows the bracket; nor dots
 * that go on a path: `go test ./...`), after an ellipsis before a capital ("… fields wi… Don't use
 * Input.GetKey"), after 。！？；or at a line break.
 */
const SENTENCE_END =
  /(?<![/\\.!?])[.!?]+['"”’]?(?=[^\S\n]*$|\s+[^\s/|&+=,;:)\]}>-]|\n)|…(?=\s+[A-Z])|[。！？；\n]+/g;

/** The sentences of `text`, trimmed, empty ones left out. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  let from = 0;
  const push = (to: number) => {
    const raw = text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== "")
      sentences.push({ text: trimmed, start: from + lead, end: from + lead + trimmed.length });
    from = to;
  };
  SENTENCE_END.lastIndex = 0;
  for (let found = SENTENCE_END.exec(text); found !== null; found = SENTENCE_END.exec(text)) {
    const end = found.index + found[0].length;
    if (found[0] === "." && endsInAbbreviation(text.slice(Math.max(from, end - 12), end), text.slice(end)))
      continue;
    push(end);
  }
  push(text.length);
  return sentences;
}

/** The text of `message` from the start of `first` to the end of `last`, verbatim. */
export function sentenceRun(message: string, first: Sentence, last: Sentence): string {
  return message.slice(first.start, last.end).trim();
}

/** A sentence's first clause, up to its first comma or semicolon: "use cargo nextest run --profile serial-db, it's …". */
export function firstClause(sentence: Sentence): Sentence {
  const text = /^[^,;，；]+/.exec(sentence.text)?.[0] ?? sentence.text;
  return { text, start: sentence.start, end: sentence.start + text.length };
}

/**
 * `text` with what it quotes in double quotes ("…", “…”; one left open runs to the end) blanked, at
 * the same length: words someone else wrote ("the codex page says "Filters should always return a value."").
 */
export function withoutQuotes(text: string): string {
  return text.replace(/"[^"]*(?:"|$)|“[^”]*(?:”|$)/g, (quoted) => " ".repeat(quoted.length));
}

/** How {@link tokens} reads a text. */
export interface TokenOptions {
  /** Crude English stems, so "processes" and "processed" compare equal. Default false. */
  stem?: boolean;
  /** Also the parts of an identifier ("config.yaml" → config.yaml, config, yaml). Default false. */
  parts?: boolean;
  /** Drop Chinese function characters before bigrams ("帮我把X" ~ "我要的是X"). Default false. */
  dropFunctionCharacters?: boolean;
}

const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
const WORD = /[\p{L}\p{N}_][\p{L}\p{N}_.'/+-]*/gu;
const LETTERS = /^[a-z]+$/;
const SHORT_PLURAL = /^[a-z]{2}[bcdfgklmnprtvxyz]s$/;

/** A crude English stem (consistent, not correct): plurals, -ing, -ed. */
export function stemWord(word: string): string {
  if (!LETTERS.test(word)) return word;
  // A short plural: a three-letter word and "s" after a consonant or "y" ("tags", "jobs", "keys";
  // not "this", "plus", "bias", "does").
  if (word.length === 4) return SHORT_PLURAL.test(word) ? word.slice(0, -1) : word;
  if (word.length < 4) return word;
  if (word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 5 && word.endsWith("ing")) return word.slice(0, -3);
  if (word.endsWith("ed") || word.endsWith("es")) return word.slice(0, -2);
  if (word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/**
 * Lower-cased words of two or more characters that are not stop words, trailing punctuation
 * trimmed; CJK runs are left to {@link cjkBigrams}.
 */
export function words(text: string, options: TokenOptions = {}): string[] {
  const found: string[] = [];
  const plain = text.toLowerCase().replace(CJK_RUN, " ");
  for (const raw of plain.match(WORD) ?? []) {
    const word = raw.replace(/[.'/+-]+$/, "");
    const parts = options.parts ? word.split(/[._/-]+/).filter((part) => part !== "") : [];
    for (const candidate of parts.length > 1 ? [word, ...parts] : [word]) {
      if (candidate.length < 2 || isStopWord(candidate)) continue;
      found.push(options.stem ? stemWord(candidate) : candidate);
    }
  }
  return found;
}

/**
 * The character bigrams of every CJK run in `text` (a run of one character stands alone), with
 * Chinese function characters dropped first when asked.
 */
export function cjkBigrams(text: string, options: TokenOptions = {}): string[] {
  const grams: string[] = [];
  for (const match of text.match(CJK_RUN) ?? []) {
    const run = options.dropFunctionCharacters
      ? Array.from(match)
          .filter((char) => !CJK_FUNCTION_CHARACTERS.has(char))
          .join("")
      : match;
    const chars = Array.from(run);
    if (chars.length === 1) grams.push(chars[0] as string);
    for (let index = 0; index + 1 < chars.length; index++) grams.push(`${chars[index]}${chars[index + 1]}`);
  }
  return grams;
}

/** The tokens of a text: its words and its CJK bigrams (see {@link TokenOptions}). */
export function tokens(text: string, options: TokenOptions = {}): Set<string> {
  return new Set([...words(text, options), ...cjkBigrams(text, options)]);
}

/** How many tokens two sets share. */
export function sharedCount(first: ReadonlySet<string>, second: ReadonlySet<string>): number {
  const [small, large] = first.size <= second.size ? [first, second] : [second, first];
  let shared = 0;
  for (const token of small) if (large.has(token)) shared++;
  return shared;
}
