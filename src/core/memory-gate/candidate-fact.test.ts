import { describe, expect, it } from "vitest";
import { candidateFact, MAX_FACT_CHARS, stripFiller, thirdPersonVerb } from "./candidate-fact.js";

describe("candidate facts", () => {
  it("conjugates for the third person", () => {
    expect(
      ["prefer", "watch", "go", "try", "am", "have", "do", "can", "don't", "play"].map(thirdPersonVerb),
    ).toEqual(["prefers", "watches", "goes", "tries", "is", "has", "does", "can", "does not", "plays"]);
    expect(["moved", "started", "need", "feed"].map(thirdPersonVerb)).toEqual([
      "moved",
      "started",
      "needs",
      "feeds",
    ]);
    expect(candidateFact("I moved to Berlin, so my time zone is CET.", "UPDATE_USER", "en")).toBe(
      "moved to Berlin, so their time zone is CET",
    );
  });

  it("strips opening and closing words repeatedly", () => {
    expect(stripFiller("Okay, thanks. Oh, by the way, I prefer tea, please!")).toBe("I prefer tea");
    expect(stripFiller("记住：我不吃香菜哦。")).toBe("我不吃香菜");
    expect(stripFiller("Remember")).toBe("Remember");
  });

  it.each([
    [
      "I don't like long emails, when I travel I read on my phone",
      "UPDATE_USER",
      "does not like long emails, when they travel they read on their phone",
    ],
    ["I'd rather get one summary a day", "UPDATE_USER", "would rather get one summary a day"],
    ["I usually work from 7 to 3", "UPDATE_USER", "usually works from 7 to 3"],
    ["My time zone is CET", "UPDATE_USER", "time zone is CET"],
    ["I prefer that you reply in English", "UPDATE_USER", "prefers that the assistant reply in English"],
    [
      "Ask me before you send any email on my behalf",
      "UPDATE_SOUL",
      "Ask the user before you send any email on the user's behalf",
    ],
    ["I want you to push back when I'm wrong", "UPDATE_SOUL", "Push back when the user is wrong"],
    ["Your avatar is a red fox", "UPDATE_IDENTITY", "avatar is a red fox"],
    [
      "On my laptop, I use fish as the shell",
      "UPDATE_TOOLS",
      "On the user's laptop, the user uses fish as the shell",
    ],
    ["我不喝咖啡", "UPDATE_USER", "不喝咖啡"],
    ["我们决定用 Postgres", "UPDATE_MEMORY", "我们决定用 Postgres"],
    ["发邮件之前先问我", "UPDATE_SOUL", "发邮件之前先问用户"],
  ] as const)("%s → (%s) %s", (sentence, decision, fact) => {
    expect(candidateFact(sentence, decision, /[\u4e00-\u9fff]/.test(sentence) ? "zh" : "en")).toBe(fact);
  });

  it("gives nothing when no fact is left, and cuts long ones at a word", () => {
    expect(candidateFact("Thanks!", "UPDATE_MEMORY", "en")).toBeNull();
    expect(candidateFact("以后再说", "UPDATE_SOUL", "zh")).toBeNull();
    const long = candidateFact(`I prefer ${"very ".repeat(80)}long answers`, "UPDATE_USER", "en");
    expect(long?.length).toBeLessThanOrEqual(MAX_FACT_CHARS);
    expect(long?.endsWith("…")).toBe(true);
  });
});
