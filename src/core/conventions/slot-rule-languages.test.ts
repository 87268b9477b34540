import { describe, expect, it } from "vitest";
import { readSlots, slotFamily, slotWork } from "./slot-rule.js";

const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);

describe("the language a kind of text is written in", () => {
  it.each([
    ["提交信息用中文写", ["language:commit-messages=zh"]],
    [
      "提交信息以后改成英文的 conventional commits",
      ["language:commit-messages=en", "commit-format=conventional"],
    ],
    ["函数都要写类型注解和中文 docstring", ["annotations=use", "language:docstrings=zh"]],
    ["docstring 以后写英文吧", ["language:docstrings=en"]],
    ["comments in English please, always", ["language:comments=en"]],
    ["write commit messages in German from now on", ["language:commit-messages=de"]],
    ["log messages stay in English", ["language:log-messages=en"]],
    ["用英文写注释", ["language:comments=en"]],
    ["PR descriptions in English", ["language:pr-descriptions=en"]],
    ["报错信息统一用英文", ["language:error-messages=en"]],
    ["界面文案统一用中文", ["language:ui-text=zh"]],
    ["docs in French from now on", ["language:docs=fr"]],
    ["Commit messages: English only", ["language:commit-messages=en"]],
    ["docstrings are English from now on", ["language:docstrings=en"]],
    ["we write English comments only", ["language:comments=en"]],
    ["use English for commit messages", ["language:commit-messages=en"]],
    [
      "Every function needs type hints and a Chinese docstring",
      ["annotations=use", "language:docstrings=zh"],
    ],
    ["commit message 用英文", ["language:commit-messages=en"]],
    ["用中文写 commit message", ["language:commit-messages=zh"]],
    ["日志用日语输出", ["language:log-messages=ja"]],
  ])("%s → %j", (text, expected) => {
    expect(slots(text)).toEqual(expected);
  });

  it("reads every kind of text of a list, each with the language said after it", () => {
    expect(slots("comments and docstrings in English")).toEqual([
      "language:comments=en",
      "language:docstrings=en",
    ]);
    expect(slots("注释和日志都用英文")).toEqual(["language:comments=en", "language:log-messages=en"]);
    expect(slots("代码注释一律用英文，提交信息用中文")).toEqual([
      "language:comments=en",
      "language:commit-messages=zh",
    ]);
  });

  it("stores a language by its code however it is written", () => {
    for (const text of [
      "提交信息用英文写",
      "提交信息用英语写",
      "commit messages in English",
      "commit messages in english",
    ])
      expect(slots(text)).toEqual(["language:commit-messages=en"]);
    for (const text of ["注释用中文", "注释用汉语", "comments in Chinese", "comments in Mandarin"])
      expect(slots(text)).toEqual(["language:comments=zh"]);
  });

  it("reads no kind of text from the conversation's language: answers keep their own slot", () => {
    expect(slots("answer me in Chinese")).toEqual(["answer-language=zh"]);
    expect(slots("always answer in English")).toEqual(["answer-language=en"]);
    expect(slots("用中文回答")).toEqual(["answer-language=zh"]);
    // A language asked for in a sentence of its own is the conversation's; a clause of a rule is not.
    expect(slots("用中文就好")).toEqual(["answer-language=zh"]);
    expect(slots("English please")).toEqual(["answer-language=en"]);
    expect(slots("用中文")).toEqual([]);
    expect(slots("in English only.")).toEqual([]);
    expect(slots("回答一律用中文")).toEqual(["answer-language=zh"]);
    expect(slots("reply in Chinese please")).toEqual(["answer-language=zh"]);
    expect(slots("write it in English")).toEqual([]);
  });

  it.each([
    // A programming language is none.
    "write it in Go",
    "write the script in Python",
    // A language only mentioned, or of something else.
    "the Chinese market launch",
    "the Chinese market launch is in May, write the commit message about it",
    "log in with English locale",
    // What was seen, not how the project writes: a description or a report.
    "the Chinese docs are outdated",
    "log messages in Chinese break the parser",
    "the commit messages in English look weird",
    "I noticed the error messages in Japanese are truncated",
    "提交信息是中文的，看不懂",
    "日志里的中文乱码了",
    // A task about some text, done once: explain it, translate it.
    "explain this error message in Chinese",
    "translate the comments in this file into English",
    "把注释翻译成英文",
    // A language the rule forbids sets none.
    "comments should not be in Chinese",
    "注释不要用中文",
    "never write comments in Chinese",
  ])("reads no language from %j", (text) => {
    expect(slots(text).filter((slot) => slot.startsWith("language:"))).toEqual([]);
  });

  it("governs the work of its kind of text: commit messages are git work, comments are code", () => {
    expect(slotWork("language:commit-messages")).toEqual(["commit", "git"]);
    expect(slotWork("language:comments")).toEqual(["code"]);
    expect(slotWork("language:pr-descriptions")).toEqual(["github", "git"]);
    expect(readSlots("提交信息用中文写")[0]?.work).toEqual(["commit", "git"]);
  });

  it("is a family of its own per kind of text, with no other slot in it", () => {
    expect(slotFamily("language:commit-messages")).toEqual(["language:commit-messages", "language:any"]);
    expect(slotFamily("language:any")).toContain("language:docstrings");
    expect(slotFamily("language:any")).not.toContain("language:variable");
    expect(slotFamily("answer-language")).toEqual(["answer-language"]);
  });
});
