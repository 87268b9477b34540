import { describe, expect, it } from "vitest";
import { languageOf } from "./language.js";
import { stripLeadIns } from "./lead-in-words.js";
import {
  cjkBigrams,
  sentenceRun,
  splitSentences,
  stemWord,
  tokens,
  withoutQuotes,
  words,
} from "./tokenizer.js";

describe("the tokenizer", () => {
  it("splits sentences with their offsets, and quotes a run of them verbatim", () => {
    const text = "Firstly, use pnpm. Secondly, we use docstrings! 以后都用 k_ 开头。好的";
    const sentences = splitSentences(text);
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      "Firstly, use pnpm.",
      "Secondly, we use docstrings!",
      "以后都用 k_ 开头。",
      "好的",
    ]);
    expect(sentenceRun(text, sentences[0] as never, sentences[1] as never)).toBe(
      "Firstly, use pnpm. Secondly, we use docstrings!",
    );
  });

  it("does not end a sentence at an abbreviation ('e.g.', 'i.e.', 'vs.'), nor at 'etc.' before lower case", () => {
    const texts = (text: string) => splitSentences(text).map((sentence) => sentence.text);
    expect(texts("records end in Dto, e.g. OrderDto. Tests are JUnit 5")).toEqual([
      "records end in Dto, e.g. OrderDto.",
      "Tests are JUnit 5",
    ]);
    expect(texts("tabs vs. spaces is settled, i.e. tabs")).toEqual(["tabs vs. spaces is settled, i.e. tabs"]);
    expect(texts("lint, format etc. and push. Then stop")).toEqual([
      "lint, format etc. and push.",
      "Then stop",
    ]);
    expect(texts("lint, format, etc. Then push")).toEqual(["lint, format, etc.", "Then push"]);
  });

  it("does not end a sentence before a sign that goes on with it ('log::info! / env_logger')", () => {
    const texts = (text: string) => splitSentences(text).map((sentence) => sentence.text);
    expect(texts("so no more log::info! / env_logger in new code. Thanks")).toEqual([
      "so no more log::info! / env_logger in new code.",
      "Thanks",
    ]);
    expect(texts("ship it! - then tag")).toEqual(["ship it! - then tag"]);
    expect(texts("done!\nnext")).toEqual(["done!", "next"]);
    // Dots that go on a path end no sentence: Go's `./...`.
    expect(texts("please run golangci-lint run ./... yourself before pushing. Thanks")).toEqual([
      "please run golangci-lint run ./... yourself before pushing.",
      "Thanks",
    ]);
  });

  it("reads words without stop words, identifier parts and stems on request", () => {
    expect(words("Please use the config.yaml file")).toEqual(["config.yaml", "file"]);
    expect(words("config.yaml", { parts: true })).toEqual(["config.yaml", "config", "yaml"]);
    expect(words("running processes", { stem: true })).toEqual(["runn", "process"]);
    expect(["tests", "libraries", "fixed", "class"].map(stemWord)).toEqual([
      "test",
      "library",
      "fix",
      "class",
    ]);
    // Short plurals too, not a short word that only ends in "s".
    expect(["tags", "jobs", "keys", "this", "plus", "bias", "does", "bus"].map(stemWord)).toEqual([
      "tag",
      "job",
      "key",
      "this",
      "plus",
      "bias",
      "does",
      "bus",
    ]);
  });

  it("blanks what a text quotes, at the same length, a quote left open to the end", () => {
    expect(withoutQuotes('the page says "always return". ok')).toBe(`the page says ${" ".repeat(15)}. ok`);
    expect(withoutQuotes("他说“一律用 yarn”")).toBe(`他说${" ".repeat(10)}`);
    expect(withoutQuotes('says "never do that. ever')).toBe(`says ${" ".repeat(20)}`);
  });

  it("reads Chinese as character bigrams, function characters dropped on request", () => {
    expect(cjkBigrams("不能用 root 用户")).toEqual(["不能", "能用", "用户"]);
    expect(cjkBigrams("帮我把依赖装上", { dropFunctionCharacters: true })).toEqual(["依赖", "赖装", "装上"]);
    expect(tokens("用 pnpm 安装依赖")).toEqual(new Set(["pnpm", "用", "安装", "装依", "依赖"]));
  });
});

describe("the language detector", () => {
  it("reads Chinese as zh, English and Japanese as en", () => {
    expect(languageOf("把端口改成 5433")).toBe("zh");
    expect(languageOf("use pnpm 吧")).toBe("zh");
    expect(languageOf("CLAUDE.md を最新の状態にアップデートしてください")).toBe("en");
    expect(languageOf("Fix the bug")).toBe("en");
  });
});

describe("lead-ins", () => {
  it.each([
    ["Firstly, always start variable names with 'z_'.", "always start variable names with 'z_'."],
    ["Secondly, we use docstrings in all methods.", "we use docstrings in all methods."],
    ["Hi Oliver, always use tabs", "always use tabs"],
    ["One update before I forget: from now on, use pnpm", "from now on, use pnpm"],
    ["oh wait, and also never push to main", "never push to main"],
    ["另外，每个函数都要有类型注解", "每个函数都要有类型注解"],
    ["update the README: add a section", "update the README: add a section"],
    ["Generally: API errors carry a code", "API errors carry a code"],
    ["In general, migrations must be reversible", "migrations must be reversible"],
    ["跟你说一下，文档站迁到 VitePress 了", "文档站迁到 VitePress 了"],
    ["同步一下：接口文档已经挪到 Apifox 了", "接口文档已经挪到 Apifox 了"],
    ["同步一下代码", "同步一下代码"],
  ])("%j → %j", (text, expected) => {
    expect(stripLeadIns(text)).toBe(expected);
  });
});

describe("an ellipsis", () => {
  it("ends a sentence before a capital, not inside one", () => {
    expect(
      splitSentences("via InputActionReference fields wi… Don't use Input.GetKey").map((s) => s.text),
    ).toEqual(["via InputActionReference fields wi…", "Don't use Input.GetKey"]);
    expect(splitSentences("wait… then push").map((s) => s.text)).toEqual(["wait… then push"]);
  });
});
