import { describe, expect, it } from "vitest";
import { gateMetrics } from "./gate-metrics.js";

describe("labelled-set metrics", () => {
  it("computes accuracy, per-class precision and recall, the confusion matrix and fact agreement", () => {
    const metrics = gateMetrics([
      {
        id: "1",
        expected: "UPDATE_USER",
        decided: "UPDATE_USER",
        expectedFact: "prefers tea",
        decidedFact: "prefers green tea",
      },
      { id: "2", expected: "UPDATE_USER", decided: "NO_WRITE", decidedFact: null },
      { id: "3", expected: "NO_WRITE", decided: "NO_WRITE", decidedFact: null },
      { id: "4", expected: "NO_WRITE", decided: "UPDATE_SOUL", decidedFact: "be brief" },
      {
        id: "5",
        expected: "UPDATE_SOUL",
        decided: "UPDATE_SOUL",
        expectedFact: "cite sources",
        decidedFact: "keep it short",
      },
    ]);
    expect(metrics.total).toBe(5);
    expect(metrics.correct).toBe(3);
    expect(metrics.accuracy).toBeCloseTo(0.6);
    const user = metrics.perClass.find((entry) => entry.decision === "UPDATE_USER");
    expect(user).toMatchObject({ support: 2, predicted: 1, truePositives: 1, precision: 1, recall: 0.5 });
    const soul = metrics.perClass.find((entry) => entry.decision === "UPDATE_SOUL");
    expect(soul).toMatchObject({ support: 1, predicted: 2, precision: 0.5, recall: 1 });
    const identity = metrics.perClass.find((entry) => entry.decision === "UPDATE_IDENTITY");
    expect(identity).toMatchObject({ support: 0, predicted: 0, precision: null, recall: null });
    expect(metrics.confusion.UPDATE_USER.NO_WRITE).toBe(1);
    expect(metrics.confusion.NO_WRITE.UPDATE_SOUL).toBe(1);
    expect(metrics.facts).toEqual({ compared: 2, matching: 1 });
    expect(metrics.mistakes.map((mistake) => mistake.id)).toEqual(["2", "4"]);
  });
});
