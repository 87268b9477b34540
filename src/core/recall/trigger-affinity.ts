import type { Lesson } from "../lessons/lesson.js";
import type { LiveSignalName } from "../signals/signal-types.js";

/** How much a live signal lifts lessons of a kind or domain (the trigger-signal similarity of the recall score). */
const AFFINITY: ReadonlyArray<{
  signals: LiveSignalName[];
  matches: (lesson: Pick<Lesson, "kind" | "domain">) => boolean;
}> = [
  {
    signals: ["userDissatisfaction", "constraintRestatement"],
    matches: (lesson) =>
      lesson.kind === "avoid" || lesson.kind === "prefer" || lesson.kind === "anti_pattern",
  },
  {
    signals: ["repeatedFailure", "sameErrorRepeated"],
    matches: (lesson) =>
      lesson.kind === "verify" ||
      lesson.kind === "avoid" ||
      lesson.kind === "anti_pattern" ||
      lesson.domain === "debugging",
  },
  {
    signals: ["acceptanceUnclear"],
    matches: (lesson) => lesson.kind === "clarify" || lesson.kind === "verify",
  },
];

/** What each live signal a lesson is made for adds to its trigger similarity, by default. */
export const DEFAULT_TRIGGER_SIGNAL_BOOST = 0.2;

/**
 * The trigger-signal similarity of the recall score (docs/design.md, "Recall score"): how well the lesson's trigger matches
 * the live situation. It is the similarity between the trigger and the recent turns, lifted by
 * 0.2 for each live signal the lesson is made for (a user restating a constraint calls for
 * avoid/prefer lessons; repeated failures for verify/avoid ones; unclear acceptance for clarify).
 * Clamped to [0, 1]. `boost` replaces the 0.2 (the `recall.weights.triggerSignalBoost` setting).
 */
export function triggerSignalSimilarity(input: {
  lesson: Pick<Lesson, "kind" | "domain">;
  triggerSimilarity: number;
  liveSignals: readonly LiveSignalName[];
  boost?: number;
}): number {
  const boost = input.boost ?? DEFAULT_TRIGGER_SIGNAL_BOOST;
  let value = input.triggerSimilarity;
  for (const rule of AFFINITY) {
    if (rule.matches(input.lesson) && rule.signals.some((signal) => input.liveSignals.includes(signal)))
      value += boost;
  }
  return Math.max(0, Math.min(1, value));
}
