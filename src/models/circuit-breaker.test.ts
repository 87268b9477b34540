import { describe, expect, it } from "vitest";
import { CircuitBreaker, CLOSED_BREAKER_STATE } from "./circuit-breaker.js";

function setup(config = { failureThreshold: 3, cooldownMs: 1000 }) {
  let time = 10_000;
  const breaker = new CircuitBreaker(config, () => time);
  return { breaker, advance: (ms: number) => (time += ms), now: () => time };
}

describe("CircuitBreaker", () => {
  it("opens after N consecutive failures and refuses during the cooldown", () => {
    const { breaker, advance } = setup();
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.canAttempt()).toBe(true);
    expect(breaker.state().status).toBe("closed");
    breaker.recordFailure();
    expect(breaker.state()).toMatchObject({ status: "open", consecutiveFailures: 3, openedAt: 10_000 });
    expect(breaker.canAttempt()).toBe(false);
    expect(breaker.retryAt()).toBe(11_000);
    advance(999);
    expect(breaker.canAttempt()).toBe(false);
  });

  it("a success resets the count", () => {
    const { breaker } = setup();
    breaker.recordFailure();
    breaker.recordFailure();
    breaker.recordSuccess();
    breaker.recordFailure();
    breaker.recordFailure();
    expect(breaker.state().status).toBe("closed");
  });

  it("lets one trial through after the cooldown; success closes it", () => {
    const { breaker, advance } = setup({ failureThreshold: 1, cooldownMs: 1000 });
    breaker.recordFailure();
    advance(1000);
    expect(breaker.canAttempt()).toBe(true);
    expect(breaker.startAttempt()).toBe(true);
    expect(breaker.state()).toMatchObject({ status: "half-open", trialStartedAt: 11_000 });
    // A second caller during the trial is refused.
    expect(breaker.canAttempt()).toBe(false);
    breaker.recordSuccess();
    expect(breaker.state()).toEqual(CLOSED_BREAKER_STATE);
    expect(breaker.startAttempt()).toBe(false);
  });

  it("a failed trial reopens it for another cooldown", () => {
    const { breaker, advance } = setup({ failureThreshold: 2, cooldownMs: 1000 });
    breaker.recordFailure();
    breaker.recordFailure();
    advance(1500);
    breaker.startAttempt();
    breaker.recordFailure();
    expect(breaker.state()).toMatchObject({ status: "open", openedAt: 11_500, trialStartedAt: null });
    expect(breaker.canAttempt()).toBe(false);
    advance(1000);
    expect(breaker.canAttempt()).toBe(true);
  });

  it("a trial lost for a whole cooldown (its process died) no longer blocks", () => {
    const { breaker, advance } = setup({ failureThreshold: 1, cooldownMs: 1000 });
    breaker.recordFailure();
    advance(1000);
    breaker.startAttempt();
    advance(999);
    expect(breaker.canAttempt()).toBe(false);
    advance(1);
    expect(breaker.canAttempt()).toBe(true);
  });

  it("state survives a round trip through restore (another process)", () => {
    const first = setup({ failureThreshold: 2, cooldownMs: 1000 });
    first.breaker.recordFailure();
    first.breaker.recordFailure();
    const stored = JSON.parse(JSON.stringify(first.breaker.state()));
    const second = setup({ failureThreshold: 2, cooldownMs: 1000 });
    second.breaker.restore(stored);
    expect(second.breaker.canAttempt()).toBe(false);
    expect(second.breaker.state()).toEqual(first.breaker.state());
  });

  it("a late failure while open keeps it open without extending the cooldown", () => {
    const { breaker } = setup({ failureThreshold: 1, cooldownMs: 1000 });
    breaker.recordFailure();
    const openedAt = breaker.state().openedAt;
    breaker.recordFailure();
    expect(breaker.state()).toMatchObject({ status: "open", openedAt, consecutiveFailures: 2 });
  });

  it("rejects nonsensical thresholds", () => {
    expect(() => new CircuitBreaker({ failureThreshold: 0, cooldownMs: 1 }, Date.now)).toThrow(RangeError);
    expect(() => new CircuitBreaker({ failureThreshold: 1, cooldownMs: -1 }, Date.now)).toThrow(RangeError);
  });
});
