/**
 * Standing conventions: a rule the user states as holding for the project — how work is done there
 * (naming, style, structure, tools, commands, files, process) — marked by "always", "never", "we
 * use", "our convention is", "from now on", "for all methods", 以后, 一律, 我们规范是. It holds for
 * every task of its kind in the project, whatever words the prompt uses. This rule reads them from
 * one user message, each with clean text (no "Firstly,", no greeting), its slot and the kinds of
 * work it governs. Pure.
 */

import { MAX_HEURISTIC_EVIDENCE_CHARS } from "../learning/experience-limits.js";
import { activityTrigger } from "../learning/topics.js";
import { namesCode, sentenceCase } from "../lexicon/code-terms.js";
import { instructionKind, isInstruction } from "../lexicon/imperative-verbs.js";
import { kindsOfWorkIn } from "../lexicon/kinds-of-work.js";
import { languageOf } from "../lexicon/language.js";
import { stripLeadIns } from "../lexicon/lead-in-words.js";
import { forbids } from "../lexicon/negations.js";
import { statesNorm } from "../lexicon/norms.js";
import { isOneOff } from "../lexicon/one-off-cues.js";
import { isNotARule, ruleShape } from "../lexicon/rule-shapes.js";
import { isSmallTalk } from "../lexicon/small-talk-cues.js";
import { CONDITIONS, hasStandingMarker, hasStrongStandingMarker } from "../lexicon/standing-markers.js";
import { splitSentences } from "../lexicon/tokenizer.js";
import { saysUpdate } from "../lexicon/update-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { workLabel } from "../lexicon/work-groups.js";
import type { LearningRule } from "./learning-rule.js";
import { readSlots, type SlotFinding } from "./slot-rule.js";

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
}

/**
 * The situation of a rule: up to a clause break (a "." inside ".gitlab-ci.yml" is not one) or the
 * verb that starts the instruction ("every time you touch .gitlab-ci.yml | run glab ci lint").
 */
const OCCASION =
  /\b(before|after|when(?:ever)?|every ?time|each time)\s+((?:(?!\s(?:run|use|do|make sure|always|never|please|don'?t|dont|check|add|put|ask|tell)\s)(?:[^,.;!?]|[.!?](?=\S))){3,60})/i;
const ZH_OCCASION = /(?:每次|在)([^，,。；;！？!?]{2,30}?)(之前|前|之后|后|时|的时候)/;

/** The occasion a rule names ("Before committing", "提交之前"), or null. */
function occasionOf(text: string, zh: boolean): string | null {
  if (zh) {
    const found = ZH_OCCASION.exec(text);
    return found ? `${found[1]}${/时|的时候/.test(found[2] ?? "") ? "" : found[2]}` : null;
  }
  const found = OCCASION.exec(text);
  if (!found) return null;
  // "before you tell me something is done" says when it is checked, not a situation to recall in.
  if (/\b(?:done|finished|complete)\b/i.test(found[2] ?? "")) return null;
  const word = found[1] ?? "";
  return `${word.charAt(0).toUpperCase()}${word.slice(1)} ${(found[2] ?? "").trim()}`;
}

/**
 * The part of a sentence that states the rule, when a dash sets it apart from a story ("so I merged
 * the settings migration this morning — settings live in kestrel.toml now").
 */
function ruleOf(text: string): string {
  const parts = text.split(/\s+[—–]\s+/);
  if (parts.length < 2) return text;
  const stating = parts.filter(
    (part) =>
      readsAsDirective(part, languageOf(part) === "zh") ||
      readSlots(part).some((slot) => slot.value !== null),
  );
  return stating.length > 0 ? stating.join(" — ") : text;
}

function clean(text: string): string {
  const stripped = stripLeadIns(text)
    .replace(/[.。!！]+$/, "")
    .trim();
  return languageOf(stripped) === "zh" ? stripped : sentenceCase(stripped);
}

/**
 * True when a sentence tells the agent what to do (see `isInstruction`) or states a norm ("names
 * should end with…", 都要).
 */
export function readsAsDirective(text: string, zh: boolean): boolean {
  return isInstruction(text, zh) || statesNorm(text);
}

/** The user's words from `first` to the end of `last`, verbatim, or null when not found in order. */
function span(message: string, first: string, last: string): string | null {
  const start = message.indexOf(first);
  const end = message.indexOf(last, start);
  return start === -1 || end === -1 ? null : message.slice(start, end + last.length);
}

/** True when a sentence is about how answers are written and nothing else ("Keep your answers short"). */
function answersOnly(text: string, work: readonly string[]): boolean {
  return work.length === 1 && work[0] === "answers" && !namesCode(text);
}

/** True when a rule only says what to stop using ("@Audited is being retired"). */
function dropsOnly(text: string): boolean {
  const terms = preferenceTerms(text);
  return terms.avoid.size > 0 && terms.use.size === 0;
}

/** True when a rule says to use one thing and not another ("Use pathlib, not os.path"). */
function choosesBetween(text: string): boolean {
  const terms = preferenceTerms(text);
  return terms.use.size > 0 && terms.avoid.size > 0;
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

/** True when a rule names a thing to use or to drop (see use-and-avoid.ts). */
function namesATerm(text: string): boolean {
  const { use, avoid } = preferenceTerms(text);
  return use.size + avoid.size > 0;
}

/**
 * The conventions of one user message. A sentence is one when it is not a question, a condition
 * or a one-off ("this time", 这次); tells the agent what to do or states a norm ("always start…",
 * "we use…", "names should end with…", 都要); is about how work is done (a slot, a kind of work, or
 * code it names); and is marked as lasting — by a strong standing marker of its own ("always", "we
 * use", 以后), or, for a rule that names a slot, by one elsewhere in the message or a word of change
 * ("now", 改成). Its kinds of work are its slot's and those its words name (or, when it names none,
 * those of the command the agent ran right before).
 */
export function readConventions(message: string, lastCommand: string | null = null): ConventionFinding[] {
  const sentences = splitSentences(message);
  const marked = sentences.some((sentence) => hasStrongStandingMarker(sentence.text));
  const found: ConventionFinding[] = [];
  const sentenceOf = new Map<ConventionFinding, number>();
  for (const [position, sentence] of sentences.entries()) {
    const text = ruleOf(stripLeadIns(sentence.text));
    if (text === "" || /[?？]\s*$/.test(text) || CONDITIONS.test(text)) continue;
    // The marker may sit in the lead-in itself ("Our convention is to …", 我们规范是).
    const strong = hasStrongStandingMarker(sentence.text);
    // "our config file is config.yaml, always edit that one": "that one" is the file, not a one-off.
    if (isOneOff(strong ? text.replace(/\b(?:this|that) one\b/gi, "") : text)) continue;
    // A story, other people's habits, a guess or a failure report is no rule, whatever its words.
    if (isNotARule(text) || isNotARule(sentence.text)) continue;
    const zh = languageOf(text) === "zh";
    const slots = readSlots(text).filter((slot) => slot.value !== null);
    const update = saysUpdate(sentence.text);
    // Most rules carry no marker: their shape says they hold for a kind of thing (see rule-shapes).
    const shape = ruleShape(text) !== null || choosesBetween(text);
    const work = kindsOfWorkIn(text);
    // A change or choice of named things is about how work is done, with no word for the work
    // ("instead of fly it's render now", "we replaced viper with koanf", "requests is out").
    const about = slots.length > 0 || work.length > 0 || namesCode(text) || (shape && namesATerm(text));
    // A project's own marker ("in this repo", "here", 统一) or how every answer is written is
    // lasting for a rule about work, as is a rule's shape.
    const shaped =
      about && (shape || hasStandingMarker(text) || (answersOnly(text, work) && readsAsDirective(text, zh)));
    const lasting = strong || shaped || (slots.length > 0 && (marked || update || statesNorm(text)));
    // A lasting rule that sets a slot's value states the project's value even as a statement
    // ("we've moved from yarn to pnpm", "the config file is settings.toml now").
    // "httpx.AsyncClient from now on": a thing and a strong marker, the verb left out.
    const directive =
      shape ||
      readsAsDirective(text, zh) ||
      (slots.length > 0 && (strong || update || marked)) ||
      (strong && namesATerm(text));
    if (!lasting || !directive) continue;
    for (const clause of clausesBySlot(text, slots)) {
      const words = kindsOfWorkIn(clause.text);
      if (
        clause.slot === null &&
        words.length === 0 &&
        !namesCode(clause.text) &&
        !(shape && namesATerm(clause.text))
      )
        continue;
      if (clause.slot === null && isSmallTalk(clause.text)) continue;
      // "always -workspace Fitlog.xcworkspace" right after `xcodebuild test …` is about running tests.
      const after =
        words.length === 0 && clause.slot === null && lastCommand ? kindsOfWorkIn(lastCommand) : [];
      const work = [...new Set([...(clause.slot?.work ?? []), ...words, ...after])];
      const finding: ConventionFinding = {
        rule: clean(clause.text),
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
      };
      sentenceOf.set(finding, position);
      found.push(finding);
    }
  }
  // One convention per slot value in a message: the last saying of it ("this repo is a pnpm
  // workspace. Use pnpm install, never npm install" → the instruction).
  const key = (item: ConventionFinding) => (item.slot ? `${item.slot.slot}=${item.slot.value}` : null);
  const joined = withAlternatives(message, found, sentenceOf);
  return joined.filter(
    (item, index) => key(item) === null || !joined.slice(index + 1).some((later) => key(later) === key(item)),
  );
}

/**
 * A prohibition and the alternative said next to it are one rule ("别用 moment，太大了。我更喜欢用
 * dayjs" → one convention, what to do first): a finding that only forbids, with no slot of its
 * own, joins the neighbouring finding of the next or previous sentence that says what to do,
 * when their kinds of work meet. `sentenceOf` holds each finding's sentence.
 */
function withAlternatives(
  message: string,
  found: readonly ConventionFinding[],
  sentenceOf: Map<ConventionFinding, number>,
): ConventionFinding[] {
  const result = [...found];
  for (let index = 0; index < result.length; index++) {
    const item = result[index] as ConventionFinding;
    if (item.kind !== "avoid" || item.slot !== null) continue;
    // Its own first clause says what to do ("Constants live in constants.py, never inline…"): a rule of its own.
    const opening = item.rule.split(/[,，;；]/)[0] ?? "";
    const opensForbidding = forbids(opening);
    // A change reported ("@Audited is being retired") is the other half of what replaces it.
    const shape = ruleShape(opening);
    const ownContent =
      !opensForbidding &&
      (statesNorm(item.rule) || (shape !== null && shape !== "change") || choosesBetween(item.rule));
    if (ownContent) continue;
    const at = [index + 1, index - 1].find((other) => {
      if (other < index && !opensForbidding) return false;
      const next = result[other];
      return (
        next !== undefined &&
        next.kind !== "avoid" &&
        next.rule.length + item.rule.length < MAX_HEURISTIC_EVIDENCE_CHARS &&
        Math.abs((sentenceOf.get(next) ?? 0) - (sentenceOf.get(item) ?? 0)) === 1 &&
        (item.work.length === 0 ||
          next.work.length === 0 ||
          item.work.some((kind) => next.work.includes(kind)))
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
    sentenceOf.set(joined, sentenceOf.get(partner) ?? 0);
    result[at] = joined;
    result.splice(index, 1);
    index -= 1;
  }
  return result;
}

/** The standing-convention rule (see {@link readConventions}). */
export const conventionRule: LearningRule<ConventionContext, ConventionFinding[]> = {
  id: "standing-convention",
  describe:
    "Reads the conventions a user states as holding for the project: \"Firstly, always start variable names with 'z_'\" → \"Always start variable names with 'z_'\" (naming.variable.prefix = z_, code work).",
  learn: ({ message, lastCommand }) => readConventions(message, lastCommand ?? null),
};
