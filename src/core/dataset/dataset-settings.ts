/**
 * The dataset's settings: which samples collection takes and how it labels them, the quality
 * weights, the extra personal-data patterns, and the export's split. The configuration's `dataset`
 * section (src/config/sections/dataset.ts) is their schema; services take them as a parameter.
 */

/** When a written fact counts as a decision that was right. */
export interface PositiveCriteria {
  /** The guardian wrote the fact. */
  wasWritten: boolean;
  /** The user did not correct or reject anything in the next turn. */
  noUserObjection: boolean;
  /** Days a write must stand without a rollback or correction before it counts (younger ones wait). */
  notRolledBackWithinDays: number;
  /** Below this quality a would-be positive goes to review instead. */
  minQualityScore: number;
}

/** When a decision counts as wrong. */
export interface NegativeCriteria {
  /** The gate proposed a write and the guardian refused it (with `guardianRefused`). */
  gateProposedWrite: boolean;
  guardianRefused: boolean;
  /** The gate said NO_WRITE and the user asked to remember much the same later in the session. */
  userLaterRequestedSimilar: boolean;
  /** The user corrected the guardian's outcome, or rolled the write back within the waiting days. */
  hasBehaviorCorrection: boolean;
}

/** What sends a sample to review. */
export interface ManualReviewCriteria {
  /** The deciding rule or judgement was less sure than `lowConfidenceBelow`. */
  lowConfidence: boolean;
  lowConfidenceBelow: number;
  /** The sample holds personal data or a secret the check removed. */
  containsSensitiveInfo: boolean;
  /** The user gave feedback about it (their own words, to be read). */
  userFeedbackReceived: boolean;
  /** Quality between `mediumQualityFloor` and the positive minimum. */
  mediumQualityScore: boolean;
  mediumQualityFloor: number;
}

/** What `--auto-approve` approves without review. */
export interface AutoApproveCriteria {
  /** The label comes from a user's own correction or rollback. */
  hasConfirmedCorrection: boolean;
  /** Quality at or above `highQualityFrom`. */
  highQualityScore: boolean;
  highQualityFrom: number;
  /** A person already approved a sample of the same kind about the same thing. */
  matchesApprovedPattern: boolean;
}

/** The quality weights (normalised by their sum). */
export interface QualityWeights {
  conversationClarity: number;
  decisionConfidence: number;
  factVerifiability: number;
}

/** Every dataset setting. */
export interface DatasetSettings {
  criteria: {
    positive: PositiveCriteria;
    negative: NegativeCriteria;
    manualReview: ManualReviewCriteria;
    autoApprove: AutoApproveCriteria;
  };
  quality: { weights: QualityWeights };
  privacy: { patterns: string[] };
  export: { trainSplit: number; splitSeed: string };
}

/** The defaults. */
export const DEFAULT_DATASET_SETTINGS: DatasetSettings = {
  criteria: {
    positive: { wasWritten: true, noUserObjection: true, notRolledBackWithinDays: 7, minQualityScore: 0.7 },
    negative: {
      gateProposedWrite: true,
      guardianRefused: true,
      userLaterRequestedSimilar: true,
      hasBehaviorCorrection: true,
    },
    manualReview: {
      lowConfidence: true,
      lowConfidenceBelow: 0.6,
      containsSensitiveInfo: true,
      userFeedbackReceived: true,
      mediumQualityScore: true,
      mediumQualityFloor: 0.4,
    },
    autoApprove: {
      hasConfirmedCorrection: true,
      highQualityScore: true,
      highQualityFrom: 0.85,
      matchesApprovedPattern: true,
    },
  },
  quality: { weights: { conversationClarity: 0.4, decisionConfidence: 0.35, factVerifiability: 0.25 } },
  privacy: { patterns: [] },
  export: { trainSplit: 0.8, splitSeed: "tacit" },
};
