/**
 * Task segmentation (issue 4, item 1): split a session into tasks — a goal and the turns that
 * serve it. Corrections and follow-ups stay in their task; explicit new goals, long idle gaps and
 * unrelated requests start a new one. Pure.
 */

import { hanCount, languageOf } from "../lexicon/language.js";
import { wishesAnswerForm } from "../lexicon/response-style-cues.js";
import { CARRY_ON_REQUESTS, CONTINUATION_CONNECTIVES, NEW_GOAL_OPENERS } from "../lexicon/task-openers.js";
import { activities, appliesToEveryAnswer, sharedActivities } from "../recall/intents.js";
import { similarityTokens } from "../signals/signal-text.js";
import type { FeedbackSignalType } from "../signals/signal-types.js";
import {
  asMainChain,
  clip,
  detectTaskSignals,
  errorLine,
  firstLine,
  isCommandWrapper,
  isFailedCall,
  isToolCall,
  type TaskMessage,
  type TaskSignal,
  toolCommand,
  toolInputObject,
  userRequest,
} from "./task-message.js";
import { activityTrigger } from "./topics.js";

/** Why a task starts where it does. */
export type TaskBoundary = "session-start" | "idle-gap" | "explicit-new-goal" | "unrelated-goal";

/** One task of a session: a contiguous run of rows. */
export interface TaskSegment {
  /** `seq` of the task's first row. */
  startSeq: number;
  /** `seq` of the task's last row (≥ `startSeq`). */
  endSeq: number;
  /** The first user goal of the task, verbatim; "" when the session has no user goal. */
  goal: string;
  /** At most {@link MAX_TITLE_CHARS} characters, from the goal (or the first assistant text). */
  title: string;
  /** At most {@link MAX_SUMMARY_CHARS}: goal, tools used × count, failed calls, final state. */
  summary: string;
  /** The task's rows, in order. */
  messageSeqs: number[];
  boundary: TaskBoundary;
}

/** Options of {@link segmentTasks}. */
export interface SegmentOptions {
  /** Silence longer than this (ms) before a user goal starts a new task. Default 30 minutes. */
  idleGapMs?: number;
  /** Pre-computed signals for the whole session (from `detectTaskSignals`); computed when absent. */
  signals?: readonly TaskSignal[];
}

/** Default idle gap that starts a new task: 30 minutes, in ms. */
export const DEFAULT_IDLE_GAP_MS = 30 * 60 * 1000;
/** Longest task title, in characters. */
export const MAX_TITLE_CHARS = 80;
/** Longest task summary, in characters. */
export const MAX_SUMMARY_CHARS = 400;
/** A user message with fewer words than this is a follow-up, never an unrelated goal. */
export const SHORT_FOLLOW_UP_WORDS = 6;
/** A message sharing fewer tokens than this fraction of its own with the task is unrelated… */
export const RELATED_TOKEN_SHARE = 0.2;
/** …unless it shares at least this many tokens. */
export const RELATED_TOKEN_COUNT = 2;

/** User signal types that say the message is about the current work, not a new goal. */
const ON_TASK_SIGNALS: ReadonlySet<FeedbackSignalType> = new Set([
  "correction",
  "reject",
  "constraint",
  "confusion",
  "preference",
  "success",
]);
/** Feedback on the previous turn: keeps a message in its task even after an idle gap or an opener. */
const FEEDBACK_SIGNALS: ReadonlySet<FeedbackSignalType> = new Set(["correction", "reject", "confusion"]);

/**
 * The user pushing back on what was just done, in the first sentence: "wait, thats the wrong
 * redis", "too much text.", "pls dont pull in new packages…", "100 rows?? there are thousands",
 * "不是这个文件", "你怎么一上来就改了这么多文件", or setting a rule from now on ("以后…"). Such a
 * message is about the current work even when it shares no word with it.
 */
const PUSHBACK =
  /^\s*(?:wait|whoa|woah|hold on|stop|nope|nah|no[,.!]|wrong|ugh|hmm+|too (?:much|long|many|slow))\b|^[^.!?\n]{0,40}[?!]{2,}|^[^.!?。！？\n]*(?:\b(?:dont|don'?t|do not|never|instead|wrong|not what|that'?s not|thats not|ignores?)\b|不是|不对|错了|别再|不要再|你怎么|怎么又|谁让你)|^\s*(?:from now on|going forward|以后|今后)/i;

function isPushback(text: string): boolean {
  return PUSHBACK.test(text);
}

/**
 * True when the message is about what the agent's last shell command did: "every commit msg needs
 * the jira key" right after a `git commit` is about that commit, not a new goal.
 */
function aboutLastAction(text: string, rows: readonly TaskMessage[]): boolean {
  for (let index = rows.length - 1; index >= 0; index--) {
    const command = toolCommand(rows[index] as TaskMessage);
    if (command !== null) return sharedActivities(activities(text), activities(command)) > 0;
  }
  return false;
}

/** A report of what just broke: an error quoted or named. */
const ERROR_REPORT =
  /^\s*(?:(?:the )?(?:console|terminal|browser|log|output|ci|it) (?:says|shows|prints|gives)\b|(?:still|now) (?:fails|failing|broken|crashes|errors)\b|(?:getting|got) (?:an? )?(?:error|exception|crash|404|500)\b)|^\s*(?:控制台|终端|日志|浏览器)(?:里)?(?:说|显示|报)|^\s*(?:还是|又)(?:报错|不行|挂了)/i;

function isAgentRow(row: TaskMessage | undefined): boolean {
  return row !== undefined && (row.role === "assistant" || row.role === "tool" || row.kind === "tool_call");
}

/** "every bash script in this repo starts with …", "in this repo we …", "我们规范是 …". */
const CONVENTION =
  /^\s*(?:every|all|each)\b[^.!?\n]{1,40}\b(?:in (?:this|our) (?:repo|project|codebase)|here)\b|\bin (?:this|our) (?:repo|project|codebase),? (?:we |you )?(?:always|never|must|should|only)\b|^\s*(?:我们|这个项目|项目里)(?:的)?(?:规范|约定|都|一律|统一)/i;

/**
 * True when the message tells the agent how to answer right after it answered ("way too long man.
 * 2-3 sentences max", "用中文回答"): feedback on that answer, not a new goal.
 */
function aboutLastAnswer(text: string, rows: readonly TaskMessage[]): boolean {
  const last = rows.at(-1);
  if (last?.role !== "assistant" || last.kind !== "text") return false;
  const trigger = activityTrigger(text, false);
  return (trigger !== null && appliesToEveryAnswer(trigger)) || wishesAnswerForm(text);
}

/** Words in a message: Latin words plus one per two Han characters. */
export function countWords(text: string): number {
  const latin = text.match(/[A-Za-z0-9][\w'.\-/]*/g)?.length ?? 0;
  const han = hanCount(text);
  return latin + Math.ceil(han / 2);
}

interface Draft {
  rows: TaskMessage[];
  goal: string | null;
  boundary: TaskBoundary;
  /** Tokens of the goal and the task's user messages. */
  userTokens: Set<string>;
  /** Tokens of the task's assistant texts and the files its tools touched. */
  workTokens: Set<string>;
}

function newDraft(boundary: TaskBoundary, goal: string | null): Draft {
  return {
    rows: [],
    goal,
    boundary,
    userTokens: goal === null ? new Set() : similarityTokens(goal),
    workTokens: new Set(),
  };
}

function isUnrelated(text: string, draft: Draft): boolean {
  const tokens = similarityTokens(text);
  if (tokens.size === 0) return false;
  let shared = 0;
  for (const token of tokens) if (draft.userTokens.has(token) || draft.workTokens.has(token)) shared += 1;
  return shared < RELATED_TOKEN_COUNT && shared / tokens.size < RELATED_TOKEN_SHARE;
}

/** True when the task's last action, with only assistant text after it, failed. */
function afterFailedCall(rows: readonly TaskMessage[]): boolean {
  for (let index = rows.length - 1; index >= 0; index--) {
    const row = rows[index] as TaskMessage;
    if (row.role === "assistant" && row.kind === "text") continue;
    return isToolCall(row) && row.isError;
  }
  return false;
}

/**
 * Why `message` (a user goal in the user's own voice) starts a new task, or null when it stays.
 * Order: a feedback signal (correction, reject, confusion) always stays; an explicit opener
 * starts; an idle gap starts unless the message is a success or a "continue"; any other on-task
 * signal, a "continue", a message right after a failed tool call, a message opening with
 * "and"/"but"/"而且" or a short message stays; so does pushback, a message about the agent's last
 * command or answer, one sent before the agent acted, a repo convention and an error reported back;
 * low token overlap starts.
 */
function boundaryFor(
  message: TaskMessage,
  text: string,
  previous: TaskMessage | undefined,
  draft: Draft,
  types: ReadonlySet<FeedbackSignalType>,
  idleGapMs: number,
): TaskBoundary | null {
  if (isCommandWrapper(message)) return null;
  if ([...types].some((type) => FEEDBACK_SIGNALS.has(type))) return null;
  if (NEW_GOAL_OPENERS.test(text)) return "explicit-new-goal";
  const continuation = CARRY_ON_REQUESTS.test(text);
  const gap = previous === undefined ? 0 : message.createdAt - previous.createdAt;
  if (gap > idleGapMs && !types.has("success") && !continuation) return "idle-gap";
  if (continuation || [...types].some((type) => ON_TASK_SIGNALS.has(type))) return null;
  // Right after a failed call the user reacts to it ("the API listens on 8081 locally").
  if (afterFailedCall(draft.rows)) return null;
  if (CONTINUATION_CONNECTIVES.test(text)) return null;
  if (countWords(text) < SHORT_FOLLOW_UP_WORDS) return null;
  if (
    draft.rows.length > 0 &&
    (isPushback(text) ||
      aboutLastAction(text, draft.rows) ||
      aboutLastAnswer(text, draft.rows) ||
      // Said before the agent did anything: the user is still adding to the same ask.
      draft.rows.at(-1)?.role === "user" ||
      // A convention of the repo, said after the agent's work, is about that work.
      CONVENTION.test(text) ||
      // What the agent's change did, reported back ("console says: … initialized without a token").
      (ERROR_REPORT.test(text) && isAgentRow(draft.rows.at(-1))))
  )
    return null;
  return isUnrelated(text, draft) ? "unrelated-goal" : null;
}

/**
 * Split a session into tasks. Rows are taken in `seq` order; every row lands in exactly one task
 * and tasks are contiguous and non-overlapping. Rows before the first user goal belong to the
 * first task. A new task starts only at a user message in the user's own voice (not meta, not a
 * slash-command wrapper, not a subagent prompt in a session with a main chain, not an interrupt
 * marker) when:
 * - it opens with an explicit new-goal phrase ("now let's", "next,", "another thing", "new task",
 *   "also, can you", "接下来", "另外", "换个话题", "下一个任务"…), or
 * - more than `idleGapMs` passed since the previous row, or
 * - it is unrelated to the task: it shares fewer than 2 tokens and under 20 % of its own words
 *   and Chinese bigrams with the task's goal, user messages, assistant texts, touched files and
 *   shell commands, it has at least 6 words, does not open with a connective ("and", "but",
 *   "而且"), does not come right after a failed tool call, and the detector found no on-task
 *   signal in it.
 *
 * A correction, reject or confusion always stays in its task; a success or "continue" stays even
 * after an idle gap. A session with no user goal is one task titled from the first assistant
 * text, or "untitled session". An empty input gives no tasks.
 */
export function segmentTasks(messages: readonly TaskMessage[], options: SegmentOptions = {}): TaskSegment[] {
  const rows = asMainChain(messages).sort((first, second) => first.seq - second.seq);
  if (rows.length === 0) return [];
  const idleGapMs = options.idleGapMs ?? DEFAULT_IDLE_GAP_MS;
  const signals = options.signals ?? detectTaskSignals(rows);
  const userTypes = new Map<number, Set<FeedbackSignalType>>();
  for (const signal of signals) {
    if (signal.source !== "user") continue;
    const types = userTypes.get(signal.seq) ?? new Set<FeedbackSignalType>();
    types.add(signal.type);
    userTypes.set(signal.seq, types);
  }

  const drafts: Draft[] = [];
  let draft = newDraft("session-start", null);
  rows.forEach((row, index) => {
    const words = userRequest(row);
    if (words !== null) {
      const types = userTypes.get(row.seq) ?? new Set<FeedbackSignalType>();
      const boundary =
        draft.goal === null ? null : boundaryFor(row, words, rows[index - 1], draft, types, idleGapMs);
      if (boundary !== null) {
        drafts.push(draft);
        draft = newDraft(boundary, words);
      } else if (draft.goal === null) {
        draft.goal = words;
      }
      for (const token of similarityTokens(words)) draft.userTokens.add(token);
    } else if (row.role === "assistant" && row.kind === "text") {
      for (const token of similarityTokens(row.content)) draft.workTokens.add(token);
    } else if (isToolCall(row)) {
      const input = toolInputObject(row);
      const touched = [input?.file_path, input?.command].filter(
        (value): value is string => typeof value === "string",
      );
      for (const value of touched) for (const token of similarityTokens(value)) draft.workTokens.add(token);
    }
    draft.rows.push(row);
  });
  drafts.push(draft);
  return drafts.map((finished) => toSegment(finished, signals));
}

function firstAssistantText(rows: readonly TaskMessage[]): string | null {
  const found = rows.find((row) => row.role === "assistant" && row.kind === "text" && row.content.trim());
  return found?.content ?? null;
}

/** A title of at most {@link MAX_TITLE_CHARS} characters: the first line of `text`, whitespace collapsed. */
export function taskTitle(text: string): string {
  const line =
    text
      .split("\n")
      .map((part) => part.trim())
      .find((part) => part !== "") ?? "";
  return clip(line.replace(/\s+/g, " "), MAX_TITLE_CHARS);
}

function toSegment(draft: Draft, signals: readonly TaskSignal[]): TaskSegment {
  const rows = draft.rows;
  const first = rows[0] as TaskMessage;
  const last = rows[rows.length - 1] as TaskMessage;
  const goal = draft.goal ?? "";
  const fallback = firstAssistantText(rows);
  const title = goal !== "" ? taskTitle(goal) : fallback !== null ? taskTitle(fallback) : "untitled session";
  return {
    startSeq: first.seq,
    endSeq: last.seq,
    goal,
    title: title === "" ? "untitled session" : title,
    summary: summarizeTask(goal, rows, signals),
    messageSeqs: rows.map((row) => row.seq),
    boundary: draft.boundary,
  };
}

/** `text` ending in sentence punctuation (a period is added when it has none). */
function withStop(text: string): string {
  return /[.!?…。！？]$/.test(text) ? text : `${text}.`;
}

function countBy(names: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts.entries()]
    .sort((first, second) => second[1] - first[1])
    .map(([name, count]) => `${name}×${count}`)
    .join(", ");
}

/**
 * A summary of at most {@link MAX_SUMMARY_CHARS} characters, in the goal's language:
 * `Goal: …. Tools: Bash×3, Edit×1. Errors: 1 failed call (Bash×1). Final: …` ("Goal: none." for
 * a session without a user goal). The final state is
 * the failed call when the task ends on one, else the first line of the last assistant text.
 */
export function summarizeTask(
  goal: string,
  rows: readonly TaskMessage[],
  signals: readonly TaskSignal[] = [],
): string {
  const zh = languageOf(goal) === "zh";
  const calls = rows.filter(isToolCall);
  const failed = calls.filter((call) => isFailedCall(call, signals));
  const lastCall = calls[calls.length - 1];
  const lastText = [...rows].reverse().find((row) => row.role === "assistant" && row.kind === "text");
  let final = lastText === undefined ? "" : firstLine(lastText.content);
  if (lastCall !== undefined && isFailedCall(lastCall, signals) && (lastText?.seq ?? -1) < lastCall.seq) {
    const error = errorLine(lastCall, signals);
    final = zh
      ? `${lastCall.toolName ?? "工具"} 调用失败：${error}`
      : `${lastCall.toolName} failed: ${error}`;
  }
  const toolNames = calls.map((call) => call.toolName ?? "tool");
  const failedNames = failed.map((call) => call.toolName ?? "tool");
  const parts = zh
    ? [
        goal.trim() === "" ? "目标：无" : `目标：${clip(goal, 150)}`,
        calls.length > 0 ? `工具：${countBy(toolNames)}` : "工具：无",
        failed.length > 0 ? `错误：${failed.length} 次调用失败（${countBy(failedNames)}）` : "错误：无",
        final !== "" ? `结果：${clip(final, 120)}` : "",
      ]
    : [
        goal.trim() === "" ? "Goal: none." : `Goal: ${withStop(clip(goal, 150))}`,
        calls.length > 0 ? `Tools: ${countBy(toolNames)}.` : "Tools: none.",
        failed.length > 0
          ? `Errors: ${failed.length} failed call${failed.length === 1 ? "" : "s"} (${countBy(failedNames)}).`
          : "Errors: none.",
        final !== "" ? `Final: ${clip(final, 120)}` : "",
      ];
  return clip(parts.filter((part) => part !== "").join(zh ? "；" : " "), MAX_SUMMARY_CHARS);
}
