/**
 * Behaviour corrections the user asked to apply to future candidates, applied after the gate has
 * decided. A correction matches a turn when the candidate fact (or the user's words) covers enough
 * of the correction's pattern: |P ∩ T| / |P| of their word sets is at least
 * {@link CORRECTION_MATCH_THRESHOLD}, with at least two shared words (one when the pattern has
 * one). "prefers morning check-ins" matches "I prefer morning check-ins", not "prefers tea in
 * the morning". Words are `similarityTokens`: English words without stop words, lightly stemmed, and
 * Chinese character pairs. The best-matching correction wins; ties go to the later one (the
 * newer correction). A match overrides the decision:
 *
 * - `refused` → NO_WRITE, "corrected by the user: …";
 * - `written` → the corrected file (else the file the gate chose, else the file of the strongest
 *   write a veto outweighed, else MEMORY.md), with the corrected fact (else the candidate fact).
 *
 * Pure.
 */
import { similarityTokens } from "../signals/signal-text.js";
import { stripFiller } from "./candidate-fact.js";
import {
  decisionForFile,
  type FutureCorrection,
  type GateVerdict,
  isWriteDecision,
  MEMORY_FILE_OF_DECISION,
  type WriteDecision,
} from "./gate-decision.js";

/** Least share of a correction's pattern words that a turn must contain for the correction to apply. */
export const CORRECTION_MATCH_THRESHOLD = 0.7;

/** The share of `pattern`'s words that `text` contains (|P ∩ T| / |P|), and how many they share. */
export function wordOverlap(pattern: string, text: string): { score: number; shared: number } {
  const wanted = similarityTokens(pattern);
  const found = similarityTokens(text);
  if (wanted.size === 0 || found.size === 0) return { score: 0, shared: 0 };
  let shared = 0;
  for (const token of wanted) if (found.has(token)) shared += 1;
  return { score: shared / wanted.size, shared };
}

/** True when `pattern` and `text` overlap enough for a correction to apply. */
export function correctionMatches(pattern: string, text: string): boolean {
  const { score, shared } = wordOverlap(pattern, text);
  const needed = Math.min(2, similarityTokens(pattern).size);
  return score >= CORRECTION_MATCH_THRESHOLD && shared >= needed && needed > 0;
}

/** The correction that applies to a turn, with its index and overlap, if any. */
export function matchingCorrection(
  corrections: readonly FutureCorrection[],
  texts: readonly string[],
): { correction: FutureCorrection; index: number; score: number } | undefined {
  let best: { correction: FutureCorrection; index: number; score: number } | undefined;
  corrections.forEach((correction, index) => {
    for (const text of texts) {
      if (text.trim() === "" || !correctionMatches(correction.pattern, text)) continue;
      const { score } = wordOverlap(correction.pattern, text);
      if (best === undefined || score >= best.score) best = { correction, index, score };
    }
  });
  return best;
}

/**
 * `verdict` after the corrections that apply to it (unchanged when none does). `words` are the
 * user's own words in the turn.
 */
export function applyCorrections(
  verdict: GateVerdict,
  corrections: readonly FutureCorrection[],
  words: string,
): GateVerdict {
  if (corrections.length === 0) return verdict;
  const match = matchingCorrection(corrections, [verdict.candidateFact ?? "", words]);
  if (match === undefined) return verdict;
  const { correction, index, score } = match;
  const how = `similar to "${correction.pattern}" (overlap ${score.toFixed(2)})`;
  if (correction.correctedStatus === "refused") {
    return {
      ...verdict,
      decision: "NO_WRITE",
      candidateFact: null,
      reason: `corrected by the user: candidates ${how} are not written`,
      decidedBy: `correction:${index}`,
      confidence: 1,
    };
  }
  const outweighed = verdict.findings.find((finding) => isWriteDecision(finding.decision));
  const decision: WriteDecision =
    (correction.correctedTargetFile !== undefined
      ? decisionForFile(correction.correctedTargetFile)
      : undefined) ??
    (isWriteDecision(verdict.decision) ? verdict.decision : undefined) ??
    (outweighed !== undefined && isWriteDecision(outweighed.decision)
      ? outweighed.decision
      : "UPDATE_MEMORY");
  const fact =
    correction.correctedFact?.trim() ||
    verdict.candidateFact ||
    outweighed?.candidateFact ||
    stripFiller(words) ||
    correction.pattern;
  return {
    ...verdict,
    decision,
    candidateFact: fact,
    reason: `corrected by the user: candidates ${how} go to ${MEMORY_FILE_OF_DECISION[decision]}`,
    decidedBy: `correction:${index}`,
    confidence: 1,
  };
}
