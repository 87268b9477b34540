/**
 * The shape of the graded-signal lexicons in this folder: one lexicon per idea, each entry a
 * pattern with one message it matches, compiled once into a single expression.
 */
import { anyOf } from "../regexp.js";

/** One wording of a cue: a pattern run on masked, lower-cased text, and a message it matches. */
export interface CueEntry {
  readonly pattern: RegExp;
  readonly example: string;
}

/** A lexicon compiled once: its entries (for documentation and tests) and one expression. */
export interface CueLexicon {
  readonly entries: readonly CueEntry[];
  /** Matches where any entry does (not global: `test` and `search` need no reset). */
  readonly pattern: RegExp;
}

/** Compile a lexicon's entries into one expression (see `anyOf`). */
export function cueLexicon(entries: readonly CueEntry[]): CueLexicon {
  return { entries, pattern: anyOf(entries.map((entry) => entry.pattern)) };
}
