/**
 * Task experience (docs/design.md, "Task experience"): its types, the zod schema model output is
 * validated with, and the offline builder — failed attempts and transferable heuristics from
 * error → retry → success runs, user corrections, constraints and preferences (the rules are in
 * experience-rules.ts). Pure.
 */

import { z } from "zod";
import { withConventions } from "../conventions/convention-heuristics.js";
import type { HeldValues } from "../conventions/named-values.js";
import type { LessonScope, LessonSlot } from "../lessons/lesson.js";
import { languageOf } from "../lexicon/language.js";
import { type AnsweredRetry, unlearntAnswers } from "./answered-retries.js";
import type { ExperienceContext } from "./experience-context.js";
import {
  MAX_EXPERIENCE_ITEMS,
  MAX_HEURISTIC_EVIDENCE_CHARS,
  MAX_RULE_CHARS,
  MAX_TRIGGER_CHARS,
} from "./experience-limits.js";
import { constraintRule, correctionRule, workingApproach } from "./experience-rules.js";
import { redirectRule } from "./redirect-rule.js";
import { remedyRule } from "./remedy-rule.js";
import { repeatedErrorRule, retryRule } from "./retry-rules.js";
import { signalsWithin } from "./row-signals.js";
import type { TaskSegment } from "./segment-tasks.js";
import { statedRule } from "./stated-rules.js";
import { clip, type LlmSignal, readLlmSignals, type TaskMessage, type TaskSignal } from "./task-message.js";
import { titleActivity } from "./topics.js";

/** Heuristic kinds. */
export type HeuristicKind = "avoid" | "prefer" | "verify" | "clarify";
/** Every heuristic kind, in the order the prompt lists them. */
export const HEURISTIC_KINDS: readonly HeuristicKind[] = ["avoid", "prefer", "verify", "clarify"];

/** An approach that was tried and failed. */
export interface FailedAttempt {
  attemptLabel: string;
  approachSummary: string;
  failureReason: string;
  /** What replaced it, or null. */
  replacedBy: string | null;
}

/** A lesson candidate from one task (an item of `transferableHeuristics`). */
export interface TransferableHeuristic {
  kind: HeuristicKind;
  /** When it applies; at most {@link MAX_TRIGGER_CHARS} characters. */
  trigger: string;
  /** What to do or not do; at most {@link MAX_RULE_CHARS} characters. */
  rule: string;
  why: string;
  /** A verbatim quote (user sentence or error line) that supports it. */
  evidence: string;
  /** Where it should apply (tacit extension): `global` for a person's tool or style taste. */
  scopeHint?: LessonScope;
  /** 0..1 (tacit extension); lesson mapping uses 0.5 when absent. */
  confidence?: number;
  /** What it governs (tacit extension); lesson mapping reads it from the rule when absent. */
  slot?: LessonSlot;
  /** A standing convention of the project (tacit extension). */
  convention?: boolean;
}

/** What one task teaches, with feedback signals located on rows. */
export interface TaskExperience {
  goal: string;
  successCriteria: string[];
  failedAttempts: FailedAttempt[];
  workingApproach: string;
  transferableHeuristics: TransferableHeuristic[];
  feedbackSignals: TaskSignal[];
}

/** A task experience as a model returns it: signals not yet placed on rows (see `locateLlmSignals`). */
export type LlmTaskExperience = Omit<TaskExperience, "feedbackSignals"> & { feedbackSignals: LlmSignal[] };

export { MAX_EXPERIENCE_ITEMS, MAX_HEURISTIC_EVIDENCE_CHARS, MAX_RULE_CHARS, MAX_TRIGGER_CHARS };

const text = (fallback: string) =>
  z
    .string()
    .catch(fallback)
    .transform((value) => value.trim());
const required = z
  .string()
  .transform((value) => value.trim())
  .pipe(z.string().min(1));

function lenientList<T>(item: z.ZodType<T, unknown>, max: number) {
  return z
    .unknown()
    .optional()
    .transform((value): T[] => {
      if (!Array.isArray(value)) return [];
      return value.flatMap((entry) => {
        const parsed = item.safeParse(entry);
        return parsed.success ? [parsed.data] : [];
      });
    })
    .transform((items) => items.slice(0, max));
}

const failedAttemptSchema: z.ZodType<FailedAttempt, unknown> = z
  .object({
    attemptLabel: text("unknown"),
    approachSummary: text(""),
    failureReason: text(""),
    replacedBy: z.string().nullable().optional().catch(null),
  })
  .transform((attempt) => ({
    attemptLabel: attempt.attemptLabel === "" ? "unknown" : attempt.attemptLabel,
    approachSummary: attempt.approachSummary,
    failureReason: attempt.failureReason,
    replacedBy: attempt.replacedBy?.trim() ? attempt.replacedBy.trim() : null,
  }));

const heuristicSchema: z.ZodType<TransferableHeuristic, unknown> = z
  .object({
    kind: z
      .string()
      .transform((kind) => kind.trim().toLowerCase())
      .pipe(z.enum(HEURISTIC_KINDS as [HeuristicKind, ...HeuristicKind[]])),
    trigger: required,
    rule: required,
    why: text(""),
    evidence: z
      .union([z.string(), z.array(z.string()).transform((quotes) => quotes.join(" | "))])
      .transform((quote) => quote.trim())
      .pipe(z.string().min(1)),
    scope: z.enum(["project", "global"]).optional().catch(undefined),
    confidence: z.number().finite().optional().catch(undefined),
  })
  .transform((heuristic) => {
    const result: TransferableHeuristic = {
      kind: heuristic.kind,
      trigger: clip(heuristic.trigger, MAX_TRIGGER_CHARS),
      rule: clip(heuristic.rule, MAX_RULE_CHARS),
      why: heuristic.why,
      evidence: clip(heuristic.evidence, MAX_HEURISTIC_EVIDENCE_CHARS),
    };
    if (heuristic.scope !== undefined) result.scopeHint = heuristic.scope;
    if (heuristic.confidence !== undefined)
      result.confidence = Math.min(1, Math.max(0, heuristic.confidence));
    return result;
  });

/**
 * Validates a model's task experience. Lenient where a bad value costs nothing (missing strings
 * become "" / "unknown", a missing or non-array list becomes [], invalid list items are dropped,
 * lists keep their first {@link MAX_EXPERIENCE_ITEMS}); strict where a bad value would make a bad
 * lesson: a heuristic needs a kind in `HEURISTIC_KINDS`, a trigger, a rule and evidence. Over-long
 * triggers and rules are cut to their limits. The root must be a JSON object.
 */
export const taskExperienceSchema: z.ZodType<LlmTaskExperience, unknown> = z.object({
  goal: text(""),
  successCriteria: lenientList(required, MAX_EXPERIENCE_ITEMS),
  failedAttempts: lenientList(failedAttemptSchema, MAX_EXPERIENCE_ITEMS),
  workingApproach: text(""),
  transferableHeuristics: lenientList(heuristicSchema, MAX_EXPERIENCE_ITEMS),
  feedbackSignals: z
    .unknown()
    .optional()
    .transform((value) => readLlmSignals(value)),
});

/** Input of {@link buildOfflineExperience}. */
export interface OfflineExperienceInput {
  task: Pick<TaskSegment, "goal" | "title">;
  /** The task's rows. */
  messages: readonly TaskMessage[];
  /** Signals of the task or of its whole session (only those on the task's rows are used). */
  signals: readonly TaskSignal[];
  /** The values the project's live conventions hold: a message that changes one is a convention (named-values.ts). */
  held?: HeldValues;
}

/**
 * Build a task experience without a model, from the task's rows and feedback signals, by the
 * rules in retry-rules.ts, experience-rules.ts and stated-rules.ts: 1 error → retry → success,
 * 1b fix then retry, 1c the user's explanation of a repeated error, 2 corrections, 3
 * constraints and preferences, 4 standing instructions and project facts (confusion signals
 * alone yield no heuristic: a `clarify` rule guessed from "why did you…?" is more often wrong
 * than useful, and the correction that usually follows already yields one). Words one rule
 * learnt from are not learnt again by a later one. Triggers name the activity ("Committing
 * changes"), not the task title, where one is recognised. Heuristics are in the goal's language where they are built from tool runs, and in the
 * user's language where built from their words; each carries a verbatim quote; duplicates (same
 * kind and rule) are kept once. A plain successful task yields no heuristics.
 */
export function buildOfflineExperience(input: OfflineExperienceInput): TaskExperience {
  const rows = [...input.messages].sort((first, second) => first.seq - second.seq);
  const signals = signalsWithin(input.signals, rows);
  const goal = input.task.goal.trim() || input.task.title;
  const zh = languageOf(goal) === "zh";
  const trigger = clip(input.task.title || goal, MAX_TRIGGER_CHARS);
  const context: ExperienceContext = {
    rows,
    signals,
    zh,
    trigger,
    activity: clip(titleActivity(trigger, zh), MAX_TRIGGER_CHARS),
    learnt: [],
  };
  const attempts: FailedAttempt[] = [];
  const heuristics: TransferableHeuristic[] = [];
  const criteria: string[] = [];
  const answered: AnsweredRetry[] = [];
  retryRule(context, attempts, heuristics, answered);
  repeatedErrorRule(context, heuristics);
  const working = workingApproach(context);
  const used = correctionRule(context, attempts, heuristics);
  constraintRule(context, used, criteria, heuristics);
  statedRule(context, heuristics);
  redirectRule(context, heuristics);
  heuristics.push(...unlearntAnswers(context, answered));
  heuristics.push(...remedyRule.learn(context));
  const unique = new Map<string, TransferableHeuristic>();
  for (const heuristic of withConventions(rows, heuristics, context.activity, input.held)) {
    const key = `${heuristic.kind}\u0000${heuristic.rule.toLowerCase()}`;
    if (!unique.has(key)) unique.set(key, heuristic);
  }
  return {
    goal,
    successCriteria: [...new Set(criteria)].slice(0, MAX_EXPERIENCE_ITEMS),
    failedAttempts: attempts,
    workingApproach: working,
    transferableHeuristics: [...unique.values()],
    feedbackSignals: signals,
  };
}
