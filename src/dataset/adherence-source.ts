/**
 * Where adherence samples come from: a tool call denied because it went against a lesson, and the
 * call the agent made next. Lesson adherence is its own feature; until it is wired in, collection
 * uses {@link NO_ADHERENCE_RECORDS}, which has none, and collects no adherence samples.
 */
import type { SourceFilter } from "../store/dataset-store.js";

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

/** No adherence records: what collection reads until the adherence feature is wired in. */
export const NO_ADHERENCE_RECORDS: AdherenceSampleSource = {
  deniedCalls: async () => [],
};
