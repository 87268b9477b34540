/**
 * A slot's work said to be done by hand, without a tool ("we write the mappings by hand", 对象转换
 * 手写): the value `by hand`, however it is written. Part of the slot lexicon (slots.ts). Pure.
 */
import { escapeRegExp } from "../regexp.js";
import type { SlotEntry } from "./slot-entry.js";

/** Work said to be done without a tool: one value, however it is written. */
const BY_HAND: Readonly<Record<string, string>> = {
  "by hand": "by hand",
  "hand-written": "by hand",
  handwritten: "by hand",
  "hand written": "by hand",
  "hand-rolled": "by hand",
  手写: "by hand",
  手动写: "by hand",
};
/** The same, as one alternation: the longest first. */
const BY_HAND_WORDS = Object.keys(BY_HAND)
  .sort((first, second) => second.length - first.length)
  .map(escapeRegExp)
  .join("|");

/**
 * The slot's work said to be done by hand, after its subject or before it ("we write the mappings
 * by hand as extension methods", "hand-written mappings", "对象转换手写"): the value `by hand`, which
 * a tool of the slot named before it gives way to.
 */
export function byHand(
  slot: string,
  work: readonly string[],
  subject: RegExp,
  examples: readonly [after: string, before: string],
): SlotEntry[] {
  /** The capture groups of the subject itself: the value's group comes after them. */
  const groups = (new RegExp(`${subject.source}|`).exec("")?.length ?? 1) - 1;
  const value = { from: "group" as const, value: groups + 1, names: BY_HAND };
  return [
    {
      slot,
      work,
      pattern: new RegExp(
        String.raw`(?<![\w-])(?:${subject.source})(?![\w-])[^.;:。；：]{0,30}?(${BY_HAND_WORDS})(?![\w-])`,
      ),
      example: examples[0],
      value,
    },
    {
      slot,
      work,
      pattern: new RegExp(
        String.raw`(?<![\w-])(${BY_HAND_WORDS})\s*(?:的\s*)?(?:${subject.source})(?![\w-])`,
      ),
      example: examples[1],
      value: { ...value, value: 1 },
    },
  ];
}
