import { describe, expect, it } from "vitest";
import { applyCorrections } from "../memory-gate/corrections.js";
import type { GateVerdict } from "../memory-gate/gate-decision.js";
import { createRedactor } from "../redaction.js";
import {
  bestCorrectionMatch,
  CORRECTION_MATCH_THRESHOLD,
  correctionOverlap,
  type FutureCorrection,
  findMatchingCorrection,
  matchesCorrectionPattern,
} from "./correction-match.js";
import { reviewFact } from "./guardian-review.js";
import type { MemoryFileName } from "./memory-file-layouts.js";
import { DEFAULT_MEMORY_FILES_SETTINGS } from "./memory-file-settings.js";

const correction = (
  pattern: string,
  originalFile: FutureCorrection["originalFile"],
  correctedAt: number,
): FutureCorrection => ({
  id: `c${correctedAt}`,
  workspace: "/w",
  pattern,
  originalFile,
  correctedStatus: "refused",
  correctedFile: null,
  correctedFact: null,
  reason: "r",
  correctedAt,
});

describe("the correction matcher", () => {
  it("measures the share of the pattern's words the text holds", () => {
    expect(correctionOverlap("prefers morning check-ins", "I prefer morning check-ins at nine")).toEqual({
      score: 1,
      shared: 4,
      patternWords: 4, // prefer, morning, check, ins
    });
    expect(correctionOverlap("prefers morning check-ins", "prefers tea in the morning").score).toBe(0.5);
    expect(correctionOverlap("anything", "  ")).toEqual({ score: 0, shared: 0, patternWords: 1 });
  });

  it.each([
    ["I prefer morning check-ins", "prefers morning check-ins", true],
    ["prefers tea in the morning", "prefers morning check-ins", false],
    ["I never drink coffee after noon", "coffee", true],
    ["我喜欢早上沟通", "喜欢早上沟通", true],
    ["The standup notes are in Notion now", "standup notes", true],
    ["Prefers dark mode in the editor", "Prefers dark mode in the editor today", true],
    ["Prefers dark mode", "Prefers dark mode in the editor today", false],
    ["Prefers light mode", "standup notes", false],
    ["周会记录放在 wiki 里", "周会记录", true],
    ["anything", "  ", false],
  ])("%j against the pattern %j: %s", (text, pattern, matches) => {
    expect(matchesCorrectionPattern(text, pattern)).toBe(matches);
  });

  it("takes the best match, ties to the newer, for the file it was made for", () => {
    const corrections = [correction("standup notes", "MEMORY.md", 1), correction("standup notes", null, 2)];
    expect(findMatchingCorrection(corrections, { fact: "standup notes in wiki", file: "USER.md" })?.id).toBe(
      "c2",
    );
    expect(
      findMatchingCorrection([corrections[0] as FutureCorrection], {
        fact: "standup notes",
        file: "USER.md",
      }),
    ).toBeNull();
    expect(findMatchingCorrection(corrections, { fact: "standup notes" })?.id).toBe("c2");
    // A better overlap beats a newer correction.
    const better = bestCorrectionMatch(
      [correction("standup notes wiki", null, 1), correction("standup notes calendar team", null, 2)],
      ["the standup notes live in the wiki"],
    );
    expect(better?.correction.id).toBe("c1");
    expect(CORRECTION_MATCH_THRESHOLD).toBe(0.7);
  });

  it("the memory gate and the write guardian apply a correction in the same cases", () => {
    const cases: Array<{
      file: MemoryFileName;
      fact: string;
      pattern: string;
      originalFile: MemoryFileName | null;
    }> = [
      {
        file: "USER.md",
        fact: "prefers morning check-ins",
        pattern: "prefers morning check-ins",
        originalFile: null,
      },
      {
        file: "USER.md",
        fact: "prefers tea in the morning",
        pattern: "prefers morning check-ins",
        originalFile: null,
      },
      {
        file: "MEMORY.md",
        fact: "The standup notes live in the wiki",
        pattern: "standup notes",
        originalFile: null,
      },
      {
        file: "MEMORY.md",
        fact: "The standup notes live in the wiki",
        pattern: "standup notes",
        originalFile: "USER.md",
      },
      { file: "USER.md", fact: "喜欢早上沟通", pattern: "喜欢早上沟通", originalFile: "USER.md" },
      {
        file: "TOOLS.md",
        fact: "gs is the user's alias for git status",
        pattern: "git status alias gs",
        originalFile: null,
      },
      {
        file: "TOOLS.md",
        fact: "gs is the user's alias for git status",
        pattern: "git stash alias",
        originalFile: null,
      },
    ];
    const decisionOf: Record<MemoryFileName, GateVerdict["decision"]> = {
      "MEMORY.md": "UPDATE_MEMORY",
      "USER.md": "UPDATE_USER",
      "SOUL.md": "UPDATE_SOUL",
      "IDENTITY.md": "UPDATE_IDENTITY",
      "TOOLS.md": "UPDATE_TOOLS",
    };
    const outcomes = cases.map(({ file, fact, pattern, originalFile }) => {
      const stored = { ...correction(pattern, originalFile, 1) };
      const verdict: GateVerdict = {
        decision: decisionOf[file],
        candidateFact: fact,
        reason: "r",
        decidedBy: "rule",
        confidence: 0.7,
        findings: [],
      };
      const gate = applyCorrections(
        verdict,
        [{ pattern, correctedStatus: "refused", originalFile, correctedAt: 1 }],
        "",
      ).decision;
      const guardian = reviewFact({
        file,
        fact,
        content: null,
        settings: DEFAULT_MEMORY_FILES_SETTINGS,
        redact: createRedactor(),
        observedAt: null,
        fileChangedAt: null,
        corrections: [stored],
        userOverride: false,
      });
      return {
        fact,
        pattern,
        gate: gate === "NO_WRITE",
        guardian: guardian.action === "refused" && guardian.rule === "correction",
      };
    });
    expect(outcomes.map((outcome) => outcome.gate)).toEqual([true, false, true, false, true, true, false]);
    for (const outcome of outcomes) expect(outcome.guardian, JSON.stringify(outcome)).toBe(outcome.gate);
  });
});
