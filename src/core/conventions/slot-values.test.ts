import { describe, expect, it } from "vitest";
import { canonicalValue, sameValue, writtenByName, writtenForms, writtenLike } from "./slot-values.js";

describe("slot values read through names", () => {
  it("are one value however they are written, also as an older reading stored them", () => {
    expect(canonicalValue("language:comments", "英文")).toBe("en");
    expect(canonicalValue("answer-language", "english")).toBe("en");
    expect(sameValue("answer-language", "english", "en")).toBe(true);
    expect(sameValue("answer-language", "中文", "zh")).toBe(true);
    expect(sameValue("language:commit-messages", "zh", "en")).toBe(false);
    // A slot with no names compares values as they are.
    expect(canonicalValue("package-manager", "English")).toBe("English");
    expect(sameValue("package-manager", "pnpm", "yarn")).toBe(false);
    expect(writtenByName("package-manager")).toBe(false);
    expect(writtenByName("language:docstrings")).toBe(true);
  });

  it("list every way a rule writes a value", () => {
    expect(writtenForms("language:docstrings", "zh")).toEqual(
      expect.arrayContaining(["zh", "chinese", "中文", "汉语", "简体中文"]),
    );
    expect(writtenForms("package-manager", "pnpm")).toEqual(["pnpm"]);
  });

  it("write a value as the rule it goes into wrote the old one: script, last character, capitals", () => {
    expect(writtenLike("language:docstrings", "en", "中文")).toBe("英文");
    expect(writtenLike("language:docstrings", "en", "汉语")).toBe("英语");
    expect(writtenLike("language:docstrings", "en", "Chinese")).toBe("English");
    expect(writtenLike("language:docstrings", "de", "chinese")).toBe("german");
    expect(writtenLike("language:docstrings", "zh", "ENGLISH")).toBe("CHINESE");
    expect(writtenLike("language:docstrings", "ja", "英文")).toBe("日文");
    // A value with no name in that script cannot be written so.
    expect(writtenLike("language:docstrings", "klingon", "中文")).toBeNull();
  });
});
