/**
 * From what a collector found to what is stored: the privacy check, the quality score and the
 * review status of one candidate sample. Pure.
 */
import type { DatasetSettings } from "./dataset-settings.js";
import { checkPrivacy, type PrivacyCheck } from "./privacy.js";
import { type QualityEvidence, scoreQuality } from "./quality.js";
import { reviewStatus } from "./review-status.js";
import type { DatasetSample, SampleReferences, SampleType } from "./sample-types.js";

/** What a collector found: a sample before its checks. */
export interface SampleDraft
  extends SampleReferences,
    Pick<
      DatasetSample,
      "type" | "sourceKey" | "polarity" | "strategy" | "content" | "patternKey" | "sourceAt"
    > {
  evidence: QualityEvidence;
  /** The user's own feedback is part of the label. */
  userFeedback: boolean;
  /** The user corrected or rejected something in the next turn. */
  objection: boolean;
}

/** What collection does with a draft: the parts of the stored sample, or why it is left out. */
export type Assessment =
  | {
      kept: true;
      sample: Omit<DatasetSample, "id" | "createdAt" | "updatedAt" | "annotatedBy" | "annotatedAt" | "notes">;
    }
  | { kept: false; reasons: string[] };

/** The key {@link DatasetStore.approvedPatterns} returns for a sample's type and pattern. */
export function patternOf(type: SampleType, patternKey: string): string {
  return `${type}\u0000${patternKey}`;
}

/** Checks, scores and labels one draft. */
export function assessSample(
  draft: SampleDraft,
  context: {
    settings: DatasetSettings;
    privacy: PrivacyCheck;
    approvedPatterns: ReadonlySet<string>;
    autoApprove: boolean;
  },
): Assessment {
  const privacy = checkPrivacy(draft.content, context.privacy);
  const quality = scoreQuality(privacy.content, draft.evidence, context.settings.quality.weights);
  const containsPii = privacy.masked !== null;
  const decision = reviewStatus(
    {
      polarity: draft.polarity,
      quality,
      humanJudged: draft.evidence.humanJudged,
      sensitive: containsPii || Object.keys(privacy.secrets).length > 0,
      userFeedback: draft.userFeedback,
      objection: draft.objection,
      matchesApproved: context.approvedPatterns.has(patternOf(draft.type, draft.patternKey)),
      autoApprove: context.autoApprove,
    },
    context.settings,
  );
  if (decision.status === null) return { kept: false, reasons: decision.reasons };
  return {
    kept: true,
    sample: {
      type: draft.type,
      sourceKey: draft.sourceKey,
      polarity: draft.polarity,
      turnId: draft.turnId,
      decisionId: draft.decisionId,
      auditId: draft.auditId,
      sessionId: draft.sessionId,
      taskId: draft.taskId,
      lessonId: draft.lessonId,
      content: privacy.content,
      quality,
      status: decision.status,
      reviewReasons: decision.reasons,
      privacyChecked: true,
      containsPii,
      piiRedactedContent: privacy.masked,
      privacyFindings: { ...privacy.secrets, ...privacy.personal },
      strategy: draft.strategy,
      patternKey: draft.patternKey,
      sourceAt: draft.sourceAt,
    },
  };
}
