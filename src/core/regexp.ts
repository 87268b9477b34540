/** `text` as a regular expression that matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * One regular expression that matches where any of `patterns` does: long alternations written as a
 * list, each alternative with its own example, instead of one unreadable line.
 */
export function anyOf(patterns: readonly RegExp[], flags = ""): RegExp {
  return new RegExp(patterns.map((pattern) => `(?:${pattern.source})`).join("|"), flags);
}
