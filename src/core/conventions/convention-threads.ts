/**
 * What ties a unit of a message to a rule said before it (convention-rule.ts): a drop or a
 * prohibition that leans on its neighbour, words on the value a rule just set, what is said of a
 * thing a rule drops, a change that sets no slot and the sentence that says what it changed to, a
 * clause about "the" thing of the clause before. Pure.
 */

import { withoutAsides } from "../lexicon/asides.js";
import { droppedThings } from "../lexicon/dropped-things.js";
import { ITEM_OPENERS } from "../lexicon/item-openers.js";
import { kindsOfWorkIn } from "../lexicon/kinds-of-work.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { forbids } from "../lexicon/negations.js";
import { REPLACES_WHAT_CAME_BEFORE } from "../lexicon/pronoun-objects.js";
import { politeRequestRest } from "../lexicon/question-forms.js";
import { hasStrongStandingMarker } from "../lexicon/standing-markers.js";
import { saysUpdate } from "../lexicon/update-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { escapeRegExp } from "../regexp.js";
import { dropsAThing } from "./convention-announcements.js";
import type { ConventionFinding } from "./convention-reading.js";
import { type RuleUnit, span } from "./convention-units.js";
import { clean, ruleOf } from "./convention-words.js";
import { valuesWritten } from "./named-values.js";
import { memberNamed, memberSlotsNamed, readSlots, type SlotFinding } from "./slot-rule.js";

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
  // As a whole word: "the Makefile" does not say "make".
  return droppedThings(drop).every((name) => name.every((word) => saysWord(rule, word)));
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

/**
 * True when `text` only recalls a thing by a value it names, as a question ("Remember the fx_
 * prefix?", "还记得 sys_ 前缀吗？"): the rule said right after it, if it tells of a change with
 * nothing of its own to replace ("We now use op_ instead"), replaces that value, and the two are one
 * rule (see `replacesRecalled`).
 */
export function recallsValue(text: string): boolean {
  return (
    /[?？]\s*$|吗\s*$/u.test(text.trim()) &&
    valuesWritten(text).length > 0 &&
    !leans(text) &&
    // A request asked politely recalls nothing: "Can you convert the HomeViewModel as a start?".
    politeRequestRest(text) === null
  );
}

/**
 * True when the rule `quote` replaces what was said just before it: "instead" with no "of", "in its
 * place", 改用/换成 at its start, or a change in its own words that names no thing it drops.
 */
export function replacesRecalled(quote: string): boolean {
  return (
    REPLACES_WHAT_CAME_BEFORE.test(quote) || (saysUpdate(quote) && preferenceTerms(quote).avoid.size === 0)
  );
}

/**
 * A rule that replaces the value `recalled` names (see `recallsValue`), quoted with it: "We now use
 * op_ instead" after "Remember the fx_ prefix?" is "We now use op_ instead of fx_"; a rule that does
 * not end on its "instead" keeps the question after it.
 */
export function withRecalled(
  message: string,
  finding: ConventionFinding,
  recalled: RuleUnit,
): ConventionFinding {
  const values = valuesWritten(recalled.text);
  const joined = withUnits(message, finding, [recalled], true);
  const old = values.length === 1 ? values[0]?.name : undefined;
  return old !== undefined && /\binstead$/i.test(finding.rule)
    ? { ...joined, rule: `${finding.rule} of ${old}` }
    : joined;
}

/**
 * True when the drop `text` names values of no shape the rule `before` it writes: it drops another
 * kind of thing ("… jotai is what we use for shared state. And you can stop wrapping pages in
 * withSentry"), not the old value of that rule ("the prefix is now n_. wr_ is retired").
 */
export function dropsAnotherKind(text: string, before: string): boolean {
  // The values it drops, not the ones it says to use beside them ("vi.fn(), vi.mock() — no jest.*").
  const avoided = [...preferenceTerms(text).avoid];
  const dropped = valuesWritten(text).filter(
    (value) =>
      avoided.length === 0 || avoided.some((term) => value.key.includes(term) || term.includes(value.key)),
  );
  const shapes = new Set(valuesWritten(before).map((value) => value.shape));
  // A thing the rule names already is the same thing ("… instead of @sensor_safe. sensor_safe gets deleted").
  const said = before.toLowerCase();
  return (
    dropped.length > 0 &&
    !dropped.some((value) => shapes.has(value.shape) || said.includes(value.key.replace(/^@/, "")))
  );
}

/**
 * The rule `finding` with the units said before it that say what it replaces (`dropped`), or the
 * value it `recalls` (see `withRecalled`); what those words name may give it its slot ("I've
 * changed my mind on docstrings. We're going with numpy style" → docstring-style).
 */
export function withDropped(
  message: string,
  finding: ConventionFinding,
  dropped: readonly RuleUnit[],
  recalls: boolean,
): ConventionFinding {
  const joined = recalls
    ? withRecalled(message, finding, dropped[0] as RuleUnit)
    : withUnits(message, finding, dropped, true);
  const said = `${dropped.map((unit) => unit.text).join(" ")} ${finding.quote}`;
  const slot =
    joined.slot ??
    readSlots(said).find(
      (found) => found.value !== null && finding.quote.toLowerCase().includes(found.value),
    ) ??
    null;
  return { ...joined, slot, work: [...new Set([...joined.work, ...(slot?.work ?? [])])] };
}

/**
 * Another tool of the slot the rule `finding` sets, named by `text` right after it: what the rule
 * meant ("use the logger" then "structlog, log = structlog.get_logger() …"); null otherwise.
 */
export function namesValueOf(finding: ConventionFinding, text: string): SlotFinding | null {
  const slot = finding.slot;
  if (slot === null || slot.value === null || slot.value === "avoid") return null;
  const named = memberNamed(text);
  // Not a member the text drops ("vi.fn(), vi.mock() — no jest.* anywhere").
  return named?.slot === slot.slot &&
    named.value !== slot.value &&
    !preferenceTerms(text).avoid.has(named.value ?? "")
    ? named
    : null;
}

/**
 * True when `text` opens another item of a message ("另外请求层也换了…", "also, …"): it continues no
 * rule said before it, and the rule it states replaces nothing a drop before it named.
 */
export function opensAnotherItem(text: string): boolean {
  return ITEM_OPENERS.test(text.trim());
}

/**
 * The rule `last` with the unit said right after it that names its value: what a drop is replaced
 * with ("the #[Authorize] attribute is deprecated. … #[RequiresPermission] is what every action
 * carries now"), or the tool a rule of its slot meant (see `namesValueOf`).
 */
export function withValueAfter(
  message: string,
  last: ConventionFinding,
  unit: RuleUnit,
  text: string,
): ConventionFinding {
  const slot =
    namesValueOf(last, text) ?? last.slot ?? readSlots(text).find((found) => found.value !== null) ?? null;
  const work = [...new Set([...last.work, ...(slot?.work ?? []), ...kindsOfWorkIn(text)])];
  return { ...withUnits(message, last, [unit], false), slot, work, kind: slot ? "prefer" : last.kind };
}

/** A value's form: its letters and digits as runs ("eu-west-1" and "eu-central-1" are both "a-a-9"). */
const formOf = (value: string) =>
  value
    .toLowerCase()
    .replace(/\p{L}+/gu, "a")
    .replace(/\d+/g, "9");

/**
 * True when `text` drops a value written in the form of the value `finding` sets, one with marks of
 * its own ("everything new goes to eu-central-1 now. eu-west-1 is legacy only, we don't add anything
 * there"): it says more of that change, however it is marked.
 */
export function dropsValueLike(text: string, finding: ConventionFinding): boolean {
  const value = finding.slot?.value;
  if (value == null || value === "avoid" || !/[-_./\d]/.test(value)) return false;
  return [...preferenceTerms(text).avoid].some((term) => term !== value && formOf(term) === formOf(value));
}

/**
 * True when `text` carries a strong standing marker besides the words that say a thing is dropped
 * ("no feat/ prefix anymore" is marked by its drop alone, "never use wr_ again" is not).
 */
export function markedBeyondDrop(text: string): boolean {
  return hasStrongStandingMarker(text.replace(/\b(?:any ?more|no longer)\b/gi, ""));
}
