/**
 * Standing conventions: a rule the user states as holding for the project — how work is done there
 * (naming, style, structure, tools, commands, files, process) — marked by "always", "never", "we
 * use", "our convention is", "from now on", "for all methods", 以后, 一律, 我们规范是. It holds for
 * every task of its kind in the project, whatever words the prompt uses. This rule reads them from
 * one user message, each with clean text (no "Firstly,", no greeting), its slot and the kinds of
 * work it governs. Pure.
 */

import { activityTrigger } from "../learning/topics.js";
import { announcementRest } from "../lexicon/announcements.js";
import { statesClauseRule } from "../lexicon/clause-rules.js";
import { sentenceCase } from "../lexicon/code-terms.js";
import { tellsDecision } from "../lexicon/decisions.js";
import { instructionKind } from "../lexicon/imperative-verbs.js";
import { kindsOfWorkIn } from "../lexicon/kinds-of-work.js";
import { languageOf } from "../lexicon/language.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { fragmentOf } from "../lexicon/leaning-clauses.js";
import { forbids } from "../lexicon/negations.js";
import { statesNorm } from "../lexicon/norms.js";
import { isOneOff } from "../lexicon/one-off-cues.js";
import { pointsBackOnly, REPLACES_WHAT_CAME_BEFORE } from "../lexicon/pronoun-objects.js";
import { isNotARule, ruleShape } from "../lexicon/rule-shapes.js";
import { reportsShortfall } from "../lexicon/shortfall-reports.js";
import { isSmallTalk } from "../lexicon/small-talk-cues.js";
import { CONDITIONS, hasStandingMarker, hasStrongStandingMarker } from "../lexicon/standing-markers.js";
import { saysUpdate } from "../lexicon/update-cues.js";
import { workLabel } from "../lexicon/work-groups.js";
import { choosesBetween, type UnitPlace, withAlternatives } from "./convention-alternatives.js";
import { announcesOnly, dropsAThing, namesAValue } from "./convention-announcements.js";
import { clausesOf, joinClause } from "./convention-clauses.js";
import { echoes } from "./convention-echoes.js";
import { occasionOf } from "./convention-occasions.js";
import { type RuleUnit, ruleUnits, span } from "./convention-units.js";
import {
  answersOnly,
  clean,
  dropsOnly,
  namesATerm,
  namesWorkThing,
  readsAsDirective,
  ruleOf,
} from "./convention-words.js";
import type { LearningRule } from "./learning-rule.js";
import { readSlots, type SlotFinding } from "./slot-rule.js";
import { firstValue, stackDescription } from "./stack-descriptions.js";

/** A convention read from a message. */
export interface ConventionFinding {
  /** The rule as stored: the user's words without lead-ins ("Firstly,") or a trailing full stop. */
  rule: string;
  /** The verbatim words it was read from. */
  quote: string;
  kind: "prefer" | "avoid" | "verify";
  /** What it governs, when the slot lexicon names it. */
  slot: SlotFinding | null;
  /** The kinds of work it holds for (activity names); empty when it names none. */
  work: readonly string[];
  /**
   * When it applies: the occasion it names ("Every time you touch .gitlab-ci.yml", "提交之前"),
   * else its kind of work ("Writing code", "部署") — never the task's title.
   */
  trigger: string;
  language: "en" | "zh";
}

/** What the convention rule reads: a user message, and the command the agent ran right before it. */
export interface ConventionContext {
  message: string;
  /** The agent's last command before the message (with no user message between), if any. */
  lastCommand?: string | null;
  /** The agent's text reply right after the message, if its next row is one (see convention-echoes.ts). */
  reply?: string | null;
}

/**
 * Clauses of a sentence, one per slot, when it states several ("以后变量名一律以 m_ 开头，方法都要写
 * docstring" → two conventions); a clause that names no slot stays with the one before it.
 */
function clausesBySlot(
  text: string,
  slots: readonly SlotFinding[],
): Array<{ text: string; slot: SlotFinding | null }> {
  if (slots.length < 2) return [{ text, slot: slots[0] ?? null }];
  const parts: Array<{ text: string; slot: SlotFinding | null }> = [];
  const breaks = [...text.matchAll(/[，,；;]\s*/g)];
  let start = 0;
  for (const at of [...breaks.map((found) => found.index ?? 0), text.length]) {
    const piece = text.slice(start, at);
    const slot = slots.find((found) => found.index >= start && found.index < at) ?? null;
    const last = parts.at(-1);
    if (slot === null && last !== undefined) last.text = text.slice(text.indexOf(last.text), at);
    else parts.push({ text: piece, slot });
    const next = breaks.find((found) => (found.index ?? 0) === at);
    start = at + (next?.[0].length ?? 0);
  }
  return parts.filter((part) => part.text.trim() !== "");
}

/** What is known of a message when one of its units is read. */
interface MessageReading {
  /** A strong standing marker is said somewhere in the message. */
  marked: boolean;
  /** A change was announced before this unit ("change of plan on the table prefix."). */
  announced: boolean;
  /** Words outside any list item carry a strong standing marker ("a few house rules. 1) …"). */
  headed: boolean;
  lastCommand: string | null;
  /** The next sentence confirms this one as standing ("Prefer that everywhere.", 以后都这样). */
  confirmed?: boolean;
  /**
   * The unit is a clause of a sentence read as a standing rule (see convention-clauses.ts): the
   * sentence's marker or shape holds for it, and a subject with its value is a rule ("route paths
   * are kebab-case").
   */
  inRule?: boolean;
  /** The unit is a clause of a description of the stack (see stack-descriptions.ts): a value it sets is standing. */
  described?: boolean;
  /** The agent's text reply right after the message: a unit it says back is standing (see convention-echoes.ts). */
  reply?: string | null;
}

/** A statement about oneself ("I refactored the backoff", 我今天只能…) is no rule of the project, whoever says it back. */
const ABOUT_ONESELF = /^(?:i|i'm|i've|i'd|i'll|my)\b|^我(?!们)/i;

/**
 * The conventions of one unit (`text` its words without lead-ins). It is one when it is not a
 * question, a condition or a one-off ("this time", 这次); tells the agent what to do or states a
 * norm ("always start…", "we use…", "names should end with…", 都要); is about how work is done (a
 * slot, a kind of work, or code it names); and is marked as lasting — by a strong standing marker
 * of its own ("always", "we use", 以后), or, for a rule that names a slot, by one elsewhere in the
 * message or a word of change ("now", 改成); after an announced change, a rule that names a value
 * is an update. Its kinds of work are its slot's and those its words name (or, when it names none,
 * those of the command the agent ran right before).
 */
/**
 * True when a unit can state no rule, whatever its words: a question, a condition, a one-off, a
 * story, other people's habits, a guess or a failure report.
 */
function statesNoRule(unit: RuleUnit, text: string): boolean {
  if (text === "" || /[?？]\s*$/.test(text) || CONDITIONS.test(text)) return true;
  // "our config file is config.yaml, always edit that one": "that one" is the file, not a one-off.
  const strong = hasStrongStandingMarker(unit.text);
  return (
    isOneOff(strong ? text.replace(/\b(?:this|that) one\b/gi, "") : text) ||
    isNotARule(text) ||
    isNotARule(unit.text)
  );
}

/** True when `slot` sets a value said in `text`. */
function sets(slot: SlotFinding, text: string): boolean {
  return slot.value !== null && text.toLowerCase().includes(slot.value);
}

function readUnit(unit: RuleUnit, text: string, reading: MessageReading): ConventionFinding[] {
  if (statesNoRule(unit, text)) return [];
  // "Prefer that everywhere." says nothing by itself: it confirms the sentence before it.
  if (pointsBackOnly(text)) return [];
  // "the export button does nothing on Safari, it should download the CSV" asks for one fix.
  if (reportsShortfall(text, hasStrongStandingMarker)) return [];
  // The marker may sit in the lead-in itself ("Our convention is to …", 我们规范是), or in the
  // sentence after, which points back at this one ("Do it that way from now on").
  // The agent said it back right away ("_camelCase private fields, got it."): it was taken as a rule.
  // Only a rule of its own: what only drops a thing leans on the rule said with it ("sensor_safe gets deleted next sprint").
  // A statement, not a request: "Add a login button" → "Sure, adding a login button" is one task.
  const echoed =
    !ABOUT_ONESELF.test(text) &&
    !dropsOnly(text) &&
    !readsAsDirective(text, languageOf(text) === "zh") &&
    echoes(reading.reply, text);
  const strong = reading.confirmed === true || echoed || hasStrongStandingMarker(unit.text);
  const zh = languageOf(text) === "zh";
  const own = readSlots(text).filter((slot) => slot.value !== null);
  // A heading cut from the rule may name what it governs ("about the line length: make that 120").
  const headed = own.length > 0 ? [] : readSlots(unit.text).filter((slot) => sets(slot, text));
  const slots = own.length > 0 ? own : headed.length === 1 ? headed : [];
  // A group's decision that names what to use or drop holds from now on ("the team voted to go with tabs").
  const decided = tellsDecision(text) && (slots.length > 0 || namesATerm(text));
  const update = saysUpdate(unit.text) || reading.announced || decided;
  // How a kind of thing is named holds for every one of them: "flag keys are ff_ plus snake_case".
  const names = slots.some((slot) => slot.slot.startsWith("naming."));
  // Most rules carry no marker: their shape says they hold for a kind of thing (see rule-shapes).
  const shape = ruleShape(text) !== null || choosesBetween(text) || decided;
  const work = kindsOfWorkIn(text);
  // A change or choice of named things is about how work is done, with no word for the work
  // ("instead of fly it's render now", "we replaced viper with koanf", "requests is out").
  const about = slots.length > 0 || work.length > 0 || namesWorkThing(text, shape);
  // A project's own marker ("in this repo", "here", 统一) or how every answer is written is
  // lasting for a rule about work, as is a rule's shape.
  const shaped =
    about && (shape || hasStandingMarker(text) || (answersOnly(text, work) && readsAsDirective(text, zh)));
  // The value a change was announced for ("it's lz_ for every landing table").
  const announcedValue = reading.announced && about && namesAValue(text) && !dropsOnly(text);
  // An item of a list headed as rules ("a few house rules. 1) … 2) …") is one when it names a value.
  const listedValue = unit.listed && reading.headed && about && namesAValue(text);
  const { marked } = reading;
  const described = reading.described === true && slots.length > 0;
  const lasting =
    described ||
    reading.inRule === true ||
    strong ||
    shaped ||
    announcedValue ||
    listedValue ||
    (slots.length > 0 && (marked || update || statesNorm(text) || names));
  // A lasting rule that sets a slot's value states the project's value even as a statement
  // ("we've moved from yarn to pnpm", "the config file is settings.toml now").
  // A sentence confirmed by the next ("以后都这样") is told to be done: the confirmation says so.
  const directive =
    reading.confirmed === true ||
    echoed ||
    described ||
    (reading.inRule === true && statesClauseRule(text)) ||
    shape ||
    announcedValue ||
    listedValue ||
    readsAsDirective(text, zh) ||
    (slots.length > 0 && (strong || update || marked || names)) ||
    // "httpx.AsyncClient from now on": a thing and a strong marker, the verb left out.
    (strong && namesATerm(text));
  if (!lasting || !directive) return [];
  const found: ConventionFinding[] = [];
  // The heading stays with a rule it gave its slot: "About the line length: actually make that 120".
  const said = own.length === 0 && slots.length === 1 ? unit.text.trim() : text;
  for (const clause of clausesBySlot(said, slots)) {
    const words = kindsOfWorkIn(clause.text);
    if (clause.slot === null && words.length === 0 && !namesWorkThing(clause.text, shape)) continue;
    if (clause.slot === null && isSmallTalk(clause.text)) continue;
    // "always -workspace Fitlog.xcworkspace" right after `xcodebuild test …` is about running tests.
    const after =
      words.length === 0 && clause.slot === null && reading.lastCommand
        ? kindsOfWorkIn(reading.lastCommand)
        : [];
    const work = [...new Set([...(clause.slot?.work ?? []), ...words, ...after])];
    found.push({
      rule: said === text ? clean(clause.text) : sentenceCase(said.replace(/[.。!！]+$/, "")),
      quote: clause.text.trim(),
      kind:
        clause.slot !== null && clause.slot.value !== "avoid"
          ? "prefer"
          : dropsOnly(clause.text)
            ? "avoid"
            : instructionKind(clause.text, clause.text),
      slot: clause.slot,
      work,
      trigger: occasionOf(clause.text, zh) ?? activityTrigger(clause.text, zh) ?? workLabel(work[0], zh),
      language: zh ? "zh" : "en",
    });
  }
  return found;
}

/** True when a clause drops or forbids a thing: it leans on the rule next to it ("Yarn is gone"). */
function leans(clause: string): boolean {
  // An example in brackets is no prohibition ("route paths are kebab-case (/a-b, not /aB)").
  const said = clause.replace(/\([^()]*\)|（[^（）]*）/g, " ");
  return dropsAThing(said) || forbids(said);
}

/**
 * The rules of a sentence that states several, joined by commas or "and" (see
 * convention-clauses.ts), or null when it states one: a clause that is no rule by itself, or that
 * drops or forbids a thing (it leans on the rule next to it), is joined to its neighbour, and the sentence is several rules only while two or more clauses are left.
 */
function clauseRules(unit: RuleUnit, reading: MessageReading): ConventionFinding[] | null {
  let clauses = clausesOf(unit);
  while (clauses.length >= 2) {
    const texts = clauses.map((clause) => ruleOf(stripLeadIns(clause.text)));
    const read = clauses.map((clause, index) => readUnit(clause, texts[index] as string, reading));
    // What drops or forbids a thing leans on what is said next to it ("Yarn is gone, we use pnpm now").
    const loose = read.findIndex((found, index) => found.length === 0 || leans(texts[index] as string));
    if (loose === -1) return read.flat();
    clauses = joinClause(unit, clauses, loose);
  }
  return null;
}

/**
 * A finding with the words of `units` after its rule: the words said before it that say what it
 * drops ("… Forget what I said about WebClient"), or a fragment said after it ("… Included from
 * db.changelog-master.yaml").
 */
function withUnits(
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
 * The conventions of one user message, read unit by unit (see `ruleUnits`: each list item, each
 * sentence, each part between semicolons) with {@link readUnit}. A unit that only announces a
 * change ("change of plan on the table prefix.", 规范有两处调整) is no rule: the rule is what
 * follows, read as an update, and keeps the words that say what it drops (see
 * convention-announcements). A prohibition that needs an alternative is joined to it (see
 * `withAlternatives`); one convention per slot value is kept.
 */
export function readConventions(
  message: string,
  lastCommand: string | null = null,
  reply: string | null = null,
): ConventionFinding[] {
  const units = ruleUnits(message);
  const reading: MessageReading = {
    reply,
    // The whole message: a heading dropped from the units may carry it ("rules of the house: …").
    marked: hasStrongStandingMarker(message),
    announced: false,
    headed: units.some((unit) => !unit.listed && hasStrongStandingMarker(unit.text)),
    lastCommand,
  };
  const found: ConventionFinding[] = [];
  const placeOf = new Map<ConventionFinding, UnitPlace>();
  let dropped: RuleUnit[] = [];
  // A description of the stack: each clause that sets a slot's value is a convention of its own.
  const stack = stackDescription(
    units.map((unit) => (statesNoRule(unit, ruleOf(stripLeadIns(unit.text))) ? null : unit)),
    (clause) => readUnit(clause, ruleOf(stripLeadIns(clause.text)), { ...reading, inRule: true }).length > 0,
  );
  const slotsOfStack = new Map<string, string | null>();
  let last: ConventionFinding | null = null;
  let lastPosition = -1;
  const extend = (old: ConventionFinding, joined: ConventionFinding): ConventionFinding => {
    found[found.indexOf(old)] = joined;
    placeOf.set(joined, placeOf.get(old) as UnitPlace);
    return joined;
  };
  for (const [position, unit] of units.entries()) {
    const text = ruleOf(stripLeadIns(unit.text));
    const clauses = stack[position];
    // A fragment with no subject says more of the rule just before it ("Included from X").
    const fragment = fragmentOf(text);
    if (fragment !== null && last !== null && !fragment.alone) {
      last = extend(last, withUnits(message, last, [unit], false));
      continue;
    }
    const announces = announcesOnly(text);
    // An announcement before a colon heads the rule it announces ("quick update on naming: …").
    const heading = announcementRest(unit.text) !== null;
    // The next sentence may only point back at this one as standing ("Prefer that everywhere.").
    const next = units[position + 1];
    const confirmed = next !== undefined && pointsBackOnly(next.text);
    const here = { ...reading, announced: reading.announced || heading, confirmed };
    // Parts between semicolons are rules of their own when each is one ("use tabs; never commit .env").
    const parts = unit.parts.map((part) => readUnit(part, ruleOf(stripLeadIns(part.text)), here));
    const whole = announces ? [] : readUnit(unit, text, here);
    // A sentence read as a rule may state several, one per clause ("endpoints are async def,
    // route paths are kebab-case"); parts between semicolons are rules of their own when each is.
    const findings = announces
      ? []
      : clauses
        ? clauses.flatMap((clause) =>
            readUnit(clause, ruleOf(stripLeadIns(clause.text)), {
              ...here,
              inRule: true,
              described: true,
            }).map((finding) => ({ ...finding, slot: firstValue(finding.slot, slotsOfStack) })),
          )
        : parts.length > 0 && parts.every((found) => found.length > 0)
          ? parts.flat()
          : whole.length > 0
            ? (clauseRules(unit, { ...here, inRule: true }) ?? whole)
            : whole;
    if (findings.length === 0) {
      if (fragment !== null && last !== null) last = extend(last, withUnits(message, last, [unit], false));
      // "the #[Authorize] attribute is deprecated. They shipped #[RequiresPermission] and that's what
      // every controller action carries now": what a drop said just before is replaced with is part of it.
      else if (last !== null && lastPosition === position - 1 && dropsOnly(last.quote) && namesAValue(text)) {
        const slot = last.slot ?? readSlots(text).find((found) => found.value !== null) ?? null;
        const work = [...new Set([...last.work, ...(slot?.work ?? []), ...kindsOfWorkIn(text)])];
        last = extend(last, {
          ...withUnits(message, last, [unit], false),
          slot,
          work,
          kind: slot ? "prefer" : last.kind,
        });
        lastPosition = position;
      } else if ((announces || reading.announced) && dropsAThing(text)) dropped.push(unit);
      else last = null;
      reading.announced ||= announces;
      continue;
    }
    // "…, so @Timed is out. Put @Observed on public service methods instead": the replacement points
    // back at the drop said just before, and the two are one rule.
    const previous = units[position - 1];
    if (
      last !== null &&
      lastPosition === position - 1 &&
      previous !== undefined &&
      dropped.length === 0 &&
      dropsAThing(last.quote) &&
      REPLACES_WHAT_CAME_BEFORE.test((findings[0] as ConventionFinding).quote)
    ) {
      found.splice(found.indexOf(last), 1);
      dropped = [previous];
    }
    if (dropped.length > 0) findings[0] = withUnits(message, findings[0] as ConventionFinding, dropped, true);
    dropped = [];
    // The confirmation is quoted with the rule it confirms, never stored as a rule of its own.
    const end = findings.length - 1;
    const quote = confirmed ? span(message, (findings[end] as ConventionFinding).quote, next.text) : null;
    if (quote !== null) findings[end] = { ...(findings[end] as ConventionFinding), quote };
    for (const finding of findings) {
      placeOf.set(finding, { position, group: unit.group });
      found.push(finding);
    }
    last = findings.at(-1) ?? null;
    lastPosition = position;
  }
  // One convention per slot value in a message: the last saying of it ("this repo is a pnpm
  // workspace. Use pnpm install, never npm install" → the instruction).
  const key = (item: ConventionFinding) => (item.slot ? `${item.slot.slot}=${item.slot.value}` : null);
  const joined = withAlternatives(message, found, placeOf);
  return joined.filter(
    (item, index) => key(item) === null || !joined.slice(index + 1).some((later) => key(later) === key(item)),
  );
}

/** The standing-convention rule (see {@link readConventions}). */
export const conventionRule: LearningRule<ConventionContext, ConventionFinding[]> = {
  id: "standing-convention",
  describe:
    "Reads the conventions a user states as holding for the project: \"Firstly, always start variable names with 'z_'\" → \"Always start variable names with 'z_'\" (naming.variable.prefix = z_, code work).",
  learn: ({ message, lastCommand, reply }) => readConventions(message, lastCommand ?? null, reply ?? null),
};
