/**
 * Learning one task in two steps: `prepareTask` works out its experience (the cache, a model
 * through the gate, or the offline rules) without writing, then `commitTask` writes everything the
 * task teaches (signals, failed attempts, the cached experience, the outcome, recall outcomes,
 * lessons with their evidence and sources, pattern observations) and the mark that the task is
 * learnt, in one transaction. A run killed at any point leaves a task either wholly learnt or not
 * at all, so the next run learns exactly what a run that was never interrupted would have.
 */

import { type HeldValues, heldValues } from "../core/conventions/named-values.js";
import {
  buildExperiencePrompt,
  buildOfflineExperience,
  buildSignalsPrompt,
  deriveTaskOutcome,
  type ExperienceMode,
  heuristicToLesson,
  llmSignalsSchema,
  locateLlmSignals,
  PROMPT_MAX_OUTPUT_TOKENS,
  quotedMessageId,
  renderConversation,
  signalsWithin,
  type TaskExperience,
  type TaskMessage,
  type TaskSegment,
  type TaskSignal,
  taskExperienceSchema,
} from "../core/learning/index.js";
import { extractStrategies } from "../core/lessons/strategies.js";
import type { Outcome } from "../core/types.js";
import type { LearnResult, LessonBook } from "../lessons/index.js";
import { applyRecallOutcomes, demoteOutdatedLessons } from "../lessons/index.js";
import type { ModelGate } from "../models/model-gate.js";
import type { LearnJob, StoredSignal, TaskRecord } from "../store/learn-store.js";
import { lessonScopeKey } from "../store/lesson-store.js";
import type { Store } from "../store/store.js";

/** What learning a task needs from its session run. */
export interface TaskContext {
  store: Store;
  lessons: LessonBook;
  gate: ModelGate;
  now: () => number;
  mode: ExperienceMode;
  projectId: string | null;
  /** Experience counts and warnings of the session run (written as the experience is made). */
  experiences: { offline: number; model: number; cached: number };
  warnings: string[];
}

/** A task's experience, worked out and not yet stored. */
export interface PreparedTask {
  record: TaskRecord;
  segment: TaskSegment;
  messages: TaskMessage[];
  offlineSignals: TaskSignal[];
  offline: TaskExperience;
  experience: TaskExperience;
  source: string;
}

/** What committing a task wrote: counted into the run's result once the transaction is in. */
export interface TaskCounts {
  signals: number;
  created: number;
  merged: number;
}

/** Step one: the task's rows and signals and its experience; model calls happen here, writes do not. */
export async function prepareTask(
  context: TaskContext,
  record: TaskRecord,
  segment: TaskSegment,
  messages: TaskMessage[],
  sessionSignals: readonly TaskSignal[],
): Promise<PreparedTask> {
  const offlineSignals = signalsWithin(sessionSignals, messages);
  const offline =
    context.mode === "minimal"
      ? noExperience(segment.goal, offlineSignals)
      : buildOfflineExperience({
          task: segment,
          messages,
          signals: offlineSignals,
          held: await heldValuesOf(context),
        });
  const { experience, source } = await taskExperience(
    context,
    record,
    segment,
    messages,
    offlineSignals,
    offline,
  );
  return { record, segment, messages, offlineSignals, offline, experience, source };
}

/**
 * The values the live conventions of the task's project hold (named-values.ts): a message that
 * changes one of them is read as a convention even with no marker of its own.
 */
async function heldValuesOf(context: TaskContext): Promise<HeldValues | undefined> {
  if (context.projectId === null) return undefined;
  const conventions = await context.store.listLessons({
    scopeKeys: [lessonScopeKey({ scope: "project", projectId: context.projectId })],
    convention: true,
    status: ["candidate", "active", "refined"],
    limit: 500,
  });
  return heldValues(
    conventions.map((lesson) => lesson.rule),
    conventions.flatMap((lesson) =>
      lesson.slot?.value ? [{ id: lesson.slot.id, value: lesson.slot.value }] : [],
    ),
  );
}

/**
 * Step two, inside one transaction: everything the task teaches, then `done` (the job marked
 * learnt) and the run's skills marked to make. `also` runs last in the same transaction (the session's instincts ride with its last
 * task). Returns what it wrote.
 */
export async function commitTask(
  context: TaskContext,
  prepared: PreparedTask,
  done: LearnJob,
  also?: (counts: TaskCounts) => Promise<void>,
): Promise<TaskCounts> {
  return context.store.inTransaction(async () => {
    const counts: TaskCounts = { signals: 0, created: 0, merged: 0 };
    const lessonIds = await writeTask(context, prepared, counts);
    await context.store.saveLearnJob({ ...done, lessons: lessonIds });
    await context.store.markLearnStep("skills", done.updatedAt);
    await also?.(counts);
    return counts;
  });
}

async function writeTask(
  context: TaskContext,
  prepared: PreparedTask,
  counts: TaskCounts,
): Promise<string[]> {
  const { store } = context;
  const { record, segment, messages, offlineSignals, offline, experience, source } = prepared;
  const taskSignals = experience.feedbackSignals;
  const outcome = deriveTaskOutcome(messages, taskSignals.length ? taskSignals : offlineSignals);
  const at = messages.at(-1)?.createdAt ?? context.now();
  const stored: StoredSignal[] = taskSignals.map((signal, index) => ({
    id: `${record.id}:signal:${index}`,
    taskId: record.id,
    sessionId: record.sessionId,
    messageSeq: signal.seq,
    type: signal.type,
    source: signal.source,
    evidence: signal.evidence,
    confidence: signal.confidence,
    detector: signal.rule === "llm" ? source : "offline",
    createdAt: at,
  }));
  counts.signals += stored.length;
  await store.saveTaskLearning({
    taskId: record.id,
    signals: stored,
    failedAttempts: experience.failedAttempts.map((attempt, index) => ({
      ...attempt,
      id: `${record.id}:attempt:${index}`,
      taskId: record.id,
      createdAt: at,
    })),
    experience:
      context.mode === "minimal"
        ? null
        : { fingerprint: record.fingerprint, mode: context.mode, source, experience },
    outcome: outcome.success === null ? null : toOutcome(record, outcome, segment.goal),
  });

  if (outcome.success !== null) {
    await applyRecallOutcomes({
      store,
      lessons: context.lessons,
      sessionId: record.sessionId,
      taskId: record.id,
      from: messages[0]?.createdAt ?? at,
      to: at,
      outcome: { ...outcome, success: outcome.success },
      now: context.now,
    });
  }

  const task = { id: record.id, sessionId: record.sessionId, projectId: context.projectId };
  await demoteOutdatedLessons({
    store,
    lessons: context.lessons,
    projectId: context.projectId,
    task,
    messages,
    signals: offlineSignals,
  });

  const lessonIds: string[] = [];
  const heuristics = uniqueHeuristics([
    ...experience.transferableHeuristics,
    ...(source === "offline" ? [] : offline.transferableHeuristics),
  ]);
  for (const heuristic of heuristics) {
    const messageId = quotedMessageId(heuristic.evidence, messages);
    const learnt = await context.lessons.learn(
      heuristicToLesson({ heuristic, task, at, ...(messageId === undefined ? {} : { messageId }) }),
    );
    countLesson(counts, learnt);
    lessonIds.push(learnt.lesson.id);
  }
  if (outcome.success !== null) {
    for (const strategy of extractStrategies(segment.goal)) {
      const pattern = await context.lessons.learn({
        kind: "pattern",
        trigger: "splitting work into subtasks",
        rule: strategy.label,
        domain: "workflow",
        scope: context.projectId ? "project" : "global",
        projectId: context.projectId,
        evidence: [{ quote: segment.goal.slice(0, 300), sessionId: record.sessionId, taskId: record.id, at }],
      });
      countLesson(counts, pattern);
      // The outcome's score decides: helpful is a success, harmful a failure, neutral no observation.
      const judged = context.lessons.judgeOutcome({ ...outcome, success: outcome.success }).type;
      const recorded = await store.recordPatternUse(record.id, pattern.lesson.id, outcome.success, at);
      if (recorded && judged !== "neutral") {
        await context.lessons.observe(pattern.lesson.id, { success: judged === "helpful", ref: record.id });
      }
      lessonIds.push(pattern.lesson.id);
    }
  }
  return lessonIds;
}

/** The task experience: cached, from the model (mode permitting), or offline as the fallback. */
async function taskExperience(
  context: TaskContext,
  record: TaskRecord,
  segment: TaskSegment,
  messages: TaskMessage[],
  offlineSignals: TaskSignal[],
  offline: TaskExperience,
): Promise<{ experience: TaskExperience; source: string }> {
  const { experiences, gate, mode, warnings } = context;
  const cached = await context.store.getCachedExperience(record.id);
  if (cached && cached.fingerprint === record.fingerprint && cached.mode === mode) {
    experiences.cached++;
    return { experience: cached.experience as TaskExperience, source: cached.source };
  }
  if (mode === "minimal") return { experience: offline, source: "none" };
  if (!gate.model) {
    experiences.offline++;
    return { experience: offline, source: "offline" };
  }
  const modelId = `${gate.model.provider}/${gate.model.modelId}`;
  const conversation = renderConversation(messages);
  let signals: TaskSignal[] | undefined;
  if (mode === "full") {
    const call = await gate.call({
      purpose: "feedback-signals",
      ...buildSignalsPrompt(conversation),
      schema: llmSignalsSchema,
      maxOutputTokens: PROMPT_MAX_OUTPUT_TOKENS.signals,
    });
    if (call.ok) signals = locateLlmSignals(call.value, messages);
    else warnings.push(`task ${record.id}: model signals unavailable (${call.reason}), used offline rules`);
  }
  const call = await gate.call({
    purpose: "task-experience",
    ...buildExperiencePrompt({ title: segment.title, summary: segment.summary, conversation, signals }),
    schema: taskExperienceSchema,
    maxOutputTokens: PROMPT_MAX_OUTPUT_TOKENS.experience,
  });
  if (!call.ok) {
    warnings.push(
      `task ${record.id}: model experience unavailable (${call.reason}: ${call.detail}), used offline rules`,
    );
    experiences.offline++;
    return { experience: { ...offline, feedbackSignals: signals ?? offlineSignals }, source: "offline" };
  }
  experiences.model++;
  const located = signals ?? locateLlmSignals(call.value.feedbackSignals, messages);
  return {
    experience: { ...call.value, feedbackSignals: located.length ? located : offlineSignals },
    source: modelId,
  };
}

/** Minimal mode learns no task experience: the task's goal and feedback signals only. */
function noExperience(goal: string, signals: TaskSignal[]): TaskExperience {
  return {
    goal,
    successCriteria: [],
    failedAttempts: [],
    workingApproach: "",
    transferableHeuristics: [],
    feedbackSignals: signals,
  };
}

/** Counts a lesson learnt: created, or merged when it changed an existing one. */
export function countLesson(counts: TaskCounts, learnt: LearnResult): void {
  if (learnt.action === "created") counts.created++;
  else if (learnt.events.length > 0) counts.merged++;
}

function uniqueHeuristics<T extends { kind: string; rule: string }>(heuristics: T[]): T[] {
  const seen = new Set<string>();
  return heuristics.filter((heuristic) => {
    const key = `${heuristic.kind}:${heuristic.rule.toLowerCase().trim()}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function toOutcome(record: TaskRecord, outcome: ReturnType<typeof deriveTaskOutcome>, goal: string): Outcome {
  const strategies = extractStrategies(goal);
  return {
    id: `${record.id}:outcome`,
    sessionId: record.sessionId,
    taskId: record.id,
    durationMs: outcome.durationMs,
    errorCount: outcome.errorCount,
    retryCount: outcome.retryCount,
    success: outcome.success === true,
    filesTouched: [],
    strategy: strategies[0]?.id ?? null,
    failureMode: outcome.success === false ? "derived" : null,
    failureDetails: outcome.success === false ? outcome.evidence : null,
    createdAt: record.updatedAt,
  };
}
