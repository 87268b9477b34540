import { describe, expect, it } from "vitest";
import {
  CALIBRATION_PAIRS,
  EVIDENCE_THRESHOLD,
  evaluatePairs,
  UPDATE_THRESHOLD,
} from "../../bench/embedder-calibration.js";
import { createHashingEmbedder } from "./hashing-embedder.js";

// Guards the calibration of the default hashing embedder against the dedup thresholds (docs/design.md#dedup).
// The full table: `npx tsx bench/embedder-calibration.ts`.
const embedder = createHashingEmbedder();
const report = evaluatePairs((text) => embedder.embedSync(text));
const scoresOf = (label: string, hard?: boolean) =>
  report.scores
    .filter((entry) => entry.pair.label === label && (hard === undefined || entry.pair.hard === hard))
    .map((entry) => entry.score);

describe("hashing embedder calibration", () => {
  it("uses a labeled set of at least 60 pairs in English and Chinese", () => {
    expect(CALIBRATION_PAIRS.length).toBeGreaterThanOrEqual(60);
    const chinese = CALIBRATION_PAIRS.filter((pair) => /\p{Script=Han}/u.test(pair.a + pair.b));
    expect(chinese.length).toBeGreaterThanOrEqual(20);
    for (const label of ["duplicate", "related", "unrelated"])
      expect(scoresOf(label).length).toBeGreaterThan(25);
  });

  it("never lets a different rule on the same topic overwrite a lesson", () => {
    expect(Math.max(...scoresOf("related"))).toBeLessThan(UPDATE_THRESHOLD);
  });

  it("never appends evidence to an unrelated lesson", () => {
    expect(Math.max(...scoresOf("unrelated"))).toBeLessThan(EVIDENCE_THRESHOLD);
  });

  it("merges every ordinary rewording (update or evidence), and updates on a good share of them", () => {
    const ordinary = scoresOf("duplicate", false);
    expect(Math.min(...ordinary)).toBeGreaterThanOrEqual(EVIDENCE_THRESHOLD);
    const updates = ordinary.filter((score) => score >= UPDATE_THRESHOLD).length;
    expect(updates / ordinary.length).toBeGreaterThanOrEqual(0.4);
  });

  it("decides at least 90% of all scored pairs correctly and separates duplicates from unrelated", () => {
    expect(report.accuracy).toBeGreaterThanOrEqual(0.9);
    expect(report.separation).toBeGreaterThan(0.3);
  });

  it("known limit: a lexical embedder cannot tell a rule from its opposite", () => {
    for (const score of scoresOf("conflict")) expect(score).toBeGreaterThanOrEqual(UPDATE_THRESHOLD);
  });
});
