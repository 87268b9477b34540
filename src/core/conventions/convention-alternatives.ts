/**
 * A prohibition and the alternative said next to it are one rule ("别用 moment，太大了。日期统一用
 * dayjs" → one convention, what to do first) — but only when the prohibition needs one. A
 * prohibition that says what to do itself ("deps are managed with poetry, never pip install into
 * the venv", "named exports only please, never default exports") is a rule of its own, and so is
 * the rule next to it when it is another list item, or about another kind of work or another slot:
 * glued together, archiving one would archive both. Pure.
 */
import { MAX_HEURISTIC_EVIDENCE_CHARS } from "../learning/experience-limits.js";
import { opensWithAnyVerb } from "../lexicon/imperative-verbs.js";
import { forbids } from "../lexicon/negations.js";
import { statesNorm } from "../lexicon/norms.js";
import { givesReason } from "../lexicon/reason-clauses.js";
import { ruleShape } from "../lexicon/rule-shapes.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { answersOnlyWork, workMeets } from "../lexicon/work-groups.js";
import { dropsAThing } from "./convention-announcements.js";
import type { ConventionFinding } from "./convention-rule.js";
import { span } from "./convention-units.js";
import { dropsOnly } from "./convention-words.js";
import { memberSlotsNamed, readSlots, slotFamily } from "./slot-rule.js";

/** Where a finding was read: its unit's position in the message and the unit's group. */
export interface UnitPlace {
  position: number;
  group: number;
  /** The unit opens another item of the message ("另外…", "also, …"): no alternative to a drop before it. */
  opensItem?: boolean;
  /** The first unit of a rule read with units said before it (withDropped), when before `position`. */
  start?: number;
}

/** True when a rule says to use one thing and not another ("Use pathlib, not os.path"). */
export function choosesBetween(text: string): boolean {
  const terms = preferenceTerms(text);
  return terms.use.size > 0 && terms.avoid.size > 0;
}

/**
 * True when a clause names what to use instead: a term after "use", "managed with", "goes
 * through" ("deps are managed with poetry") or a slot's value — and forbids nothing, gives no
 * reason ("it's too big") and drops nothing.
 */
function namesWhatToUse(clause: string): boolean {
  if (forbids(clause) || givesReason(clause) || dropsAThing(clause)) return false;
  return preferenceTerms(clause).use.size > 0 || readSlots(clause).some((slot) => slot.value !== null);
}

/**
 * True when a prohibition says its own alternative: it chooses between two things ("Use pathlib,
 * not os.path"), opens with a rule of its own ("Constants live in constants.py, never inline…"; a
 * change reported, "@Audited is being retired", wants what replaces it), or a clause of it names
 * what to use ("deps are managed with poetry, never pip install into the venv"), or one after it
 * tells what to do instead ("never call GetComponent inside Update — cache it in Awake").
 */
export function saysOwnAlternative(rule: string): boolean {
  const clauses = clausesOfRule(rule);
  const opening = clauses[0] ?? "";
  const shape = ruleShape(opening);
  if (!forbids(opening) && (statesNorm(rule) || (shape !== null && shape !== "change"))) return true;
  return (
    choosesBetween(rule) ||
    clauses.some((clause) => clause !== "" && namesWhatToUse(clause)) ||
    insteadAfter(clauses)
  );
}

/** The clauses of a rule, past a comma, a semicolon or a dash. */
const clausesOfRule = (rule: string): string[] =>
  rule.split(/[,，;；]|\s[—–]\s/).map((clause) => clause.trim());

/** True when the first of `clauses` forbids and a later one says what to do instead. */
function insteadAfter([opening = "", ...rest]: readonly string[]): boolean {
  return forbids(opening) && rest.some((clause) => opensWithAnyVerb(clause));
}

/**
 * True when a prohibition says what to do instead as an instruction after it, past a comma or a
 * dash ("never call GetComponent inside Update — cache it in Awake"): a rule of its own.
 */
export function forbidsWithInstead(rule: string): boolean {
  return insteadAfter(clausesOfRule(rule));
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
 * kinds of work meet and they govern no different slots — or, when it drops a tool, the finding of
 * its group that sets which tool of that kind is used. `placeOf` holds each finding's unit.
 */
export function withAlternatives(
  message: string,
  found: readonly ConventionFinding[],
  placeOf: Map<ConventionFinding, UnitPlace>,
): ConventionFinding[] {
  const result = [...found];
  for (let index = 0; index < result.length; index++) {
    const item = result[index] as ConventionFinding;
    if (item.slot !== null) continue;
    // "log and env_logger are gone from Cargo.toml" drops tools, whatever else it names.
    const dropsTools = dropsOnly(item.quote) && memberSlotsNamed(item.rule).length > 0;
    if (item.kind !== "avoid" && !dropsTools) continue;
    if (item.kind === "avoid" && saysOwnAlternative(item.rule)) continue;
    const opensForbidding = forbids(item.rule.split(/[,，;；]/)[0] ?? "");
    const place = placeOf.get(item);
    // "we're on our own mlflow server now, … no more wandb logging": a drop of a tool joins the rule
    // of its group (never another list item) that says which tool of that kind is used.
    // Slots that answer one question are one here ("dont run fly deploy anymore" joins "kamal deploy from main").
    const slots = memberSlotsNamed(item.rule).flatMap(slotFamily);
    const sameSlot = result.findIndex(
      (other, at) =>
        at !== index &&
        placeOf.get(other)?.group === place?.group &&
        other.kind !== "avoid" &&
        other.slot?.value != null &&
        slots.includes(other.slot.slot) &&
        other.rule.length + item.rule.length < MAX_HEURISTIC_EVIDENCE_CHARS,
    );
    const at =
      sameSlot !== -1
        ? sameSlot
        : item.kind !== "avoid"
          ? undefined
          : [index + 1, index - 1].find((other) => {
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
                !(other > index ? there : place).opensItem &&
                next.rule.length + item.rule.length < MAX_HEURISTIC_EVIDENCE_CHARS &&
                workMeets(item.work, next.work) &&
                // How answers are written is no alternative to a drop in the project's work.
                answersOnlyWork(next.work) === answersOnlyWork(item.work) &&
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
