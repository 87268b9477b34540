/**
 * Confirmations: a sentence that only points back at the rule before it as standing ("Prefer that
 * everywhere.", "that goes for everything under fw/.", 以后都这样). The rule it confirms is lasting,
 * and the confirmation is quoted with it, never stored as a rule of its own. See docs/learning.md. Pure.
 */
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { pointsBackOnly } from "../lexicon/pronoun-objects.js";
import { endsAsQuestion } from "../lexicon/question-forms.js";
import { type MessageReading, readUnit } from "./convention-reading.js";
import type { RuleUnit } from "./convention-units.js";
import { ruleOf } from "./convention-words.js";

/**
 * The sentence after a unit that only points back at it as standing ("Prefer that everywhere.",
 * "that goes for everything under fw/."), over one sentence between that states no rule and asks
 * nothing (a reason: "…, so plain int sizes have bitten us before."); undefined when there is none.
 */
export function confirmationOf(
  units: readonly RuleUnit[],
  position: number,
  reading: MessageReading,
): RuleUnit | undefined {
  const next = units[position + 1];
  if (next === undefined) return undefined;
  if (pointsBackOnly(next.text)) return next;
  const after = units[position + 2];
  const between = ruleOf(stripLeadIns(next.text));
  return after !== undefined &&
    pointsBackOnly(after.text) &&
    !endsAsQuestion(between) &&
    readUnit(next, between, reading).length === 0
    ? after
    : undefined;
}
