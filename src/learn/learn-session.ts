import {
  buildExperiencePrompt,
  buildInstinctsPrompt,
  buildOfflineExperience,
  buildSignalsPrompt,
  deriveTaskOutcome,
  detectTaskSignals,
  type ExperienceMode,
  heuristicInstincts,
  heuristicToLesson,
  type InstinctCandidate,
  instinctsSchema,
  instinctToLesson,
  llmSignalsSchema,
  locateLlmSignals,
  MAX_OBSERVATIONS,
  PROMPT_MAX_OUTPUT_TOKENS,
  renderConversation,
  segmentTasks,
  signalsWithin,
  type TaskExperience,
  type TaskMessage,
  type TaskSegment,
  type TaskSignal,
  taskExperienceSchema,
} from "../core/learning/index.js";
import { extractStrategies } from "../core/lessons/strategies.js";
import type { Message, Outcome } from "../core/types.js";
import type { ModelGate } from "../models/model-gate.js";
import { applyRecallOutcomes } from "../recall/recall-feedback.js";
import type { LearnJob, StoredSignal, TaskRecord } from "../store/learn-store.js";
import type { Store } from "../store/store.js";
import type { LearnResult, LessonBook } from "./lesson-book.js";
import { demoteOutdatedLessons } from "./outdated-lessons.js";

/** How learning runs. */
export interface LearnConfig {
  /**
   * Experience mode: `minimal` learns no task experience (signals, outcomes and patterns only; no
   * model call), `balanced` (default) ≤ 1 model call per task, `full` ≤ 2; without a model both
   * build the experience offline.
   */
  mode: ExperienceMode;
  /** Silence (ms) that starts a new task. Default 30 minutes. */
  idleGapMs: number;
  /**
   * seed 001 instincts from the session's last 30 observations: `offline` (default: the heuristic
   * observer), `model` (one extra model call per session, outside the per-task budget of `mode`,
   * offline fallback) or `off`.
   */
  instincts: "offline" | "model" | "off";
}

export const DEFAULT_LEARN_CONFIG: LearnConfig = {
  mode: "balanced",
  idleGapMs: 30 * 60 * 1000,
  instincts: "offline",
};

/** What learning one session did. */
export interface SessionLearnResult {
  sessionId: string;
  tasks: number;
  /** Tasks learnt in this run (new or changed since the last run). */
  tasksLearned: number;
  /** Tasks already learnt at their current content. */
  tasksUnchanged: number;
  tasksFailed: number;
  signals: number;
  experiences: { offline: number; model: number; cached: number };
  lessons: { created: number; merged: number };
  /** Model calls made (each went through the gate; refused ones included). */
  modelCalls: number;
  /** Degradations: model unavailable, invalid output, a task that failed. Never silent. */
  warnings: string[];
}

/** Zero counts of a learning run, for one session or summed over many. */
export function emptyLearnCounts(): Omit<SessionLearnResult, "sessionId"> {
  return {
    tasks: 0,
    tasksLearned: 0,
    tasksUnchanged: 0,
    tasksFailed: 0,
    signals: 0,
    experiences: { offline: 0, model: 0, cached: 0 },
    lessons: { created: 0, merged: 0 },
    modelCalls: 0,
    warnings: [],
  };
}

interface LearnDeps {
  store: Store;
  lessons: LessonBook;
  gate: ModelGate;
  now: () => number;
  config?: Partial<LearnConfig>;
}

/**
 * Learns from one captured session: splits it into tasks, detects feedback signals, builds each
 * task's experience (offline rules, or a model through the gate with the offline path as
 * fallback), records the task outcome, and turns transferable heuristics and instincts into
 * lessons through dedup. Each task is learnt once per content (a jobs table), so re-runs and
 * retried workers make no new model call.
 */
export async function learnSession(deps: LearnDeps & { sessionId: string }): Promise<SessionLearnResult> {
  const config = { ...DEFAULT_LEARN_CONFIG, ...deps.config };
  const { store, sessionId } = deps;
  const result: SessionLearnResult = { sessionId, ...emptyLearnCounts() };
  const session = await store.getSession(sessionId);
  if (!session) {
    result.warnings.push(`session ${sessionId} not found`);
    return result;
  }
  const messages = (await store.listMessages(sessionId)).map(toTaskMessage);
  if (messages.length === 0) return result;
  const signals = detectTaskSignals(messages);
  const segments = segmentTasks(messages, { signals, idleGapMs: config.idleGapMs });
  const now = deps.now();
  const records = segments.map((segment) => toTaskRecord(sessionId, segment, messages, signals, now));
  await store.saveTasks(sessionId, records);
  result.tasks = records.length;
  const gate = countingGate(deps.gate, () => result.modelCalls++);
  const context = { ...deps, gate, config, projectId: session.projectId, result };
  for (const [index, segment] of segments.entries()) {
    const record = records[index] as TaskRecord;
    const job = await store.getLearnJob(record.id);
    if (job?.status === "done" && job.fingerprint === record.fingerprint) {
      result.tasksUnchanged++;
      continue;
    }
    const running: LearnJob = {
      taskId: record.id,
      sessionId,
      fingerprint: record.fingerprint,
      status: "running",
      attempts: (job?.attempts ?? 0) + 1,
      error: null,
      lessons: [],
      updatedAt: deps.now(),
    };
    await store.saveLearnJob(running);
    try {
      const lessonIds = await learnTask(context, record, segment, messages, signals);
      await store.saveLearnJob({ ...running, status: "done", lessons: lessonIds, updatedAt: deps.now() });
      result.tasksLearned++;
    } catch (error) {
      const message = (error as Error).message;
      await store.saveLearnJob({ ...running, status: "failed", error: message, updatedAt: deps.now() });
      result.tasksFailed++;
      result.warnings.push(`task ${record.id} failed: ${message}`);
    }
  }
  if (config.instincts !== "off" && result.tasksLearned > 0) await learnInstincts(context, messages);
  return result;
}

type TaskContext = LearnDeps & {
  gate: ModelGate;
  config: LearnConfig;
  projectId: string | null;
  result: SessionLearnResult;
};

async function learnTask(
  context: TaskContext,
  record: TaskRecord,
  segment: TaskSegment,
  sessionMessages: readonly TaskMessage[],
  sessionSignals: readonly TaskSignal[],
): Promise<string[]> {
  const { store, result } = context;
  const seqs = new Set(segment.messageSeqs);
  const messages = sessionMessages.filter((message) => seqs.has(message.seq));
  const offlineSignals = signalsWithin(sessionSignals, messages);
  const minimal = context.config.mode === "minimal";
  const offline = minimal
    ? noExperience(segment.goal, offlineSignals)
    : buildOfflineExperience({ task: segment, messages, signals: sessionSignals });
  const { experience, source } = await taskExperience(
    context,
    record,
    segment,
    messages,
    offlineSignals,
    offline,
  );
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
  result.signals += stored.length;
  await store.saveTaskLearning({
    taskId: record.id,
    signals: stored,
    failedAttempts: experience.failedAttempts.map((attempt, index) => ({
      ...attempt,
      id: `${record.id}:attempt:${index}`,
      taskId: record.id,
      createdAt: at,
    })),
    experience: minimal
      ? null
      : { fingerprint: record.fingerprint, mode: context.config.mode, source, experience },
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
    const learnt = await context.lessons.learn(heuristicToLesson({ heuristic, task, at }));
    count(result, learnt);
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
      count(result, pattern);
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
  const { result, gate, config } = context;
  const cached = await context.store.getCachedExperience(record.id);
  if (cached && cached.fingerprint === record.fingerprint && cached.mode === config.mode) {
    result.experiences.cached++;
    return { experience: cached.experience as TaskExperience, source: cached.source };
  }
  if (config.mode === "minimal") return { experience: offline, source: "none" };
  if (!gate.model) {
    result.experiences.offline++;
    return { experience: offline, source: "offline" };
  }
  const modelId = `${gate.model.provider}/${gate.model.modelId}`;
  const conversation = renderConversation(messages);
  let signals: TaskSignal[] | undefined;
  if (config.mode === "full") {
    const call = await gate.call({
      purpose: "feedback-signals",
      ...buildSignalsPrompt(conversation),
      schema: llmSignalsSchema,
      maxOutputTokens: PROMPT_MAX_OUTPUT_TOKENS.signals,
    });
    if (call.ok) signals = locateLlmSignals(call.value, messages);
    else
      result.warnings.push(
        `task ${record.id}: model signals unavailable (${call.reason}), used offline rules`,
      );
  }
  const call = await gate.call({
    purpose: "task-experience",
    ...buildExperiencePrompt({ title: segment.title, summary: segment.summary, conversation, signals }),
    schema: taskExperienceSchema,
    maxOutputTokens: PROMPT_MAX_OUTPUT_TOKENS.experience,
  });
  if (!call.ok) {
    result.warnings.push(
      `task ${record.id}: model experience unavailable (${call.reason}: ${call.detail}), used offline rules`,
    );
    result.experiences.offline++;
    return { experience: { ...offline, feedbackSignals: signals ?? offlineSignals }, source: "offline" };
  }
  result.experiences.model++;
  const located = signals ?? locateLlmSignals(call.value.feedbackSignals, messages);
  return {
    experience: { ...call.value, feedbackSignals: located.length ? located : offlineSignals },
    source: modelId,
  };
}

/** seed 001 instincts over the session's last observations: the model, else the offline heuristics. */
async function learnInstincts(context: TaskContext, messages: readonly TaskMessage[]): Promise<void> {
  const observations = messages
    .filter((message) => !message.isMeta && message.kind !== "thinking")
    .slice(-MAX_OBSERVATIONS);
  let candidates: InstinctCandidate[] | null = null;
  if (context.gate.model && context.config.instincts === "model") {
    const call = await context.gate.call({
      purpose: "instincts",
      ...buildInstinctsPrompt(observations),
      // seed 001: empty output counts as a failure, so the breaker sees a model that stopped helping.
      schema: instinctsSchema.refine((items) => items.length > 0, "no instincts"),
      maxOutputTokens: PROMPT_MAX_OUTPUT_TOKENS.instincts,
    });
    if (call.ok) candidates = call.value;
    else
      context.result.warnings.push(`instincts: model unavailable (${call.reason}), used offline heuristics`);
  }
  const last = messages.at(-1);
  const task = { id: null, sessionId: context.result.sessionId, projectId: context.projectId };
  for (const instinct of candidates ?? heuristicInstincts(observations)) {
    count(
      context.result,
      await context.lessons.learn(instinctToLesson({ instinct, task, at: last?.createdAt ?? context.now() })),
    );
  }
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

function count(result: SessionLearnResult, learnt: LearnResult): void {
  if (learnt.action === "created") result.lessons.created++;
  else if (learnt.events.length > 0) result.lessons.merged++;
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

/** Counts every call that goes through the gate. */
function countingGate(gate: ModelGate, onCall: () => void): ModelGate {
  return {
    model: gate.model,
    call: (request) => {
      if (gate.model) onCall();
      return gate.call(request);
    },
  };
}

export function toTaskMessage(message: Message): TaskMessage {
  return {
    seq: message.seq,
    role: message.role,
    kind: message.kind,
    content: message.content,
    toolName: message.toolName,
    toolInput: message.toolInput,
    toolOutput: message.toolOutput,
    isError: message.isError,
    createdAt: message.createdAt,
    isMeta: message.metadata.isMeta === true,
    isSidechain: message.isSidechain,
  };
}

function toTaskRecord(
  sessionId: string,
  segment: TaskSegment,
  messages: readonly TaskMessage[],
  signals: readonly TaskSignal[],
  now: number,
): TaskRecord {
  const seqs = new Set(segment.messageSeqs);
  const own = messages.filter((message) => seqs.has(message.seq));
  const outcome = deriveTaskOutcome(own, signals);
  const first = own[0];
  return {
    id: `${sessionId}:task:${segment.startSeq}`,
    sessionId,
    title: segment.title,
    summary: segment.summary,
    goal: segment.goal,
    status: outcome.success === null ? "open" : outcome.success ? "completed" : "failed",
    startSeq: segment.startSeq,
    endSeq: segment.endSeq,
    fingerprint: `${segment.startSeq}-${segment.endSeq}-${segment.messageSeqs.length}`,
    createdAt: first?.createdAt ?? now,
    updatedAt: now,
    learnedAt: null,
  };
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
