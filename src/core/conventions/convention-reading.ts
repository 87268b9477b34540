/**
 * Reading one unit of a user message (a sentence, a list item, a clause) as standing conventions:
 * what keeps it from being a rule, what marks it as lasting (a marker, a rule's shape, a slot with
 * a change, the agent saying it back), and the clauses it holds one per slot. The convention rule
 * (convention-rule.ts) walks a message unit by unit with it. See docs/learning.md. Pure.
 */

import { activityTrigger } from "../learning/topics.js";
import { announcementRest } from "../lexicon/announcements.js";
import { withoutAsides } from "../lexicon/asides.js";
import { statesClauseRule } from "../lexicon/clause-rules.js";
import { sentenceCase } from "../lexicon/code-terms.js";
import { withoutExceptions } from "../lexicon/convention-scopes.js";
import { tellsDecision } from "../lexicon/decisions.js";
import { instructionKind, isInstruction } from "../lexicon/imperative-verbs.js";
import { kindsOfWorkIn } from "../lexicon/kinds-of-work.js";
import { languageOf } from "../lexicon/language.js";
import { withoutStandingLeadIn } from "../lexicon/lead-in-words.js";
import { withoutNamedExamples } from "../lexicon/leaning-clauses.js";
import { statesNorm } from "../lexicon/norms.js";
import { isOneOff } from "../lexicon/one-off-cues.js";
import { isNotARule } from "../lexicon/past-stories.js";
import { pointsBackOnly } from "../lexicon/pronoun-objects.js";
import { endsAsQuestion, opensAsRequest, politeRequestRest } from "../lexicon/question-forms.js";
import { consequenceOf, givesReason, withoutReasons } from "../lexicon/reason-clauses.js";
import { ruleShape } from "../lexicon/rule-shapes.js";
import { SPEAKS_OF_ONESELF } from "../lexicon/self-statements.js";
import { reportsShortfall } from "../lexicon/shortfall-reports.js";
import { isSmallTalk } from "../lexicon/small-talk-cues.js";
import {
  CONDITIONS,
  hasStandingMarker,
  hasStrongStandingMarker,
  RULE_HEADINGS,
} from "../lexicon/standing-markers.js";
import { headsTask } from "../lexicon/task-headings.js";
import { saysUpdate } from "../lexicon/update-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import { workLabel } from "../lexicon/work-groups.js";
import { choosesBetween } from "./convention-alternatives.js";
import { announcesOnly, dropsAThing, namesAValue } from "./convention-announcements.js";
import { type AgentReply, echoes } from "./convention-echoes.js";
import { headsRulesGlued } from "./convention-headings.js";
import { occasionOf } from "./convention-occasions.js";
import type { RuleUnit } from "./convention-units.js";
import {
  answersOnly,
  clean,
  dropsOnly,
  namesATerm,
  namesWorkThing,
  onlyDrops,
  readsAsDirective,
} from "./convention-words.js";
import { type HeldSlotValue, type HeldValues, namesHeldValueBack } from "./named-values.js";
import { clausesBySlot, sets } from "./slot-clauses.js";
import { readSlots, type SlotFinding, saidOfEveryOne } from "./slot-rule.js";
import { switchedValue } from "./switched-values.js";

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

/** What is known of a message when one of its units is read. */
export interface MessageReading {
  /** A strong standing marker is said somewhere in the message. */
  marked: boolean;
  /** The tool a terse correction names alone ("slog. structured fields. no log.Printf."): the rule's slot. */
  bare?: SlotFinding;
  /** A change was announced before this unit ("change of plan on the table prefix."). */
  announced: boolean;
  /** Words outside any list item carry a strong standing marker ("a few house rules. 1) …"). */
  headed: boolean;
  /** A sentence of the message only heads rules ("先讲几条规范。", "a few house rules:"): each after it that names a value is one. */
  rulesHeaded?: boolean;
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
  reply?: AgentReply | null;
  /** The values the project's conventions hold (named-values.ts): a unit that changes one is standing. */
  held?: HeldValues;
  /** A value a convention holds in a slot that the message names: a switch said in it sets that slot (switched-values.ts). */
  switchedFrom?: HeldSlotValue | null;
}

/**
 * True when a story told of a time says what holds now: it tells of a change, a decision or a drop
 * ("btw we dropped testify last week", 上周架构组定了，接口返回改成…), not a habit then ("last week
 * we always deployed on fridays").
 */
const holdsNow = (text: string): boolean =>
  tellsDecision(text) || dropsAThing(text) || (saysUpdate(text) && namesATerm(text));

/**
 * True when a sentence only heads the rules after it ("a few house rules first.", "a few process
 * things for okra before we start."): it names rules, is marked, and names no value and no work.
 */
export function headsRulesOnly(text: string): boolean {
  return (
    RULE_HEADINGS.test(text) &&
    hasStrongStandingMarker(text) &&
    !namesAValue(text) &&
    kindsOfWorkIn(text).length === 0
  );
}

/**
 * True when a unit can state no rule, whatever its words: a question, a condition, a one-off, a
 * story, other people's habits, a guess or a failure report.
 */
export function statesNoRule(unit: RuleUnit, text: string, reading?: MessageReading): boolean {
  if (text === "" || endsAsQuestion(text) || CONDITIONS.test(text)) return true;
  // The work asked for now, headed as such ("ok first thing: make the dock lights blink …").
  if (headsTask(unit.text)) return true;
  // What the next sentence tells to go with from now on is a rule, told as news or not ("… merged a
  // new .sqlfluff last week that enforces UPPERCASE keywords. Please go with that from now on").
  if (reading?.confirmed === true && namesAValue(text)) return false;
  // "our config file is config.yaml, always edit that one": "that one" is the file, not a one-off.
  const strong = hasStrongStandingMarker(unit.text);
  const said = strong ? text.replace(/\b(?:this|that) one\b/gi, "") : text;
  // A clause under a heading of rules that says what a thing is "for now" tells how it is done
  // today ("…, and tests are plain XCTest for now"); one that asks for something is still a one-off.
  const heldNow =
    reading?.rulesHeaded === true &&
    reading.inRule === true &&
    statesClauseRule(said) &&
    !isInstruction(said, languageOf(said) === "zh");
  return (
    (isOneOff(said) && !markedApart(said, unit.text) && !heldNow) ||
    isNotARule(text, holdsNow) ||
    isNotARule(unit.text, holdsNow)
  );
}

/**
 * True when a one-off cue is said in a later clause than a rule that stands apart from it: a clause
 * of a Chinese rule with a strong standing marker or a change ("新页面一律用 SwiftUI 写，老的 UIKit 页面先不动"),
 * or, in any language, a list of rules after a heading ("The big things I care about: no force
 * unwraps …, and tests are plain XCTest for now"). Not a marker in an English clause, where "never"
 * may report a symptom in another one ("…, the last student never gets printed").
 */
function markedApart(text: string, unit: string): boolean {
  const zh = languageOf(text) === "zh";
  const clauses = text.split(zh ? /[，；]/ : /[,;，；]/);
  const oneOff = clauses.findIndex((clause) => isOneOff(clause));
  if (oneOff <= 0) return false;
  if (headsRulesGlued(unit)) return true;
  return (
    zh && clauses.slice(0, oneOff).some((clause) => hasStrongStandingMarker(clause) || saysUpdate(clause))
  );
}

/** True when `text`, or one of its clauses, tells the agent what to do ("…, and skip the headings"). */
function anyClauseDirective(text: string, zh: boolean): boolean {
  return (
    readsAsDirective(text, zh) ||
    text
      .split(/[,，;；—–]\s*(?:and\s+|but\s+|also\s+)?/)
      .some((clause) => readsAsDirective(clause.trim(), zh))
  );
}

/** True when a rule says to use a thing named in Latin letters (a tool's name, not 微信). */
function namesALatinTool(text: string): boolean {
  return [...preferenceTerms(text).use].some((term) => /[a-z]/.test(term));
}

/**
 * The conventions of one unit (`text` its words without lead-ins). It is one when it is not a
 * question, a condition or a one-off ("this time", 这次); tells the agent what to do or states a
 * norm ("always start…", "we use…", "names should end with…", 都要); is about how work is done (a
 * slot, a kind of work, or code it names); and is marked as lasting — by a strong standing marker
 * of its own ("always", "we use", 以后), by the agent saying it back (convention-echoes.ts), or,
 * for a rule that names a slot, by one elsewhere in the message or a word of change ("now", 改成);
 * after an announced change, a rule that names a value is an update. Its kinds of work are its slot's and those its words name (or, when it names none,
 * those of the command the agent ran right before).
 */
export function readUnit(unit: RuleUnit, text: string, reading: MessageReading): ConventionFinding[] {
  // A request asked politely is read as the request when it says it lasts or how to answer ("could
  // you please stop using unwrap() in general?", "could you keep answers short?"); one for now is
  // no rule ("can you use yarn here? the lockfile in this folder is a yarn one").
  const asked = politeRequestRest(text);
  if (
    asked !== null &&
    isInstruction(asked, languageOf(asked) === "zh") &&
    (hasStrongStandingMarker(asked) || kindsOfWorkIn(asked).includes("answers"))
  )
    return readStatement(unit, asked, reading);
  return readStatement(unit, text, reading);
}

/** The conventions of one unit said as a statement (see {@link readUnit}). */
function readStatement(unit: RuleUnit, text: string, reading: MessageReading): ConventionFinding[] {
  if (statesNoRule(unit, text, reading)) return [];
  // "Prefer that everywhere." says nothing by itself: it confirms the sentence before it; "last
  // naming change" only announces the rule next to it.
  if (pointsBackOnly(text) || announcesOnly(text) || (!unit.listed && headsRulesOnly(unit.text))) return [];
  // "the export button does nothing on Safari, it should download the CSV" asks for one fix.
  if (reportsShortfall(text, hasStrongStandingMarker)) return [];
  const zh = languageOf(text) === "zh";
  // A statement the agent says back right away was taken as a rule ("_camelCase private fields, got
  // it."). Not one about the speaker, one that only drops a thing (it leans on the rule said with
  // it), nor a request ("Add a login button" → "Sure, a login button" is one task); a norm said
  // back is one ("commit messages are imperative mood" → "…, imperative commits").
  const echoed =
    !SPEAKS_OF_ONESELF.test(text) &&
    // Nor one that opens by announcing a change (错误码前缀改一下，ERR_ 太泛了): the reply says back the rule after it.
    announcementRest(text) === null &&
    // Nor a reason said after a rule ("It gives us traces and metrics from one annotation, …").
    !givesReason(text) &&
    !dropsOnly(text) &&
    !isInstruction(text, zh) &&
    echoes(reading.reply, text);
  // The marker may sit in the lead-in itself ("Our convention is to …", 我们规范是), or in the
  // sentence after, which points back at this one ("Do it that way from now on").
  const strong = reading.confirmed === true || echoed || hasStrongStandingMarker(unit.text);
  const own = readSlots(text).filter((slot) => slot.value !== null);
  // A heading cut from the rule may name what it governs ("about the line length: make that 120").
  const headed = own.length > 0 ? [] : readSlots(unit.text).filter((slot) => sets(slot, text));
  // "slog. structured fields. no log.Printf.": a tool named alone beside a drop is what to use.
  const bare = own.length === 0 ? (reading.bare ?? null) : null;
  // "clap is too heavy … we're switching to argh": a switch to a thing no entry names sets the held value's slot.
  const switched =
    own.length === 0 && bare === null && headed.length === 0 && reading.switchedFrom
      ? switchedValue(text, reading.switchedFrom)
      : null;
  const slots =
    own.length > 0
      ? own
      : bare !== null
        ? [bare]
        : headed.length === 1
          ? headed
          : switched !== null
            ? [switched]
            : [];
  // A group's decision that names what to use or drop holds from now on ("the team voted to go with tabs").
  const decided = tellsDecision(text) && (slots.length > 0 || namesATerm(text));
  const update = saysUpdate(unit.text) || reading.announced || decided;
  // How a kind of thing is named, or the language a kind of text is written in, holds for every one
  // of them: "flag keys are ff_ plus snake_case", "提交信息用中文写".
  const names = slots.some((slot) => saidOfEveryOne(slot.slot));
  // Most rules carry no marker: their shape says they hold for a kind of thing (see rule-shapes).
  // An aside of its own clause says something beside the rule: its "not" makes no prohibition.
  // …also as what follows from news told first ("The DS team shipped their tokens as vanilla-extract, so new styles go in …").
  const consequence = consequenceOf(text);
  const shape =
    ruleShape(withoutAsides(withoutStandingLeadIn(withoutNamedExamples(text)), 3)) !== null ||
    (consequence !== null && ruleShape(withoutAsides(consequence, 3)) !== null) ||
    choosesBetween(text) ||
    decided;
  // A heading that announces a topic names what a bare value after it is for: "Final, final word on
  // class names, I promise: 'Tq'" is about code.
  const named = kindsOfWorkIn(text);
  const topic =
    named.length === 0 &&
    slots.length === 0 &&
    text !== unit.text &&
    announcementRest(unit.text) !== null &&
    namesAValue(text)
      ? kindsOfWorkIn(unit.text)
      : [];
  const work = named.length > 0 ? named : topic;
  // A change or choice of named things is about how work is done, with no word for the work
  // ("instead of fly it's render now", "we replaced viper with koanf", "requests is out").
  // So is a strongly marked Chinese rule that names a tool in Latin letters ("新页面一律用 SwiftUI 写"):
  // its nouns for the work are seldom the lexicon's.
  const toolRule = zh && strong && namesALatinTool(text);
  // A rule taken back by its name is about the project's rules, whatever it names ("the # Examples
  // rule — please drop it"), and changes them from now on.
  const withdraws = withdrawalIn(text) !== null;
  const about = slots.length > 0 || work.length > 0 || namesWorkThing(text, shape) || toolRule || withdraws;
  // How answers are written, one clause telling what to do ("bullet points, five at most, and skip the headings").
  const answerDirective = answersOnly(text, work) && anyClauseDirective(text, zh);
  // A project's own marker ("in this repo", "here", 统一) or how every answer is written is
  // lasting for a rule about work, as is a rule's shape.
  const shaped = about && (shape || hasStandingMarker(text) || answerDirective);
  // A request for now is the task, neither an announced value nor an item of rules ("can you write a PlayerHealth script…").
  const asksNow = opensAsRequest(text);
  // The value a change was announced for ("it's lz_ for every landing table").
  // Not what was wrong with the old one ("the warehouse changed one more time: DEV_XS_WH was too small").
  const announcedValue =
    reading.announced && about && namesAValue(text) && !dropsOnly(text) && !givesReason(text) && !asksNow;
  // An item of a list headed as rules ("a few house rules. 1) … 2) …"), or a sentence after a heading
  // of rules (先讲几条规范。…), is one when it names a value.
  const listedValue =
    (unit.listed || reading.rulesHeaded === true) && reading.headed && about && namesAValue(text) && !asksNow;
  const { marked } = reading;
  const described = reading.described === true && slots.length > 0;
  // A change of a value the project's conventions hold ("LOAD_XS keeps timing out, so nightly loads
  // now use LOAD_M") changes that convention: it needs no marker of its own.
  const namedBack = reading.held !== undefined && namesHeldValueBack(text, reading.held);
  const lasting =
    bare !== null ||
    withdraws ||
    described ||
    namedBack ||
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
    bare !== null ||
    withdraws ||
    namedBack ||
    reading.confirmed === true ||
    echoed ||
    described ||
    (reading.inRule === true && statesClauseRule(text)) ||
    shape ||
    announcedValue ||
    listedValue ||
    readsAsDirective(text, zh) ||
    answerDirective ||
    (slots.length > 0 && (strong || update || marked || names)) ||
    // "httpx.AsyncClient from now on": a thing and a strong marker, the verb left out.
    (strong && namesATerm(text));
  if (!lasting || !directive) return [];
  const found: ConventionFinding[] = [];
  // The heading stays with a rule it gave its slot: "About the line length: actually make that 120".
  const said = (own.length === 0 && slots.length === 1) || topic.length > 0 ? unit.text.trim() : text;
  for (const clause of clausesBySlot(said, slots)) {
    // What it is about is read from what it says to do, not from its reasons ("…, the CI check fails without it").
    // …nor from what it says it does not hold for ("stop using unwrap() outside of tests" is about code).
    const main = withoutExceptions(withoutReasons(clause.text));
    const words = kindsOfWorkIn(main);
    if (
      clause.slot === null &&
      words.length === 0 &&
      !namesWorkThing(clause.text, shape) &&
      !(toolRule && namesALatinTool(clause.text)) &&
      !withdraws
    )
      continue;
    if (clause.slot === null && isSmallTalk(clause.text)) continue;
    // "always -workspace Fitlog.xcworkspace" right after `xcodebuild test …` is about running tests;
    // a rule that names no flag is not about the command ("we're moving to jiff for all time handling").
    const after =
      words.length === 0 &&
      clause.slot === null &&
      reading.lastCommand &&
      /(?:^|\s)--?[a-z]/i.test(clause.text)
        ? kindsOfWorkIn(reading.lastCommand)
        : [];
    const work = [...new Set([...(clause.slot?.work ?? []), ...words, ...after])];
    found.push({
      rule: said === text ? clean(clause.text) : sentenceCase(said.replace(/[.。!！]+$/, "")),
      quote: clause.text.trim(),
      kind:
        clause.slot !== null && clause.slot.value !== "avoid"
          ? "prefer"
          : onlyDrops(clause.text)
            ? "avoid"
            : instructionKind(clause.text, withoutAsides(clause.text)),
      slot: clause.slot,
      work,
      trigger: occasionOf(clause.text, zh) ?? activityTrigger(main, zh) ?? workLabel(work[0], zh),
      language: zh ? "zh" : "en",
    });
  }
  return found;
}
