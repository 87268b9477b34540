/**
 * How satisfied the user sounds on each of their turns, from the graded signals on that turn.
 * This is the per-turn score `tacit signals detect` reports (`turns`) and that the satisfaction
 * corpus measures (docs/learning.md, "Per-turn satisfaction").
 */
import type { DetectedSignal, SignalMessage } from "./signal-types.js";

/** The user signal types that count as evidence of dissatisfaction. */
export const DISSATISFACTION_SIGNAL_TYPES = new Set(["reject", "correction", "confusion"]);

/** One user turn's satisfaction. */
export interface TurnSatisfaction {
  /** Index into `messages`. */
  turn: number;
  /** `satisfied − dissatisfied`, from −1 (surely dissatisfied) to 1 (surely satisfied); 0 when neither shows. */
  satisfaction: number;
  /** 1 − Π(1 − confidence) over the turn's user `success` cues. */
  satisfied: number;
  /** 1 − Π(1 − confidence) over the turn's user `reject`, `correction` and `confusion` cues. */
  dissatisfied: number;
}

/**
 * Combine independent pieces of evidence, each right with probability `confidence`: the chance
 * that at least one is (a noisy-or). Two weak cues together weigh more than either alone.
 */
export function combineEvidence(confidences: readonly number[]): number {
  let doubt = 1;
  for (const confidence of confidences) doubt *= 1 - confidence;
  return 1 - doubt;
}

const round = (value: number): number => Math.round(value * 100) / 100;

/**
 * The satisfaction of every user turn of `messages`, from its `cues` (`detectOffline(…).cues`:
 * every cue found, conflicts resolved, no floor — so the score does not depend on what is
 * displayed, and two weak cues on one turn both count). A graded cue's confidence is calibrated
 * as the chance that its turn was rated unsatisfied (satisfied for `success`), so the cues of one
 * polarity combine as independent evidence; the turn's satisfaction is the satisfied evidence less
 * the dissatisfied. Only the user's own cues count: a failed tool is not the user's mood. Pure.
 */
export function turnSatisfaction(
  messages: readonly SignalMessage[],
  cues: readonly DetectedSignal[],
): TurnSatisfaction[] {
  const byTurn = new Map<number, DetectedSignal[]>();
  for (const signal of cues) {
    if (signal.source !== "user") continue;
    const list = byTurn.get(signal.turn) ?? [];
    list.push(signal);
    byTurn.set(signal.turn, list);
  }
  const turns: TurnSatisfaction[] = [];
  messages.forEach((message, turn) => {
    if (message.role !== "user") return;
    const found = byTurn.get(turn) ?? [];
    const satisfied = round(
      combineEvidence(found.filter((signal) => signal.type === "success").map((signal) => signal.confidence)),
    );
    const dissatisfied = round(
      combineEvidence(
        found
          .filter((signal) => DISSATISFACTION_SIGNAL_TYPES.has(signal.type))
          .map((signal) => signal.confidence),
      ),
    );
    turns.push({ turn, satisfaction: round(satisfied - dissatisfied), satisfied, dissatisfied });
  });
  return turns;
}
