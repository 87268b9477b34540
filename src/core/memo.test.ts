import { describe, expect, it } from "vitest";
import { memoizeText } from "./memo.js";

describe("memoizeText", () => {
  it("computes each text once while it is remembered, and forgets the least recently used", () => {
    const calls: string[] = [];
    const length = memoizeText((text) => {
      calls.push(text);
      return text.length;
    }, 2);
    expect([length("a"), length("bb"), length("a")]).toEqual([1, 2, 1]);
    expect(calls).toEqual(["a", "bb"]);
    length("ccc"); // forgets "bb", the least recently used ("a" was used after it)
    expect(length("a")).toBe(1);
    expect(calls).toEqual(["a", "bb", "ccc"]);
    expect(length("bb")).toBe(2);
    expect(calls).toEqual(["a", "bb", "ccc", "bb"]);
  });

  it("returns the same value object for the same text", () => {
    const terms = memoizeText((text) => new Set(text.split(" ")));
    expect(terms("use pnpm")).toBe(terms("use pnpm"));
  });
});
