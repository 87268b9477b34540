import { describe, expect, it } from "vitest";
import { anyOf, escapeRegExp, saysWord } from "./regexp.js";

describe("escapeRegExp", () => {
  it("matches the text literally", () => {
    const text = "a.b*c?(d)[e]{f}|g\\h^$+";
    expect(new RegExp(`^${escapeRegExp(text)}$`).test(text)).toBe(true);
    expect(new RegExp(escapeRegExp("a.b")).test("axb")).toBe(false);
  });
});

describe("anyOf", () => {
  it("matches where any pattern does, each kept whole, with the flags given", () => {
    const pattern = anyOf([/^use\b/, /\bmust$/, /x|y/], "i");
    expect(pattern.flags).toBe("i");
    expect(["Use pnpm", "it MUST", "Y"].map((text) => pattern.test(text))).toEqual([true, true, true]);
    // An alternation inside one pattern does not leak its anchors into the others.
    expect(anyOf([/^a|b$/, /c/]).test("xbx")).toBe(false);
    expect(anyOf([/^a|b$/, /c/]).test("xcx")).toBe(true);
    expect(pattern.test("nothing here")).toBe(false);
  });
});

describe("saysWord", () => {
  it("finds a word of its own in any case, not inside another word", () => {
    expect(saysWord("the prefix LG_ is out", "lg_")).toBe(true);
    expect(saysWord("决定回退到 Provider 写", "provider")).toBe(true);
    expect(saysWord("plg_x and lg_total", "lg_")).toBe(false);
    expect(saysWord("a.b", "a.b")).toBe(true);
    expect(saysWord("axb", "a.b")).toBe(false);
  });
});
