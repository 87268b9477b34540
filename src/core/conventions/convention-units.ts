/**
 * The units a message states rules in: each list item on its own ("- tests are JUnit 5", "2) every
 * staging table gets the stg_ prefix", "①组件文件名用大驼峰"), read without its marker; within an
 * item or a run of prose, each sentence ("e.g." does not end one, see abbreviations.ts; "；" does),
 * and within a sentence its parts between semicolons ("; "), rules of their own when each is one;
 * a heading glued before a sentence's rule is dropped (see convention-headings.ts).
 * A unit keeps its offsets into the message, so its words are quoted verbatim, and the group it
 * belongs to: every list item is a group of its own, and so is the prose around a list — units of
 * different groups are different rules, never one (see convention-alternatives.ts). Pure.
 */
import { INLINE_MARKERS, LINE_MARKER } from "../lexicon/list-markers.js";
import { splitSentences } from "../lexicon/tokenizer.js";
import { headingLength } from "./convention-headings.js";

/** One unit of a message: its text (no list marker), [start, end) offsets, and its group. */
export interface RuleUnit {
  text: string;
  start: number;
  end: number;
  /** Units of one list item, or of one run of prose, share a group. */
  group: number;
  /** True for the units of a list item. */
  listed: boolean;
  /**
   * Its parts between semicolons ("use tabs; never commit .env"), each read as a rule of its own
   * when every part is one; empty when it has no semicolon.
   */
  parts: RuleUnit[];
}

/** A stretch of the message: [start, end) and the group it is read in. */
interface Stretch {
  start: number;
  end: number;
  group: number;
  listed: boolean;
}

/** Where a run of inline markers numbered 1, 2, 3… starts and where its items' text starts. */
function inlineRun(text: string): Array<{ at: number; body: number }> {
  for (const reader of INLINE_MARKERS) {
    const run: Array<{ at: number; body: number }> = [];
    reader.lastIndex = 0;
    for (const found of text.matchAll(reader)) {
      if (Number(found[1]) !== run.length + 1) continue;
      const at = found.index ?? 0;
      run.push({ at, body: at + found[0].length });
    }
    if (run.length >= 2) return run;
  }
  return [];
}

/**
 * Lines that are list items with no marker: two or more lines in a row right after a line that ends
 * with a colon ("先跟你对齐几条约定哈：" then one rule a line), up to a blank or a marked line.
 */
function bareItems(lines: readonly string[]): Set<number> {
  const items = new Set<number>();
  for (let index = 0; index < lines.length; index++) {
    if (!/[:：]\s*$/.test(lines[index] as string) || LINE_MARKER.test(lines[index] as string)) continue;
    let end = index + 1;
    while (
      end < lines.length &&
      (lines[end] as string).trim() !== "" &&
      !LINE_MARKER.test(lines[end] as string)
    )
      end++;
    if (end - index - 1 >= 2) for (let item = index + 1; item < end; item++) items.add(item);
    index = end - 1;
  }
  return items;
}

/** The stretches of a message: its list items (line markers, then numbered runs) and the prose between. */
function stretches(message: string): Stretch[] {
  const found: Stretch[] = [];
  let group = 0;
  let inItem = false;
  let offset = 0;
  const lines = message.split("\n");
  const bare = bareItems(lines);
  for (const [index, line] of lines.entries()) {
    const marker = LINE_MARKER.exec(line);
    // A marked line starts an item; the lines after it go on with it until a blank line.
    if (marker !== null || bare.has(index)) {
      group += 1;
      inItem = true;
    } else if (inItem && line.trim() === "") {
      group += 1;
      inItem = false;
    }
    const start = offset + (marker?.[0].length ?? 0);
    found.push({ start, end: offset + line.length, group, listed: inItem });
    offset += line.length + 1;
  }
  // Numbered items in a running line ("1) … 2) …") are items of their own; so is what comes before.
  const split: Stretch[] = [];
  for (const stretch of found) {
    const run = inlineRun(message.slice(stretch.start, stretch.end));
    if (run.length === 0) {
      split.push(stretch);
      continue;
    }
    const first = run[0] as { at: number };
    split.push({ ...stretch, end: stretch.start + first.at });
    run.forEach((item, index) => {
      const next = run[index + 1];
      group += 1;
      split.push({
        start: stretch.start + item.body,
        end: next === undefined ? stretch.end : stretch.start + next.at,
        group,
        listed: true,
      });
    });
  }
  return split.filter((stretch) => message.slice(stretch.start, stretch.end).trim() !== "");
}

/** A semicolon between two clauses in a running line ("use tabs; never commit .env"). */
const CLAUSE_BREAK = /;\s+(?=\S)/g;

/** The parts of a unit between semicolons, as units of their own (none when it has no semicolon). */
function partsOf(unit: RuleUnit): RuleUnit[] {
  const breaks = [...unit.text.matchAll(CLAUSE_BREAK)];
  if (breaks.length === 0) return [];
  const parts: RuleUnit[] = [];
  let from = 0;
  for (const end of [...breaks.map((found) => found.index ?? 0), unit.text.length]) {
    const raw = unit.text.slice(from, end);
    const text = raw.trim();
    const at = unit.start + from + raw.indexOf(text);
    if (text !== "") parts.push({ ...unit, text, start: at, end: at + text.length, parts: [] });
    from = end + (breaks.find((found) => found.index === end)?.[0].length ?? 0);
  }
  return parts;
}

/** The units of a message (see {@link RuleUnit}), in order. */
export function ruleUnits(message: string): RuleUnit[] {
  const units: RuleUnit[] = [];
  const all = stretches(message);
  let fresh = Math.max(0, ...all.map((stretch) => stretch.group)) + 1;
  for (const stretch of all) {
    let group = stretch.group;
    let listed = stretch.listed;
    const body = message.slice(stretch.start, stretch.end);
    for (const [index, sentence] of splitSentences(body).entries()) {
      // A marker that opens a sentence of its own ("…；②日志用 slf4j") is no part of its rule.
      const lead = LINE_MARKER.exec(sentence.text)?.[0].length ?? 0;
      const said = sentence.text
        .slice(lead)
        .replace(/[;；]+\s*$/, "")
        .trim();
      // A heading glued before the rule is no part of it ("Before you touch anything: tests …").
      const heading = headingLength(said);
      const text = said.slice(heading);
      if (text === "") continue;
      const at = stretch.start + sentence.start + sentence.text.indexOf(said, lead) + heading;
      if (lead > 0 && index > 0) [group, listed] = [fresh++, true];
      const unit: RuleUnit = { text, start: at, end: at + text.length, group, listed, parts: [] };
      units.push({ ...unit, parts: partsOf(unit) });
    }
  }
  return units;
}

/** The user's words from `first` to the end of `last`, verbatim, or null when not found in order. */
export function span(message: string, first: string, last: string): string | null {
  const start = message.indexOf(first);
  const end = message.indexOf(last, start);
  return start === -1 || end === -1 ? null : message.slice(start, end + last.length);
}
