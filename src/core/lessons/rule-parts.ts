/**
 * The parts of a rule: its clauses, split at commas, semicolons, full stops and "and". A rule
 * states more than one value when a clause other than the one that writes it is a rule of its own
 * ("Uppercase SQL keywords, CTEs instead of nested subqueries"): a change of that value amends the
 * rule and keeps the rest (docs/lessons.md, "Supersession"). Pure.
 */
import { valuesWritten } from "../conventions/named-values.js";
import { memberSlotsNamed, readSlots } from "../conventions/slot-rule.js";
import { ruleShape } from "../lexicon/rule-shapes.js";
import { saysUpdate } from "../lexicon/update-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";

/** Where one clause of a rule ends and the next begins. */
const CLAUSE_BREAK = /[,;，；。]\s*|\.\s+|\s+(?:and|but|plus)\s+|\s+[—–-]\s+/gi;

/** The clauses of `rule` with where each starts. */
function clausesWithStart(rule: string): Array<{ text: string; start: number }> {
  const clauses: Array<{ text: string; start: number }> = [];
  let start = 0;
  for (const found of rule.matchAll(CLAUSE_BREAK)) {
    const at = found.index ?? 0;
    clauses.push({ text: rule.slice(start, at), start });
    start = at + found[0].length;
  }
  clauses.push({ text: rule.slice(start), start });
  return clauses.filter((clause) => clause.text.trim() !== "");
}

/** True when a rule tells of a change: an update ("now", 改成), a change's shape, or a thing it drops. */
export function tellsChange(rule: string): boolean {
  return saysUpdate(rule) || ruleShape(rule) === "change" || preferenceTerms(rule).avoid.size > 0;
}

/**
 * True when a clause says what to use or avoid, sets a slot, or has a rule's shape; not when it
 * tells of the change itself ("We're moving off joi — zod schemas from now on").
 */
function isRuleClause(clause: string): boolean {
  const terms = preferenceTerms(clause);
  const shape = ruleShape(clause);
  if (shape === "change") return false;
  return terms.use.size > 0 || terms.avoid.size > 0 || shape !== null || readSlots(clause).length > 0;
}

/**
 * True when a clause of `rule` other than the one at `index` is a rule of its own: "Uppercase SQL
 * keywords, CTEs instead of nested subqueries" says more than its keyword case.
 */
export function statesMoreBeside(rule: string, index: number): boolean {
  const clauses = clausesWithStart(rule);
  return clauses.some(
    (clause, at) =>
      !(clause.start <= index && index < (clauses[at + 1]?.start ?? rule.length)) &&
      isRuleClause(clause.text),
  );
}

/**
 * What a rule says right after a value it replaces that belongs to that value alone: a detail of how
 * the old tool is used, written in code and setting no slot of its own (" with codegen adapters
 * (@JsonClass(generateAdapter = true))" after Moshi). An amended rule leaves it out, for the new
 * value is used another way; a detail that names a tool of a slot ("xUnit with FluentAssertions") stays.
 * Returns the length of the detail, 0 when there is none.
 */
export function detailOfValue(after: string): number {
  const detail = /^(?:\s+(?:with|using|via)\s+[^,;]*?(?=\s*(?:[,;]|\.(?!\w)|$))|\s*\([^)]*\)+)/i.exec(
    after,
  )?.[0];
  if (detail === undefined) return 0;
  const ownSlot = readSlots(detail).length > 0 || memberSlotsNamed(detail).length > 0;
  return valuesWritten(detail).length > 0 && !ownSlot ? detail.length : 0;
}

/** A value written as an address: a host, its port and path ("staging.pulse-app.io", "mlflow.internal:5000"). */
const ADDRESS =
  /^(?:https?:\/\/\S+|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|dev|app|ai|co|cloud|internal|local|lan|corp|cn|de|eu|uk|us|jp|sh|run|site|tech)(?::\d+)?(?:\/\S*)?)$/i;

/**
 * True when `fresh` can take the place of `old` in the words of a rule: an address only for an
 * address ("staging is https://staging.acme.io" does not become "https://eu" when staging moves to
 * the eu cluster; the rule is superseded instead).
 */
export function replacesInPlace(old: string, fresh: string): boolean {
  return ADDRESS.test(old) === ADDRESS.test(fresh);
}
