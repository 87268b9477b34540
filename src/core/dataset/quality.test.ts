import { describe, expect, it } from "vitest";
import { contentOf } from "../../testing/dataset-samples.js";
import { DEFAULT_DATASET_SETTINGS } from "./dataset-settings.js";
import { scoreQuality, wordCount } from "./quality.js";
import type { ContentOf } from "./sample-types.js";

const WEIGHTS = DEFAULT_DATASET_SETTINGS.quality.weights;
const evidence = { confidence: 0.7, humanJudged: false, stood: false };

function positive(message: string, fact: string): ContentOf<"memory_gate_positive"> {
  return {
    ...(contentOf("memory_gate_positive") as ContentOf<"memory_gate_positive">),
    conversation: [
      { role: "user", message },
      { role: "agent", message: "Noted." },
    ],
    correctFact: fact,
  };
}

describe("the quality score", () => {
  it("is the weighted mean of its three factors, with the weights stored", () => {
    const quality = scoreQuality(
      positive("I prefer morning check-ins", "prefers morning check-ins"),
      evidence,
      WEIGHTS,
    );
    const { conversationClarity, decisionConfidence, factVerifiability } = quality.factors;
    expect(quality.factors).toEqual({
      conversationClarity: 1,
      decisionConfidence: 0.7,
      factVerifiability: 1,
    });
    expect(quality.score).toBeCloseTo(
      0.4 * conversationClarity + 0.35 * decisionConfidence + 0.25 * factVerifiability,
      3,
    );
    expect(quality.weights).toEqual(WEIGHTS);
    expect(quality.notes.factVerifiability).toBe("100% of the fact's words are the user's own");
  });

  it("normalises the weights by their sum", () => {
    const content = positive("I prefer morning check-ins", "prefers morning check-ins");
    const doubled = { conversationClarity: 0.8, decisionConfidence: 0.7, factVerifiability: 0.5 };
    expect(scoreQuality(content, evidence, doubled).score).toBe(
      scoreQuality(content, evidence, WEIGHTS).score,
    );
    const onlyConfidence = { conversationClarity: 0, decisionConfidence: 1, factVerifiability: 0 };
    expect(scoreQuality(content, evidence, onlyConfidence).score).toBe(0.7);
  });

  it("marks down a one-word message, a fact the user never said, and redacted spans", () => {
    const short = scoreQuality(positive("yes", "prefers morning check-ins"), evidence, WEIGHTS);
    expect(short.factors.conversationClarity).toBe(0.5);
    expect(short.factors.factVerifiability).toBe(0.3);
    const redacted = scoreQuality(
      positive("my key is [REDACTED:api-key] and I prefer tea", "prefers tea"),
      evidence,
      WEIGHTS,
    );
    expect(redacted.factors.conversationClarity).toBe(0.85);
    expect(redacted.notes.conversationClarity).toContain("1 redacted or cut span(s)");
  });

  it("counts a person's label as certain, and a write that stood as a little surer", () => {
    const content = positive("I prefer tea", "prefers tea");
    expect(
      scoreQuality(content, { ...evidence, humanJudged: true }, WEIGHTS).factors.decisionConfidence,
    ).toBe(1);
    expect(scoreQuality(content, { ...evidence, stood: true }, WEIGHTS).factors.decisionConfidence).toBe(0.8);
    expect(scoreQuality(content, { ...evidence, confidence: null }, WEIGHTS).notes.decisionConfidence).toBe(
      "a model decided (no rule confidence)",
    );
  });

  it("scores every kind of sample between 0 and 1", () => {
    for (const type of [
      "write_guardian_decision",
      "task_experience",
      "lesson_outcome",
      "adherence_correction",
      "annotated_turn",
      "memory_gate_negative",
    ] as const) {
      const quality = scoreQuality(contentOf(type), { ...evidence, confidence: null }, WEIGHTS);
      for (const value of [quality.score, ...Object.values(quality.factors)]) {
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(1);
      }
    }
    const guardian = scoreQuality(
      contentOf("write_guardian_decision"),
      { ...evidence, confidence: null },
      WEIGHTS,
    );
    expect(guardian.notes).toMatchObject({
      decisionConfidence: "refused by duplicate, a check of the text",
      factVerifiability: "the reason names the line it rests on",
    });
  });

  it("counts Chinese two characters to a word", () => {
    expect(wordCount("我喜欢早上开会")).toBe(4);
    expect(wordCount("use pnpm 安装")).toBe(3);
  });
});
