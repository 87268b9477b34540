/**
 * The LlmCallLog port: the ledger of every model call the gate made or refused (purpose, model,
 * latency, tokens, status), the source of the daily ceiling and of `tacit stats --llm`, and the
 * home of the persisted circuit-breaker state (hooks are separate processes).
 *
 * Days are UTC calendar days: the ceiling resets at 00:00 UTC, and `dailySpend` groups by the same
 * days so the stats show exactly what the ceiling counts.
 */
import type { CircuitBreakerState } from "./circuit-breaker.js";

/**
 * What happened to a call. `pending`: reserved against the ceiling, not finished yet (a call
 * whose process died stays pending and keeps counting, which errs on the side of spending less).
 * `refused-*`: never sent.
 */
export type LlmCallStatus =
  | "pending"
  | "ok"
  | "invalid-output"
  | "http-error"
  | "timeout"
  | "aborted"
  | "unavailable"
  | "refused-ceiling"
  | "refused-breaker";

/** Statuses of finished calls that reached (or tried to reach) the model. */
export type LlmCallOutcomeStatus = Exclude<LlmCallStatus, "pending" | "refused-ceiling" | "refused-breaker">;

/** Statuses that count as a failure in `dailySpend`. */
export const FAILED_LLM_CALL_STATUSES: readonly LlmCallStatus[] = ["invalid-output", "http-error", "timeout"];

/** Statuses that never count against the ceiling: the call was not sent or could not be. */
export const UNCHARGED_LLM_CALL_STATUSES: readonly LlmCallStatus[] = [
  "refused-ceiling",
  "refused-breaker",
  "unavailable",
];

/** Who made a call and when. */
export interface LlmCallStart {
  /** What the call was for, e.g. `"distil-lessons"`. */
  purpose: string;
  provider: string;
  model: string;
  /** ms since the epoch. */
  startedAt: number;
}

/** How a call ended. Token counts are as reported by the provider (null: not reported). */
export interface LlmCallOutcome {
  status: LlmCallOutcomeStatus;
  latencyMs: number;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Tokens counted against the daily ceiling: reported counts, or conservative estimates. */
  chargedTokens: number;
  /** HTTP status of the last attempt, when there was one. */
  httpStatus: number | null;
  /** Short error text; never the API key or the prompt. */
  error: string | null;
}

/** One finished or refused call, as {@link LlmCallLog.record} takes it. */
export interface LlmCallRecord extends LlmCallStart {
  status: Exclude<LlmCallStatus, "pending">;
  latencyMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  chargedTokens: number;
  httpStatus: number | null;
  error: string | null;
}

/** Calls and charged tokens over a period (refused calls excluded). */
export interface LlmUsage {
  calls: number;
  tokens: number;
}

/** The limits a reservation is checked against, over calls started at or after `since`. */
export interface LlmCeilingCheck {
  since: number;
  maxCalls: number;
  maxTokens: number;
  /** Tokens this call may use at most (estimated input + maxOutputTokens). */
  estimatedTokens: number;
}

/** Result of {@link LlmCallLog.reserve}. */
export type LlmReservation =
  | { reserved: true; id: number }
  | { reserved: false; usage: LlmUsage; limit: "calls" | "tokens" };

/** One UTC day of model use. */
export interface LlmDailySpend {
  /** `YYYY-MM-DD`, UTC. */
  day: string;
  /** Calls sent (or pending); refused and `unavailable` ones are not counted here. */
  calls: number;
  /** Reported input tokens. */
  inputTokens: number;
  /** Reported output tokens. */
  outputTokens: number;
  /** Tokens counted against the ceiling (reported, or estimated when the provider did not say). */
  chargedTokens: number;
  /** Calls that ended in invalid output, an HTTP error or a timeout. */
  failures: number;
  /** Calls refused by the ceiling or the breaker. */
  refused: number;
}

/** The ledger of model calls and the persisted breaker state. */
export interface LlmCallLog {
  /**
   * Atomically (across processes): when the usage since `ceiling.since` leaves room for one more
   * call and `ceiling.estimatedTokens`, inserts a `pending` row charged with the estimate and
   * returns its id; otherwise inserts nothing and says which limit was hit.
   */
  reserve(call: LlmCallStart, ceiling: LlmCeilingCheck): Promise<LlmReservation>;
  /** Completes a reserved call; its charge becomes `outcome.chargedTokens`. */
  finish(id: number, outcome: LlmCallOutcome): Promise<void>;
  /** Records a call that was not reserved (refused by the ceiling or the breaker). */
  record(call: LlmCallRecord): Promise<void>;
  /** Calls and charged tokens of the calls started at or after `since` (ms since the epoch). */
  usageSince(since: number): Promise<LlmUsage>;
  /** The last `days` UTC days up to and including the day of `now`, oldest first, zeros included. */
  dailySpend(days: number, now: number): Promise<LlmDailySpend[]>;
  /** The stored breaker state under `key`, or null when none was saved. */
  loadBreaker(key: string): Promise<CircuitBreakerState | null>;
  saveBreaker(key: string, state: CircuitBreakerState): Promise<void>;
}

const DAY_MS = 86_400_000;

/** Start (ms since the epoch) of the UTC day that contains `time`. */
export function utcDayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

/** The UTC day of `time` as `YYYY-MM-DD`. */
export function utcDay(time: number): string {
  return new Date(utcDayStart(time)).toISOString().slice(0, 10);
}
