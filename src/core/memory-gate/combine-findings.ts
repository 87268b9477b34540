/**
 * How the findings of the rules become one decision. Rules run on each sentence of the user's
 * message, independently and in no particular order; then:
 *
 * 1. **Within a sentence**, the strongest write finding is taken unless the strongest NO_WRITE
 *    finding (a veto) is at least as confident: "I prefer the blue one for this button" → the
 *    one-off (0.8) outweighs the preference (0.7).
 * 2. **Across sentences**, the strongest write of any sentence wins ("Thanks! By the way, I prefer
 *    tea" writes the preference); when no sentence writes, the turn is NO_WRITE with the reason of
 *    the strongest veto, or "nothing in this turn is worth keeping" when no rule fired.
 *
 * Ties are broken without regard to the order of rules: higher confidence, then the earlier
 * sentence, then the more specific file (IDENTITY, SOUL, TOOLS, USER, MEMORY: "never run rm -rf on my
 * machine without asking" is a principle before it is a tool fact), then the rule id.
 * Pure.
 */
import type { GateDecision, GateFinding, GateVerdict } from "./gate-decision.js";

/** The reason of a NO_WRITE when no rule found anything. */
export const NOTHING_TO_KEEP =
  "nothing in this turn is worth keeping: no lasting preference, principle or fact";

/** More specific files first: a tie between TOOLS and MEMORY goes to TOOLS, SOUL and TOOLS to SOUL. */
const SPECIFICITY: readonly GateDecision[] = [
  "UPDATE_IDENTITY",
  "UPDATE_SOUL",
  "UPDATE_TOOLS",
  "UPDATE_USER",
  "UPDATE_MEMORY",
  "NO_WRITE",
];

/** Orders findings strongest first: confidence, then specificity of the file, then rule id. */
export function compareFindings(first: GateFinding, second: GateFinding): number {
  return (
    second.confidence - first.confidence ||
    SPECIFICITY.indexOf(first.decision) - SPECIFICITY.indexOf(second.decision) ||
    first.ruleId.localeCompare(second.ruleId)
  );
}

/** What one sentence decides: its winning finding, or nothing when no rule fired. */
export function combineSentence(findings: readonly GateFinding[]): GateFinding | undefined {
  const sorted = [...findings].sort(compareFindings);
  const write = sorted.find((finding) => finding.decision !== "NO_WRITE");
  const veto = sorted.find((finding) => finding.decision === "NO_WRITE");
  if (write !== undefined && (veto === undefined || write.confidence > veto.confidence)) return write;
  return veto;
}

/**
 * The verdict of a turn from the findings of each of its sentences (in sentence order). Every
 * finding is kept on the verdict, strongest first, so a reader can see what was outweighed.
 */
export function combineFindings(perSentence: ReadonlyArray<readonly GateFinding[]>): GateVerdict {
  const all = perSentence.flat().sort(compareFindings);
  let bestWrite: GateFinding | undefined;
  let bestVeto: GateFinding | undefined;
  for (const findings of perSentence) {
    const winner = combineSentence(findings);
    if (winner === undefined) continue;
    if (winner.decision === "NO_WRITE") {
      if (bestVeto === undefined || compareFindings(winner, bestVeto) < 0) bestVeto = winner;
    } else if (bestWrite === undefined || winner.confidence > bestWrite.confidence) {
      bestWrite = winner;
    }
  }
  const decided = bestWrite ?? bestVeto;
  if (decided === undefined)
    return {
      decision: "NO_WRITE",
      candidateFact: null,
      reason: NOTHING_TO_KEEP,
      decidedBy: null,
      confidence: null,
      findings: all,
    };
  return {
    decision: decided.decision,
    candidateFact: decided.decision === "NO_WRITE" ? null : (decided.candidateFact ?? null),
    reason: decided.reason,
    decidedBy: decided.ruleId,
    confidence: decided.confidence,
    findings: all,
  };
}
