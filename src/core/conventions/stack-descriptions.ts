/**
 * Stack descriptions: a user describes how the project is built once, clause by clause, usually
 * with no standing marker — "quick lay of the land: it's a TypeScript monorepo, postgres goes
 * through Kysely (schema in packages/db), jobs run on BullMQ, logging is pino, and we deploy to
 * Render", "先说下情况：持久层用 MyBatis-Plus，服务间调用走 Dubbo，配置在 Apollo". A run of
 * sentences is one when two or more of its clauses pair a subject with a value (see
 * slots-described.ts); what it says of how the project is built is standing, and each clause that
 * sets a slot's value is a convention of its own, so a later change to one tool archives that
 * clause alone. Clauses are cut at commas, "and", ；, ，, 、 — never inside brackets, so a
 * parenthesis stays with its clause. A clause that leans on the one before (a reason, "not …", a
 * fragment with no subject) stays with it; one that opens the sentence and is no rule ("it's a
 * TypeScript monorepo", "for context") is dropped. Pure.
 */

import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { fragmentOf, leansOnPrevious } from "../lexicon/leaning-clauses.js";
import { givesReason } from "../lexicon/reason-clauses.js";
import { breaksOf } from "./convention-clauses.js";
import type { RuleUnit } from "./convention-units.js";
import { readSlots, type SlotFinding } from "./slot-rule.js";

/** A break between the clauses of a description. */
const BREAK =
  /[,;]\s+(?:and\s+|but\s+)?|[，；、]\s*(?:并且|而且|另外)?|\s+and\s+(?!so on\b|so forth\b|the like\b)/g;

/** The clauses of a unit between its breaks, with their offsets in the message. */
function cut(unit: RuleUnit): RuleUnit[] {
  const clauses: RuleUnit[] = [];
  let from = 0;
  for (const [at, length] of [...breaksOf(unit.text, BREAK), [unit.text.length, 0] as [number, number]]) {
    const raw = unit.text.slice(from, at);
    const text = raw.trim();
    const start = unit.start + from + raw.indexOf(text);
    if (text !== "") clauses.push({ ...unit, text, start, end: start + text.length, parts: [] });
    from = at + length;
  }
  return clauses;
}

const valued = (text: string): SlotFinding[] =>
  readSlots(stripLeadIns(text)).filter((slot) => slot.value !== null && slot.value !== "avoid");

/** True when a clause leans on the one before it: a reason, "not …", "so …", a fragment. */
function leans(text: string): boolean {
  const said = stripLeadIns(text);
  return leansOnPrevious(said) || givesReason(said) || fragmentOf(said) !== null;
}

/** True when a clause pairs a subject with its value ("logging is pino", "日志用 zap"). */
function describesAChoice(clause: RuleUnit): boolean {
  return !leans(clause.text) && valued(clause.text).some((slot) => slot.described === true);
}

/**
 * The clauses of one unit of a description: each that sets a slot's value, or is a rule by
 * itself (`standsAlone`), with the clauses that lean on it; an opening that is neither is dropped.
 */
function describedClauses(unit: RuleUnit, standsAlone: (clause: RuleUnit) => boolean): RuleUnit[] {
  const kept: RuleUnit[] = [];
  for (const clause of cut(unit)) {
    const last = kept.at(-1);
    const own = !leans(clause.text) && (valued(clause.text).length > 0 || standsAlone(clause));
    if (own) kept.push(clause);
    else if (last !== undefined)
      kept[kept.length - 1] = {
        ...last,
        text: unit.text.slice(last.start - unit.start, clause.end - unit.start),
        end: clause.end,
      };
  }
  return kept;
}

/**
 * For each unit of a message, its clauses when it belongs to a description of the stack (a run of
 * units with a clause that pairs a subject with its value, two such clauses or more in all), else
 * null. A unit that can state no rule (a question, a story…) is given as null and breaks a run;
 * `standsAlone` says whether a clause is a rule by itself.
 */
export function stackDescription(
  units: ReadonlyArray<RuleUnit | null>,
  standsAlone: (clause: RuleUnit) => boolean,
): Array<RuleUnit[] | null> {
  const choices = units.map((unit) => (unit === null ? 0 : cut(unit).filter(describesAChoice).length));
  const result: Array<RuleUnit[] | null> = units.map(() => null);
  for (let start = 0; start < units.length; start++) {
    let end = start;
    while (end < units.length && (choices[end] ?? 0) > 0) end++;
    const total = choices.slice(start, end).reduce((sum, count) => sum + count, 0);
    if (total >= 2)
      for (let at = start; at < end; at++) result[at] = describedClauses(units[at] as RuleUnit, standsAlone);
    start = end;
  }
  return result;
}

/**
 * `slot` unless another clause of the same description already set its slot to another value
 * (`seen`): a description holds one value per slot, so the second is kept without one rather
 * than overturn the first.
 */
export function firstValue(slot: SlotFinding | null, seen: Map<string, string | null>): SlotFinding | null {
  if (slot === null) return null;
  const earlier = seen.get(slot.slot);
  if (earlier === undefined) seen.set(slot.slot, slot.value);
  return earlier === undefined || earlier === slot.value ? slot : null;
}
