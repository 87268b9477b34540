/**
 * Quality weight and the recall score recall uses (docs/design.md#quality-weight):
 * score = (0.45 × topic similarity + 0.35 × trigger-signal similarity + 0.20 × quality weight)
 *         × maturity multiplier. Pure: similarities are given, `now` is passed in.
 */
import { mergeConfig, roundScore } from "./config.js";
import { DAY_MS, type FeedbackEvent } from "./decay.js";
import type { Lesson, LessonStatus, MaturityState } from "./lesson.js";
import { MATURITY_MULTIPLIERS } from "./maturity.js";

/** Quality weight terms (docs/design.md#quality-weight). Defaults: `DEFAULT_QUALITY_CONFIG`. */
export interface QualityConfig {
  /** Default 0.5. */
  base: number;
  /** Added when status is active or refined. Default 0.2. */
  activeBonus: number;
  /** Added when supportTaskCount ≥ 3. Default 0.15. */
  supportBonus3: number;
  /** Added (on top) when supportTaskCount ≥ 5. Default 0.10. */
  supportBonus5: number;
  /** Added when lastValidatedAt is within `recentValidationDays`. Default 0.05. */
  recentValidationBonus: number;
  /** Default 7 days. */
  recentValidationDays: number;
}

export const DEFAULT_QUALITY_CONFIG: QualityConfig = {
  base: 0.5,
  activeBonus: 0.2,
  supportBonus3: 0.15,
  supportBonus5: 0.1,
  recentValidationBonus: 0.05,
  recentValidationDays: 7,
};

/** The terms of a lesson's quality weight; zero for a bonus the lesson does not earn. */
export interface QualityParts {
  base: number;
  /** Status active or refined. */
  active: number;
  /** supportTaskCount ≥ 3. */
  support3: number;
  /** supportTaskCount ≥ 5 (on top of the ≥ 3 bonus). */
  support5: number;
  /** lastValidatedAt within `recentValidationDays` of now. */
  recentValidation: number;
}

/**
 * The terms of {@link qualityWeight}, each as it counts for this lesson at `now` (a validation
 * stamped after `now` counts as recent).
 */
export function qualityWeightParts(
  lesson: Pick<Lesson, "status" | "supportTaskCount" | "lastValidatedAt">,
  now: number,
  config: Partial<QualityConfig> = {},
): QualityParts {
  const settings = mergeConfig(DEFAULT_QUALITY_CONFIG, config);
  const recent =
    lesson.lastValidatedAt !== null && now - lesson.lastValidatedAt <= settings.recentValidationDays * DAY_MS;
  return {
    base: settings.base,
    active: lesson.status === "active" || lesson.status === "refined" ? settings.activeBonus : 0,
    support3: lesson.supportTaskCount >= 3 ? settings.supportBonus3 : 0,
    support5: lesson.supportTaskCount >= 5 ? settings.supportBonus5 : 0,
    recentValidation: recent ? settings.recentValidationBonus : 0,
  };
}

/**
 * The quality weight: 0.5, +0.2 if status is active or refined, +0.15 if supportTaskCount ≥ 3, +0.10 if
 * ≥ 5, +0.05 if lastValidatedAt is within 7 days of `now` (a validation stamped after `now`
 * counts as recent); capped at 1.0. Rounded to 1e-9. Its terms: {@link qualityWeightParts}.
 */
export function qualityWeight(
  lesson: Pick<Lesson, "status" | "supportTaskCount" | "lastValidatedAt">,
  now: number,
  config: Partial<QualityConfig> = {},
): number {
  const parts = qualityWeightParts(lesson, now, config);
  const total = parts.base + parts.active + parts.support3 + parts.support5 + parts.recentValidation;
  return Math.min(1, roundScore(total));
}

/** Recall score weights and maturity multipliers (docs/design.md#recall-score). */
export interface RecallScoringWeights {
  /** Default 0.45. */
  topic: number;
  /** Default 0.35. */
  trigger: number;
  /** Default 0.20. */
  quality: number;
  /** Default `MATURITY_MULTIPLIERS`: candidate 0.5, established 1.0, proven 1.5, deprecated 0. */
  maturityMultipliers: Readonly<Record<MaturityState, number>>;
}

export const DEFAULT_RECALL_SCORING_WEIGHTS: RecallScoringWeights = {
  topic: 0.45,
  trigger: 0.35,
  quality: 0.2,
  maturityMultipliers: MATURITY_MULTIPLIERS,
};

/** A recall score and its parts; `score = (topic + trigger + quality) × multiplier`. */
export interface LessonScore {
  score: number;
  parts: {
    /** topic weight × topic similarity. */
    topic: number;
    /** trigger weight × trigger-signal similarity. */
    trigger: number;
    /** quality weight (the factor) × qualityWeight(lesson). */
    quality: number;
    /** Maturity multiplier of the lesson. */
    multiplier: number;
    /** qualityWeight(lesson, now) before weighting. */
    qualityWeight: number;
  };
}

/**
 * Score a lesson for recall from given similarities (cosine, expected in 0..1; no embedding here).
 * All parts are rounded to 1e-9.
 */
export function scoreLesson(input: {
  topicSimilarity: number;
  triggerSimilarity: number;
  lesson: Pick<Lesson, "status" | "supportTaskCount" | "lastValidatedAt" | "maturity">;
  now: number;
  weights?: Partial<RecallScoringWeights>;
  quality?: Partial<QualityConfig>;
}): LessonScore {
  const weights = mergeConfig(DEFAULT_RECALL_SCORING_WEIGHTS, input.weights ?? {});
  const quality = qualityWeight(input.lesson, input.now, input.quality);
  const parts = {
    topic: roundScore(weights.topic * input.topicSimilarity),
    trigger: roundScore(weights.trigger * input.triggerSimilarity),
    quality: roundScore(weights.quality * quality),
    multiplier: weights.maturityMultipliers[input.lesson.maturity],
    qualityWeight: quality,
  };
  return { score: roundScore((parts.topic + parts.trigger + parts.quality) * parts.multiplier), parts };
}

/** Statuses recall considers: stale and archived lessons are never injected. */
export const RECALLABLE_STATUSES: readonly LessonStatus[] = ["candidate", "active", "refined"];

/**
 * Whether recall may inject a lesson, given its feedback: status candidate, active or refined,
 * maturity not deprecated (multiplier 0), and not a candidate that has had harmful feedback since
 * its last reset. A candidate is a lesson nothing has confirmed yet; once it has misled or hurt a
 * task it is not tried again until more evidence or a person promotes it (or `tacit lessons reset`).
 * A convention is not held back: the user stated it as how the project works, and it holds until
 * the user changes it (supersession), whatever became of the tasks it was shown in.
 */
export function isRecallable(
  lesson: Pick<Lesson, "status" | "maturity" | "maturityResetAt" | "convention">,
  feedback: readonly Pick<FeedbackEvent, "type" | "at">[],
): boolean {
  if (!RECALLABLE_STATUSES.includes(lesson.status) || lesson.maturity === "deprecated") return false;
  if (lesson.status !== "candidate" || lesson.convention === true) return true;
  const resetAt = lesson.maturityResetAt;
  return !feedback.some((event) => event.type === "harmful" && (resetAt === null || event.at >= resetAt));
}
