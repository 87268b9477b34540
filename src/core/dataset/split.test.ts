import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hashFraction, splitDataset } from "./split.js";

const ids = (count: number) => Array.from({ length: count }, (_, index) => `sample-${index}`);
const split = (items: string[], seed = "tacit", trainShare = 0.8) =>
  splitDataset(items, { trainShare, seed, idOf: (id) => id });

describe("the train/validation split", () => {
  it("gives the same split for the same samples and seed, in any input order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { maxLength: 60 }),
        fc.string({ minLength: 1 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (items, seed, share) => {
          const first = split(items, seed, share);
          const shuffled = split([...items].reverse(), seed, share);
          expect(shuffled).toEqual(first);
          expect(first.train.length).toBe(Math.round(items.length * share));
          expect([...first.train, ...first.validation].sort()).toEqual([...items].sort());
        },
      ),
    );
  });

  it("pins the split of a known set, so it stays the same from one build to the next", () => {
    expect(split(ids(10))).toEqual({
      train: ["sample-9", "sample-3", "sample-8", "sample-7", "sample-5", "sample-6", "sample-2", "sample-1"],
      validation: ["sample-4", "sample-0"],
    });
  });

  it("shuffles differently with another seed", () => {
    expect(split(ids(50), "a").train).not.toEqual(split(ids(50), "b").train);
  });

  it("keeps a sample on its side when others are added (mostly): the order is by its own hash", () => {
    const before = split(ids(100));
    const after = split([...ids(100), "sample-extra"]);
    const moved = before.train.filter((id) => after.validation.includes(id));
    expect(moved.length).toBeLessThanOrEqual(1);
  });

  it("refuses a share outside (0, 1]", () => {
    expect(() => split(ids(3), "s", 0)).toThrow(/above 0 and at most 1, got 0/);
    expect(() => split(ids(3), "s", 1.5)).toThrow(RangeError);
  });

  it("hashes to fractions in [0, 1), spread evenly", () => {
    const values = ids(2000).map(hashFraction);
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    const low = values.filter((value) => value < 0.5).length;
    expect(low).toBeGreaterThan(900);
    expect(low).toBeLessThan(1100);
  });
});
