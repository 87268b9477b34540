/**
 * List markers: how people list several rules in one message — a bullet or a number at the start of
 * a line ("- tests are JUnit 5", "2. squash before merging", "①组件文件名用大驼峰", "一、实体类以 DO 结尾"),
 * or numbers in a running line ("a few house rules. 1) deps are managed with poetry … 2) every
 * staging table gets the stg_ prefix"). Each list item is a rule of its own, read without its
 * marker. Markers `inline` count only as a run numbered from one (1, 2, 3…), so that "see note 2)"
 * is no list. Each pattern matches the marker itself, at the place it is read (a line's start, or
 * after a space or a break in a running line). Pure.
 */
import { defineLexicon, type LexiconEntry } from "./define-lexicon.js";

/** Where a marker is read: at the start of a line, or in a running line (numbered from one). */
export type ListMarkerPlace = "line" | "inline";

/** One wording of a list marker; `inline` markers capture their number in group 1. */
export interface ListMarker extends LexiconEntry {
  place: ListMarkerPlace;
}

const marker = (place: ListMarkerPlace, pattern: RegExp, example: string): ListMarker => ({
  place,
  pattern,
  example,
});

/** Every list marker: at a line's start, then in a running line. */
export const LIST_MARKERS = defineLexicon(
  "list-markers",
  [
    marker("line", /^[ \t]*[-*•·▪‣+][ \t]+/, "- tests are JUnit 5, never JUnit 4"),
    marker("line", /^[ \t]*\d{1,2}[.)）、](?!\d)[ \t]*/, "2. squash before merging"),
    marker("line", /^[ \t]*[(（]\d{1,2}[)）][ \t]*/, "(1) deps are managed with poetry"),
    marker("line", /^[ \t]*[a-h][.)][ \t]+/, "a) flags are kebab-case"),
    marker("line", /^[ \t]*[①-⑳][ \t]*/, "①组件文件名用大驼峰"),
    marker("line", /^[ \t]*[一二三四五六七八九十]{1,2}[、.．][ \t]*/, "一、实体类一律以 DO 结尾"),
    marker(
      "inline",
      /(?<=^|[\s:：;；,，.。])(\d{1,2})[)）][ \t]*/,
      "a few house rules. 1) deps are managed with poetry 2) every staging table gets the stg_ prefix",
    ),
    marker(
      "inline",
      /(?<=^|[\s:：;；,，.。])[(（](\d{1,2})[)）][ \t]*/,
      "两条规定：(1) 实体类以 DO 结尾 (2) 日志用 slf4j",
    ),
    marker(
      "inline",
      /(?<=^|[\s:：;；,，.。])(\d)\.[ \t]+(?=[A-Za-z\u4e00-\u9fff])/,
      "rules: 1. tabs for indentation 2. never push to main",
    ),
  ],
  "mu",
);

/** The markers read at a line's start, as one expression. */
export const LINE_MARKER = new RegExp(
  LIST_MARKERS.entries
    .filter((entry) => entry.place === "line")
    .map((entry) => `(?:${entry.pattern.source})`)
    .join("|"),
  "u",
);

/** The markers read in a running line, each global, its number in group 1. */
export const INLINE_MARKERS: readonly RegExp[] = LIST_MARKERS.entries
  .filter((entry) => entry.place === "inline")
  .map((entry) => new RegExp(entry.pattern.source, "gu"));
