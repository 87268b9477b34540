import { describe, expect, it } from "vitest";
import { readConventions } from "../conventions/convention-rule.js";
import { readSlots } from "../conventions/slot-rule.js";
import { withoutChangeSources } from "./change-sources.js";

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
});
