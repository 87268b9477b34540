/** The `dataset` section: which samples `tacit dataset collect` takes and labels, their quality, privacy and split (docs/datasets.md). */
import * as z from "zod/mini";
import { DEFAULT_DATASET_SETTINGS as DEFAULTS } from "../../core/dataset/dataset-settings.js";
import { days, flag, group, ratio, section, setting } from "../setting.js";
import { regexPattern } from "./capture.js";

const { positive, negative, manualReview, autoApprove } = DEFAULTS.criteria;
const weights = DEFAULTS.quality.weights;

export const datasetSettingsSection = section({
  criteria: group({
    positive: group({
      wasWritten: flag(
        positive.wasWritten,
        "Make positive samples of gate decisions whose fact the guardian wrote (off: collect no gate positives).",
      ),
      noUserObjection: flag(
        positive.noUserObjection,
        "A would-be positive where the user corrected or rejected something in the next turn goes to review instead.",
      ),
      notRolledBackWithinDays: days(
        positive.notRolledBackWithinDays,
        "Days a written fact (or an uncorrected guardian decision) must stand before it makes a positive; a rollback within them makes a negative.",
      ),
      minQualityScore: ratio(
        positive.minQualityScore,
        "Samples below this quality go to review (from the medium floor up) or are not collected.",
      ),
    }),
    negative: group({
      gateProposedWrite: flag(
        negative.gateProposedWrite,
        "With guardianRefused: a gate write the guardian refused for the fact itself is a negative.",
      ),
      guardianRefused: flag(negative.guardianRefused, "See gateProposedWrite."),
      userLaterRequestedSimilar: flag(
        negative.userLaterRequestedSimilar,
        "A NO_WRITE decision is a negative when the user asked to remember much the same later in the session.",
      ),
      hasBehaviorCorrection: flag(
        negative.hasBehaviorCorrection,
        "The user's corrections and early rollbacks of guardian outcomes make samples (labelled by the user).",
      ),
    }),
    manualReview: group({
      lowConfidence: flag(
        manualReview.lowConfidence,
        "Send samples whose decision confidence is low to review.",
      ),
      lowConfidenceBelow: ratio(manualReview.lowConfidenceBelow, "Decision confidence below this is low."),
      containsSensitiveInfo: flag(
        manualReview.containsSensitiveInfo,
        "Send samples holding personal data (or a secret the check removed) to review; they are never auto-approved.",
      ),
      userFeedbackReceived: flag(
        manualReview.userFeedbackReceived,
        "Send samples that rest on the user's own feedback to review.",
      ),
      mediumQualityScore: flag(
        manualReview.mediumQualityScore,
        "Send samples between mediumQualityFloor and positive.minQualityScore to review.",
      ),
      mediumQualityFloor: ratio(
        manualReview.mediumQualityFloor,
        "Samples below this quality are not collected.",
      ),
    }),
    autoApprove: group({
      hasConfirmedCorrection: flag(
        autoApprove.hasConfirmedCorrection,
        "`--auto-approve` approves samples a person labelled (a correction, a rollback, their feedback).",
      ),
      highQualityScore: flag(
        autoApprove.highQualityScore,
        "`--auto-approve` approves samples of quality at least highQualityFrom with nothing to review.",
      ),
      highQualityFrom: ratio(autoApprove.highQualityFrom, "The quality auto-approval needs."),
      matchesApprovedPattern: flag(
        autoApprove.matchesApprovedPattern,
        "`--auto-approve` approves samples like one a person approved (same kind, same fact).",
      ),
    }),
  }),
  quality: group({
    weights: group({
      conversationClarity: ratio(
        weights.conversationClarity,
        "Weight of conversation clarity in the quality score (weights are normalised by their sum).",
      ),
      decisionConfidence: ratio(
        weights.decisionConfidence,
        "Weight of decision confidence in the quality score.",
      ),
      factVerifiability: ratio(
        weights.factVerifiability,
        "Weight of fact verifiability in the quality score.",
      ),
    }),
  }),
  privacy: group({
    patterns: setting(z._default(z.array(regexPattern), [...DEFAULTS.privacy.patterns]), {
      description:
        "Extra regular expressions for personal data in samples (case-insensitive): masked as `[REDACTED:custom]` in exports unless `--include-pii`. Secrets (capture.redact.patterns and the built-in kinds) are always removed.",
      merge: "union",
    }),
  }),
  export: group({
    trainSplit: setting(z._default(z.number().check(z.gt(0), z.lte(1)), DEFAULTS.export.trainSplit), {
      description: "Share of exported samples in the train file; the rest go to the validation file.",
    }),
    splitSeed: setting(z._default(z.string().check(z.minLength(1)), DEFAULTS.export.splitSeed), {
      description: "The seed of the train/validation split: the same samples and seed give the same files.",
    }),
  }),
});
