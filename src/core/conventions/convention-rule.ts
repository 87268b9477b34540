/**
 * Standing conventions: a rule the user states as holding for the project — how work is done there
 * (naming, style, structure, tools, commands, files, process) — marked by "always", "never", "we
 * use", "our convention is", "from now on", "for all methods", 以后, 一律, 我们规范是. It holds for
 * every task of its kind in the project, whatever words the prompt uses. This rule reads them from
 * one user message, each with clean text (no "Firstly,", no greeting), its slot and the kinds of
 * work it governs. Pure.
 */

import { announcementRest } from "../lexicon/announcements.js";
import { tellsDecision } from "../lexicon/decisions.js";
import { opensWithInstructionVerb } from "../lexicon/imperative-verbs.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { fragmentOf } from "../lexicon/leaning-clauses.js";
import { forbids } from "../lexicon/negations.js";
import { isOneOff } from "../lexicon/one-off-cues.js";
import { pointsBackOnly, REPLACES_WHAT_CAME_BEFORE } from "../lexicon/pronoun-objects.js";
import { endsAsQuestion, opensAsRequest } from "../lexicon/question-forms.js";
import { followsFromBefore, givesReason } from "../lexicon/reason-clauses.js";
import { reportsShortfall } from "../lexicon/shortfall-reports.js";
import { hasStrongStandingMarker } from "../lexicon/standing-markers.js";
import { headsTask } from "../lexicon/task-headings.js";
import { splitSentences } from "../lexicon/tokenizer.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import { saysOwnAlternative, type UnitPlace, withAlternatives } from "./convention-alternatives.js";
import { announcesOnly, dropsAThing, namesAValue } from "./convention-announcements.js";
import { clauseRules } from "./convention-clauses.js";
import { confirmationOf } from "./convention-confirmations.js";
import type { AgentReply } from "./convention-echoes.js";
import { headsRulesGlued } from "./convention-headings.js";
import {
  type ConventionFinding,
  headsRulesOnly,
  type MessageReading,
  readUnit,
  statesNoRule,
} from "./convention-reading.js";
import {
  changes,
  changesTo,
  dropsAnotherKind,
  dropsValueLike,
  markedBeyondDrop,
  namesValueOf,
  opensAnotherItem,
  recallsValue,
  replacesRecalled,
  saysDropped,
  saysMoreOfDrop,
  speaksOfDropped,
  speaksOfValue,
  withDropped,
  withUnits,
  withValueAfter,
} from "./convention-threads.js";
import { type RuleUnit, ruleUnits, span } from "./convention-units.js";
import {
  changesWithoutValue,
  dropsOnly,
  lastPerSlotValue,
  namedBack,
  onlyDrops,
  replacementNamedBack,
  ruleOf,
  sameWorkOrUnknown,
  terseChoice,
  withoutWithdrawnValue,
  withReplacementNamedBack,
} from "./convention-words.js";
import type { LearningRule } from "./learning-rule.js";
import type { HeldValues } from "./named-values.js";
import { memberSlotsNamed } from "./slot-rule.js";
import { firstValue, stackDescription } from "./stack-descriptions.js";
import { heldSlotNamedIn } from "./switched-values.js";

export type { ConventionFinding } from "./convention-reading.js";

/** What the convention rule reads: a user message, and the command the agent ran right before it. */
export interface ConventionContext {
  message: string;
  /** The agent's last command before the message (with no user message between), if any. */
  lastCommand?: string | null;
  /** What the agent did right after the message, if its next row is a reply or a command (see convention-echoes.ts). */
  reply?: AgentReply | null;
  /** The values the project's conventions hold (see named-values.ts). */
  held?: HeldValues;
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
  reply: AgentReply | null = null,
  held?: HeldValues,
): ConventionFinding[] {
  const units = ruleUnits(message);
  // Where the rules are headed from: what is said before the heading ("yooo welcome aboard
  // SkyHarbor!! … so a couple of things we care about: …") is not one of them.
  const gluedAt = splitSentences(message).find((sentence) => headsRulesGlued(sentence.text))?.start;
  const headedFrom = units.findIndex(
    (unit) => (!unit.listed && headsRulesOnly(unit.text)) || (gluedAt !== undefined && unit.start >= gluedAt),
  );
  const reading: MessageReading = {
    reply,
    ...(held === undefined ? {} : { held, switchedFrom: heldSlotNamedIn(message, held) }),
    // The whole message: a heading dropped from the units may carry it ("rules of the house: …").
    marked: hasStrongStandingMarker(message),
    announced: false,
    headed: units.some((unit) => !unit.listed && hasStrongStandingMarker(unit.text)),
    rulesHeaded: headedFrom !== -1,
    lastCommand,
  };
  // A terse correction is one rule: a tool named alone, a few words and a drop ("slog. structured
  // fields. no log.Printf.", "pnpm. not npm.").
  const bare = terseChoice(units);
  if (bare !== null) {
    const whole: RuleUnit = {
      ...(units[0] as RuleUnit),
      text: message,
      start: 0,
      end: message.length,
      parts: [],
    };
    return readUnit(whole, ruleOf(stripLeadIns(message)), { ...reading, bare });
  }
  // "ugh, not pandas." → "Sorry — the project is on polars.": the replacement the agent names is the rule's.
  const named = replacementNamedBack(units, reply);
  if (named !== null && reply !== null) return [namedBack(message, named, reply.text)];
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
  // The last unit that only said a thing changed, with no rule of its own.
  let change: { unit: RuleUnit; position: number } | null = null;
  // The last unit that only recalled a value, as a question ("Remember the fx_ prefix?").
  let recalled: RuleUnit | null = null;
  let lastPosition = -1;
  const extend = (old: ConventionFinding, joined: ConventionFinding): ConventionFinding => {
    found[found.indexOf(old)] = joined;
    placeOf.set(joined, placeOf.get(old) as UnitPlace);
    return joined;
  };
  /** The last rule, `joined` with words said after it (the unit at `at`), read as one from here on. */
  const joinLast = (at: number, joined: ConventionFinding) => {
    last = extend(last as ConventionFinding, joined);
    lastPosition = at;
  };
  for (const [position, unit] of units.entries()) {
    const text = ruleOf(stripLeadIns(unit.text));
    const clauses = stack[position];
    // It opens another item ("also the rate limiter stays in-memory"): it follows no rule before it.
    const opensItem = opensAnotherItem(unit.text);
    // The unit right after the last rule read.
    const follows = last !== null && lastPosition === position - 1 && !opensItem;
    // A fragment with no subject says more of the rule just before it ("Included from X").
    const fragment = fragmentOf(text);
    if (fragment !== null && last !== null && !fragment.alone) {
      joinLast(position, withUnits(message, last, [unit], false));
      continue;
    }
    const announces = announcesOnly(text);
    // An announcement before a colon heads the rule it announces ("quick update on naming: …").
    const heading = announcementRest(unit.text) !== null;
    // The next sentence may only point back at this one as standing ("Prefer that everywhere.").
    const next = confirmationOf(units, position, reading);
    const confirmed = next !== undefined;
    // "gigalixir -> our own k8s cluster. deploy is `make deploy`": after a change that names no slot,
    // a sentence of the same item that names a value of a slot it drops is what it changed to.
    const before = units[position - 1];
    const lastIsBefore: boolean = follows && last !== null && last.slot === null;
    const afterChange: boolean =
      before !== undefined &&
      before.group === unit.group &&
      dropped.length === 0 &&
      (change?.position === position - 1 || lastIsBefore) &&
      changesTo(before.text, text) &&
      !opensItem &&
      withdrawalIn(before.text) === null;
    change = null;
    const here: MessageReading = {
      ...reading,
      rulesHeaded: reading.rulesHeaded === true && position >= headedFrom,
      announced: reading.announced || heading || afterChange,
      confirmed,
    };
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
    // "we moved from Serilog to plain Microsoft.Extensions.Logging. so inject ILogger<T> and use
    // [LoggerMessage] methods": what follows from the rule just said, setting no slot, applies it.
    if (
      follows &&
      last !== null &&
      followsFromBefore(unit.text) &&
      !hasStrongStandingMarker(unit.text) &&
      findings.every((finding) => finding.slot === null) &&
      (findings.length > 0 || namesAValue(text))
    ) {
      joinLast(position, withUnits(message, last, [unit], false));
      continue;
    }
    // A report of what the code does wrong now ("first task: … returns 500 instead of 404") is the
    // task, and ends the thread of the rules before it.
    // So does a question or a request for now ("Can you convert the HomeViewModel as a start?",
    // "Today I'd like the streak counter to reset at local midnight instead of UTC").
    if (
      findings.length === 0 &&
      (reportsShortfall(text, hasStrongStandingMarker) ||
        headsTask(text) ||
        (endsAsQuestion(text) && !recallsValue(text)) ||
        opensAsRequest(text) ||
        isOneOff(text))
    ) {
      last = null;
      continue;
    }
    if (findings.length === 0) {
      if (recallsValue(text)) recalled = unit;
      if (fragment !== null && last !== null) joinLast(position, withUnits(message, last, [unit], false));
      // "the #[Authorize] attribute is deprecated. They shipped #[RequiresPermission] and that's what
      // every controller action carries now": what a drop said just before is replaced with is part of it.
      // So is the tool a rule of its slot names next ("use the logger. structlog, log = structlog.get_logger()…").
      else if (
        follows &&
        last !== null &&
        (dropsOnly(last.quote) || namesValueOf(last, text)) &&
        namesAValue(text)
      )
        joinLast(position, withValueAfter(message, last, unit, text));
      // "don't run pytest bare, the suite needs the test postgres container. `make test` spins it up":
      // what to do instead, said right after a prohibition that names none, is part of it.
      else if (
        follows &&
        last !== null &&
        // …or after one that ends forbidding ("…, so stop hardcoding seeds. read the seed from conf/params.yaml").
        (last.kind === "avoid" || (forbids(last.quote) && withdrawalIn(last.quote) === null)) &&
        !saysOwnAlternative(last.rule) &&
        !pointsBackOnly(text) &&
        (opensWithInstructionVerb(text) || namesAValue(text))
      )
        joinLast(position, withUnits(message, last, [unit], false));
      // "以后测试环境都走 qa-bj。qa-sh 不用了": a drop said right after a rule is part of it.
      // One the rule already drops ("… instead of @sensor_safe. sensor_safe gets deleted") adds nothing.
      else if (
        follows &&
        last !== null &&
        dropsOnly(text) &&
        !saysDropped(last.quote, text) &&
        !dropsAnotherKind(text, last.quote)
      )
        joinLast(position, withUnits(message, last, [unit], false));
      // "…decided to drop the gb_ prefix. it clashes with the export module's names. new code uses st_
      // instead": the reason said right after a drop is part of it, and what follows still follows it.
      else if (follows && last !== null && dropsOnly(last.quote) && givesReason(text) && !namesAValue(text))
        joinLast(position, withUnits(message, last, [unit], false));
      // "we're swapping Truth for AssertK. the shared KMP module can't depend on Truth": what is said
      // right after a rule of the thing it drops, naming no value, is why.
      else if (follows && last !== null && speaksOfDropped(text, last.quote) && !namesAValue(text))
        joinLast(position, withUnits(message, last, [unit], false));
      else if ((announces || reading.announced) && dropsAThing(text)) dropped.push(unit);
      // A change that is no rule by itself, not a prohibition ("gigalixir -> our own k8s cluster"):
      // the next sentence may say what it changed to.
      else if (changes(text)) {
        change = { unit, position };
        last = null;
      }
      // "we're on tracing now. tracing + tracing-subscriber with the fmt layer. log and env_logger are
      // gone": words on the value just set keep its thread, so a drop after them still joins it.
      else if (follows && last !== null && speaksOfValue(text, last)) lastPosition = position;
      else last = null;
      reading.announced ||= announces;
      continue;
    }
    // "… validated through laravel-data objects now, not FormRequests. … Existing FormRequests get
    // migrated when touched": what is said of a thing an earlier rule of the message drops, naming
    // nothing to use, says more of that rule.
    const dropper = saysMoreOfDrop(text, findings)
      ? found.findLast((item) => speaksOfDropped(text, item.quote))
      : undefined;
    if (dropper !== undefined && !hasStrongStandingMarker(unit.text) && !tellsDecision(text)) {
      last = extend(dropper, withUnits(message, dropper, [unit], false));
      lastPosition = position;
      continue;
    }
    // "the prefix is now n_. wr_ is retired": a drop said right after a rule is part of it, even
    // when it reads as a rule of its own.
    if (
      follows &&
      last !== null &&
      dropped.length === 0 &&
      !unit.listed &&
      units[position - 1]?.group === unit.group &&
      findings.every((finding) => finding.slot === null && dropsOnly(finding.quote)) &&
      // A decision, a marked rule or a withdrawal by name stands alone (a tool's drop: withAlternatives).
      !tellsDecision(text) &&
      withdrawalIn(text) === null &&
      (!markedBeyondDrop(unit.text) || dropsValueLike(text, last)) &&
      memberSlotsNamed(text).length === 0 &&
      !dropsAnotherKind(text, last.quote)
    ) {
      // One the rule drops already ("… instead of @traced. traced is deprecated") adds nothing.
      if (!saysDropped(last.quote, text)) joinLast(position, withUnits(message, last, [unit], false));
      else lastPosition = position;
      continue;
    }
    // "…, so @Timed is out. Put @Observed on public service methods instead": the replacement points
    // back at the drop said just before, and the two are one rule; so does a rule that names a value
    // right after a sentence that only drops ("constants.py 拆掉了。以后常量统一放 settings/consts.py")
    // or says a thing changed without saying to what ("对象拷贝我们也改了，BeanUtils 是反射。以后统一用 MapStruct").
    const first = findings[0] as ConventionFinding;
    if (
      follows &&
      last !== null &&
      before !== undefined &&
      dropped.length === 0 &&
      ((dropsAThing(last.quote) && REPLACES_WHAT_CAME_BEFORE.test(first.quote)) ||
        (last.slot === null &&
          (onlyDrops(last.quote) || changesWithoutValue(last.quote)) &&
          !before.listed &&
          before.group === unit.group &&
          // …about the same work: how answers are written replaces no branch names.
          sameWorkOrUnknown(last, first) &&
          // …nor what a rule withdrawn by its name gave way to ("defineOptions 那个要求取消了").
          withdrawalIn(last.quote) === null &&
          // A marked rule right after a drop is what replaces it ("we're ripping msw out. … http
          // mocks are nock from here on").
          (namesAValue(first.quote) || hasStrongStandingMarker(first.quote))))
    ) {
      found.splice(found.indexOf(last), 1);
      // The drop is every unit it was read from ("the numpydoc thing didn't stick. Marco's review …").
      const place = placeOf.get(last);
      dropped = units.slice(place?.start ?? place?.position ?? position - 1, position);
    }
    // "Remember the fx_ prefix? We now use op_ instead": the rule replaces the value just recalled.
    const recalls =
      recalled === before && before?.group === unit.group && !dropped.length && replacesRecalled(first.quote);
    if (recalls) dropped = [before];
    if (afterChange) {
      if (lastIsBefore) found.splice(found.indexOf(last as ConventionFinding), 1);
      dropped = [before as RuleUnit];
    }
    // A rule read with units before it starts at them (`start`); its place stays its own unit.
    const from = dropped.length > 0 ? units.indexOf(dropped[0] as RuleUnit) : position;
    if (dropped.length > 0) findings[0] = withDropped(message, first, dropped, recalls);
    dropped = [];
    // The confirmation is quoted with the rule it confirms, never stored as a rule of its own.
    const end = findings.length - 1;
    const quote =
      next !== undefined ? span(message, (findings[end] as ConventionFinding).quote, next.text) : null;
    if (quote !== null) findings[end] = { ...(findings[end] as ConventionFinding), quote };
    for (const finding of findings) {
      const start = finding === findings[0] && from < position ? { start: from } : {};
      placeOf.set(finding, { position, group: unit.group, opensItem, ...start });
      found.push(finding);
    }
    last = findings.at(-1) ?? null;
    lastPosition = position;
  }
  const joined = withAlternatives(message, found, placeOf).map((item) =>
    reply === null ? item : withReplacementNamedBack(item, found, reply),
  );
  return lastPerSlotValue(joined).map(withoutWithdrawnValue);
}

/** The standing-convention rule (see {@link readConventions}). */
export const conventionRule: LearningRule<ConventionContext, ConventionFinding[]> = {
  id: "standing-convention",
  describe:
    "Reads the conventions a user states as holding for the project: \"Firstly, always start variable names with 'z_'\" → \"Always start variable names with 'z_'\" (naming.variable.prefix = z_, code work).",
  learn: ({ message, lastCommand, reply, held }) =>
    readConventions(message, lastCommand ?? null, reply ?? null, held),
};
