import { withCommandExpansions } from "../core/harness-text.js";
import {
  buildInstinctsPrompt,
  deriveTaskOutcome,
  detectTaskSignals,
  type ExperienceMode,
  heuristicInstincts,
  type InstinctCandidate,
  instinctsSchema,
  instinctToLesson,
  MAX_OBSERVATIONS,
  PROMPT_MAX_OUTPUT_TOKENS,
  segmentTasks,
  type TaskMessage,
  type TaskSegment,
  type TaskSignal,
} from "../core/learning/index.js";
import { toTaskMessage } from "../core/learning/task-message.js";
import type { LessonBook } from "../lessons/index.js";
import type { ModelGate } from "../models/model-gate.js";
import { nextEventLoopTurn } from "../store/event-loop.js";
import type { LearnJob, TaskRecord } from "../store/learn-store.js";
import type { Store } from "../store/store.js";
import { commitTask, countLesson, prepareTask, type TaskContext, type TaskCounts } from "./learn-task.js";

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
   * Instincts (behaviour patterns) from the session's last 30 observations (docs/design.md,
   * "Instincts"): `offline` (default: the heuristic observer), `model` (one extra model call per
   * session, outside the per-task budget of `mode`, offline fallback) or `off`.
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

/** Where a session run is: sent after each task, learnt, skipped as unchanged or failed. */
export interface TaskProgress {
  sessionId: string;
  /** Tasks of the session handled so far in this run (learnt, unchanged or failed). */
  done: number;
  /** Tasks in the session. */
  total: number;
  /** What happened to the task just handled. */
  status: "learnt" | "unchanged" | "failed";
}

/**
 * Learns from one captured session: splits it into tasks, detects feedback signals, builds each
 * task's experience (offline rules, or a model through the gate with the offline path as
 * fallback), records the task outcome, and turns transferable heuristics and instincts into
 * lessons through dedup. Each task is learnt once per content (a jobs table) and committed as it
 * is learnt, in one transaction with its job, so re-runs and retried workers make no new model call
 * and a run killed midway resumes exactly where it stopped.
 */
export async function learnSession(
  deps: LearnDeps & { sessionId: string; onTask?: (progress: TaskProgress) => void },
): Promise<SessionLearnResult> {
  const config = { ...DEFAULT_LEARN_CONFIG, ...deps.config };
  const { store, sessionId } = deps;
  const result: SessionLearnResult = { sessionId, ...emptyLearnCounts() };
  const session = await store.getSession(sessionId);
  if (!session) {
    result.warnings.push(`session ${sessionId} not found`);
    return result;
  }
  const messages = await readTaskMessages(store, sessionId);
  if (messages.length === 0) return result;
  const signals = detectTaskSignals(messages);
  const segments = segmentTasks(messages, { signals, idleGapMs: config.idleGapMs });
  const bySeq = new Map(messages.map((message) => [message.seq, message]));
  const rowsOf = (segment: TaskSegment) =>
    segment.messageSeqs.map((seq) => bySeq.get(seq)).filter((row) => row !== undefined);
  const now = deps.now();
  const records = segments.map((segment) => toTaskRecord(sessionId, segment, rowsOf(segment), signals, now));
  await store.saveTasks(sessionId, records);
  result.tasks = records.length;
  const gate = countingGate(deps.gate, () => result.modelCalls++);
  const context: TaskContext = {
    store,
    lessons: deps.lessons,
    gate,
    now: deps.now,
    mode: config.mode,
    projectId: session.projectId,
    experiences: result.experiences,
    warnings: result.warnings,
  };
  const jobs = await Promise.all(records.map((record) => store.getLearnJob(record.id)));
  const pending = new Set(
    records.filter(
      (record, index) => !(jobs[index]?.status === "done" && jobs[index]?.fingerprint === record.fingerprint),
    ),
  );
  const last = [...pending].at(-1);
  const instinctsFor = { ...context, config, result };
  let instinctsLearnt = false;
  const report = (index: number, status: TaskProgress["status"]) =>
    deps.onTask?.({ sessionId, done: index + 1, total: records.length, status });
  for (const [index, segment] of segments.entries()) {
    // Ctrl-C and other signals are handled here, between two committed tasks.
    await nextEventLoopTurn();
    const record = records[index] as TaskRecord;
    const job = jobs[index] ?? null;
    if (!pending.has(record)) {
      result.tasksUnchanged++;
      report(index, "unchanged");
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
      const prepared = await prepareTask(context, record, segment, rowsOf(segment), signals);
      // The session's instincts are learnt with its last pending task, in the same transaction.
      const instincts = record === last ? await prepareInstincts(instinctsFor, messages) : null;
      const counts = await commitTask(
        context,
        prepared,
        { ...running, status: "done", updatedAt: deps.now() },
        instincts ? (into) => learnInstincts(context, instincts, into) : undefined,
      );
      instinctsLearnt ||= instincts !== null;
      result.signals += counts.signals;
      result.lessons.created += counts.created;
      result.lessons.merged += counts.merged;
      result.tasksLearned++;
      report(index, "learnt");
    } catch (error) {
      const message = (error as Error).message;
      await store.saveLearnJob({ ...running, status: "failed", error: message, updatedAt: deps.now() });
      result.tasksFailed++;
      result.warnings.push(`task ${record.id} failed: ${message}`);
      report(index, "failed");
    }
  }
  if (result.tasksLearned > 0 && !instinctsLearnt) {
    // The last pending task failed: the instincts still come from this run's new content.
    const counts: TaskCounts = { signals: 0, created: 0, merged: 0 };
    const instincts = await prepareInstincts(instinctsFor, messages);
    await store.inTransaction(() => learnInstincts(context, instincts, counts));
    result.lessons.created += counts.created;
    result.lessons.merged += counts.merged;
  }
  return result;
}

/** The session's instincts, not yet learnt. */
interface PreparedInstincts {
  sessionId: string;
  candidates: InstinctCandidate[];
  at: number | null;
  /** The messages they were read from: a quote names the message it was said in. */
  messages: readonly TaskMessage[];
}

/**
 * Instincts over the session's last observations (docs/design.md, "Instincts"): the model, else
 * the offline heuristics (none when instincts are off). The model call happens here, before the
 * transaction that learns them.
 */
async function prepareInstincts(
  context: TaskContext & { config: LearnConfig; result: SessionLearnResult },
  messages: readonly TaskMessage[],
): Promise<PreparedInstincts> {
  const { result, config } = context;
  const prepared: PreparedInstincts = {
    sessionId: result.sessionId,
    candidates: [],
    at: messages.at(-1)?.createdAt ?? null,
    messages,
  };
  if (config.instincts === "off") return prepared;
  const observations = messages
    .filter((message) => !message.isMeta && message.kind !== "thinking")
    .slice(-MAX_OBSERVATIONS);
  let candidates: InstinctCandidate[] | null = null;
  if (context.gate.model && config.instincts === "model") {
    const call = await context.gate.call({
      purpose: "instincts",
      ...buildInstinctsPrompt(observations),
      // Empty output counts as a failure, so the breaker sees a model that stopped helping.
      schema: instinctsSchema.refine((items) => items.length > 0, "no instincts"),
      maxOutputTokens: PROMPT_MAX_OUTPUT_TOKENS.instincts,
    });
    if (call.ok) candidates = call.value;
    else result.warnings.push(`instincts: model unavailable (${call.reason}), used offline heuristics`);
  }
  prepared.candidates = candidates ?? heuristicInstincts(observations);
  return prepared;
}

async function learnInstincts(
  context: TaskContext,
  instincts: PreparedInstincts,
  counts: TaskCounts,
): Promise<void> {
  const task = { id: null, sessionId: instincts.sessionId, projectId: context.projectId };
  for (const instinct of instincts.candidates) {
    countLesson(
      counts,
      await context.lessons.learn(
        instinctToLesson({
          instinct,
          task,
          at: instincts.at ?? context.now(),
          messages: instincts.messages,
        }),
      ),
    );
  }
}

/** Messages read per query: a long session is read page by page, by seq. */
export const MESSAGE_PAGE_ROWS = 2_000;

/**
 * The session's messages as the learning rules see them, in seq order, read a page at a time so
 * the full rows of a long session (metadata and all) are never held at once.
 */
async function readTaskMessages(store: Store, sessionId: string): Promise<TaskMessage[]> {
  const messages: TaskMessage[] = [];
  for (;;) {
    const page = await store.listMessages(sessionId, {
      afterSeq: messages.at(-1)?.seq ?? -1,
      limit: MESSAGE_PAGE_ROWS,
    });
    for (const message of page) messages.push(toTaskMessage(message));
    if (page.length < MESSAGE_PAGE_ROWS) return withCommandExpansions(messages);
  }
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

function toTaskRecord(
  sessionId: string,
  segment: TaskSegment,
  own: readonly TaskMessage[],
  signals: readonly TaskSignal[],
  now: number,
): TaskRecord {
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
