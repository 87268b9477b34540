import { describe, expect, it } from "vitest";
import { readConventions } from "../conventions/convention-rule.js";
import { readSlots } from "../conventions/slot-rule.js";
import { changedPairs, withoutChangeSources } from "./change-sources.js";

describe("change sources", () => {
  it("blank the value a change is from, at the same length", () => {
    const text = "switch the variable prefix from z_ to wr_";
    expect(withoutChangeSources(text)).toHaveLength(text.length);
    expect(withoutChangeSources(text)).toMatch(/use wr_$/);
  });

  it("never throw on a short arrow: code said in a message (x => x * 2, a->b, x→y)", () => {
    for (const text of ["map it with x=>x*2", "a->b", "x→y", "state a→b→c"]) {
      expect(withoutChangeSources(text)).toHaveLength(text.length);
      expect(() => readSlots(text)).not.toThrow();
      expect(() => readConventions(text)).not.toThrow();
    }
  });

  it("name each change said outright, from one value to another", () => {
    expect(changedPairs("mocha got folded into vitest last sprint")).toEqual([
      { from: "mocha", to: "vitest" },
    ]);
    expect(changedPairs("常量前缀从 C_ 换成 K_")).toEqual([{ from: "C_", to: "K_" }]);
    expect(changedPairs("we swapped `axios` for `ky`")).toEqual([{ from: "axios", to: "ky" }]);
    // A value cut short where a rule was clipped is none.
    expect(changedPairs("so UserService -> UserOperat…")).toEqual([]);
  });
});
