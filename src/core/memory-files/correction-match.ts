/**
 * Behaviour corrections that apply to future candidates. A user who corrects one guardian outcome
 * ("that was not worth remembering", "that belongs in USER.md") can ask for the correction to apply
 * to similar candidates from then on. Its pattern is a few words (by default the corrected fact);
 * a candidate matches when it holds every content word of the pattern, or shares at least
 * {@link CORRECTION_OVERLAP} of its words with it. The memory gate and the guardian both consult
 * the corrections through {@link findMatchingCorrection}.
 */
import { factTokens, tokenOverlap } from "./fact-similarity.js";
import type { MemoryFileName } from "./memory-file-layouts.js";

/** What a correction says the outcome should have been. */
export const CORRECTED_STATUSES = ["written", "refused"] as const;
export type CorrectedStatus = (typeof CORRECTED_STATUSES)[number];

/** A correction that applies to future candidates. */
export interface FutureCorrection {
  id: string;
  /** The workspace it was made in (a correction applies there). */
  workspace: string;
  /** Words a candidate is matched on. */
  pattern: string;
  /** The file the corrected candidate was aimed at (null: unknown). */
  originalFile: MemoryFileName | null;
  /** `refused`: such candidates should not be written; `written`: they should be. */
  correctedStatus: CorrectedStatus;
  /** Where such candidates belong, when the correction named a file. */
  correctedFile: MemoryFileName | null;
  /** The fact as corrected, when the correction gave one. */
  correctedFact: string | null;
  reason: string;
  correctedAt: number;
}

/** Share of words in common from which a candidate matches a pattern. */
export const CORRECTION_OVERLAP = 0.6;

/** True when `fact` matches a correction `pattern`. */
export function matchesCorrectionPattern(fact: string, pattern: string): boolean {
  const wanted = factTokens(pattern);
  if (wanted.length === 0) return false;
  const have = factTokens(fact);
  const held = new Set(have);
  return wanted.every((token) => held.has(token)) || tokenOverlap(have, wanted) >= CORRECTION_OVERLAP;
}

/**
 * The newest correction a candidate matches. With `file`, a correction made for a candidate aimed
 * at another file is skipped (a correction that names no original file applies to every file).
 */
export function findMatchingCorrection(
  corrections: readonly FutureCorrection[],
  candidate: { fact: string; file?: MemoryFileName },
): FutureCorrection | null {
  const newestFirst = [...corrections].sort((a, b) => b.correctedAt - a.correctedAt);
  for (const correction of newestFirst) {
    if (candidate.file && correction.originalFile && correction.originalFile !== candidate.file) continue;
    if (matchesCorrectionPattern(candidate.fact, correction.pattern)) return correction;
  }
  return null;
}
