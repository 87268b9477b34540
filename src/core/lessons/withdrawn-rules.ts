/**
 * Withdrawn rules: a lesson that only takes a rule back by its name ("forget the @timed rule, the
 * runner traces every transform now. pull it out of buoys.py") supersedes the rule it names, and is
 * then archived itself: what it said has been applied, and recalled on its own it would only put
 * the withdrawn thing back in front of the agent. One that says what holds instead ("docstring
 * 那条不用了，参数说明统一写在 configs/*.toml 里") is a rule of its own and stays
 * (docs/lessons.md#withdrawn-rules). Pure.
 */
import { isInstruction } from "../lexicon/imperative-verbs.js";
import { languageOf } from "../lexicon/language.js";
import { statesNorm } from "../lexicon/norms.js";
import { pointsBackOnly } from "../lexicon/pronoun-objects.js";
import { givesReason } from "../lexicon/reason-clauses.js";
import { ruleShape } from "../lexicon/rule-shapes.js";
import { hasStandingMarker } from "../lexicon/standing-markers.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";

/**
 * True when a clause says what holds — a lasting marker, a rule's shape, a norm, or an instruction
 * not about "it" — and gives no reason ("it is no longer required").
 */
function prescribes(clause: string): boolean {
  const zh = languageOf(clause) === "zh";
  if (givesReason(clause)) return false;
  return (
    hasStandingMarker(clause) ||
    ruleShape(clause) !== null ||
    (!zh && statesNorm(clause)) ||
    (isInstruction(clause, zh) && !pointsBackOnly(clause))
  );
}

/**
 * True when `rule` takes a rule back by its name and says nothing that holds instead: its other
 * clauses only give a reason ("the decorator is just noise") or a step that applies the withdrawal
 * ("pull it out of buoys.py").
 */
export function withdrawsOnly(rule: string): boolean {
  const found = withdrawalIn(rule);
  if (found === null) return false;
  const rest = `${rule.slice(0, found.index)} ${rule.slice(found.end)}`;
  return !rest
    .split(/[.!?;。！？；，,:：]+\s*/)
    .map((clause) => clause.trim())
    .some((clause) => clause !== "" && prescribes(clause));
}

/** What an applied withdrawal is archived with: "withdrawal applied: <ids> taken back". */
const APPLIED = "withdrawal applied: ";

/**
 * The reason an applied withdrawal is archived with: what it took back ("withdrawal applied: 01H…
 * taken back"), or the withdrawal in its words applied before it ("withdrawal applied: by 01H…").
 */
export function withdrawalApplied(taken: readonly string[], already: string | null): string {
  return `${APPLIED}${taken.length > 0 ? `${taken.join(", ")} taken back` : `by ${already}`}`;
}

/** True when `lesson` is a withdrawal archived once applied. */
export function wasApplied(lesson: { status: string; statusReason?: string | null }): boolean {
  return lesson.status === "archived" && (lesson.statusReason ?? "").startsWith(APPLIED);
}

/**
 * True when `lesson` is a withdrawal applied already that takes back the rule `rule` names: the
 * same withdrawal read again, by another rule of its message or with fewer of its words.
 */
export function appliedAlready(
  lesson: { rule: string; status: string; statusReason?: string | null },
  rule: string,
): boolean {
  if (!wasApplied(lesson)) return false;
  if (lesson.rule === rule) return true;
  const mine = withdrawalIn(rule)?.name.join(" ");
  return mine !== undefined && mine === withdrawalIn(lesson.rule)?.name.join(" ");
}
