import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import * as lessons from "./index.js";

describe("lessons barrel", () => {
  it("re-exports by name only", () => {
    const source = readFileSync(new URL("./index.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^export\s+\*/m);
  });

  it("exposes the model's entry points", () => {
    for (const name of [
      "createLesson",
      "lessonContentHash",
      "normalizeLessonText",
      "scoreImplicitFeedback",
      "decayFactor",
      "calculateDecayedCounts",
      "criterionWeight",
      "computeMaturity",
      "promoteLesson",
      "deprecateLesson",
      "resetLesson",
      "evaluatePromotion",
      "recordPatternObservation",
      "formatAntiPatternsForPrompt",
      "extractStrategies",
      "decideDedup",
      "mergeLessons",
      "qualityWeight",
      "scoreLesson",
      "makeLessonEvent",
      "revertEvent",
    ]) {
      expect(typeof (lessons as Record<string, unknown>)[name], name).toBe("function");
    }
    expect(lessons.MATURITY_MULTIPLIERS.proven).toBe(1.5);
    expect(lessons.DEFAULT_DEDUP_CONFIG).toEqual({ updateThreshold: 0.85, appendThreshold: 0.6 });
  });
});
