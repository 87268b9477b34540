/**
 * Confidence decay (docs/design.md#decay): feedback loses weight with age, half-life 90 days, unless the
 * lesson is revalidated. Pure: `now` is passed in.
 *
 * The decay clock, precisely: an event's age is `now − max(event.at, validatedAt)`, clamped at 0.
 * `validatedAt` is the lesson's `lastValidatedAt`: the last helpful feedback, explicit
 * revalidation or manual promotion (recording new helpful feedback restarts the decay
 * clock). So revalidation restarts the clock of every earlier event, and the lesson's evidence
 * decays as a whole from that moment; events after it decay from their own time. Harmful
 * feedback does not validate, so harm recorded after the last validation ages on its own and
 * old confirmations fade against it ("old feedback has less influence").
 */
import { InvalidInputError } from "../errors.js";
import { mergeConfig, roundScore } from "./config.js";
import type { FeedbackType } from "./outcome-scoring.js";

/** One day in milliseconds. */
export const DAY_MS = 86_400_000;

/** Where a feedback event came from. */
export type FeedbackSource = "outcome" | "user" | "recall" | "manual";
export const FEEDBACK_SOURCES: readonly FeedbackSource[] = ["outcome", "user", "recall", "manual"];

/** A stored feedback event about one lesson. */
export interface FeedbackEvent {
  id: string;
  lessonId: string;
  type: FeedbackType;
  /** Signal strength, 0..1 (1 for explicit feedback; see `ImplicitFeedback.rawValue` for outcomes). */
  rawValue: number;
  source: FeedbackSource;
  /** Epoch ms. */
  at: number;
  /** Why, in the words of whoever judged (explicit feedback only; null or absent when none was given). */
  reason?: string | null;
}

/** Decay and criterion-weight settings (the `lessons.decay` section of the configuration). */
export interface DecayConfig {
  /** Half-life of feedback, days. Default 90. */
  halfLifeDays: number;
  /** Events (helpful + harmful, counted raw) needed before a criterion can be deprecated. Default 3. */
  minFeedbackForAdjustment: number;
  /** Harmful ratio above which a criterion is deprecated. Default 0.3. */
  maxHarmfulRatio: number;
  /** Lowest criterion weight, so no criterion drops to zero. Default 0.1. */
  minWeight: number;
}

export const DEFAULT_DECAY_CONFIG: DecayConfig = {
  halfLifeDays: 90,
  minFeedbackForAdjustment: 3,
  maxHarmfulRatio: 0.3,
  minWeight: 0.1,
};

/** Decay options: a partial config plus the lesson's last validation time (epoch ms or null). */
export type DecayOptions = Partial<DecayConfig> & { validatedAt?: number | null };

/** Build a feedback event; throws `InvalidInputError` when rawValue is outside 0..1. */
export function makeFeedbackEvent(event: FeedbackEvent): FeedbackEvent {
  if (!(event.rawValue >= 0 && event.rawValue <= 1)) {
    throw new InvalidInputError({ message: `rawValue ${event.rawValue} is outside 0..1`, field: "rawValue" });
  }
  return { ...event };
}

/**
 * 0.5^(ageDays / halfLifeDays): 1 at 0 days, 0.5 at 90, 0.25 at 180, 0.125 at 270 (default
 * half-life). A negative age (an event stamped in the future) counts as 0.
 */
export function decayFactor(
  ageDays: number,
  halfLifeDays: number = DEFAULT_DECAY_CONFIG.halfLifeDays,
): number {
  if (!(halfLifeDays > 0))
    throw new InvalidInputError({ message: "halfLifeDays must be > 0", field: "halfLifeDays" });
  return 0.5 ** (Math.max(0, ageDays) / halfLifeDays);
}

/** `decayFactor` for an age in milliseconds. */
export function decayFactorMs(
  ageMs: number,
  halfLifeDays: number = DEFAULT_DECAY_CONFIG.halfLifeDays,
): number {
  return decayFactor(ageMs / DAY_MS, halfLifeDays);
}

/** The decay of one event at `now`, measured from `max(event.at, validatedAt)`. */
export function eventDecay(
  event: Pick<FeedbackEvent, "at">,
  now: number,
  options: { halfLifeDays?: number; validatedAt?: number | null } = {},
): number {
  const clockStart = Math.max(event.at, options.validatedAt ?? Number.NEGATIVE_INFINITY);
  return decayFactorMs(now - clockStart, options.halfLifeDays ?? DEFAULT_DECAY_CONFIG.halfLifeDays);
}

/** Decayed sums of feedback, with the raw event counts. */
export interface DecayedCounts {
  /** Σ rawValue × decay over helpful events. */
  decayedHelpful: number;
  /** Σ rawValue × decay over harmful events. */
  decayedHarmful: number;
  /** Σ rawValue × decay over neutral events (reported, never used in ratios). */
  decayedNeutral: number;
  helpfulEvents: number;
  harmfulEvents: number;
  neutralEvents: number;
}

/** Sum each feedback type's `rawValue × decay` (rawValue clamped at 0). */
export function calculateDecayedCounts(
  events: readonly FeedbackEvent[],
  now: number,
  options: DecayOptions = {},
): DecayedCounts {
  const counts: DecayedCounts = {
    decayedHelpful: 0,
    decayedHarmful: 0,
    decayedNeutral: 0,
    helpfulEvents: 0,
    harmfulEvents: 0,
    neutralEvents: 0,
  };
  for (const event of events) {
    const value = Math.max(0, event.rawValue) * eventDecay(event, now, options);
    if (event.type === "helpful") {
      counts.decayedHelpful += value;
      counts.helpfulEvents++;
    } else if (event.type === "harmful") {
      counts.decayedHarmful += value;
      counts.harmfulEvents++;
    } else {
      counts.decayedNeutral += value;
      counts.neutralEvents++;
    }
  }
  counts.decayedHelpful = roundScore(counts.decayedHelpful);
  counts.decayedHarmful = roundScore(counts.decayedHarmful);
  counts.decayedNeutral = roundScore(counts.decayedNeutral);
  return counts;
}

/** A lesson's criterion weight (docs/design.md#decay). */
export interface CriterionWeight {
  /** max(minWeight, helpful / (helpful + harmful)) on decayed sums; 1 when there is no helpful or harmful feedback. */
  weight: number;
  decayedHelpful: number;
  decayedHarmful: number;
  helpfulEvents: number;
  harmfulEvents: number;
  /** Time of the latest helpful event, or `validatedAt` if later; null when neither exists. */
  lastValidatedAt: number | null;
  /**
   * When the criterion weight calls a lesson deprecated: raw helpful + harmful events ≥
   * minFeedbackForAdjustment and raw harmful ratio > maxHarmfulRatio. The weight itself stays ≥
   * minWeight; callers exclude it.
   */
  deprecated: boolean;
}

/** Aggregate decayed feedback into a criterion weight in [minWeight, 1] (default [0.1, 1]). */
export function criterionWeight(
  events: readonly FeedbackEvent[],
  now: number,
  options: DecayOptions = {},
): CriterionWeight {
  const config = mergeConfig(DEFAULT_DECAY_CONFIG, {
    halfLifeDays: options.halfLifeDays,
    minFeedbackForAdjustment: options.minFeedbackForAdjustment,
    maxHarmfulRatio: options.maxHarmfulRatio,
    minWeight: options.minWeight,
  });
  const counts = calculateDecayedCounts(events, now, options);
  const total = counts.decayedHelpful + counts.decayedHarmful;
  const ratio = total > 0 ? counts.decayedHelpful / total : 1;
  const weight = Math.min(1, Math.max(config.minWeight, roundScore(ratio)));
  const rawTotal = counts.helpfulEvents + counts.harmfulEvents;
  const deprecated =
    rawTotal >= config.minFeedbackForAdjustment && counts.harmfulEvents / rawTotal > config.maxHarmfulRatio;
  let lastValidatedAt = options.validatedAt ?? null;
  for (const event of events) {
    if (event.type === "helpful" && (lastValidatedAt === null || event.at > lastValidatedAt)) {
      lastValidatedAt = event.at;
    }
  }
  return {
    weight,
    decayedHelpful: counts.decayedHelpful,
    decayedHarmful: counts.decayedHarmful,
    helpfulEvents: counts.helpfulEvents,
    harmfulEvents: counts.harmfulEvents,
    lastValidatedAt,
    deprecated,
  };
}
