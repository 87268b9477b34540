import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../core/errors.js";
import {
  aggregateRating,
  areaUnderCurve,
  evaluateSatisfaction,
  keywordScore,
  parseRatedDialogues,
  scoreTurns,
} from "./satisfaction.js";
import { loadSatisfactionCorpus } from "./satisfaction-corpus.js";
import { satisfactionReport } from "./satisfaction-report.js";

/**
 * Floors on the held-out half of the satisfaction corpus (measured less a small margin; see
 * docs/learning.md). Checked when the corpus files are present: eval/satisfaction/uss/ or the
 * folder named by TACIT_SATISFACTION_CORPUS.
 */
const HELD_OUT_FLOORS = {
  auc: 0.86,
  dissatisfiedAuc: 0.76,
  reject: { precision: 0.86, recall: 0.53 },
  correction: { precision: 0.86, recall: 0.05 },
  // 13 turns flagged held-out: one turn moves precision by about 0.07 (docs/learning.md).
  confusion: { precision: 0.65, recall: 0.01 },
  success: { precision: 0.85, recall: 0.74 },
};

const CORPUS_FOLDER =
  process.env.TACIT_SATISFACTION_CORPUS ??
  fileURLToPath(new URL("../../eval/satisfaction/uss/", import.meta.url));
const CORPUS_PRESENT = existsSync(`${CORPUS_FOLDER}/MWOZ.txt`) && existsSync(`${CORPUS_FOLDER}/ReDial.txt`);
// Not committed (its ratings carry no licence, see eval/satisfaction/README.md): a skip says so.
if (!CORPUS_PRESENT) {
  console.warn(
    `\n!!! SKIPPING the held-out satisfaction floors: no MWOZ.txt and ReDial.txt in ${CORPUS_FOLDER} (eval/satisfaction/README.md says where to get them).\n`,
  );
}

/** A small corpus in the rated-dialogue format, written for these tests. */
const SAMPLE = [
  "USER\tFind me a cheap hotel in the north.\tInform\t3,3,3",
  "SYSTEM\tI found the Acorn guest house in the north.\tOffer\t",
  "USER\tNo, I want a hotel, not a guest house.\tInform\t2,2,3",
  "SYSTEM\tSorry, there are no cheap hotels in the north.\tNoOffer\t",
  "USER\tCould you please search again in the centre?\tInform\t2,1,3",
  "SYSTEM\tThe Alpha-Milton is in the centre and cheap.\tOffer\t",
  "USER\tPerfect, thank you so much!\tthank\t5,4,4",
  "USER\tOVERALL\t\t3,3,3",
  "",
  "USER\tI need a train to Ely on Monday.\tInform\t3,3,3",
  "SYSTEM\tTR1234 leaves at 09:16. Shall I book it?\tOffer\t",
  "USER\tGreat, that works. Book it for two people.\tInform\t4,4,3",
  "SYSTEM\tBooked, reference X1Y2.\tBook\t",
  "USER\tThanks, that's all I need.\tthank\t4,5,4",
  "",
].join("\n");

describe("satisfaction measures", () => {
  it("aggregates ratings to the most common one, ties to the lower", () => {
    expect(aggregateRating([2, 2, 3])).toBe(2);
    expect(aggregateRating([4, 3, 4, 2])).toBe(4);
    expect(aggregateRating([2, 4])).toBe(2);
  });

  it("computes the AUC with ties counted half", () => {
    expect(areaUnderCurve([0.9, 0.8], [0.1, 0])).toBe(1);
    expect(areaUnderCurve([0], [0.5])).toBe(0);
    expect(areaUnderCurve([0.3, 0], [0.3, 0])).toBe(0.5);
    expect(areaUnderCurve([0.5], [0.5, 0, 1])).toBeCloseTo(0.5);
    expect(areaUnderCurve([], [1])).toBeNaN();
  });

  it("scores the ten-word keyword baseline by distinct words", () => {
    expect(keywordScore("No, not again! Don't.")).toBe(4);
    expect(keywordScore("Nothing noted; another notice.")).toBe(0);
  });

  it("parses dialogues, skips dialogue-level lines and splits halves by position", () => {
    const dialogues = parseRatedDialogues(SAMPLE, "SAMPLE", "sample.txt");
    expect(dialogues.map((dialogue) => [dialogue.id, dialogue.half])).toEqual([
      ["SAMPLE-0", "dev"],
      ["SAMPLE-1", "held-out"],
    ]);
    const [first] = dialogues;
    expect(first?.messages).toHaveLength(7);
    expect([...(first?.ratings ?? [])]).toEqual([
      [0, 3],
      [2, 2],
      [4, 1],
      [6, 4],
    ]);
  });

  it("names the file and line of a bad row", () => {
    expect(() => parseRatedDialogues("USER\thi\t\t3\nBOT\thello\t\t", "X", "x.txt")).toThrow(
      /x\.txt:2: role/,
    );
    expect(() => parseRatedDialogues("USER\thi\t\t3,9", "X", "x.txt")).toThrow(InvalidInputError);
  });

  it("ranks unsatisfied turns above satisfied ones on the sample, better than the keywords", () => {
    const report = evaluateSatisfaction(scoreTurns(parseRatedDialogues(SAMPLE, "SAMPLE", "sample.txt")), 0.1);
    expect([report.unsatisfied, report.satisfied]).toEqual([2, 3]);
    expect(report.auc).toBe(1);
    expect(report.perType.reject).toEqual({ flagged: 1, precision: 1, recall: 0.5 });
    expect(report.perType.correction).toEqual({ flagged: 1, precision: 1, recall: 0.5 });
    expect(report.perType.success?.recall).toBe(1);
  });

  it("refuses a folder without the corpus files, naming the file", async () => {
    await expect(loadSatisfactionCorpus(fileURLToPath(new URL("./", import.meta.url)))).rejects.toThrow(
      /MWOZ\.txt: cannot read the corpus file/,
    );
  });
});

describe.skipIf(!CORPUS_PRESENT)(`held-out half of the satisfaction corpus (${CORPUS_FOLDER})`, () => {
  it("keeps the AUC and per-type precision/recall floors", async () => {
    const run = satisfactionReport(
      await loadSatisfactionCorpus(CORPUS_FOLDER, "held-out"),
      "held-out",
      false,
    );
    expect(run.graded.auc).toBeGreaterThanOrEqual(HELD_OUT_FLOORS.auc);
    expect(run.graded.dissatisfiedAuc).toBeGreaterThanOrEqual(HELD_OUT_FLOORS.dissatisfiedAuc);
    expect(run.graded.auc).toBeGreaterThan(run.graded.keywordAuc);
    for (const type of ["reject", "correction", "confusion", "success"] as const) {
      expect(run.graded.perType[type]?.precision, `${type} precision`).toBeGreaterThanOrEqual(
        HELD_OUT_FLOORS[type].precision,
      );
      expect(run.graded.perType[type]?.recall, `${type} recall`).toBeGreaterThanOrEqual(
        HELD_OUT_FLOORS[type].recall,
      );
    }
  });
});
