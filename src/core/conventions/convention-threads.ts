/**
 * What ties a unit of a message to a rule said before it (convention-rule.ts): a drop or a
 * prohibition that leans on its neighbour, words on the value a rule just set, what is said of a
 * thing a rule drops, a change that sets no slot and the sentence that says what it changed to, a
 * clause about "the" thing of the clause before. Pure.
 */

import { withoutAsides } from "../lexicon/asides.js";
import { droppedThings } from "../lexicon/dropped-things.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { forbids } from "../lexicon/negations.js";
import { hasStrongStandingMarker } from "../lexicon/standing-markers.js";
import { saysUpdate } from "../lexicon/update-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { escapeRegExp } from "../regexp.js";
import { dropsAThing } from "./convention-announcements.js";
import type { ConventionFinding } from "./convention-reading.js";
import { type RuleUnit, span } from "./convention-units.js";
import { clean, ruleOf } from "./convention-words.js";
import { memberSlotsNamed, readSlots } from "./slot-rule.js";

/** True when a clause drops or forbids a thing: it leans on the rule next to it ("Yarn is gone"). */
export function leans(clause: string): boolean {
  // An example in brackets is no prohibition ("route paths are kebab-case (/a-b, not /aB)").
  const said = withoutAsides(clause);
  return dropsAThing(said) || forbids(said);
}

/** True when `text` names the value `finding` sets ("tracing + tracing-subscriber …" after "we're on tracing now"). */
export function speaksOfValue(text: string, finding: ConventionFinding): boolean {
  const value = finding.slot?.value;
  return value != null && value !== "avoid" && saysWord(text, value);
}

/** True when `text` names a thing `rule` drops ("… can't depend on Truth" after "swapping Truth for AssertK"). */
export function speaksOfDropped(text: string, rule: string): boolean {
  return [...preferenceTerms(rule).avoid].some((term) => namedInRule(rule, term) && saysWord(text, term));
}

/** True when `rule` writes `term` as a name: capitalised or with code's marks ("FormRequests", "Truth", not "raise"). */
export function namedInRule(rule: string, term: string): boolean {
  return /[A-Z._@/\d-]/.test(wordAsWritten(rule, term) ?? "");
}

/** True when `findings` of `text` set no slot and `text` names nothing to use: it may only say more of a drop. */
export function saysMoreOfDrop(text: string, findings: readonly ConventionFinding[]): boolean {
  return findings.every((finding) => finding.slot === null) && preferenceTerms(text).use.size === 0;
}

/** True when a clause is about "the" thing of the clause before it: no slot, no marker of its own. */
export function saysMoreOfThe(text: string, found: readonly ConventionFinding[]): boolean {
  return (
    /^the\s/i.test(text) && !hasStrongStandingMarker(text) && found.every((finding) => finding.slot === null)
  );
}

/** True when `text` says `word` as a word of its own, in any case. */
export function saysWord(text: string, word: string): boolean {
  return wordAsWritten(text, word) !== null;
}

/** `word` as `text` writes it, as a word of its own and in any case ("Truth" for `truth`), or null. */
function wordAsWritten(text: string, word: string): string | null {
  return new RegExp(`(?<![\\w-])${escapeRegExp(word)}(?![\\w-])`, "i").exec(text)?.[0] ?? null;
}

/** True when words say a thing changed and drop it, with no prohibition ("gigalixir -> our own k8s cluster"). */
export function changes(text: string): boolean {
  return saysUpdate(text) && dropsAThing(text) && !forbids(text);
}

/**
 * True when `change` changes what `text` sets (see `changes`): `text` names a slot's value, and the
 * things dropped are tools of no slot, or of that one ("gigalixir -> our own k8s cluster" then
 * "deploy is `make deploy`"; not "we moved off moment" then "tests use vitest").
 */
export function changesTo(change: string, text: string): boolean {
  if (!changes(change)) return false;
  const set = readSlots(text).filter((found) => found.value !== null && found.value !== "avoid");
  if (set.length === 0 || readSlots(change).some((found) => found.value !== null)) return false;
  const named = memberSlotsNamed(change);
  return named.length === 0 || set.some((found) => named.includes(found.slot));
}

/** True when every thing `drop` drops is named in `rule` already. */
export function saysDropped(rule: string, drop: string): boolean {
  const said = rule.toLowerCase();
  return droppedThings(drop).every((name) => name.every((word) => said.includes(word)));
}

/**
 * A finding with the words of `units` after its rule: the words said before it that say what it
 * drops ("… Forget what I said about WebClient"), or a fragment said after it ("… Included from
 * db.changelog-master.yaml").
 */
export function withUnits(
  message: string,
  finding: ConventionFinding,
  units: readonly RuleUnit[],
  before: boolean,
): ConventionFinding {
  const stop = finding.language === "zh" ? "。" : ". ";
  const said = units.map((unit) => clean(ruleOf(stripLeadIns(unit.text))));
  const texts = units.map((unit) => unit.text);
  const [first, last] = before
    ? [texts[0] as string, finding.quote]
    : [finding.quote, texts.at(-1) as string];
  return {
    ...finding,
    rule: [finding.rule, ...said].join(stop),
    quote: span(message, first, last) ?? (before ? [...texts, last] : [first, ...texts]).join(" "),
  };
}
