/**
 * Name positions: the words that say where a mark goes in a name, each read as one word — "prefix"
 * for the start ("underscore-prefixed", "a leading underscore", 前缀) and "suffix" for the end
 * ("trailing", "Async-suffixed", 后缀). A drop of "underscore-prefixed helper functions" so names
 * the rule "private helpers get a leading underscore" (see contradiction.ts). Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** One wording of a position, and the word it is read as. */
export interface NamePosition extends LexiconEntry {
  position: "prefix" | "suffix";
}

export const NAME_POSITIONS = defineLexicon<NamePosition>("name-positions", [
  {
    position: "prefix",
    pattern: /\b(?:prefix(?:ed|es)?|leading)\b/,
    example: "underscore-prefixed helper functions",
  },
  { position: "prefix", pattern: /前缀/, example: "表名加 t_ 前缀" },
  { position: "prefix", pattern: /\b(?:start|begin)s? with\b/, example: "private fields start with m_" },
  {
    position: "suffix",
    pattern: /\b(?:suffix(?:ed|es)?|trailing)\b/,
    example: "no trailing Impl on classes",
  },
  { position: "suffix", pattern: /后缀/, example: "不再用 DTO 后缀了" },
  { position: "suffix", pattern: /\bends? (?:in|with)\b/, example: "async methods end in Async" },
]);

const POSITIONS = NAME_POSITIONS.entries.map((entry) => ({
  position: entry.position,
  pattern: new RegExp(entry.pattern.source, "giu"),
}));

/** `text` with each word of a name position read as the one word it means ("leading" → "prefix"). */
export function withNamePositions(text: string): string {
  return POSITIONS.reduce((said, { position, pattern }) => said.replace(pattern, position), text);
}
