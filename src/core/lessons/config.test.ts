import { describe, expect, it } from "vitest";
import { mergeConfig, roundScore } from "./config.js";

describe("mergeConfig", () => {
  it("lays a partial config over the defaults without mutating them", () => {
    const defaults = { a: 1, b: 2 };
    expect(mergeConfig(defaults, { b: 5 })).toEqual({ a: 1, b: 5 });
    expect(defaults).toEqual({ a: 1, b: 2 });
  });

  it("keeps a default when the partial value is undefined", () => {
    expect(mergeConfig({ a: 1, b: 2 }, { a: undefined, b: 3 })).toEqual({ a: 1, b: 3 });
  });
});

describe("roundScore", () => {
  it("removes float noise at 1e-9", () => {
    expect(0.2 + 0.2 + 0.2).not.toBe(0.6);
    expect(roundScore(0.2 + 0.2 + 0.2)).toBe(0.6);
    expect(roundScore(0.7 + 0.15)).toBe(0.85);
  });
});
