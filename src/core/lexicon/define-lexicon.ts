/**
 * Rules as data: one lexicon per idea (standing markers, prohibitions, imperative verbs, slots,
 * correction openers, small talk…), each a list of entries, every entry a pattern with one example
 * sentence it matches. A lexicon is compiled once into one expression; adding a wording is adding
 * an entry with its example. The examples are a table test (lexicon-examples.test.ts). Pure.
 */
import { anyOf } from "../regexp.js";

/** One wording of an idea: the pattern that reads it, and a sentence it matches. */
export interface LexiconEntry {
  /** Written without flags: the lexicon's flags apply. */
  readonly pattern: RegExp;
  /** A sentence the pattern matches (documentation and a test case). */
  readonly example: string;
}

/**
 * What a lexicon is run on: the text as written (read with the lexicon's flags), or `masked` text —
 * lower-cased, with code, quotes and URLs hidden (signal-text's `maskText`), as the graded signals
 * and the memory gate read a message.
 */
export type LexiconReads = "text" | "masked";

/** A named list of entries, compiled once. */
export interface Lexicon<Entry extends LexiconEntry = LexiconEntry> {
  readonly name: string;
  readonly entries: readonly Entry[];
  /** The flags every entry is read with. */
  readonly flags: string;
  /** What text it is run on. */
  readonly reads: LexiconReads;
  /** Every entry as one expression; matches where any entry does (not global: no state to reset). */
  readonly pattern: RegExp;
  /** True when any entry matches `text`. */
  test(text: string): boolean;
}

/**
 * A lexicon of `entries` read with `flags` (default case-insensitive) on text as written: one
 * expression that matches where any entry does (see `anyOf`).
 */
export function defineLexicon<Entry extends LexiconEntry>(
  name: string,
  entries: readonly Entry[],
  flags = "i",
  reads: LexiconReads = "text",
): Lexicon<Entry> {
  const pattern = anyOf(
    entries.map((entry) => entry.pattern),
    flags,
  );
  return { name, entries, flags, reads, pattern, test: (text) => pattern.test(text) };
}

/**
 * A cue lexicon: entries written in lower case and run on masked text (see {@link LexiconReads}),
 * as the graded signals and the memory gate read a message.
 */
export function cueLexicon<Entry extends LexiconEntry>(
  name: string,
  entries: readonly Entry[],
): Lexicon<Entry> {
  return defineLexicon(name, entries, "", "masked");
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
