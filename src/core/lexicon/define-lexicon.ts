/**
 * Rules as data: one lexicon per idea (standing markers, prohibitions, imperative verbs, slots…),
 * each a list of entries, every entry a pattern with one example sentence it matches. A lexicon is
 * compiled once into one expression; adding a wording is adding an entry with its example. The
 * examples are a table test (lexicon-examples.test.ts). Pure.
 */
import { anyOf } from "../regexp.js";

/** One wording of an idea: the pattern that reads it, and a sentence it matches. */
export interface LexiconEntry {
  /** Written without flags: the lexicon's flags apply. */
  pattern: RegExp;
  /** A sentence the pattern matches (documentation and a test case). */
  example: string;
}

/** A named list of entries, compiled once. */
export interface Lexicon<Entry extends LexiconEntry = LexiconEntry> {
  name: string;
  entries: readonly Entry[];
  /** The flags every entry is read with. */
  flags: string;
  /** Every entry as one expression. */
  pattern: RegExp;
  /** True when any entry matches `text`. */
  test(text: string): boolean;
}

/**
 * A lexicon of `entries` read with `flags` (default case-insensitive): one expression that matches
 * where any entry does (see `anyOf`).
 */
export function defineLexicon<Entry extends LexiconEntry>(
  name: string,
  entries: readonly Entry[],
  flags = "i",
): Lexicon<Entry> {
  const pattern = anyOf(
    entries.map((entry) => entry.pattern),
    flags,
  );
  return { name, entries, flags, pattern, test: (text) => pattern.test(text) };
}

/** The entries of `lexicon` that match `text`, each compiled once with the lexicon's flags. */
export function compiledEntries<Entry extends LexiconEntry>(
  lexicon: Lexicon<Entry>,
): ReadonlyArray<{ entry: Entry; pattern: RegExp }> {
  return lexicon.entries.map((entry) => ({
    entry,
    pattern: new RegExp(entry.pattern.source, lexicon.flags),
  }));
}
