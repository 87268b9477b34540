import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  calculateDecayedCounts,
  criterionWeight,
  DAY_MS,
  decayFactor,
  decayFactorMs,
  eventDecay,
  type FeedbackEvent,
  makeFeedbackEvent,
} from "./decay.js";
import type { FeedbackType } from "./outcome-scoring.js";

const NOW = 1_000 * DAY_MS;
let counter = 0;
const feedback = (type: FeedbackType, ageDays: number, rawValue = 1): FeedbackEvent => ({
  id: `f${++counter}`,
  lessonId: "L1",
  type,
  rawValue,
  source: "outcome",
  at: NOW - ageDays * DAY_MS,
});

describe("decayFactor (half-life 90 days)", () => {
  it("reproduces the decay timeline: 100% / 50% / 25% / 12.5% at 0 / 90 / 180 / 270 days", () => {
    expect(decayFactor(0)).toBe(1);
    expect(decayFactor(90)).toBe(0.5);
    expect(decayFactor(180)).toBe(0.25);
    expect(decayFactor(270)).toBe(0.125);
    expect([0, 90, 180, 270].map((days) => decayFactorMs(days * DAY_MS))).toEqual([1, 0.5, 0.25, 0.125]);
  });

  it("honours another half-life and clamps future ages to 0", () => {
    expect(decayFactor(30, 30)).toBe(0.5);
    expect(decayFactor(-5)).toBe(1);
    expect(() => decayFactor(1, 0)).toThrow(/halfLifeDays/);
  });

  it("is monotone (non-increasing) in age", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1000, max: 100_000, noNaN: true }),
        fc.double({ min: -1000, max: 100_000, noNaN: true }),
        fc.double({ min: 0.5, max: 1000, noNaN: true }),
        (a, b, halfLife) => {
          const [young, old] = a <= b ? [a, b] : [b, a];
          expect(decayFactor(young, halfLife)).toBeGreaterThanOrEqual(decayFactor(old, halfLife));
          expect(decayFactor(old, halfLife)).toBeLessThanOrEqual(1);
          expect(decayFactor(old, halfLife)).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });
});

describe("calculateDecayedCounts", () => {
  it("sums rawValue × decay per type", () => {
    const counts = calculateDecayedCounts(
      [
        feedback("helpful", 0),
        feedback("helpful", 90),
        feedback("helpful", 180),
        feedback("harmful", 270),
        feedback("harmful", 0, 0.5),
        feedback("neutral", 0),
      ],
      NOW,
    );
    expect(counts).toEqual({
      decayedHelpful: 1.75,
      decayedHarmful: 0.625,
      decayedNeutral: 1,
      helpfulEvents: 3,
      harmfulEvents: 2,
      neutralEvents: 1,
    });
  });

  it("restarts the clock at the last validation for earlier events only", () => {
    const old = feedback("helpful", 180);
    const recent = feedback("harmful", 30);
    const validatedAt = NOW - 90 * DAY_MS;
    expect(calculateDecayedCounts([old], NOW).decayedHelpful).toBe(0.25);
    expect(calculateDecayedCounts([old], NOW, { validatedAt }).decayedHelpful).toBe(0.5);
    expect(eventDecay(recent, NOW, { validatedAt })).toBe(decayFactor(30));
    expect(calculateDecayedCounts([old], NOW, { validatedAt: NOW }).decayedHelpful).toBe(1);
  });

  it("never grows as time passes", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            type: fc.constantFrom<FeedbackType>("helpful", "harmful", "neutral"),
            ageDays: fc.nat({ max: 1000 }),
            rawValue: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
        ),
        fc.nat({ max: 500 }),
        (items, laterDays) => {
          const events = items.map((item) => feedback(item.type, item.ageDays, item.rawValue));
          const now = calculateDecayedCounts(events, NOW);
          const later = calculateDecayedCounts(events, NOW + laterDays * DAY_MS);
          expect(later.decayedHelpful).toBeLessThanOrEqual(now.decayedHelpful);
          expect(later.decayedHarmful).toBeLessThanOrEqual(now.decayedHarmful);
        },
      ),
    );
  });
});

describe("criterionWeight", () => {
  it("is 1 without helpful or harmful feedback", () => {
    expect(criterionWeight([], NOW).weight).toBe(1);
    expect(criterionWeight([feedback("neutral", 0)], NOW).weight).toBe(1);
  });

  it("is helpful / (helpful + harmful) on decayed sums", () => {
    expect(
      criterionWeight(
        [feedback("helpful", 0), feedback("helpful", 0), feedback("helpful", 0), feedback("harmful", 0)],
        NOW,
      ).weight,
    ).toBe(0.75);
    // 1 fresh helpful vs a harmful 90 days old (0.5): 1 / 1.5
    expect(criterionWeight([feedback("helpful", 0), feedback("harmful", 90)], NOW).weight).toBe(0.666666667);
  });

  it("never drops below the 0.1 floor", () => {
    expect(criterionWeight([feedback("harmful", 0), feedback("harmful", 0)], NOW).weight).toBe(0.1);
    expect(criterionWeight([feedback("harmful", 0)], NOW, { minWeight: 0.2 }).weight).toBe(0.2);
  });

  it("stays in [0.1, 1] for any feedback", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            type: fc.constantFrom<FeedbackType>("helpful", "harmful", "neutral"),
            ageDays: fc.integer({ min: -10, max: 5000 }),
            rawValue: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
        ),
        (items) => {
          const { weight } = criterionWeight(
            items.map((item) => feedback(item.type, item.ageDays, item.rawValue)),
            NOW,
          );
          expect(weight).toBeGreaterThanOrEqual(0.1);
          expect(weight).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("deprecates at harmful ratio > 0.3 with at least 3 events", () => {
    const helpful = (n: number) => Array.from({ length: n }, () => feedback("helpful", 0));
    const harmful = (n: number) => Array.from({ length: n }, () => feedback("harmful", 0));
    expect(criterionWeight([...helpful(2), ...harmful(1)], NOW).deprecated).toBe(true);
    expect(criterionWeight([...helpful(1), ...harmful(1)], NOW).deprecated).toBe(false);
    expect(criterionWeight([...helpful(7), ...harmful(3)], NOW).deprecated).toBe(false);
    expect(criterionWeight([...helpful(6), ...harmful(3)], NOW).deprecated).toBe(true);
  });

  it("reports the last validation: latest helpful event or the given validatedAt, whichever is later", () => {
    const events = [feedback("helpful", 10), feedback("helpful", 5), feedback("harmful", 1)];
    expect(criterionWeight(events, NOW).lastValidatedAt).toBe(NOW - 5 * DAY_MS);
    expect(criterionWeight(events, NOW, { validatedAt: NOW - DAY_MS }).lastValidatedAt).toBe(NOW - DAY_MS);
    expect(criterionWeight([feedback("harmful", 1)], NOW).lastValidatedAt).toBeNull();
  });
});

describe("makeFeedbackEvent", () => {
  it("rejects a rawValue outside 0..1", () => {
    expect(() => makeFeedbackEvent({ ...feedback("helpful", 0), rawValue: 1.2 })).toThrow(/rawValue/);
    expect(makeFeedbackEvent(feedback("helpful", 0, 0.3)).rawValue).toBe(0.3);
  });
});
