import { TacitError } from "../core/errors.js";
import type { LessonBook } from "../lessons/index.js";
import type { MemoryPipelineScope, MemoryPipelineSummary } from "../memory-files/memory-pipeline.js";
import type { Embedder } from "../models/embedder.js";
import type { ModelGate } from "../models/model-gate.js";
import { indexEvidence } from "../recall/reindex.js";
import { createSkillBook, type SkillBookConfig } from "../skills/index.js";
import { nextEventLoopTurn } from "../store/event-loop.js";
import type { Store } from "../store/store.js";
import {
  emptyLearnCounts,
  type LearnConfig,
  learnSession,
  type SessionLearnResult,
} from "./learn-session.js";

/** What a `tacit learn` run did, over all the sessions it looked at: the session results, summed. */
export interface LearnRunSummary extends Omit<SessionLearnResult, "sessionId"> {
  sessions: number;
  /** Captured messages embedded as memory evidence for recall in this run. */
  evidenceIndexed: number;
  /** Skills made or upgraded from the lessons and successful tasks (at least two tasks each). */
  skills: { created: number; upgraded: number };
  /** The first 100 warnings (model fallbacks, failed tasks); `warningsOmitted` counts the rest. */
  warningsOmitted: number;
  /** What the memory pipeline did after learning, when it ran (a workspace is configured). */
  memoryFiles?: MemoryPipelineSummary;
}

const MAX_WARNINGS = 100;

/** The services a learning run uses; `learnServices(runtime)` (runtime.ts) gives a runtime's. */
export interface LearnServices {
  store: Store;
  lessons: LessonBook;
  gate: ModelGate;
  /** When given, new evidence messages are embedded for recall after learning. */
  embedder?: Embedder;
  /** Settings of the skills made after learning (default: the skill book's). */
  skills?: Partial<SkillBookConfig>;
  /**
   * The memory pipeline (memory-files/memory-pipeline.ts), run on the run's sessions after
   * learning: the memory gate on their new turns, the write guardian on what it proposes. Absent
   * when no workspace is configured.
   */
  memoryFiles?: { run(scope: MemoryPipelineScope): Promise<MemoryPipelineSummary> };
  now: () => number;
}

/** What one learning run is about and how it runs. */
export interface LearnRunOptions {
  config?: Partial<LearnConfig>;
  /** Only this session. */
  sessionId?: string;
  /** Only sessions active since this time, epoch ms. */
  since?: number;
  /** Called after each task (learnt, unchanged or failed) and after each session. */
  onProgress?: (progress: LearnProgress) => void;
}

/** Where a learning run is, by task and by session. */
export interface LearnProgress {
  /** Sessions finished. */
  done: number;
  /** Sessions in the run. */
  total: number;
  /** The session being learnt (or just finished). */
  sessionId: string;
  /** Tasks handled in this run so far, over all sessions (learnt, unchanged or failed). */
  tasksDone: number;
  /** Tasks known so far: those of the sessions already split into tasks (it grows session by session). */
  tasksKnown: number;
  /** Sessions already split into tasks: those finished and the one being learnt. */
  sessionsSplit: number;
  /** Tasks learnt (committed) in this run so far. */
  tasksLearned: number;
}

/**
 * Learns every session (or one, or those active since a time), task by task. Resumable: tasks
 * already learnt at their current content are skipped, so a run killed midway continues where it
 * stopped, and a second run does nothing.
 */
export async function learnSessions(options: LearnServices & LearnRunOptions): Promise<LearnRunSummary> {
  const ids = await options.store.listSessionIds({ sessionId: options.sessionId, since: options.since });
  const summary: LearnRunSummary = {
    sessions: ids.length,
    ...emptyLearnCounts(),
    evidenceIndexed: 0,
    skills: { created: 0, upgraded: 0 },
    warningsOmitted: 0,
  };
  const progress: LearnProgress = {
    done: 0,
    total: ids.length,
    sessionId: "",
    tasksDone: 0,
    tasksKnown: 0,
    sessionsSplit: 0,
    tasksLearned: 0,
  };
  for (const [index, sessionId] of ids.entries()) {
    await nextEventLoopTurn();
    const before = { ...progress };
    const result = await learnSession({
      ...options,
      sessionId,
      onTask: (task) => {
        progress.sessionId = sessionId;
        progress.sessionsSplit = index + 1;
        progress.tasksKnown = before.tasksKnown + task.total;
        progress.tasksDone = before.tasksDone + task.done;
        if (task.status === "learnt") progress.tasksLearned++;
        options.onProgress?.({ ...progress });
      },
    });
    add(summary, result);
    Object.assign(progress, {
      done: index + 1,
      sessionsSplit: index + 1,
      sessionId,
      tasksKnown: before.tasksKnown + result.tasks,
      tasksDone: before.tasksDone + result.tasks,
    });
    options.onProgress?.({ ...progress });
  }
  // Pending when a task was learnt since skills were last made, in this run or in one killed before.
  if (await options.store.isLearnStepPending("skills")) {
    const skills = createSkillBook({
      store: options.store,
      skills: options.store,
      now: options.now,
      ...(options.skills ? { config: options.skills } : {}),
    });
    const generated = await options.store.inTransaction(async () => {
      const made = await skills.generate();
      await options.store.clearLearnStep("skills");
      return made;
    });
    summary.skills = { created: generated.created.length, upgraded: generated.upgraded.length };
  }
  if (options.embedder) {
    summary.evidenceIndexed = await indexEvidence({ store: options.store, embedder: options.embedder });
  }
  if (options.memoryFiles) {
    try {
      summary.memoryFiles = await options.memoryFiles.run({
        ...(options.sessionId !== undefined ? { sessionId: options.sessionId } : {}),
        ...(options.since !== undefined ? { since: options.since } : {}),
      });
      for (const warning of summary.memoryFiles.warnings) addWarning(summary, warning);
    } catch (error) {
      // The lessons are learnt; the memory files wait for the next run, and the reason is a
      // warning (with the stack when it is not one of tacit's own refusals).
      const failure: Error = error instanceof Error ? error : new Error(String(error));
      const ownRefusal: boolean = TacitError.isInstance(failure);
      const detail = ownRefusal ? failure.message : (failure.stack ?? failure.message);
      addWarning(summary, `memory files: ${detail}`);
    }
  }
  return summary;
}

function addWarning(summary: LearnRunSummary, warning: string): void {
  if (summary.warnings.length < MAX_WARNINGS) summary.warnings.push(warning);
  else summary.warningsOmitted++;
}

function add(summary: LearnRunSummary, result: SessionLearnResult): void {
  summary.tasks += result.tasks;
  summary.tasksLearned += result.tasksLearned;
  summary.tasksUnchanged += result.tasksUnchanged;
  summary.tasksFailed += result.tasksFailed;
  summary.signals += result.signals;
  summary.experiences.offline += result.experiences.offline;
  summary.experiences.model += result.experiences.model;
  summary.experiences.cached += result.experiences.cached;
  summary.lessons.created += result.lessons.created;
  summary.lessons.merged += result.lessons.merged;
  summary.modelCalls += result.modelCalls;
  for (const warning of result.warnings) addWarning(summary, warning);
}
