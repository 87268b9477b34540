/**
 * A circuit breaker for model calls (docs/design.md#models): after `failureThreshold` consecutive failures it
 * opens and refuses calls for `cooldownMs`, so a dead or misbehaving endpoint costs nothing while
 * the offline path serves. After the cooldown it lets one trial call through (half-open): success
 * closes it, failure opens it for another cooldown.
 *
 * Persistence: tacit's hooks are separate short-lived processes, so a breaker that lived only in
 * memory would never see three failures in a row. The state is plain data ({@link state} /
 * {@link restore}); the model gate loads it from the call log before each call and saves it after
 * every change. Between processes the last writer wins: at worst two processes run a trial at
 * once, or one failure is counted twice — never an unbounded stream of calls.
 *
 * The clock is injected, so tests and callers decide what "now" is.
 */

/** Thresholds of a {@link CircuitBreaker}. */
export interface CircuitBreakerConfig {
  /** Consecutive failures that open the breaker. Default 3. */
  failureThreshold: number;
  /** How long an open breaker refuses calls, in ms. Default 300000 (5 minutes). */
  cooldownMs: number;
}

/** The default thresholds: 3 consecutive failures open the breaker for 5 minutes. */
export const DEFAULT_CIRCUIT_BREAKER_CONFIG: Readonly<CircuitBreakerConfig> = Object.freeze({
  failureThreshold: 3,
  cooldownMs: 300_000,
});

/** Where a breaker is. */
export type CircuitStatus = "closed" | "open" | "half-open";

/** A breaker's whole state as plain data, for storage. Times are ms since the epoch. */
export interface CircuitBreakerState {
  status: CircuitStatus;
  consecutiveFailures: number;
  /** When the breaker last opened; null while closed. */
  openedAt: number | null;
  /** When the half-open trial call started; null when no trial is running. */
  trialStartedAt: number | null;
}

/** The state of a breaker that has never failed. */
export const CLOSED_BREAKER_STATE: Readonly<CircuitBreakerState> = Object.freeze({
  status: "closed",
  consecutiveFailures: 0,
  openedAt: null,
  trialStartedAt: null,
});

/** Closed → open after N consecutive failures → half-open after the cooldown → closed on success. */
export class CircuitBreaker {
  private current: CircuitBreakerState = { ...CLOSED_BREAKER_STATE };

  constructor(
    private readonly config: CircuitBreakerConfig,
    private readonly now: () => number,
  ) {
    if (!Number.isInteger(config.failureThreshold) || config.failureThreshold < 1) {
      throw new RangeError(`failureThreshold must be an integer ≥ 1, got ${config.failureThreshold}`);
    }
    if (!(config.cooldownMs >= 0)) throw new RangeError(`cooldownMs must be ≥ 0, got ${config.cooldownMs}`);
  }

  /** A copy of the current state, for storage. */
  state(): CircuitBreakerState {
    return { ...this.current };
  }

  /** Replaces the state with a stored one (e.g. written by another process). */
  restore(state: CircuitBreakerState): void {
    this.current = { ...state, consecutiveFailures: Math.max(0, Math.trunc(state.consecutiveFailures)) };
  }

  /**
   * Whether a call may start now, without changing anything: closed, or open with the cooldown
   * over, or half-open with no trial running. A trial that started a cooldown ago or more is taken
   * as lost (its process died) and no longer blocks.
   */
  canAttempt(): boolean {
    const { status, openedAt, trialStartedAt } = this.current;
    if (status === "closed") return true;
    if (status === "open") return openedAt === null || this.now() >= openedAt + this.config.cooldownMs;
    return trialStartedAt === null || this.now() >= trialStartedAt + this.config.cooldownMs;
  }

  /**
   * Marks a call as started. When the breaker is open (cooldown over) or half-open, the call is the
   * trial and the breaker becomes half-open with the trial running. Returns whether the state
   * changed (so the caller knows to save it).
   */
  startAttempt(): boolean {
    if (this.current.status === "closed") return false;
    this.current = { ...this.current, status: "half-open", trialStartedAt: this.now() };
    return true;
  }

  /** A call succeeded: the breaker closes and the failure count resets. */
  recordSuccess(): void {
    this.current = { ...CLOSED_BREAKER_STATE };
  }

  /**
   * A call failed (error, timeout, empty or malformed output). A failed trial reopens the breaker
   * for another cooldown; in the closed state, the `failureThreshold`-th consecutive failure opens it.
   */
  recordFailure(): void {
    const failures = this.current.consecutiveFailures + 1;
    const opens =
      this.current.status === "half-open" ||
      (this.current.status === "closed" && failures >= this.config.failureThreshold);
    if (opens) {
      this.current = {
        status: "open",
        consecutiveFailures: failures,
        openedAt: this.now(),
        trialStartedAt: null,
      };
    } else {
      // A late failure of a call that started before the breaker opened keeps it open as it was.
      this.current = { ...this.current, consecutiveFailures: failures };
    }
  }

  /** When calls may resume (ms since the epoch): null when the breaker lets calls through now. */
  retryAt(): number | null {
    if (this.canAttempt()) return null;
    const { status, openedAt, trialStartedAt } = this.current;
    const since = status === "open" ? openedAt : trialStartedAt;
    return since === null ? null : since + this.config.cooldownMs;
  }
}
