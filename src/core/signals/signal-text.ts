/**
 * Text helpers for the offline signal rules: masking of code and quoted text, sentence and
 * clause spans, and a bag-of-tokens similarity that works for English and Chinese.
 *
 * Masking keeps string length, so an offset found in the masked text is also an offset in the
 * original and evidence can be quoted verbatim.
 */
import { tokens } from "../lexicon/tokenizer.js";

const FENCED_CODE = /```[\s\S]*?(?:```|$)/g;
const INLINE_CODE = /`[^`\n]*`/g;
const QUOTED = /"[^"\n]{0,300}"|“[^”\n]{0,300}”|「[^」\n]{0,300}」|『[^』\n]{0,300}』/g;
const BLOCK_QUOTE_LINE = /^[ \t]*>.*$/gm;
const URL = /\bhttps?:\/\/\S+/g;

const SENTENCE_END = /[.!?](?=\s|$)|[。！？；;\n]/g;
const CLAUSE_SEPARATOR = /[.!?](?=\s|$)|[。！？；;\n,，、:：—–]/g;

/** Replace every character but newlines with spaces (code blocks and block quotes). */
function blank(segment: string): string {
  return segment.replace(/[^\n]/g, " ");
}

/** Replace a quoted segment or inline code with underscores, a neutral word-like filler. */
function fill(segment: string): string {
  return "_".repeat(segment.length);
}

/** Lowercase without changing length (a few Unicode letters grow when lowercased). */
export function lowerSameLength(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let result = "";
  for (const character of text) {
    const lowered = character.toLowerCase();
    result += lowered.length === character.length ? lowered : character;
  }
  return result;
}

/**
 * Lowercase a message and hide what the writer did not say in their own voice: fenced and
 * inline code, quoted strings, block-quoted lines and URLs. The result has the same length.
 */
export function maskText(content: string): string {
  return lowerSameLength(content)
    .replace(FENCED_CODE, blank)
    .replace(BLOCK_QUOTE_LINE, blank)
    .replace(INLINE_CODE, fill)
    .replace(QUOTED, fill)
    .replace(URL, fill);
}

/** A [start, end) span of a text. */
export interface TextSpan {
  start: number;
  end: number;
}

function spanAround(masked: string, position: number, boundary: RegExp): TextSpan {
  let start = 0;
  let end = masked.length;
  boundary.lastIndex = 0;
  for (let match = boundary.exec(masked); match !== null; match = boundary.exec(masked)) {
    const after = match.index + match[0].length;
    if (after <= position) {
      start = after;
    } else {
      end = after;
      break;
    }
  }
  return { start, end };
}

/** The sentence of `masked` that contains `position` (end includes the closing punctuation). */
export function sentenceSpan(masked: string, position: number): TextSpan {
  return spanAround(masked, position, SENTENCE_END);
}

/** The clause of `masked` that contains `position`: a sentence cut further at commas and colons. */
export function clauseSpan(masked: string, position: number): TextSpan {
  return spanAround(masked, position, CLAUSE_SEPARATOR);
}

/** Longest evidence quote, in characters. */
export const MAX_EVIDENCE_LENGTH = 240;

/**
 * Verbatim evidence: the sentence of `original` around `position`, trimmed, at most
 * `MAX_EVIDENCE_LENGTH` characters (a window around the position when the sentence is longer).
 */
export function evidenceAt(original: string, masked: string, position: number): string {
  const span = sentenceSpan(masked, position);
  let sentence = original.slice(span.start, span.end).trim();
  if (sentence.length === 0) sentence = original.trim();
  if (sentence.length <= MAX_EVIDENCE_LENGTH) return sentence;
  const from = Math.max(0, Math.min(position - span.start - 60, sentence.length - MAX_EVIDENCE_LENGTH));
  // The window starts at a clause or a word, never inside one ("…over stuff: `make up` starts…" is
  // not "ver stuff: …"), and ends after a whole word.
  let start = from;
  if (start > 0) {
    const clause = sentence.slice(start, start + 60).search(/[:;,，；：]\s*/);
    const space = sentence.indexOf(" ", start);
    start = clause >= 0 ? start + clause + 1 : space >= 0 && space < start + 30 ? space + 1 : start;
  }
  let end = Math.min(sentence.length, start + MAX_EVIDENCE_LENGTH);
  const lastSpace = sentence.lastIndexOf(" ", end);
  if (end < sentence.length && lastSpace > start + MAX_EVIDENCE_LENGTH / 2) end = lastSpace;
  return sentence.slice(start, end).trim();
}

/** Verbatim evidence for line-oriented text (tool output): the line containing `position`. */
export function lineAt(original: string, position: number): string {
  const start = original.lastIndexOf("\n", position - 1) + 1;
  const newline = original.indexOf("\n", position);
  const line = original.slice(start, newline === -1 ? original.length : newline).trim();
  return line.length <= MAX_EVIDENCE_LENGTH ? line : line.slice(0, MAX_EVIDENCE_LENGTH);
}

/**
 * Tokens used to compare two messages: the tokenizer's words (stemmed) and Chinese character
 * bigrams (function characters dropped). Code and quotes stay in the input here: restating a goal
 * often repeats the same identifiers.
 */
export function similarityTokens(text: string): Set<string> {
  return tokens(text, { stem: true, dropFunctionCharacters: true });
}

/** Jaccard similarity |A ∩ B| / |A ∪ B| of two token sets; 0 when both are empty. */
export function jaccard(first: ReadonlySet<string>, second: ReadonlySet<string>): number {
  if (first.size === 0 && second.size === 0) return 0;
  const [small, large] = first.size <= second.size ? [first, second] : [second, first];
  let shared = 0;
  for (const token of small) if (large.has(token)) shared += 1;
  return shared / (first.size + second.size - shared);
}

/** Cut `text` to at most `maxChars` characters, ending with "…" when cut. */
export function clip(text: string, maxChars: number): string {
  const trimmed = text.trim();
  if (trimmed.length <= maxChars) return trimmed;
  if (maxChars < 1) return "";
  return `${trimmed.slice(0, Math.max(0, maxChars - 1)).trimEnd()}…`;
}
