/**
 * How well the gate agrees with a labelled set: overall accuracy, precision and recall per
 * decision, and the confusion matrix (expected × decided). Also how often a correctly decided
 * write's candidate fact matches the labelled one, by the word overlap corrections use. Pure.
 */
import { correctionOverlap } from "../memory-files/correction-match.js";
import { GATE_DECISIONS, type GateDecision } from "./gate-decision.js";

/** One labelled turn and what the gate decided on it. */
export interface GateOutcome {
  id: string;
  expected: GateDecision;
  decided: GateDecision;
  /** The labelled fact, when the set gives one. */
  expectedFact?: string;
  decidedFact: string | null;
}

/** Precision and recall of one decision. */
export interface ClassMetrics {
  decision: GateDecision;
  /** Labelled turns with this decision. */
  support: number;
  /** Turns the gate gave this decision. */
  predicted: number;
  truePositives: number;
  /** truePositives / predicted; null when the gate never gave it. */
  precision: number | null;
  /** truePositives / support; null when no turn is labelled with it. */
  recall: number | null;
}

/** The measurement of a labelled set. */
export interface GateMetrics {
  total: number;
  correct: number;
  accuracy: number;
  perClass: ClassMetrics[];
  /** confusion[expected][decided] = turns. */
  confusion: Record<GateDecision, Record<GateDecision, number>>;
  /** Correct writes whose labelled fact is given, and of those, how many facts overlap ≥ {@link FACT_MATCH_THRESHOLD}. */
  facts: { compared: number; matching: number };
  /** The turns the gate got wrong. */
  mistakes: GateOutcome[];
}

/** Share of the labelled fact's words (see `correctionOverlap`) at which a candidate fact counts as the labelled one. */
export const FACT_MATCH_THRESHOLD = 0.6;

function ratio(part: number, whole: number): number | null {
  return whole === 0 ? null : part / whole;
}

/** Measures `outcomes`. */
export function gateMetrics(outcomes: readonly GateOutcome[]): GateMetrics {
  const confusion = Object.fromEntries(
    GATE_DECISIONS.map((expected) => [
      expected,
      Object.fromEntries(GATE_DECISIONS.map((decided) => [decided, 0])),
    ]),
  ) as GateMetrics["confusion"];
  let compared = 0;
  let matching = 0;
  for (const outcome of outcomes) {
    confusion[outcome.expected][outcome.decided] += 1;
    if (
      outcome.expected === outcome.decided &&
      outcome.expectedFact !== undefined &&
      outcome.decidedFact !== null
    ) {
      compared += 1;
      if (correctionOverlap(outcome.expectedFact, outcome.decidedFact).score >= FACT_MATCH_THRESHOLD)
        matching += 1;
    }
  }
  const correct = outcomes.filter((outcome) => outcome.expected === outcome.decided).length;
  const perClass = GATE_DECISIONS.map((decision): ClassMetrics => {
    const support = outcomes.filter((outcome) => outcome.expected === decision).length;
    const predicted = outcomes.filter((outcome) => outcome.decided === decision).length;
    const truePositives = confusion[decision][decision];
    return {
      decision,
      support,
      predicted,
      truePositives,
      precision: ratio(truePositives, predicted),
      recall: ratio(truePositives, support),
    };
  });
  return {
    total: outcomes.length,
    correct,
    accuracy: outcomes.length === 0 ? 0 : correct / outcomes.length,
    perClass,
    confusion,
    facts: { compared, matching },
    mistakes: outcomes.filter((outcome) => outcome.expected !== outcome.decided),
  };
}
