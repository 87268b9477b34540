/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** True when `text` says `word` as a word of its own, in any case ("lg_" in "…the prefix lg_", not in "plg_x"). */
export function saysWord(text: string, word: string): boolean {
  return new RegExp(`(?<![\\p{L}\\p{N}_])${escapeRegExp(word)}(?![\\p{L}\\p{N}_])`, "iu").test(text);
}

/**
 * One regular expression that matches where any of `patterns` does: long alternations written as a
 * list, each alternative with its own example, instead of one unreadable line.
 */
export function anyOf(patterns: readonly RegExp[], flags = ""): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join("|"), flags);
}
