/**
 * The status collection gives a sample, by the configured criteria: `needs_review` when a
 * manual-review criterion holds (each reason is kept), `auto_approved` when `--auto-approve` is given
 * and an auto-approve criterion holds, else `pending`; or not collected at all when its quality is
 * below the floor. Pure.
 */
import type { AutoApproveCriteria, DatasetSettings } from "./dataset-settings.js";
import type { AnnotationStatus, Polarity, SampleQuality } from "./sample-types.js";

/** What the status depends on. */
export interface StatusInput {
  polarity: Polarity;
  quality: SampleQuality;
  /** A person decided the label (a correction, a rollback, their own feedback). */
  humanJudged: boolean;
  /** Personal data found, or a secret removed. */
  sensitive: boolean;
  /** The user's own feedback is part of the label. */
  userFeedback: boolean;
  /** The user corrected or rejected something in the next turn (would-be positives). */
  objection: boolean;
  /** A person approved a sample of the same kind about the same thing. */
  matchesApproved: boolean;
  /** `--auto-approve` was given. */
  autoApprove: boolean;
}

/** The status, or null: not collected (quality below the floor). */
export interface StatusDecision {
  status: Exclude<AnnotationStatus, "approved" | "rejected"> | null;
  /** Why it needs review, why it was approved, or why it was left out. */
  reasons: string[];
}

function autoApproval(input: StatusInput, criteria: AutoApproveCriteria, clear: boolean): string | null {
  if (criteria.hasConfirmedCorrection && input.humanJudged) return "a person decided the label";
  if (!clear) return null;
  if (criteria.highQualityScore && input.quality.score >= criteria.highQualityFrom)
    return `quality ${input.quality.score} is at least ${criteria.highQualityFrom}`;
  if (criteria.matchesApprovedPattern && input.matchesApproved) return "a sample like it was approved before";
  return null;
}

/** The status of a sample by `settings.criteria`. */
export function reviewStatus(input: StatusInput, settings: DatasetSettings): StatusDecision {
  const { positive, manualReview, autoApprove } = settings.criteria;
  const score = input.quality.score;
  const reasons: string[] = [];
  if (manualReview.containsSensitiveInfo && input.sensitive)
    reasons.push("it holds personal data or held a secret");
  if (
    manualReview.lowConfidence &&
    !input.humanJudged &&
    input.quality.factors.decisionConfidence < manualReview.lowConfidenceBelow
  )
    reasons.push(
      `decision confidence ${input.quality.factors.decisionConfidence} is below ${manualReview.lowConfidenceBelow}`,
    );
  if (manualReview.userFeedbackReceived && input.userFeedback) reasons.push("the user gave feedback on it");
  if (positive.noUserObjection && input.objection) reasons.push("the user objected in the next turn");
  if (score < positive.minQualityScore) {
    const medium = score >= manualReview.mediumQualityFloor;
    if (manualReview.mediumQualityScore && medium)
      reasons.push(
        `quality ${score} is between ${manualReview.mediumQualityFloor} and ${positive.minQualityScore}`,
      );
    else if (input.polarity === "positive" || !medium)
      return {
        status: null,
        reasons: [`quality below ${medium ? positive.minQualityScore : manualReview.mediumQualityFloor}`],
      };
  }
  if (input.autoApprove && !(manualReview.containsSensitiveInfo && input.sensitive)) {
    const approval = autoApproval(input, autoApprove, reasons.length === 0);
    if (approval !== null) return { status: "auto_approved", reasons: [approval] };
  }
  return reasons.length > 0 ? { status: "needs_review", reasons } : { status: "pending", reasons: [] };
}
