/**
 * Track record (maturity): candidate → established → proven, or deprecated, computed on decayed
 * feedback counts. Manual promote / deprecate / reset. Pure.
 *
 * Rules (defaults): fewer than 3 decayed helpful + harmful → candidate; harmful ratio > 0.3 →
 * deprecated; decayed helpful ≥ 5 and harmful ratio < 0.15 → proven; otherwise established.
 * Decayed sums meet a count threshold within `countTolerance` (see `DEFAULT_COUNT_TOLERANCE`).
 * Deprecated is sticky: no computation, feedback or promotion leaves it; only `resetLesson` does.
 */
import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { mergeConfig, roundScore } from "./config.js";
import { calculateDecayedCounts, type FeedbackEvent } from "./decay.js";
import {
  accept,
  type ChangeContext,
  type LessonChangeResult,
  type LessonEvent,
  type LessonEventType,
  type LessonUpdate,
  makeLessonEvent,
  refuse,
} from "./history.js";
import type { Lesson, MaturityState } from "./lesson.js";

/**
 * How far below a count threshold a decayed sum may fall and still meet it, in events: 0.005.
 * Decay starts the moment an event is recorded, so a fresh event is worth a hair less than 1 (an
 * hour old, 0.99968) and three harmful events of one afternoon sum to 2.999… — below 3, without the
 * tolerance, until a fourth arrives. A sum that reads the same at two decimals as the threshold
 * (as `tacit lessons show` prints it) meets it: three events recorded within about five hours of
 * each other count as three. Decay is meant to fade feedback over weeks, not over an afternoon.
 */
export const DEFAULT_COUNT_TOLERANCE = 0.005;

/** Maturity thresholds. */
export interface MaturityConfig {
  /** Decayed helpful + harmful needed to leave candidate. Default 3. */
  minFeedback: number;
  /** Decayed helpful needed for proven. Default 5. */
  minHelpful: number;
  /** Harmful ratio must stay below this for proven. Default 0.15. */
  maxHarmful: number;
  /** Harmful ratio above this deprecates. Default 0.3. */
  deprecationThreshold: number;
  /** Feedback half-life, days. Default 90. */
  halfLifeDays: number;
  /** Slack of `minFeedback` and `minHelpful` against decayed sums, in events. Default `DEFAULT_COUNT_TOLERANCE`. */
  countTolerance: number;
}

export const DEFAULT_MATURITY_CONFIG: MaturityConfig = {
  minFeedback: 3,
  minHelpful: 5,
  maxHarmful: 0.15,
  deprecationThreshold: 0.3,
  halfLifeDays: 90,
  countTolerance: DEFAULT_COUNT_TOLERANCE,
};

/** The maturity settings as configuration: each optional, defaulting to `DEFAULT_MATURITY_CONFIG`. */
export const maturitySettingsSchema = z
  .object({
    minFeedback: z.number().positive().default(DEFAULT_MATURITY_CONFIG.minFeedback),
    minHelpful: z.number().positive().default(DEFAULT_MATURITY_CONFIG.minHelpful),
    maxHarmful: z.number().min(0).max(1).default(DEFAULT_MATURITY_CONFIG.maxHarmful),
    deprecationThreshold: z.number().min(0).max(1).default(DEFAULT_MATURITY_CONFIG.deprecationThreshold),
    halfLifeDays: z.number().positive().default(DEFAULT_MATURITY_CONFIG.halfLifeDays),
    countTolerance: z.number().min(0).max(0.5).default(DEFAULT_MATURITY_CONFIG.countTolerance),
  })
  .strict();

/** Score multipliers by maturity (docs/design.md#maturity): proven gets +50 %, deprecated is excluded. */
export const MATURITY_MULTIPLIERS: Readonly<Record<MaturityState, number>> = {
  candidate: 0.5,
  established: 1.0,
  proven: 1.5,
  deprecated: 0,
};

const RANK: Readonly<Record<MaturityState, number>> = {
  candidate: 0,
  established: 1,
  proven: 2,
  deprecated: -1,
};

/** The lesson fields maturity reads. */
export type MaturityTrack = Pick<
  Lesson,
  "maturity" | "maturityManual" | "maturityResetAt" | "lastValidatedAt"
>;

/** A computed maturity with the numbers behind it. */
export interface MaturityAssessment {
  state: MaturityState;
  reason: string;
  decayedHelpful: number;
  decayedHarmful: number;
  /** decayedHelpful + decayedHarmful. */
  total: number;
  /** decayedHarmful / total, 0 when total is 0. */
  harmfulRatio: number;
}

function percent(ratio: number): string {
  return `${Math.round(ratio * 100)}%`;
}

/**
 * Compute maturity from feedback events (decayed per `decay.ts`, clock reset by `lastValidatedAt`).
 * Events before `maturityResetAt` are ignored. A deprecated lesson stays deprecated. A manually
 * promoted lesson stays proven unless the feedback deprecates it.
 */
export function computeMaturity(
  events: readonly FeedbackEvent[],
  current: MaturityTrack,
  now: number,
  config: Partial<MaturityConfig> = {},
): MaturityAssessment {
  const settings = mergeConfig(DEFAULT_MATURITY_CONFIG, config);
  const resetAt = current.maturityResetAt;
  const counted = resetAt === null ? events : events.filter((event) => event.at >= resetAt);
  const counts = calculateDecayedCounts(counted, now, {
    halfLifeDays: settings.halfLifeDays,
    validatedAt: current.lastValidatedAt,
  });
  const total = roundScore(counts.decayedHelpful + counts.decayedHarmful);
  const harmfulRatio = total > 0 ? roundScore(counts.decayedHarmful / total) : 0;
  const enoughFeedback = total + settings.countTolerance >= settings.minFeedback;
  const enoughHelpful = counts.decayedHelpful + settings.countTolerance >= settings.minHelpful;
  const numbers = {
    decayedHelpful: counts.decayedHelpful,
    decayedHarmful: counts.decayedHarmful,
    total,
    harmfulRatio,
  };
  const summary = `${counts.decayedHelpful} helpful / ${counts.decayedHarmful} harmful (decayed), ${percent(harmfulRatio)} harmful`;
  if (current.maturity === "deprecated") {
    return { state: "deprecated", reason: "deprecated; reset to re-evaluate", ...numbers };
  }
  if (enoughFeedback && harmfulRatio > settings.deprecationThreshold) {
    return {
      state: "deprecated",
      reason: `harmful ratio above ${percent(settings.deprecationThreshold)}: ${summary}`,
      ...numbers,
    };
  }
  if (current.maturityManual && current.maturity === "proven") {
    return { state: "proven", reason: `promoted by hand; ${summary}`, ...numbers };
  }
  if (!enoughFeedback) {
    return {
      state: "candidate",
      reason: `fewer than ${settings.minFeedback} feedback: ${summary}`,
      ...numbers,
    };
  }
  if (enoughHelpful && harmfulRatio < settings.maxHarmful) {
    return { state: "proven", reason: summary, ...numbers };
  }
  return { state: "established", reason: summary, ...numbers };
}

function maturityEventType(before: MaturityState, after: MaturityState): LessonEventType {
  if (after === before) return "lesson-feedback";
  if (after === "deprecated") return "lesson-deprecated";
  return RANK[after] > RANK[before] ? "lesson-promoted" : "lesson-feedback";
}

/**
 * Record one feedback event on a lesson: a helpful event revalidates it (`lastValidatedAt`
 * becomes the event's time if later), then maturity is recomputed over `events` (all the lesson's
 * feedback, including the new one). The history event is `lesson-deprecated` or
 * `lesson-promoted` when the state moved that way, else `lesson-feedback`.
 * Throws `InvalidInputError` (a bug) when the feedback names another lesson.
 */
export function applyFeedback(
  lesson: Lesson,
  feedback: FeedbackEvent,
  events: readonly FeedbackEvent[],
  context: ChangeContext,
  config: Partial<MaturityConfig> = {},
): { lesson: Lesson; event: LessonEvent } {
  if (feedback.lessonId !== lesson.id) {
    throw new InvalidInputError({
      message: `feedback ${feedback.id} is about ${feedback.lessonId}, not ${lesson.id}`,
    });
  }
  const all = events.some((event) => event.id === feedback.id) ? events : [...events, feedback];
  const validated =
    feedback.type === "helpful" && (lesson.lastValidatedAt === null || feedback.at > lesson.lastValidatedAt)
      ? feedback.at
      : lesson.lastValidatedAt;
  const assessment = computeMaturity(all, { ...lesson, lastValidatedAt: validated }, context.now, config);
  const after: Lesson = {
    ...lesson,
    lastValidatedAt: validated,
    maturity: assessment.state,
    maturityReason: assessment.state === lesson.maturity ? lesson.maturityReason : assessment.reason,
    updatedAt: context.now,
  };
  return {
    lesson: after,
    event: makeLessonEvent({
      id: context.ids(),
      type: maturityEventType(lesson.maturity, assessment.state),
      before: lesson,
      after,
      reason: `${feedback.type} feedback from ${feedback.source} (${feedback.id})${feedback.reason ? ` "${feedback.reason}"` : ""}: ${assessment.reason}`,
      at: context.now,
    }),
  };
}

/**
 * Recompute maturity as time passes (decay) without new feedback. Returns the lesson unchanged
 * and no event when the state stays the same.
 */
export function refreshMaturity(
  lesson: Lesson,
  events: readonly FeedbackEvent[],
  context: ChangeContext,
  config: Partial<MaturityConfig> = {},
): LessonUpdate {
  const assessment = computeMaturity(events, lesson, context.now, config);
  if (assessment.state === lesson.maturity) return { lesson, event: null };
  const after: Lesson = {
    ...lesson,
    maturity: assessment.state,
    maturityReason: assessment.reason,
    updatedAt: context.now,
  };
  return {
    lesson: after,
    event: makeLessonEvent({
      id: context.ids(),
      type: maturityEventType(lesson.maturity, assessment.state),
      before: lesson,
      after,
      reason: `maturity recomputed: ${assessment.reason}`,
      at: context.now,
    }),
  };
}

/** Mark a lesson confirmed now: restarts its decay clock (`lastValidatedAt = now`). */
export function revalidateLesson(
  lesson: Lesson,
  context: ChangeContext & { reason?: string },
): LessonChangeResult {
  if (lesson.status === "archived")
    return refuse(lesson.id, "archived", "an archived lesson cannot be revalidated");
  return accept(
    lesson,
    { ...lesson, lastValidatedAt: context.now },
    "lesson-feedback",
    context.reason ?? "revalidated",
    context,
  );
}

/**
 * Promote by hand to proven (external validation confirms it). Also counts
 * as adoption, so a candidate lesson becomes active, and revalidates the lesson.
 * Refuses a deprecated lesson (`deprecated-needs-reset`), an archived one, and a proven one (`no-change`).
 */
export function promoteLesson(
  lesson: Lesson,
  context: ChangeContext & { reason: string },
): LessonChangeResult {
  if (lesson.maturity === "deprecated") {
    return refuse(
      lesson.id,
      "deprecated-needs-reset",
      "a deprecated lesson cannot be promoted; reset it first",
    );
  }
  if (lesson.status === "archived")
    return refuse(lesson.id, "archived", "an archived lesson cannot be promoted");
  if (lesson.maturity === "proven" && lesson.maturityManual) {
    return refuse(lesson.id, "no-change", "already promoted");
  }
  return accept(
    lesson,
    {
      ...lesson,
      maturity: "proven",
      maturityReason: context.reason,
      maturityManual: true,
      adopted: true,
      status: lesson.status === "candidate" ? "active" : lesson.status,
      statusReason: lesson.status === "candidate" ? "adopted: promoted by hand" : lesson.statusReason,
      lastValidatedAt: context.now,
    },
    "lesson-promoted",
    context.reason,
    context,
  );
}

/** Deprecate by hand, with a reason. Multiplier becomes 0. */
export function deprecateLesson(
  lesson: Lesson,
  context: ChangeContext & { reason: string },
): LessonChangeResult {
  if (lesson.maturity === "deprecated") return refuse(lesson.id, "no-change", "already deprecated");
  return accept(
    lesson,
    { ...lesson, maturity: "deprecated", maturityReason: context.reason, maturityManual: true },
    "lesson-deprecated",
    context.reason,
    context,
  );
}

/**
 * Reset the track record: maturity back to candidate, manual flag cleared, and feedback before
 * now ignored from here on (`maturityResetAt = now`). The only way out of deprecated.
 */
export function resetLesson(lesson: Lesson, context: ChangeContext & { reason: string }): LessonChangeResult {
  return accept(
    lesson,
    {
      ...lesson,
      maturity: "candidate",
      maturityReason: context.reason,
      maturityManual: false,
      maturityResetAt: context.now,
    },
    "lesson-reset",
    context.reason,
    context,
  );
}
