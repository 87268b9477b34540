/**
 * The `lessons` section: the thresholds of the lesson model (docs/lessons.md) — decay, track record,
 * anti-pattern inversion, implicit outcome scoring, dedup on write and the content lifecycle.
 */
import { DEFAULT_ANTI_PATTERN_CONFIG } from "../../core/lessons/anti-pattern.js";
import { DEFAULT_DECAY_CONFIG } from "../../core/lessons/decay.js";
import { DEFAULT_DEDUP_CONFIG } from "../../core/lessons/dedup.js";
import { DEFAULT_LIFECYCLE_CONFIG } from "../../core/lessons/lifecycle.js";
import { DEFAULT_MATURITY_CONFIG } from "../../core/lessons/maturity.js";
import { DEFAULT_OUTCOME_SCORING_CONFIG } from "../../core/lessons/outcome-scoring.js";
import { count, days, group, positive, ratio, section, weight } from "../setting.js";

const scoring = DEFAULT_OUTCOME_SCORING_CONFIG;

export const lessonsSettingsSchema = section({
  decay: group({
    halfLifeDays: days(
      DEFAULT_DECAY_CONFIG.halfLifeDays,
      "Feedback loses half its weight after this many days, unless the lesson is revalidated.",
    ),
    minWeight: ratio(DEFAULT_DECAY_CONFIG.minWeight, "Lowest criterion weight shown for a lesson."),
    minFeedbackForAdjustment: count(
      DEFAULT_DECAY_CONFIG.minFeedbackForAdjustment,
      "Feedback events needed before the criterion weight can call a lesson deprecated.",
    ),
    maxHarmfulRatio: ratio(
      DEFAULT_DECAY_CONFIG.maxHarmfulRatio,
      "Harmful share of raw feedback above which the criterion weight calls a lesson deprecated.",
    ),
  }),
  maturity: group({
    minFeedback: count(
      DEFAULT_MATURITY_CONFIG.minFeedback,
      "Decayed helpful + harmful feedback a lesson needs to leave `candidate`.",
    ),
    minHelpful: count(DEFAULT_MATURITY_CONFIG.minHelpful, "Decayed helpful feedback needed for `proven`."),
    maxHarmful: ratio(
      DEFAULT_MATURITY_CONFIG.maxHarmful,
      "The harmful share must stay below this for `proven`.",
    ),
    deprecationThreshold: ratio(
      DEFAULT_MATURITY_CONFIG.deprecationThreshold,
      "A harmful share above this deprecates the lesson (never recalled until reset).",
    ),
    countTolerance: ratio(
      DEFAULT_MATURITY_CONFIG.countTolerance,
      "Slack, in events, when decayed sums are compared with `minFeedback` and `minHelpful` (three fresh events decay to 2.999999995, which must still count as 3).",
    ),
  }),
  antiPattern: group({
    minObservations: positive(
      DEFAULT_ANTI_PATTERN_CONFIG.minObservations,
      "Successes + failures of a pattern needed before it can be inverted into an anti-pattern.",
    ),
    failureRatioThreshold: ratio(
      DEFAULT_ANTI_PATTERN_CONFIG.failureRatioThreshold,
      "Failure share at or above which a pattern becomes an anti-pattern (“Avoid: …”).",
    ),
  }),
  outcomeScoring: group({
    fastCompletionThresholdMs: count(
      scoring.fastCompletionThresholdMs,
      "A task finished faster than this (ms) scores its duration as helpful.",
    ),
    slowCompletionThresholdMs: count(
      scoring.slowCompletionThresholdMs,
      "A task slower than this (ms) scores its duration as harmful; in between is neutral.",
    ),
    maxErrorsForHelpful: count(
      scoring.maxErrorsForHelpful,
      "Errors up to this many score as neutral (none is helpful, more is harmful).",
    ),
    maxRetriesForNeutral: count(
      scoring.maxRetriesForNeutral,
      "Retries up to this many score as neutral (none is helpful, more is harmful).",
    ),
    helpfulThreshold: ratio(
      scoring.helpfulThreshold,
      "A weighted outcome score at or above this is helpful.",
    ),
    harmfulThreshold: ratio(
      scoring.harmfulThreshold,
      "A weighted outcome score at or below this is harmful.",
    ),
    weights: group({
      success: weight(scoring.weights.success, "Weight of success in the outcome score."),
      duration: weight(scoring.weights.duration, "Weight of the duration signal in the outcome score."),
      errors: weight(scoring.weights.errors, "Weight of the error-count signal in the outcome score."),
      retries: weight(scoring.weights.retries, "Weight of the retry-count signal in the outcome score."),
    }),
    values: group({
      helpful: ratio(scoring.values.helpful, "Value of a helpful duration, error or retry signal."),
      durationNeutral: ratio(scoring.values.durationNeutral, "Value of a neutral duration."),
      durationHarmful: ratio(scoring.values.durationHarmful, "Value of a harmful (slow) duration."),
      errorsNeutral: ratio(scoring.values.errorsNeutral, "Value of a neutral error count."),
      errorsHarmful: ratio(scoring.values.errorsHarmful, "Value of a harmful error count."),
      retriesNeutral: ratio(scoring.values.retriesNeutral, "Value of a neutral retry count."),
      retriesHarmful: ratio(scoring.values.retriesHarmful, "Value of a harmful retry count."),
    }),
  }),
  dedup: group({
    updateThreshold: ratio(
      DEFAULT_DEDUP_CONFIG.updateThreshold,
      "A new lesson at least this similar (cosine) to a stored one updates it instead of adding one.",
    ),
    appendThreshold: ratio(
      DEFAULT_DEDUP_CONFIG.appendThreshold,
      "At least this similar (and below the update threshold): its evidence is appended to the stored one.",
    ),
    // The lesson book's default, written out (it loads the store code); schema.test.ts pins it.
    neighbours: positive(8, "Stored lessons compared with each new one."),
  }),
  lifecycle: group({
    minSupportTasks: positive(
      DEFAULT_LIFECYCLE_CONFIG.minSupportTasks,
      "Distinct supporting tasks that promote a candidate lesson to active.",
    ),
    minEvidence: positive(
      DEFAULT_LIFECYCLE_CONFIG.minEvidence,
      "Pieces of evidence that promote a candidate lesson to active.",
    ),
    misleadingRecallThreshold: positive(
      DEFAULT_LIFECYCLE_CONFIG.misleadingRecallThreshold,
      "Consecutive recalls into failing tasks that make a lesson stale (no longer recalled).",
    ),
  }),
});
