import { describe, expect, it } from "vitest";
import { dropsOnlyLesson, subsumesDrop } from "./subsumed-drops.js";

describe("a drop said with its change", () => {
  const change = {
    id: "change",
    rule: "eslint+prettier 跑一次要 40 多秒，太慢了，我们换成 biome 了",
    convention: true,
    slot: { id: "linter", value: "biome" },
    supersededById: null,
  };
  const drop = { id: "drop", rule: "lint 已经不用 eslint 了", convention: true, supersededById: null };

  it("only drops, even with the slot of the sentence it was said in, whose value it does not name", () => {
    expect(dropsOnlyLesson(drop)).toBe(true);
    expect(dropsOnlyLesson({ ...drop, slot: { id: "linter", value: "biome" } })).toBe(true);
    expect(
      dropsOnlyLesson({
        rule: "lint 已经不用 eslint 了，换成 biome",
        slot: { id: "linter", value: "biome" },
      }),
    ).toBe(false);
    // A place written as code that it does not drop is one it uses.
    expect(
      dropsOnlyLesson({ rule: "New hooks live in src/features/<feature>/hooks/, not src/hooks/ anymore" }),
    ).toBe(false);
    expect(dropsOnlyLesson({ rule: "no more hooks in src/hooks/" })).toBe(true);
    // A clause that states a rule of its own beside the drop: a change said in the same message
    // about another thing ("go-cmp for diffs") does not take it.
    expect(
      dropsOnlyLesson({
        rule: "Branch names are just the ticket key plus a slug now, like PAY-340-chargebacks, no feat/ prefix anymore",
      }),
    ).toBe(false);
  });

  it("gives way to a change that names what it drops itself, said in the same message", () => {
    expect(subsumesDrop(change, drop, [], [], true)).toBe(true);
    // Said apart, the change replaced no rule that used eslint: the drop stays.
    expect(subsumesDrop(change, drop, [], [], false)).toBe(false);
  });
});
