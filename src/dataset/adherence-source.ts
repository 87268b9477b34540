/**
 * Where adherence samples come from: a tool call the guard denied because it went against a lesson
 * (docs/guard.md), and the call the agent made next. Collection reads them from the guard's events
 * ({@link guardAdherenceSource}); tests may hand it any other source.
 */
import type { SourceFilter } from "../store/dataset-store.js";
import type { GuardStore } from "../store/guard-store.js";

/** One tool call as adherence records it. */
export interface RecordedCall {
  toolName: string;
  /** The call's input as text (a command, or JSON). */
  input: string;
}

/** A denied call and what followed it. */
export interface AdherenceRecord {
  /** Stable: collecting again finds the same sample. */
  id: string;
  sessionId: string | null;
  lessonId: string;
  /** The lesson's rule, as the denial quoted it. */
  lessonRule: string;
  deniedCall: RecordedCall;
  /** The next call of the same task, or null when the agent made none. */
  followingCall: RecordedCall | null;
  /** How it ended, in adherence's words (e.g. `followed`, `ignored`). */
  outcome: string;
  /** Epoch ms of the denial. */
  at: number;
}

/** The denied calls in a window, oldest first. */
export interface AdherenceSampleSource {
  deniedCalls(filter: SourceFilter): Promise<AdherenceRecord[]>;
}

/**
 * The guard's denials as adherence records: each denied call with its lesson's rule, the session's
 * next tool call, and the adherence the guard judged (`open` while it has not judged it yet).
 */
export function guardAdherenceSource(guard: GuardStore): AdherenceSampleSource {
  return {
    async deniedCalls(filter) {
      const denied = await guard.deniedCalls(filter);
      return denied.map(({ event, lessonRule, next }) => ({
        id: event.id,
        sessionId: event.sessionId,
        lessonId: event.lessonId,
        lessonRule,
        deniedCall: { toolName: event.toolName ?? "unknown", input: event.toolInput ?? "" },
        followingCall: next === null ? null : { toolName: next.toolName, input: next.toolInput },
        outcome: event.adherence ?? "open",
        at: event.createdAt,
      }));
    },
  };
}
