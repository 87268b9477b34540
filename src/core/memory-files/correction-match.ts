/**
 * Behaviour corrections that apply to future candidates, and the one matcher that decides when a
 * correction applies. A user who corrects one outcome ("that was not worth remembering", "that
 * belongs in USER.md") can ask for the correction to apply to similar candidates from then on. Its
 * pattern is a few words (by default the corrected fact). The memory gate (before it proposes a
 * fact, src/core/memory-gate/corrections.ts) and the write guardian (before it writes one,
 * guardian-review.ts) both ask {@link bestCorrectionMatch}, so a correction applies in the same
 * cases in both.
 *
 * A text matches a pattern when it holds at least {@link CORRECTION_MATCH_THRESHOLD} of the
 * pattern's content words (|P ∩ T| / |P|), and at least two of them (one when the pattern has
 * one). Words are {@link factTokens}: Latin words without stop words, lightly stemmed; Chinese as
 * character pairs. The share is measured over the pattern, not the union, because the text may be
 * the user's whole message: "I prefer morning check-ins, thanks!" holds all of "prefers morning
 * check-ins". At 0.7 a pattern of three words needs all three, of four or five words all but one:
 * "prefers morning check-ins" matches "I prefer morning check-ins" and not "prefers tea in the
 * morning" (two of three). Pure.
 */
import { factTokens } from "./fact-similarity.js";
import type { MemoryFileName } from "./memory-file-layouts.js";

/** What a correction says the outcome should have been. */
export const CORRECTED_STATUSES = ["written", "refused"] as const;
export type CorrectedStatus = (typeof CORRECTED_STATUSES)[number];

/** A correction that applies to future candidates, as the guardian stores it. */
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

/** Least share of a correction pattern's words a text must hold for the correction to apply. */
export const CORRECTION_MATCH_THRESHOLD = 0.7;

/** How much of a pattern a text holds. */
export interface CorrectionOverlap {
  /** |P ∩ T| / |P| over distinct content words, 0..1 (0 when either has none). */
  score: number;
  /** |P ∩ T|. */
  shared: number;
  /** |P|. */
  patternWords: number;
}

/** How much of `pattern`'s content words `text` holds. */
export function correctionOverlap(pattern: string, text: string): CorrectionOverlap {
  const wanted = new Set(factTokens(pattern));
  const found = new Set(factTokens(text));
  if (wanted.size === 0 || found.size === 0) return { score: 0, shared: 0, patternWords: wanted.size };
  let shared = 0;
  for (const token of wanted) if (found.has(token)) shared += 1;
  return { score: shared / wanted.size, shared, patternWords: wanted.size };
}

/** True when an overlap is enough for a correction to apply. */
function enough(overlap: CorrectionOverlap): boolean {
  const needed = Math.min(2, overlap.patternWords);
  return needed > 0 && overlap.shared >= needed && overlap.score >= CORRECTION_MATCH_THRESHOLD;
}

/** True when `text` (a candidate fact, or the user's words) matches a correction `pattern`. */
export function matchesCorrectionPattern(text: string, pattern: string): boolean {
  return enough(correctionOverlap(pattern, text));
}

/** What {@link bestCorrectionMatch} needs of a correction. */
export interface MatchableCorrection {
  pattern: string;
  /** The file the corrected candidate was aimed at; a correction for one file applies to that file only. */
  originalFile?: string | null;
  /** When it was made; ties go to the newer. Without it, to the later in the list. */
  correctedAt?: number;
}

/** A correction that applies, where it is in the list, and how well it matched. */
export interface CorrectionMatch<C> {
  correction: C;
  index: number;
  score: number;
}

/**
 * The correction that applies to a candidate: the best overlap with any of `texts` (the candidate
 * fact, the user's words), ties going to the newer correction. With `file`, a correction made for
 * a candidate aimed at another file is skipped; one that names no file applies to every file.
 */
export function bestCorrectionMatch<C extends MatchableCorrection>(
  corrections: readonly C[],
  texts: readonly string[],
  file?: string,
): CorrectionMatch<C> | null {
  let best: CorrectionMatch<C> | null = null;
  for (const [index, correction] of corrections.entries()) {
    if (file && correction.originalFile && correction.originalFile !== file) continue;
    for (const text of texts) {
      if (text.trim() === "") continue;
      const overlap = correctionOverlap(correction.pattern, text);
      if (!enough(overlap)) continue;
      const better =
        best === null ||
        overlap.score > best.score ||
        (overlap.score === best.score && newer(correction, index, best));
      if (better) best = { correction, index, score: overlap.score };
    }
  }
  return best;
}

/** True when the correction at `index` is newer than `than`'s. */
function newer<C extends MatchableCorrection>(
  correction: C,
  index: number,
  than: CorrectionMatch<C>,
): boolean {
  const at = correction.correctedAt;
  const otherAt = than.correction.correctedAt;
  if (at !== undefined && otherAt !== undefined && at !== otherAt) return at > otherAt;
  return index > than.index;
}

/** The correction that applies to a guardian candidate (see {@link bestCorrectionMatch}), or null. */
export function findMatchingCorrection(
  corrections: readonly FutureCorrection[],
  candidate: { fact: string; file?: MemoryFileName },
): FutureCorrection | null {
  return bestCorrectionMatch(corrections, [candidate.fact], candidate.file)?.correction ?? null;
}
