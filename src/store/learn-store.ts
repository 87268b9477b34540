import type { Outcome } from "../core/types.js";

/** A task: a goal and the span of a session's messages that serve it (docs/design.md#tasks). */
export interface TaskRecord {
  /** Stable: `<sessionId>:task:<startSeq>`. */
  id: string;
  sessionId: string;
  title: string;
  summary: string;
  goal: string;
  status: "open" | "completed" | "failed" | "abandoned";
  startSeq: number;
  endSeq: number;
  /** Changes when the task's messages change; a task is learnt once per fingerprint. */
  fingerprint: string;
  createdAt: number;
  updatedAt: number;
  learnedAt: number | null;
}

export interface StoredSignal {
  id: string;
  taskId: string;
  sessionId: string;
  messageSeq: number | null;
  type: "reject" | "correction" | "constraint" | "success" | "confusion" | "preference";
  source: "user" | "execution" | "assistant_self_check";
  evidence: string;
  confidence: number;
  /** `offline`, or the model id that produced it. */
  detector: string;
  createdAt: number;
}

export interface StoredFailedAttempt {
  id: string;
  taskId: string;
  attemptLabel: string;
  approachSummary: string;
  failureReason: string;
  replacedBy: string | null;
  createdAt: number;
}

/** A cached task experience: re-runs reuse it instead of calling a model again. */
export interface CachedExperience {
  fingerprint: string;
  mode: string;
  /** `offline`, or the model id that produced it. */
  source: string;
  experience: unknown;
}

export interface LearnJob {
  taskId: string;
  sessionId: string;
  fingerprint: string;
  status: "running" | "done" | "failed";
  attempts: number;
  error: string | null;
  /** Ids of the lessons this task created or updated. */
  lessons: string[];
  updatedAt: number;
}

/** What learning one task produced, written in one transaction. */
export interface TaskLearning {
  taskId: string;
  signals: StoredSignal[];
  failedAttempts: StoredFailedAttempt[];
  experience: CachedExperience | null;
  outcome: Outcome | null;
}

/** A step of a learning run that comes after its tasks: making skills from what they taught. */
export type LearnStep = "skills";

/** Storage for the learning pipeline: tasks, their extractions, and resumable jobs. */
export interface LearnStore {
  /** Replaces a session's tasks with these (tasks that no longer exist are removed). */
  saveTasks(sessionId: string, tasks: TaskRecord[]): Promise<void>;
  listTasks(filter: { sessionId?: string; limit: number }): Promise<TaskRecord[]>;
  getTask(id: string): Promise<TaskRecord | null>;
  getCachedExperience(taskId: string): Promise<CachedExperience | null>;
  /** Replaces the task's signals and failed attempts; stores the experience and outcome. */
  saveTaskLearning(learning: TaskLearning): Promise<void>;
  listTaskSignals(taskId: string): Promise<StoredSignal[]>;
  listFailedAttempts(taskId: string): Promise<StoredFailedAttempt[]>;
  getLearnJob(taskId: string): Promise<LearnJob | null>;
  saveLearnJob(job: LearnJob): Promise<void>;
  /** Session ids with activity since `since` (epoch ms), newest last. */
  listSessionIds(filter: { since?: number; sessionId?: string }): Promise<string[]>;
  /** Records that a task used a pattern lesson; false when it was already recorded. */
  recordPatternUse(taskId: string, lessonId: string, success: boolean, at: number): Promise<boolean>;
  /** Marks a step to run after the tasks a run learnt (kept when already marked). */
  markLearnStep(step: LearnStep, at: number): Promise<void>;
  /** True when the step is marked and has not run since. */
  isLearnStepPending(step: LearnStep): Promise<boolean>;
  /** The step ran: clears its mark. */
  clearLearnStep(step: LearnStep): Promise<void>;
  /**
   * Runs `work` as one unit: every write it makes through this store (lessons, their history,
   * evidence and sources, signals, jobs…) lands together when it resolves, and none of them when
   * it throws or the process dies first. Holds the database's write lock meanwhile, so `work`
   * should only compute and write: model calls belong before it. Other writes on the same
   * connection while it awaits join it; a call inside one joins the outer unit.
   */
  inTransaction<T>(work: () => Promise<T>): Promise<T>;
}
