import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY_MS } from "./decay.js";
import type { Lesson, LessonStatus, MaturityState } from "./lesson.js";
import { isRecallable, qualityWeight, qualityWeightParts, scoreLesson } from "./quality.js";

const NOW = 100 * DAY_MS;
type Quality = Pick<Lesson, "status" | "supportTaskCount" | "lastValidatedAt" | "maturity">;
const subject = (overrides: Partial<Quality> = {}): Quality => ({
  status: "candidate",
  supportTaskCount: 1,
  lastValidatedAt: null,
  maturity: "established",
  ...overrides,
});

describe("qualityWeight", () => {
  it("reproduces the formula case by case", () => {
    expect(qualityWeight(subject(), NOW)).toBe(0.5);
    expect(qualityWeight(subject({ status: "active" }), NOW)).toBe(0.7);
    expect(qualityWeight(subject({ status: "refined" }), NOW)).toBe(0.7);
    expect(qualityWeight(subject({ status: "stale", supportTaskCount: 3 }), NOW)).toBe(0.65);
    expect(qualityWeight(subject({ status: "refined", supportTaskCount: 3 }), NOW)).toBe(0.85);
    expect(qualityWeight(subject({ status: "active", supportTaskCount: 5 }), NOW)).toBe(0.95);
    expect(qualityWeight(subject({ supportTaskCount: 5, lastValidatedAt: NOW - 7 * DAY_MS }), NOW)).toBe(0.8);
    expect(qualityWeight(subject({ lastValidatedAt: NOW - 3 * DAY_MS }), NOW)).toBe(0.55);
  });

  it("gives the validation bonus only within 7 days", () => {
    expect(qualityWeight(subject({ lastValidatedAt: NOW - 7 * DAY_MS - 1 }), NOW)).toBe(0.5);
    expect(qualityWeight(subject({ lastValidatedAt: NOW + DAY_MS }), NOW)).toBe(0.55);
  });

  it("shows its terms: each bonus the lesson earns, zero for the rest", () => {
    const lesson = subject({ status: "active", supportTaskCount: 5, lastValidatedAt: NOW - DAY_MS });
    expect(qualityWeightParts(lesson, NOW)).toEqual({
      base: 0.5,
      active: 0.2,
      support3: 0.15,
      support5: 0.1,
      recentValidation: 0.05,
    });
    expect(qualityWeightParts(subject({ supportTaskCount: 3 }), NOW, { supportBonus3: 0.3 })).toEqual({
      base: 0.5,
      active: 0,
      support3: 0.3,
      support5: 0,
      recentValidation: 0,
    });
  });

  it("caps at 1.0", () => {
    expect(
      qualityWeight(subject({ status: "active", supportTaskCount: 9, lastValidatedAt: NOW - DAY_MS }), NOW),
    ).toBe(1);
  });

  it("takes its terms from a partial config", () => {
    expect(
      qualityWeight(subject({ lastValidatedAt: NOW - 20 * DAY_MS }), NOW, { recentValidationDays: 30 }),
    ).toBe(0.55);
    expect(qualityWeight(subject(), NOW, { base: 0.3 })).toBe(0.3);
  });

  it("always lies in [0.5, 1] with default terms", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<LessonStatus>("candidate", "active", "refined", "stale", "archived"),
        fc.nat({ max: 20 }),
        fc.option(fc.integer({ min: 0, max: 200 * DAY_MS })),
        (status, supportTaskCount, lastValidatedAt) => {
          const weight = qualityWeight(subject({ status, supportTaskCount, lastValidatedAt }), NOW);
          expect(weight).toBeGreaterThanOrEqual(0.5);
          expect(weight).toBeLessThanOrEqual(1);
        },
      ),
    );
  });
});

describe("scoreLesson", () => {
  const lesson = subject({ status: "active", supportTaskCount: 3 }); // quality 0.85

  it("is 0.45·topic + 0.35·trigger + 0.20·quality times the maturity multiplier", () => {
    expect(scoreLesson({ topicSimilarity: 0.8, triggerSimilarity: 0.5, lesson, now: NOW })).toEqual({
      score: 0.705,
      parts: { topic: 0.36, trigger: 0.175, quality: 0.17, multiplier: 1, qualityWeight: 0.85 },
    });
    const score = (maturity: MaturityState) =>
      scoreLesson({ topicSimilarity: 0.8, triggerSimilarity: 0.5, lesson: { ...lesson, maturity }, now: NOW })
        .score;
    expect(score("candidate")).toBe(0.3525);
    expect(score("proven")).toBe(1.0575);
    expect(score("deprecated")).toBe(0);
  });

  it("takes weights and multipliers from a partial config", () => {
    const result = scoreLesson({
      topicSimilarity: 1,
      triggerSimilarity: 0,
      lesson,
      now: NOW,
      weights: {
        topic: 0.5,
        trigger: 0.5,
        quality: 0,
        maturityMultipliers: { candidate: 1, established: 2, proven: 3, deprecated: 0 },
      },
    });
    expect(result).toEqual({
      score: 1,
      parts: { topic: 0.5, trigger: 0, quality: 0, multiplier: 2, qualityWeight: 0.85 },
    });
  });
});

describe("isRecallable", () => {
  const state = (status: LessonStatus, maturity: MaturityState, maturityResetAt: number | null = null) => ({
    status,
    maturity,
    maturityResetAt,
  });

  it("admits candidate, active and refined lessons that are not deprecated", () => {
    expect(isRecallable(state("active", "proven"), [])).toBe(true);
    expect(isRecallable(state("candidate", "candidate"), [])).toBe(true);
    expect(isRecallable(state("refined", "deprecated"), [])).toBe(false);
    expect(isRecallable(state("stale", "established"), [])).toBe(false);
    expect(isRecallable(state("archived", "established"), [])).toBe(false);
  });

  it("holds back a candidate once it has had harmful feedback, unless that came before a reset", () => {
    const harmful = [{ type: "harmful" as const, at: NOW - DAY_MS }];
    const helpful = [{ type: "helpful" as const, at: NOW - DAY_MS }];
    expect(isRecallable(state("candidate", "candidate"), harmful)).toBe(false);
    expect(isRecallable(state("candidate", "candidate"), [...helpful, ...helpful, ...harmful])).toBe(false);
    expect(isRecallable(state("candidate", "candidate"), helpful)).toBe(true);
    expect(isRecallable(state("candidate", "candidate", NOW), harmful)).toBe(true);
    // An active lesson has been confirmed: its track record, not one harmful event, decides.
    expect(isRecallable(state("active", "candidate"), harmful)).toBe(true);
    // A convention holds until the user changes it, whatever became of a task it was shown in.
    expect(isRecallable({ ...state("candidate", "candidate"), convention: true }, harmful)).toBe(true);
  });
});
