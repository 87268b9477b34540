/**
 * How a slot's values are compared and written back. A value read through a table of names (a
 * human language: "English", 英文, 英语 → en; see `names` in slot-entry.ts) is one value however a
 * rule writes it — also as stored by an older reading that kept the word ("english", "中文") — and
 * is written back in the words of the rule it goes into: 中文 → 英文, Chinese → English. Pure.
 */
import { CJK_CHARACTER } from "../lexicon/language.js";
import { SLOTS } from "../lexicon/slots.js";

/** The slots whose values are read through names, as [head, tail] around `{what}`, with the names. */
const NAMED_VALUES = SLOTS.entries.flatMap((entry) =>
  entry.value.from === "group" && entry.value.names !== undefined
    ? [{ parts: entry.slot.split("{what}"), names: entry.value.names }]
    : [],
);

/** The names `slot`'s values are read through (as written, lower case → as stored), if any. */
function namesOf(slot: string): Readonly<Record<string, string>> | undefined {
  return NAMED_VALUES.find(({ parts: [head = "", tail] }) =>
    tail === undefined ? slot === head : slot.startsWith(head) && slot.endsWith(tail),
  )?.names;
}

/** A value of `slot` as stored: the one its name stands for ("english" → en), else itself. */
export function canonicalValue(slot: string, value: string): string {
  return namesOf(slot)?.[value.toLowerCase()] ?? value;
}

/** True when two values of `slot` are one value, however each is written ("en" and "English"). */
export function sameValue(slot: string, first: string, second: string): boolean {
  return canonicalValue(slot, first) === canonicalValue(slot, second);
}

/**
 * The ways a rule writes a value of `slot`: itself, and every name that stands for it (en →
 * english, 英文, 英语). Lower case but for the value itself.
 */
export function writtenForms(slot: string, value: string): string[] {
  const names = namesOf(slot) ?? {};
  const stored = canonicalValue(slot, value);
  return [...new Set([value, ...Object.keys(names).filter((name) => names[name] === stored)])];
}

/**
 * True when `slot`'s values are written by name (a language), so a value is written back as the
 * rule it goes into writes such a value (see {@link writtenLike}).
 */
export function writtenByName(slot: string): boolean {
  return namesOf(slot) !== undefined;
}

/**
 * `value` of `slot` written as `like` is (a name of another value of the slot, as a rule wrote it):
 * in its script, with its last character where a name has one alike (中文 → 英文, 汉语 → 英语), and
 * its capitals (Chinese → English). Null when no name of the value is written in that script.
 */
export function writtenLike(slot: string, value: string, like: string): string | null {
  const cjk = CJK_CHARACTER.test(like);
  const inScript = writtenForms(slot, value).filter((form) => CJK_CHARACTER.test(form) === cjk);
  // A name other than the stored value ("English" for `en`), or the value itself when it is the name ("singular").
  const named = inScript.filter((form) => form !== canonicalValue(slot, value));
  const forms = named.length > 0 ? named : inScript;
  const form = forms.find((name) => name.at(-1) === like.at(-1)) ?? forms[0];
  if (form === undefined) return null;
  if (cjk || like.toLowerCase() === like) return form;
  if (like.toUpperCase() === like) return form.toUpperCase();
  return `${form.charAt(0).toUpperCase()}${form.slice(1)}`;
}
