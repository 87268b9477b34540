import { describe, expect, it } from "vitest";
import { cjkBigrams } from "../lexicon/tokenizer.js";
import { ftsIndexText, ftsMatchQuery } from "./fts-text.js";
import { reciprocalRankFusion } from "./fusion.js";

describe("fts text", () => {
  it("adds CJK bigrams so Chinese words match inside sentences", () => {
    expect(cjkBigrams("不能用 root 用户")).toEqual(["不能", "能用", "用户"]);
    expect(ftsIndexText("用 pnpm")).toBe("用 pnpm\n用");
  });

  it("builds a quoted OR query of content words, identifier parts and bigrams", () => {
    expect(ftsMatchQuery('Why does "npm install" fail in config.yaml?')).toBe(
      '"npm" OR "install" OR "fail" OR "config.yaml" OR "config" OR "yaml"',
    );
    expect(ftsMatchQuery("启动服务器")).toBe('"启动" OR "动服" OR "服务" OR "务器"');
    expect(ftsMatchQuery("the and of ?")).toBeNull();
  });
});

describe("reciprocalRankFusion", () => {
  it("ranks items found by both lists first", () => {
    const fused = reciprocalRankFusion([
      ["a", "b", "c"],
      ["c", "d"],
    ]);
    expect(fused.map((item) => item.id)).toEqual(["c", "a", "b", "d"]);
    expect(fused[0]?.score).toBeCloseTo(1 / 63 + 1 / 61, 10);
  });
});
