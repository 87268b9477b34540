/**
 * Switches to a thing the slot lexicon does not know: "clap is too heavy for our binary size budget
 * … we're switching to argh", "valibot's error messages are a mess for i18n. switch to arktype
 * instead". The message names a value a convention of the project holds in a slot (clap as the CLI
 * parser), and a sentence of it tells of a switch to one other thing: that thing is the slot's new
 * value, though no entry names it. So the newer rule supersedes the older one like any change of a
 * slot (docs/learning.md, "Switches to a thing no entry names"). Pure.
 */
import { SWITCH_CUES } from "../lexicon/switch-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { escapeRegExp, saysWord } from "../regexp.js";
import type { HeldSlotValue, HeldValues } from "./named-values.js";
import { type SlotFinding, slotWork } from "./slot-rule.js";

/** A name said with a version ("Rails 8", "node 22"): a version, not a switch to another thing. */
const VERSIONED = (term: string) => new RegExp(`\\b${escapeRegExp(term)}\\s*v?\\d`, "i");

/** A word said after an article ("the main branch"): a common noun, not a thing's name. */
const ARTICLED = (term: string) =>
  new RegExp(`\\b(?:the|a|an|our|this|that)\\s+${escapeRegExp(term)}\\b`, "i");

/** A thing's name: one word, as tools and libraries are named (argh, go-cmp, @corp/logger). */
const NAME = /^[\w@][\w@./+-]*$/;

/**
 * The value the project holds that `message` names, when it names the values of one slot only
 * ("clap is too heavy…, half of it is clap" → cli-parser = clap); else null.
 */
export function heldSlotNamedIn(message: string, held: HeldValues): HeldSlotValue | null {
  const named = held.slots.filter(({ value }) => saysWord(message, value));
  const [first] = named;
  return first !== undefined && named.every(({ id }) => id === first.id) ? first : null;
}

/**
 * The slot a sentence switches to a new value of: it tells of a switch ("we're switching to argh",
 * "switch to arktype instead": see switch-cues.ts) and says to use one thing that is not the value
 * held (`from`), and not with a version ("we upgraded to Rails 8" names a version of Rails).
 */
export function switchedValue(sentence: string, from: HeldSlotValue): SlotFinding | null {
  if (!SWITCH_CUES.test(sentence)) return null;
  // One name, not a phrase ("switch to the main branch instead" names no library).
  const use = [...preferenceTerms(sentence).use].filter(
    (term) =>
      term !== from.value &&
      NAME.test(term) &&
      !VERSIONED(term).test(sentence) &&
      !ARTICLED(term).test(sentence),
  );
  const [term] = use;
  if (term === undefined || use.length !== 1) return null;
  const index = sentence.toLowerCase().indexOf(term);
  return { slot: from.id, value: term, work: slotWork(from.id), index: Math.max(index, 0) };
}
