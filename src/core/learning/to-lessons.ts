/**
 * From extracted knowledge to lesson inputs: task-experience heuristics and instinct candidates
 * become the fields of a new lesson (the lesson book assigns id and time, then dedups). Pure.
 */
import { slotOf } from "../conventions/slot-rule.js";
import type { LessonDomain, LessonEvidence, LessonKind, LessonScope, LessonSlot } from "../lessons/lesson.js";
import { compiledEntries } from "../lexicon/define-lexicon.js";
import { LESSON_DOMAINS } from "../lexicon/lesson-domains.js";
import type { InstinctCandidate } from "./instincts.js";
import type { TransferableHeuristic } from "./offline-experience.js";
import type { TaskMessage } from "./task-message.js";

/** The fields of a lesson to learn (assignable to the lesson book's `LessonInput`). */
export interface LessonDraft {
  kind: LessonKind;
  trigger: string;
  rule: string;
  why: string;
  domain: LessonDomain;
  scope: LessonScope;
  /** The project the lesson was learnt in; null only for a session outside any project. */
  projectId: string | null;
  /** 0..1. */
  confidence: number;
  evidence: LessonEvidence[];
  /** What it governs, when known. */
  slot?: LessonSlot;
  /** A standing convention of its project. */
  convention?: boolean;
}

/** Where a lesson was learnt. */
export interface LessonSource {
  /** The task id; null when the knowledge is not tied to one task (instincts over a window). */
  id: string | null;
  sessionId: string;
  projectId: string | null;
}

const DOMAINS = compiledEntries(LESSON_DOMAINS);

/** The lesson domain of a text (lexicon/lesson-domains.ts): "Use `pnpm install`…" → workflow, "不能用 root 用户" → security. */
export function inferDomain(text: string): LessonDomain {
  return DOMAINS.find(({ pattern }) => pattern.test(text))?.entry.domain ?? "project";
}

function clamp(value: number): number {
  return Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0.5;
}

/** A project scope needs a project; a session outside any project can only learn global lessons. */
function resolveScope(wanted: LessonScope, projectId: string | null): LessonScope {
  return projectId === null ? "global" : wanted;
}

function evidenceOf(quote: string, task: LessonSource, at: number, messageId?: string): LessonEvidence {
  const evidence: LessonEvidence = { quote, sessionId: task.sessionId, at };
  if (task.id !== null) evidence.taskId = task.id;
  if (messageId !== undefined) evidence.messageId = messageId;
  return evidence;
}

/** A text as compared: spaces squashed, lower case, without a mark of clipping. */
const squashed = (text: string) => text.replace(/\s+/g, " ").replace(/…$/, "").trim().toLowerCase();

/**
 * The id of the user message of `messages` a quote was taken from (its place in the session,
 * "seq:12"), or undefined when none holds it: two rules read from one message were said together
 * (core/lessons/supersession.ts), two read from one task were not always.
 */
export function quotedMessageId(quote: string, messages: readonly TaskMessage[]): string | undefined {
  const said = squashed(quote);
  if (said === "") return undefined;
  const found = messages.find(
    (message) => message.role === "user" && squashed(message.content).includes(said),
  );
  return found === undefined ? undefined : `seq:${found.seq}`;
}

/** Input of {@link heuristicToLesson}. */
export interface HeuristicToLessonInput {
  heuristic: TransferableHeuristic;
  task: LessonSource;
  /** When the evidence was said or the task ended, epoch ms. */
  at: number;
  /** The message the evidence was said in (see {@link quotedMessageId}). */
  messageId?: string;
}

/** The slot a rule governs, read from its words when the rule did not say (see core/conventions). */
export function ruleSlot(rule: string): LessonSlot | undefined {
  const found = slotOf(rule);
  return found === null || found.value === null ? undefined : { id: found.slot, value: found.value };
}

/**
 * A task-experience heuristic as a lesson draft: same kind, trigger, rule and why; domain from
 * {@link inferDomain}; scope from `scopeHint` (default `project`; `global` when the session has
 * no project); confidence from the heuristic (default 0.5); its quote as evidence; its slot (read
 * from the rule when the heuristic has none) and whether it is a convention.
 */
export function heuristicToLesson(input: HeuristicToLessonInput): LessonDraft {
  const { heuristic, task, at, messageId } = input;
  const slot = heuristic.slot ?? ruleSlot(heuristic.rule);
  return {
    ...(slot ? { slot } : {}),
    ...(heuristic.convention ? { convention: true } : {}),
    kind: heuristic.kind,
    trigger: heuristic.trigger,
    rule: heuristic.rule,
    why: heuristic.why,
    domain: inferDomain(`${heuristic.trigger} ${heuristic.rule}`),
    scope: resolveScope(heuristic.scopeHint ?? "project", task.projectId),
    projectId: task.projectId,
    confidence: clamp(heuristic.confidence ?? 0.5),
    evidence: heuristic.evidence.trim() === "" ? [] : [evidenceOf(heuristic.evidence, task, at, messageId)],
  };
}

/**
 * The lesson kind an instinct's action reads as: "Never…/Don't…/避免…" → avoid, "Ask…/先问…" →
 * clarify, "check/verify/make sure/确认…" → verify, else prefer.
 */
export function instinctKind(action: string): LessonKind {
  if (/^\s*(?:never|don'?t|do not|avoid|stop)\b|^\s*(?:不要|别|避免|禁止|切勿|永远不要|不能)/i.test(action))
    return "avoid";
  if (/^\s*(?:ask|clarify)\b|^\s*(?:先问|询问|澄清|和用户确认)/i.test(action)) return "clarify";
  if (/\b(?:verify|check|confirm|make sure|ensure|validate)\b|检查|确认|验证|确保/i.test(action))
    return "verify";
  return "prefer";
}

/** Input of {@link instinctToLesson}. */
export interface InstinctToLessonInput {
  instinct: InstinctCandidate;
  task: LessonSource;
  at: number;
  /** The session's messages: each quote names the message it was said in (see {@link quotedMessageId}). */
  messages?: readonly TaskMessage[];
}

/**
 * An instinct candidate as a lesson draft: trigger → trigger, action → rule, kind from
 * {@link instinctKind}, the instinct's domain, scope (global when the session has no project)
 * and confidence, one evidence entry per quote.
 */
export function instinctToLesson(input: InstinctToLessonInput): LessonDraft {
  const { instinct, task, at, messages = [] } = input;
  const slot = ruleSlot(instinct.action);
  return {
    ...(slot ? { slot } : {}),
    kind: instinctKind(instinct.action),
    trigger: instinct.trigger,
    rule: instinct.action,
    why: "",
    domain: instinct.domain,
    scope: resolveScope(instinct.scope, task.projectId),
    projectId: task.projectId,
    confidence: clamp(instinct.confidence),
    evidence: instinct.evidence.map((quote) => evidenceOf(quote, task, at, quotedMessageId(quote, messages))),
  };
}
