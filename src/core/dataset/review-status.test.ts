import { describe, expect, it } from "vitest";
import { DEFAULT_DATASET_SETTINGS as SETTINGS } from "./dataset-settings.js";
import { reviewStatus, type StatusInput } from "./review-status.js";

function input(score: number, changes: Partial<StatusInput> = {}): StatusInput {
  return {
    polarity: "positive",
    quality: {
      score,
      factors: { conversationClarity: score, decisionConfidence: 0.8, factVerifiability: score },
      weights: SETTINGS.quality.weights,
      notes: { conversationClarity: "", decisionConfidence: "", factVerifiability: "" },
    },
    humanJudged: false,
    sensitive: false,
    userFeedback: false,
    objection: false,
    matchesApproved: false,
    autoApprove: false,
    ...changes,
  };
}

describe("the review status of a collected sample", () => {
  it("is pending when nothing calls for review", () => {
    expect(reviewStatus(input(0.8), SETTINGS)).toEqual({ status: "pending", reasons: [] });
  });

  it("sends medium quality, low confidence, sensitive data, feedback and objections to review", () => {
    expect(reviewStatus(input(0.5), SETTINGS)).toEqual({
      status: "needs_review",
      reasons: ["quality 0.5 is between 0.4 and 0.7"],
    });
    const everything = reviewStatus(
      input(0.8, {
        sensitive: true,
        userFeedback: true,
        objection: true,
        quality: {
          ...input(0.8).quality,
          factors: { ...input(0.8).quality.factors, decisionConfidence: 0.5 },
        },
      }),
      SETTINGS,
    );
    expect(everything.status).toBe("needs_review");
    expect(everything.reasons).toEqual([
      "it holds personal data or held a secret",
      "decision confidence 0.5 is below 0.6",
      "the user gave feedback on it",
      "the user objected in the next turn",
    ]);
  });

  it("leaves out samples below the floor, and positives below the minimum when medium quality is not reviewed", () => {
    expect(reviewStatus(input(0.3), SETTINGS)).toEqual({ status: null, reasons: ["quality below 0.4"] });
    const noMedium = {
      ...SETTINGS,
      criteria: {
        ...SETTINGS.criteria,
        manualReview: { ...SETTINGS.criteria.manualReview, mediumQualityScore: false },
      },
    };
    expect(reviewStatus(input(0.5), noMedium)).toEqual({ status: null, reasons: ["quality below 0.7"] });
    expect(reviewStatus(input(0.5, { polarity: "negative" }), noMedium).status).toBe("pending");
  });

  it("auto-approves only when asked: a person's label, high quality, or a pattern approved before", () => {
    expect(reviewStatus(input(0.9), SETTINGS).status).toBe("pending");
    expect(reviewStatus(input(0.9, { autoApprove: true }), SETTINGS)).toEqual({
      status: "auto_approved",
      reasons: ["quality 0.9 is at least 0.85"],
    });
    expect(reviewStatus(input(0.5, { autoApprove: true, humanJudged: true }), SETTINGS).status).toBe(
      "auto_approved",
    );
    expect(reviewStatus(input(0.75, { autoApprove: true, matchesApproved: true }), SETTINGS)).toEqual({
      status: "auto_approved",
      reasons: ["a sample like it was approved before"],
    });
    expect(reviewStatus(input(0.75, { autoApprove: true }), SETTINGS).status).toBe("pending");
  });

  it("never auto-approves a sample holding personal data", () => {
    expect(
      reviewStatus(input(0.95, { autoApprove: true, humanJudged: true, sensitive: true }), SETTINGS).status,
    ).toBe("needs_review");
  });
});
