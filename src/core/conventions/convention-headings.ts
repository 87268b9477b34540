/**
 * Headings glued before a rule: "Before you touch anything: tests go through cargo nextest run",
 * "Quick rundown of the stack: HTTP calls go through axios…", "先说下情况：订单服务…". The words
 * before the colon name no value and no kind of work, and what follows states a rule by itself, so
 * they are neither part of the rule's text nor its trigger. A topic before a colon is the rule's
 * own ("Commit messages: imperative mood": the topic names the work, and "imperative mood" is no
 * rule alone); an announcement before one ("更正一下：…", "quick update on naming: …") is read as
 * one (see convention-announcements.ts). Pure.
 */
import { announcementRest } from "../lexicon/announcements.js";
import { statesClauseRule } from "../lexicon/clause-rules.js";
import { namesCode } from "../lexicon/code-terms.js";
import { isInstruction } from "../lexicon/imperative-verbs.js";
import { activityTrigger } from "../lexicon/kinds-of-work.js";
import { hanCount, hasHan } from "../lexicon/language.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { statesNorm } from "../lexicon/norms.js";
import { RULE_HEADINGS } from "../lexicon/standing-markers.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import { readSlots } from "./slot-rule.js";

/** Words up to the first colon of a sentence (a full-width one, or one followed by a space). */
const BEFORE_COLON = /^([^:：()（）`"\n]{2,120}?)\s*(?:：|:\s+)/;

/** An example given last before a colon: the colon is the example's own ("e.g. ENG-42: add …"). */
const EXAMPLE_BEFORE_COLON = /(?:\be\.g\.|\bi\.e\.|\blike|\bsuch as|\bfor example|比如|例如)\s*\S+$/i;

/** True when `words` are long enough to be a heading rather than a topic ("Python:", "背景："). */
function longEnough(words: string): boolean {
  return hasHan(words) ? hanCount(words) >= 4 : words.trim().split(/\s+/).length >= 3;
}

/** True when a heading names something a rule is about: code, a slot's value, a thing to use, a Latin name in Chinese, an activity. */
function namesSomething(heading: string): boolean {
  const zh = hasHan(heading);
  return (
    namesCode(heading) ||
    // What to use now: "we moved to Xcode Cloud: push to a release/* branch and it builds".
    preferenceTerms(heading).use.size > 0 ||
    (zh && /[A-Za-z0-9]/.test(heading)) ||
    readSlots(heading).some((slot) => slot.value !== null) ||
    activityTrigger(heading, zh) !== null
  );
}

/** True when `text` states something by itself: a slot's value, a subject with its value, an instruction or a norm. */
function statesSomething(text: string): boolean {
  const zh = hasHan(text);
  return (
    readSlots(text).some((slot) => slot.value !== null) ||
    statesClauseRule(text) ||
    isInstruction(text, zh) ||
    statesNorm(text)
  );
}

/**
 * How many characters of `text` are a heading glued before its rule (with the colon and the
 * spaces after it), or 0 when it opens with none.
 */
export function headingLength(text: string): number {
  const found = BEFORE_COLON.exec(text);
  // A heading that names the rule a withdrawal points back to is part of it ("about the LG thing:
  // we don't need that rule any more").
  if (found === null || (withdrawalIn(text)?.index ?? Number.POSITIVE_INFINITY) < found[0].length) return 0;
  const heading = found[1] as string;
  const rest = text.slice(found[0].length);
  if (rest.trim() === "" || !longEnough(heading)) return 0;
  // Lead-ins and announcements before a colon are read as such ("so, change of plan on errors: …").
  const opening = stripLeadIns(heading);
  // Nor are words ending in an example whose colon it is ("PR titles start with the issue id, e.g.
  // ENG-42: add refund reasons").
  if (
    stripLeadIns(found[0]) === "" ||
    announcementRest(opening) !== null ||
    namesSomething(opening) ||
    EXAMPLE_BEFORE_COLON.test(heading)
  )
    return 0;
  return statesSomething(rest) ? found[0].length : 0;
}

/**
 * True when `sentence` opens with a heading that names rules and no value of its own, glued to the
 * first of them ("跟你对一下规矩哈：部署统一用 helm，…", "a few house rules: …"): it heads the
 * sentences after it as well, each a rule when it names a value.
 */
export function headsRulesGlued(sentence: string): boolean {
  const found = BEFORE_COLON.exec(sentence);
  if (found === null) return false;
  const heading = stripLeadIns(found[1] as string);
  return RULE_HEADINGS.test(heading) && !namesSomething(heading);
}
