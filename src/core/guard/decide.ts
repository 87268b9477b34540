/**
 * What the guard answers for a tool call its lessons apply to: deny it, ask the user, remind the
 * agent (additional context), or nothing — and the words the agent reads.
 *
 * - Only a lesson that forbids the call may deny it, and only when it may deny at all: the user's
 *   own words forbid it (an explicit prohibition), or, with `denyEstablished`, its track record is
 *   established or proven. Another lesson that forbids the call gets `unconfirmed` (a reminder, or
 *   the user is asked); a lesson about the call (a command or file it names) gets a reminder, once
 *   per session.
 * - Mode `remind` turns every answer into a reminder; mode `off` answers nothing.
 * - An agent that cannot answer one way gets the next weaker it can: deny → ask → remind → nothing.
 * Pure.
 */
import type { MaturityState } from "../lessons/lesson.js";
import { neutralizeContextText, TACIT_CONTEXT_CLOSE, TACIT_CONTEXT_OPEN } from "../tacit-context.js";
import type { GuardCheck } from "./checks.js";
import type { GuardSettings } from "./guard-settings.js";
import { describeAction, type ToolAction } from "./tool-call.js";

/** A lesson as the guard sees it. */
export interface GuardLesson {
  id: string;
  rule: string;
  maturity: MaturityState;
  /** The user's own words that forbid what the lesson forbids (verified against the stored turn), or null. */
  userQuote: string | null;
  supportTaskCount: number;
}

/** A lesson's check that a call's action matched, with what to do instead in the call's terms. */
export interface GuardMatch {
  lesson: GuardLesson;
  check: GuardCheck;
  action: ToolAction;
  /** What to run instead (see suggest.ts), or null. */
  suggestion: string | null;
}

/** The answers, weakest first. */
export type GuardAnswer = "remind" | "ask" | "deny";
const STRENGTH: Readonly<Record<GuardAnswer, number>> = { remind: 1, ask: 2, deny: 3 };

/** What an agent's pre-tool hook can answer. */
export interface GuardAbilities {
  deny: boolean;
  ask: boolean;
  /** Add context the model reads before the call. */
  context: boolean;
}

/** One lesson acted on, with its answer and the match it answers for. */
export interface GuardAct {
  answer: GuardAnswer;
  match: GuardMatch;
}

/** The guard's answer to one call. */
export interface GuardVerdict {
  /** null: nothing to say. */
  answer: GuardAnswer | null;
  /** The lessons acted on, strongest first, at most `maxLessonsPerCall`. */
  acts: GuardAct[];
  /** For deny and ask: what the agent (and, for ask, the user) reads. */
  reason: string;
  /** For remind: the context block the agent reads. */
  context: string;
}

const NOTHING: GuardVerdict = { answer: null, acts: [], reason: "", context: "" };

/** True when a lesson may deny a call: the user's explicit prohibition, or (when allowed) a proven track record. */
export function mayDeny(lesson: GuardLesson, settings: Pick<GuardSettings, "denyEstablished">): boolean {
  if (lesson.userQuote !== null) return true;
  return settings.denyEstablished && (lesson.maturity === "established" || lesson.maturity === "proven");
}

/** Decides the answer to one call from the lessons' matches (see the module comment). */
export function decideGuard(input: {
  matches: readonly GuardMatch[];
  settings: GuardSettings;
  abilities: GuardAbilities;
  /** Lessons already reminded in this session (a lesson only about the call is reminded once). */
  reminded: ReadonlySet<string>;
}): GuardVerdict {
  const { settings, abilities } = input;
  if (settings.mode === "off") return NOTHING;
  const byLesson = new Map<string, GuardAct>();
  for (const match of input.matches) {
    const wanted = answerFor(match, input);
    const answer = wanted === null ? null : supported(wanted, abilities);
    if (answer === null) continue;
    const current = byLesson.get(match.lesson.id);
    if (!current || STRENGTH[answer] > STRENGTH[current.answer])
      byLesson.set(match.lesson.id, { answer, match });
  }
  const acts = [...byLesson.values()]
    .sort(
      (a, b) =>
        STRENGTH[b.answer] - STRENGTH[a.answer] ||
        Number(b.match.lesson.userQuote !== null) - Number(a.match.lesson.userQuote !== null) ||
        b.match.lesson.supportTaskCount - a.match.lesson.supportTaskCount,
    )
    .slice(0, Math.max(1, settings.maxLessonsPerCall));
  const first = acts[0];
  if (!first) return NOTHING;
  const answer = first.answer;
  if (answer === "remind") return { answer, acts, reason: "", context: reminderContext(acts) };
  const named = acts.filter((act) => act.answer === answer);
  return {
    answer,
    acts: named,
    reason: answer === "deny" ? denyReason(named) : askReason(named),
    context: "",
  };
}

function answerFor(
  match: GuardMatch,
  input: { settings: GuardSettings; reminded: ReadonlySet<string> },
): GuardAnswer | null {
  const { settings } = input;
  if (match.check.kind === "about") {
    if (!settings.justInTime) return null;
    if (settings.remindOncePerSession && input.reminded.has(match.lesson.id)) return null;
    return "remind";
  }
  if (settings.mode === "remind") return "remind";
  return mayDeny(match.lesson, settings) ? "deny" : settings.unconfirmed;
}

/** The strongest answer at most `wanted` that the agent supports, or null. */
function supported(wanted: GuardAnswer, abilities: GuardAbilities): GuardAnswer | null {
  if (wanted === "deny" && abilities.deny) return "deny";
  if (wanted !== "remind" && abilities.ask) return "ask";
  return abilities.context ? "remind" : null;
}

/** One lesson as a line: its rule, who said it or its record, and what to do instead. */
function lessonLine(act: GuardAct): string {
  const { lesson, suggestion } = act.match;
  const quote = lesson.userQuote === null ? null : oneLine(lesson.userQuote, 200).replace(/[.。!！]+$/, "");
  const said = quote !== null ? ` The user said: "${quote}".` : "";
  const record =
    lesson.userQuote === null && (lesson.maturity === "established" || lesson.maturity === "proven")
      ? ` It held in ${lesson.supportTaskCount} task(s) (${lesson.maturity}).`
      : "";
  const instead = suggestion ? ` Instead: ${suggestion}` : "";
  return `- ${oneLine(lesson.rule, 300).replace(/[.。]+$/, "")}.${said}${record}${instead}`;
}

function denyReason(acts: readonly GuardAct[]): string {
  const call = acts[0] ? describeAction(acts[0].match.action) : "this call";
  return [
    `tacit blocked \`${oneLine(call, 160)}\`: it goes against ${acts.length > 1 ? "lessons" : "a lesson"} of this project.`,
    ...acts.map(lessonLine),
    "Do it the way the lesson says. If the user wants it anyway, they can say so and the next try goes through once.",
  ].join("\n");
}

function askReason(acts: readonly GuardAct[]): string {
  return [
    `tacit: ${acts.length > 1 ? "lessons" : "a lesson"} of this project may speak against this call.`,
    ...acts.map(lessonLine),
    "Allow it anyway?",
  ].join("\n");
}

/** The reminder as a `<tacit-context>` block (capture strips it, so tacit never learns from it). */
function reminderContext(acts: readonly GuardAct[]): string {
  const lines = acts.map((act) => neutralizeContextText(lessonLine(act)));
  return [
    TACIT_CONTEXT_OPEN,
    acts.length > 1
      ? "Lessons of this project that apply to this tool call:"
      : "A lesson of this project that applies to this tool call:",
    ...lines,
    TACIT_CONTEXT_CLOSE,
  ].join("\n");
}

function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}
