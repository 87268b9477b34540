/**
 * Behaviour corrections the user asked to apply to future candidates, applied after the gate has
 * decided. Whether a correction applies is the one matcher the write guardian also uses
 * (`bestCorrectionMatch`, src/core/memory-files/correction-match.ts): the candidate fact, or the
 * user's words, must hold at least 70% of the correction pattern's content words, and at least
 * two of them (one when the pattern has one); a correction made for one file applies to
 * candidates for that file; the best match wins, ties going to the newer correction. A match
 * overrides the decision:
 *
 * - `refused` → NO_WRITE, "corrected by the user: …";
 * - `written` → the corrected file (else the file the gate chose, else the file of the strongest
 *   write a veto outweighed, else MEMORY.md), with the corrected fact (else the candidate fact).
 *
 * Pure.
 */
import { bestCorrectionMatch, type CorrectionMatch } from "../memory-files/correction-match.js";
import { stripFiller } from "./candidate-fact.js";
import {
  decisionForFile,
  type FutureCorrection,
  type GateVerdict,
  isWriteDecision,
  MEMORY_FILE_OF_DECISION,
  type WriteDecision,
} from "./gate-decision.js";

/**
 * The correction that applies to a verdict, if any: matched on its candidate fact and on the
 * user's `words`, among corrections made for the verdict's file (or for none).
 */
export function matchingCorrection(
  verdict: Pick<GateVerdict, "decision" | "candidateFact">,
  corrections: readonly FutureCorrection[],
  words: string,
): CorrectionMatch<FutureCorrection> | null {
  const file = isWriteDecision(verdict.decision) ? MEMORY_FILE_OF_DECISION[verdict.decision] : undefined;
  return bestCorrectionMatch(corrections, [verdict.candidateFact ?? "", words], file);
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
  const match = matchingCorrection(verdict, corrections, words);
  if (match === null) return verdict;
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
