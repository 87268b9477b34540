/**
 * The storage port of the guard at the tool call: the events it recorded (a lesson denied, asked,
 * reminded or recalled for a call), their adherence, the override passes, and the few reads the
 * guard needs elsewhere (whether the lessons changed, whether the user said a quote).
 */
import type { AdherenceOutcome, GuardEventKind } from "../core/guard/adherence.js";
import type { GuardCheck } from "../core/guard/checks.js";

/** One lesson the guard acted on for one tool call (or recall put into a prompt), as stored. */
export interface GuardEventRecord {
  /** ULID. */
  id: string;
  /** The tool call (or prompt) it belongs to: events of one call share it. */
  callId: string;
  sessionId: string;
  projectId: string | null;
  lessonId: string;
  kind: GuardEventKind;
  check: GuardCheck;
  /** What the agent was told to run instead, or null. */
  suggestion: string | null;
  /** The tool and its input (redacted, bounded), null for a recall. */
  toolName: string | null;
  toolInput: string | null;
  /** What the agent read (the denial reason, the reminder), or why it was recorded. */
  reason: string;
  createdAt: number;
  /** Tool calls seen since, while it was open. */
  callsSeen: number;
  /** When its adherence was settled (null: still open). */
  closedAt: number | null;
  adherence: AdherenceOutcome | null;
  /** What showed the adherence: the next call, the user's words (redacted). */
  adherenceDetail: string | null;
  /** An override's one-time pass: when the call it let through ran (null: unused, or no pass). */
  passUsedAt: number | null;
}

/** A change to an event as the guard follows it. */
export interface GuardEventUpdate {
  id: string;
  callsSeen?: number;
  closedAt?: number;
  adherence?: AdherenceOutcome | null;
  adherenceDetail?: string | null;
  passUsedAt?: number;
}

/** How one lesson fared at the tool call. */
export interface AdherenceCounts {
  followed: number;
  ignored: number;
  overridden: number;
  /** Events by kind. */
  denied: number;
  asked: number;
  reminded: number;
  recalled: number;
}

/** Adherence and denials on one UTC day (`YYYY-MM-DD`). */
export interface AdherenceDay {
  day: string;
  followed: number;
  ignored: number;
  overridden: number;
  denied: number;
}

/** A denied tool call with its lesson's rule and the session's next tool call. */
export interface DeniedCallRecord {
  event: GuardEventRecord;
  /** The rule of the lesson that denied it. */
  lessonRule: string;
  /**
   * The first tool call captured in the session after the denial (a failed retry of the very same
   * input left out), or null when the agent made none.
   */
  next: { toolName: string; toolInput: string } | null;
}

/** Storage behind the guard. */
export interface GuardStore {
  /** A number that changes whenever any lesson is written or deleted, by any process. */
  lessonsVersion(): Promise<number>;
  recordGuardEvents(events: readonly GuardEventRecord[]): Promise<void>;
  updateGuardEvents(updates: readonly GuardEventUpdate[]): Promise<void>;
  /** A session's events whose adherence is still open, oldest first. */
  openGuardEvents(sessionId: string): Promise<GuardEventRecord[]>;
  /** A session's overrides whose one-time pass is unused, oldest first. */
  overridePasses(sessionId: string): Promise<GuardEventRecord[]>;
  /** Lessons the guard reminded (or recall injected) in a session. */
  remindedLessons(sessionId: string): Promise<string[]>;
  /** Overrides of a lesson recorded since `since` (epoch ms). */
  countOverrides(lessonId: string, since: number): Promise<number>;
  /** True when the user's own words in the session (not harness text) contain `quote`, case aside. */
  userSaid(sessionId: string, quote: string): Promise<boolean>;
  adherenceCounts(lessonId: string): Promise<AdherenceCounts>;
  /** Events newest first, filtered by lesson, session and kind. */
  listGuardEvents(filter: {
    lessonId?: string;
    sessionId?: string;
    kinds?: readonly GuardEventKind[];
    limit: number;
  }): Promise<GuardEventRecord[]>;
  /** Denials in a window (by the time of the denial), oldest first, with what the agent did next. */
  deniedCalls(filter: { since?: number; until?: number; sessionId?: string }): Promise<DeniedCallRecord[]>;
  /** Adherence and denials per UTC day from `since` on, oldest first (days without any are left out). */
  adherenceByDay(since: number): Promise<AdherenceDay[]>;
}
