import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_OUTCOME_SCORING_CONFIG,
  type OutcomeSignals,
  resolveOutcomeScoringConfig,
  scoreImplicitFeedback,
} from "./outcome-scoring.js";

const MINUTE = 60_000;
const outcome = (overrides: Partial<OutcomeSignals> = {}): OutcomeSignals => ({
  durationMs: 3 * MINUTE,
  errorCount: 0,
  retryCount: 0,
  success: true,
  ...overrides,
});

describe("scoreImplicitFeedback", () => {
  it("scores the documented outcome (3 minutes, no errors, no retries, success) as helpful 1.0", () => {
    expect(scoreImplicitFeedback(outcome({ durationMs: 180_000 }))).toEqual({
      type: "helpful",
      rawScore: 1,
      rawValue: 1,
      parts: { success: 1, duration: 1, errors: 1, retries: 1 },
    });
  });

  it("maps duration: < 5 min 1.0, 5–30 min 0.6, > 30 min 0.2", () => {
    const duration = (durationMs: number) => scoreImplicitFeedback(outcome({ durationMs })).parts.duration;
    expect(duration(5 * MINUTE - 1)).toBe(1);
    expect(duration(5 * MINUTE)).toBe(0.6);
    expect(duration(30 * MINUTE)).toBe(0.6);
    expect(duration(30 * MINUTE + 1)).toBe(0.2);
  });

  it("maps errors: 0 → 1.0, 1–2 → 0.6, 3+ → 0.2", () => {
    const errors = (errorCount: number) => scoreImplicitFeedback(outcome({ errorCount })).parts.errors;
    expect([0, 1, 2, 3, 10].map(errors)).toEqual([1, 0.6, 0.6, 0.2, 0.2]);
  });

  it("maps retries: 0 → 1.0, 1 → 0.7, 2+ → 0.3", () => {
    const retries = (retryCount: number) => scoreImplicitFeedback(outcome({ retryCount })).parts.retries;
    expect([0, 1, 2, 5].map(retries)).toEqual([1, 0.7, 0.3, 0.3]);
  });

  it("weights success 0.4 and the others 0.2 each, with thresholds 0.7 / 0.4", () => {
    // 0.4 + 0.2·0.6 + 0.2·0.6 + 0.2·0.7 = 0.78
    expect(
      scoreImplicitFeedback(outcome({ durationMs: 10 * MINUTE, errorCount: 1, retryCount: 1 })),
    ).toMatchObject({
      type: "helpful",
      rawScore: 0.78,
    });
    // 0.4 + 0.2 + 0.2·0.2 + 0.2·0.3 = 0.7 exactly → helpful
    expect(scoreImplicitFeedback(outcome({ errorCount: 3, retryCount: 2 }))).toMatchObject({
      type: "helpful",
      rawScore: 0.7,
    });
    // failure with everything else perfect: 0.6 → neutral
    expect(scoreImplicitFeedback(outcome({ success: false }))).toMatchObject({
      type: "neutral",
      rawScore: 0.6,
    });
    // success but slow, 3 errors, 2 retries: 0.4 + 0.04 + 0.04 + 0.06 = 0.54 → neutral
    expect(
      scoreImplicitFeedback(outcome({ durationMs: 31 * MINUTE, errorCount: 3, retryCount: 2 })),
    ).toMatchObject({ type: "neutral", rawScore: 0.54 });
    // failure, medium everything: 0.12 + 0.12 + 0.14 = 0.38 → harmful, rawValue 0.62
    expect(
      scoreImplicitFeedback(
        outcome({ success: false, durationMs: 10 * MINUTE, errorCount: 2, retryCount: 1 }),
      ),
    ).toEqual({
      type: "harmful",
      rawScore: 0.38,
      rawValue: 0.62,
      parts: { success: 0, duration: 0.6, errors: 0.6, retries: 0.7 },
    });
    // worst case: 0.04 + 0.04 + 0.06 = 0.14
    expect(
      scoreImplicitFeedback(
        outcome({ success: false, durationMs: 60 * MINUTE, errorCount: 9, retryCount: 9 }),
      ),
    ).toMatchObject({ type: "harmful", rawScore: 0.14, rawValue: 0.86 });
  });

  it("treats rawScore = 0.4 exactly as harmful", () => {
    // failure, fast, no errors, retries weighted 0: 0.2 + 0.2 = 0.4
    expect(
      scoreImplicitFeedback(outcome({ success: false, retryCount: 3 }), { weights: { retries: 0 } }),
    ).toMatchObject({
      type: "harmful",
      rawScore: 0.4,
    });
  });

  it("takes every threshold, value and weight from a partial config", () => {
    const scored = scoreImplicitFeedback(outcome({ durationMs: 8 * MINUTE, errorCount: 4 }), {
      fastCompletionThresholdMs: 10 * MINUTE,
      maxErrorsForHelpful: 5,
      values: { errorsNeutral: 0.5 },
    });
    expect(scored.parts).toEqual({ success: 1, duration: 1, errors: 0.5, retries: 1 });
    expect(scored.rawScore).toBe(0.9);
    expect(scoreImplicitFeedback(outcome(), { helpfulThreshold: 1.01 }).type).toBe("neutral");
  });

  it("keeps defaults when a partial config has undefined keys", () => {
    expect(
      resolveOutcomeScoringConfig({ helpfulThreshold: undefined, weights: { success: undefined } }),
    ).toEqual(DEFAULT_OUTCOME_SCORING_CONFIG);
  });

  it("always yields rawScore in [0, 1] and a type consistent with the thresholds", () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 10_000_000 }),
        fc.nat({ max: 20 }),
        fc.nat({ max: 20 }),
        fc.boolean(),
        (durationMs, errorCount, retryCount, success) => {
          const scored = scoreImplicitFeedback({ durationMs, errorCount, retryCount, success });
          expect(scored.rawScore).toBeGreaterThanOrEqual(0);
          expect(scored.rawScore).toBeLessThanOrEqual(1);
          const expected =
            scored.rawScore >= 0.7 ? "helpful" : scored.rawScore <= 0.4 ? "harmful" : "neutral";
          expect(scored.type).toBe(expected);
          expect(scored.rawValue).toBeGreaterThanOrEqual(0);
          expect(scored.rawValue).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});
