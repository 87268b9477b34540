/**
 * A prohibition and the alternative said next to it are one rule ("别用 moment，太大了。日期统一用
 * dayjs" → one convention, what to do first) — but only when the prohibition needs one. A
 * prohibition that says what to do itself ("deps are managed with poetry, never pip install into
 * the venv", "named exports only please, never default exports") is a rule of its own, and so is
 * the rule next to it when it is another list item, or about another kind of work or another slot:
 * glued together, archiving one would archive both. Pure.
 */
import { MAX_HEURISTIC_EVIDENCE_CHARS } from "../learning/experience-limits.js";
import { forbids } from "../lexicon/negations.js";
import { statesNorm } from "../lexicon/norms.js";
import { givesReason } from "../lexicon/reason-clauses.js";
import { ruleShape } from "../lexicon/rule-shapes.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { dropsAThing, namesAValue } from "./convention-announcements.js";
import type { ConventionFinding } from "./convention-rule.js";
import { span } from "./convention-units.js";
import { readSlots } from "./slot-rule.js";

/** Where a finding was read: its unit's position in the message and the unit's group. */
export interface UnitPlace {
  position: number;
  group: number;
}

/** True when a rule says to use one thing and not another ("Use pathlib, not os.path"). */
export function choosesBetween(text: string): boolean {
  const terms = preferenceTerms(text);
  return terms.use.size > 0 && terms.avoid.size > 0;
}

/**
 * True when a clause says what to do: it forbids nothing, gives no reason ("it's too big"),
 * reports no change ("@Audited is being retired" wants what replaces it), and names a value,
 * states a norm or a rule's shape, or is a statement of its own ("deps are managed with poetry").
 */
function saysWhatToDo(clause: string): boolean {
  if (forbids(clause) || givesReason(clause) || dropsAThing(clause)) return false;
  const shape = ruleShape(clause);
  if (shape === "change") return false;
  return (
    namesAValue(clause) ||
    statesNorm(clause) ||
    shape !== null ||
    clause.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length >= 3
  );
}

/** True when a prohibition says its own alternative: a clause of it says what to do. */
export function saysOwnAlternative(rule: string): boolean {
  if (choosesBetween(rule)) return true;
  return rule
    .split(/[,，;；]|\s[—–]\s/)
    .map((clause) => clause.trim())
    .some((clause) => clause !== "" && saysWhatToDo(clause));
}

/** True when two rules govern different slots ("config lives in config.yaml" and a prefix rule). */
function otherSlot(item: ConventionFinding, partner: ConventionFinding): boolean {
  if (partner.slot === null) return false;
  const named = readSlots(item.rule).map((slot) => slot.slot);
  return named.length > 0 && !named.includes(partner.slot.slot);
}

/**
 * The findings with each prohibition that needs an alternative joined to it: a finding that only
 * forbids, with no slot of its own and no alternative of its own, joins the finding of the next
 * (or, when it opens forbidding, the previous) unit of its group that says what to do, when their
 * kinds of work meet and they govern no different slots. `placeOf` holds each finding's unit.
 */
export function withAlternatives(
  message: string,
  found: readonly ConventionFinding[],
  placeOf: Map<ConventionFinding, UnitPlace>,
): ConventionFinding[] {
  const result = [...found];
  for (let index = 0; index < result.length; index++) {
    const item = result[index] as ConventionFinding;
    if (item.kind !== "avoid" || item.slot !== null) continue;
    const opening = item.rule.split(/[,，;；]/)[0] ?? "";
    const opensForbidding = forbids(opening);
    if (saysOwnAlternative(item.rule) || (!opensForbidding && statesNorm(item.rule))) continue;
    const place = placeOf.get(item);
    const at = [index + 1, index - 1].find((other) => {
      if (other < index && !opensForbidding) return false;
      const next = result[other];
      const there = next === undefined ? undefined : placeOf.get(next);
      return (
        next !== undefined &&
        there !== undefined &&
        place !== undefined &&
        next.kind !== "avoid" &&
        there.group === place.group &&
        Math.abs(there.position - place.position) === 1 &&
        next.rule.length + item.rule.length < MAX_HEURISTIC_EVIDENCE_CHARS &&
        (item.work.length === 0 ||
          next.work.length === 0 ||
          item.work.some((kind) => next.work.includes(kind))) &&
        !otherSlot(item, next)
      );
    });
    if (at === undefined) continue;
    const partner = result[at] as ConventionFinding;
    const [first, second] = at > index ? [item, partner] : [partner, item];
    const stop = item.language === "zh" ? "。" : ". ";
    // What to do comes first, so that a rule cut to its length keeps it.
    const joined: ConventionFinding = {
      ...partner,
      rule: `${partner.rule}${stop}${item.rule}`,
      quote: span(message, first.quote, second.quote) ?? `${first.quote}${stop}${second.quote}`,
      work: [...new Set([...first.work, ...second.work])],
    };
    placeOf.set(joined, placeOf.get(partner) as UnitPlace);
    result[at] = joined;
    result.splice(index, 1);
    index -= 1;
  }
  return result;
}
