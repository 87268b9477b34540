import type { LessonKind, LessonStatus, MaturityState } from "../core/lessons/lesson.js";
import type { StoredSignal, TaskRecord } from "./learn-store.js";
import type { RecallEventRecord } from "./recall-store.js";

/** A feedback signal's type, as stored. */
export type SignalType = StoredSignal["type"];

/** The signal types, in the order the viewer lists them. */
export const SIGNAL_TYPES: readonly SignalType[] = [
  "correction",
  "reject",
  "constraint",
  "preference",
  "confusion",
  "success",
];

/** Filters for listing feedback signals across tasks and sessions. */
export interface SignalFilter {
  limit: number;
  /** Signals skipped before the first one returned (newest first). */
  offset?: number;
  sessionId?: string;
  taskId?: string;
  type?: SignalType;
}

/** How many signals of one type were recorded on one UTC day. */
export interface SignalDayCount {
  /** `YYYY-MM-DD`, UTC, of the signal's time. */
  day: string;
  type: SignalType;
  count: number;
}

/** How many lessons are in each state. */
export interface LessonCounts {
  total: number;
  byStatus: Partial<Record<LessonStatus, number>>;
  byMaturity: Partial<Record<MaturityState, number>>;
  byKind: Partial<Record<LessonKind, number>>;
}

/** Model calls of one purpose and model since a time (refused calls counted apart). */
export interface LlmPurposeUsage {
  purpose: string;
  model: string;
  calls: number;
  chargedTokens: number;
  failures: number;
  refused: number;
}

/** A project (git root or folder, as sessions record it) and what it holds. */
export interface ProjectCount {
  projectId: string;
  sessions: number;
  lessons: number;
}

/** A memory file the write guardian has audited, in one workspace. */
export interface MemoryFileCount {
  /** The workspace's real path. */
  workspace: string;
  fileName: string;
  /** Audits of every status. */
  audits: number;
  /** Audits whose write is in the file (status written). */
  written: number;
  /** The last time an audit of the file was recorded or changed (a write, a rollback), epoch ms. */
  lastChangeAt: number;
}

/**
 * Reads across the store for people looking at what tacit holds (the viewer and its API): feedback
 * signals over every task, recall events by session or lesson, and counts by state. Nothing here
 * writes.
 */
export interface InsightStore {
  /** Signals newest first (by time, then task and position). */
  listSignals(filter: SignalFilter): Promise<StoredSignal[]>;
  /** How many signals match (what a listing cut at `limit` leaves out). */
  countSignals(filter: Omit<SignalFilter, "limit" | "offset">): Promise<number>;
  /** Signals per UTC day and type, for days with any, oldest first. */
  signalDays(): Promise<SignalDayCount[]>;
  /** Logged recalls, newest first: of one session, or that injected one lesson. */
  listRecallEvents(filter: {
    sessionId?: string;
    lessonId?: string;
    limit: number;
  }): Promise<RecallEventRecord[]>;
  lessonCounts(): Promise<LessonCounts>;
  /** How many tasks are in each status. */
  taskCounts(): Promise<Partial<Record<TaskRecord["status"], number>>>;
  /** Ids of the lessons that name `lessonId` as the lesson that superseded them. */
  lessonsSupersededBy(lessonId: string): Promise<string[]>;
  /** Every project with sessions or lessons, most sessions first. */
  projects(): Promise<ProjectCount[]>;
  /** Memory files with guardian audits, most recently changed first. */
  memoryFileCounts(): Promise<MemoryFileCount[]>;
  /** Model calls started at or after `since`, by purpose and model, most calls first. */
  llmUsageByPurpose(since: number): Promise<LlmPurposeUsage[]>;
}
