import { describe, expect, it } from "vitest";
import { sentenceRun, splitSentences } from "../lexicon/tokenizer.js";
import { isChatty, isContentless } from "./user-sentences.js";

describe("splitSentences", () => {
  it("splits English and Chinese sentences and keeps offsets into the message", () => {
    const message =
      "stop guessing. a floating promise has to be awaited, or wrapped in void with a .catch.  ok?";
    const sentences = splitSentences(message);
    expect(sentences.map((sentence) => sentence.text)).toEqual([
      "stop guessing.",
      "a floating promise has to be awaited, or wrapped in void with a .catch.",
      "ok?",
    ]);
    for (const sentence of sentences) expect(message.slice(sentence.start, sentence.end)).toBe(sentence.text);
    expect(splitSentences("每次都这样。build 之前先设置 NODE_OPTIONS=--max-old-space-size=4096").length).toBe(
      2,
    );
    expect(splitSentences("use ./deploy.sh staging, it runs the migrations")).toHaveLength(1);
    // Repeated marks end one sentence: no empty "。" or "!" sentence between two.
    expect(splitSentences("别动系统ruby。。用 bundle exec pod install 就行").map((s) => s.text)).toEqual([
      "别动系统ruby。。",
      "用 bundle exec pod install 就行",
    ]);
    expect(splitSentences("wtf dont kill that!! thats my other repo").map((s) => s.text)).toEqual([
      "wtf dont kill that!!",
      "thats my other repo",
    ]);
    expect(isChatty("undo that.")).toBe(true);
    expect(isChatty("drop it and redo")).toBe(true);
    expect(isChatty("undo the migration that adds the column, it locks the table")).toBe(false);
  });

  it("quotes a run of sentences verbatim", () => {
    const message = "Use make test.  Running pytest directly never works here. Thanks!";
    const [first, second] = splitSentences(message);
    if (first === undefined || second === undefined) throw new Error("no sentences");
    expect(sentenceRun(message, first, second)).toBe(
      "Use make test.  Running pytest directly never works here.",
    );
  });
});

describe("isContentless", () => {
  it.each(["每次都这样。", "stop guessing.", "Again!", "Same error every time.", "thanks", "又来了"])(
    "%s says nothing to keep",
    (sentence) => {
      expect(isContentless(sentence)).toBe(true);
    },
  );

  it.each([
    "build 之前先设置 NODE_OPTIONS=--max-old-space-size=4096",
    "don't disable the rule",
    "每次都要先跑 lint",
  ])("%s has content", (sentence) => {
    expect(isContentless(sentence)).toBe(false);
  });

  it("calls questions, thanks and acknowledgements chatty", () => {
    expect(isChatty("Can you also check the logs?")).toBe(true);
    expect(isChatty("Thanks, that works.")).toBe(true);
    expect(isChatty("好的，谢谢")).toBe(true);
    expect(isChatty("Our release tooling generates the changelog from them.")).toBe(false);
    expect(isChatty("行数控制在 50 行以内")).toBe(false);
  });
});

describe("reassurances", () => {
  it("keeps nothing of a sentence that only reassures or owns a slip", () => {
    expect(isContentless("No need, that's on me, I should have mentioned it up front.")).toBe(true);
    expect(isContentless("Ah, sorry, I should have mentioned this earlier.")).toBe(true);
    expect(isContentless("怪我没说清楚。")).toBe(true);
  });

  it("keeps what is said beside one", () => {
    expect(isContentless("my bad, we use pnpm here")).toBe(false);
    expect(isContentless("no need to run the migrations by hand")).toBe(false);
  });
});
