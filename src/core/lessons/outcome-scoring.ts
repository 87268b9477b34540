/**
 * Implicit feedback scoring (docs/design.md#outcome-scoring): turns a task outcome into a learning
 * signal without asking the user. Pure.
 */
import type { Outcome } from "../types.js";
import { mergeConfig, roundScore } from "./config.js";

/** Feedback type: helpful / neutral / harmful. */
export type FeedbackType = "helpful" | "neutral" | "harmful";
export const FEEDBACK_TYPES: readonly FeedbackType[] = ["helpful", "neutral", "harmful"];

/** The outcome fields scoring reads. */
export type OutcomeSignals = Pick<Outcome, "durationMs" | "errorCount" | "retryCount" | "success">;

/** Thresholds and weights of implicit feedback scoring. Defaults: `DEFAULT_OUTCOME_SCORING_CONFIG`. */
export interface OutcomeScoringConfig {
  /** Faster than this (ms) is helpful. Default 300 000 (5 minutes). */
  fastCompletionThresholdMs: number;
  /** Slower than this (ms) is harmful; in between is neutral. Default 1 800 000 (30 minutes). */
  slowCompletionThresholdMs: number;
  /** At most this many errors is neutral (0 is helpful, more is harmful). Default 2. */
  maxErrorsForHelpful: number;
  /** At most this many retries is neutral (0 is helpful, more is harmful). Default 1. */
  maxRetriesForNeutral: number;
  /** Signal values: duration and errors score 1.0 / 0.6 / 0.2, retries 1.0 / 0.7 / 0.3. */
  values: {
    helpful: number;
    durationNeutral: number;
    durationHarmful: number;
    errorsNeutral: number;
    errorsHarmful: number;
    retriesNeutral: number;
    retriesHarmful: number;
  };
  /** Weights of the four signals in rawScore; default success 0.4, the others 0.2 each. */
  weights: { success: number; duration: number; errors: number; retries: number };
  /** rawScore ≥ this is helpful. Default 0.7. */
  helpfulThreshold: number;
  /** rawScore ≤ this is harmful. Default 0.4. */
  harmfulThreshold: number;
}

export const DEFAULT_OUTCOME_SCORING_CONFIG: OutcomeScoringConfig = {
  fastCompletionThresholdMs: 300_000,
  slowCompletionThresholdMs: 1_800_000,
  maxErrorsForHelpful: 2,
  maxRetriesForNeutral: 1,
  values: {
    helpful: 1.0,
    durationNeutral: 0.6,
    durationHarmful: 0.2,
    errorsNeutral: 0.6,
    errorsHarmful: 0.2,
    retriesNeutral: 0.7,
    retriesHarmful: 0.3,
  },
  weights: { success: 0.4, duration: 0.2, errors: 0.2, retries: 0.2 },
  helpfulThreshold: 0.7,
  harmfulThreshold: 0.4,
};

/** A partial config; nested `values` and `weights` may be partial too. */
export type OutcomeScoringOptions = Partial<Omit<OutcomeScoringConfig, "values" | "weights">> & {
  values?: Partial<OutcomeScoringConfig["values"]>;
  weights?: Partial<OutcomeScoringConfig["weights"]>;
};

/** Merge a partial config over the defaults. */
export function resolveOutcomeScoringConfig(options: OutcomeScoringOptions = {}): OutcomeScoringConfig {
  const { values, weights, ...rest } = options;
  return {
    ...mergeConfig(DEFAULT_OUTCOME_SCORING_CONFIG, rest),
    values: mergeConfig(DEFAULT_OUTCOME_SCORING_CONFIG.values, values ?? {}),
    weights: mergeConfig(DEFAULT_OUTCOME_SCORING_CONFIG.weights, weights ?? {}),
  };
}

/** The result of scoring one outcome. */
export interface ImplicitFeedback {
  type: FeedbackType;
  /** success·w + duration·w + errors·w + retries·w, rounded to 1e-9 so thresholds compare cleanly. */
  rawScore: number;
  /**
   * Strength of the signal in 0..1, to store as the feedback event's `rawValue`:
   * rawScore for helpful and neutral outcomes, 1 − rawScore for harmful ones.
   */
  rawValue: number;
  /** Each signal's value (before weighting): success 1/0, the others per the value table. */
  parts: { success: number; duration: number; errors: number; retries: number };
}

/**
 * Score an outcome (docs/design.md#outcome-scoring):
 * duration < fast → 1.0, > slow → 0.2, else 0.6; errors 0 → 1.0, ≤ maxErrorsForHelpful → 0.6,
 * else 0.2; retries 0 → 1.0, ≤ maxRetriesForNeutral → 0.7, else 0.3; success 1.0 / 0.0.
 * rawScore ≥ 0.7 → helpful, ≤ 0.4 → harmful, otherwise neutral.
 */
export function scoreImplicitFeedback(
  outcome: OutcomeSignals,
  options: OutcomeScoringOptions = {},
): ImplicitFeedback {
  const config = resolveOutcomeScoringConfig(options);
  const { values, weights } = config;
  const parts = {
    success: outcome.success ? 1 : 0,
    duration:
      outcome.durationMs < config.fastCompletionThresholdMs
        ? values.helpful
        : outcome.durationMs > config.slowCompletionThresholdMs
          ? values.durationHarmful
          : values.durationNeutral,
    errors:
      outcome.errorCount <= 0
        ? values.helpful
        : outcome.errorCount <= config.maxErrorsForHelpful
          ? values.errorsNeutral
          : values.errorsHarmful,
    retries:
      outcome.retryCount <= 0
        ? values.helpful
        : outcome.retryCount <= config.maxRetriesForNeutral
          ? values.retriesNeutral
          : values.retriesHarmful,
  };
  const rawScore = roundScore(
    parts.success * weights.success +
      parts.duration * weights.duration +
      parts.errors * weights.errors +
      parts.retries * weights.retries,
  );
  const type: FeedbackType =
    rawScore >= config.helpfulThreshold
      ? "helpful"
      : rawScore <= config.harmfulThreshold
        ? "harmful"
        : "neutral";
  return { type, rawScore, rawValue: type === "harmful" ? roundScore(1 - rawScore) : rawScore, parts };
}
