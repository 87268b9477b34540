import { describe, expect, it } from "vitest";
import type { Lesson } from "../lessons/lesson.js";
import type { RecallCandidate } from "./context.js";
import { DEFAULT_CONVENTION_SETTINGS } from "./convention-settings.js";
import {
  asksForKnowledge,
  chooseConventions,
  conventionsBlock,
  conventionWork,
  KNOWLEDGE_QUESTION,
  NOT_THIS_WORK,
  promptWork,
} from "./conventions.js";

type ConventionLesson = Pick<Lesson, "id" | "trigger" | "rule" | "slot" | "updatedAt">;

function lesson(id: string, rule: string, slot?: Lesson["slot"], trigger = "Writing code"): ConventionLesson {
  return { id, trigger, rule, updatedAt: Number(id.replace(/\D/g, "")) || 0, ...(slot ? { slot } : {}) };
}

const VARIABLES = lesson("c1", "Variable names now start with 'n_'", {
  id: "naming.variable.prefix",
  value: "n_",
});
const DOCSTRINGS = lesson("c2", "We use docstrings in all methods", { id: "docstrings", value: "use" });
const BRANCHES = lesson(
  "c3",
  "Branch names start with the Jira ticket",
  { id: "naming.branch.prefix", value: "jira ticket" },
  "Pushing and merging branches",
);
const DEPLOY = lesson(
  "c4",
  "Every deploy goes to qa-gw first",
  { id: "deploy-target", value: "qa-gw" },
  "Deploying",
);
const ANSWERS = lesson("c5", "Keep answers short, no summary at the end", undefined, "Writing answers");

const all = [VARIABLES, DOCSTRINGS, BRANCHES, DEPLOY, ANSWERS].map((item) => ({
  lesson: item,
  relevance: 0.3,
}));
const chosen = (prompt: string, settings = DEFAULT_CONVENTION_SETTINGS) =>
  chooseConventions(all, promptWork(prompt, false), settings)
    .chosen.map((item) => item.lesson.id)
    .sort();

describe("the conventions block", () => {
  it("holds code conventions for code work, git ones for git work, deploy ones for deploys, answer style for any task", () => {
    expect(chosen("Write a Student grade class with a method that computes the average grade")).toEqual([
      "c1",
      "c2",
      "c5",
    ]);
    expect(chosen("create a branch for the push notification work")).toEqual(["c3", "c5"]);
    expect(chosen("roll out billing 2.4 so QA can look at it")).toEqual(["c4", "c5"]);
    expect(chosen("把重试次数改成 5 次")).toEqual(["c1", "c2", "c5"]);
  });

  it("holds only answer style for a knowledge question or a question that does not name the project", () => {
    for (const prompt of [
      "What's the difference between a list and a tuple in Python?",
      "how do I define a git alias for a pretty one-line log?",
      "whats a good name for a grey kitten",
      "redis 的 zset 底层是怎么实现的",
    ]) {
      expect(asksForKnowledge(prompt, false)).toBe(true);
      const choice = chooseConventions(all, promptWork(prompt, false));
      expect(choice.chosen.map((item) => item.lesson.id)).toEqual(["c5"]);
      expect(choice.rejected.every((item) => item.reason === KNOWLEDGE_QUESTION)).toBe(true);
      expect(choice.rejected).toHaveLength(all.length - 1);
    }
    // A rule that says how to answer in so many words holds, whatever else it says of code.
    const mixed = {
      lesson: {
        id: "zh",
        trigger: "写代码注释时",
        rule: "以后回答都用中文，代码和注释保持英文就行",
        updatedAt: 1,
      },
      relevance: 0.1,
    };
    const summaryLine = {
      lesson: {
        id: "commits",
        trigger: "Committing changes",
        rule: "Commits get a short summary line",
        updatedAt: 1,
      },
      relevance: 0.1,
    };
    // Small talk asked as a question gets no answer style: nothing is answered.
    expect(chooseConventions([mixed], promptWork("在吗", false)).chosen).toEqual([]);
    const question = promptWork("讲一下 Arc 和 Rc 的区别，什么时候用哪个", false);
    expect(chooseConventions([mixed, summaryLine], question).chosen.map((item) => item.lesson.id)).toEqual([
      "zh",
    ]);
    expect(promptWork("write a blog post about our launch", false).work.has("code")).toBe(false);
    // Work on a source file is code work, whatever it adds; a data file is not source.
    expect(
      promptWork("add a debug message when the adc read fails in app/battery.c", false).work.has("code"),
    ).toBe(true);
    expect(promptWork("add a debug message when the adc read fails", false).work.has("code")).toBe(false);
    expect(promptWork("write a summary of notes.md for the team", false).work.has("code")).toBe(false);
    expect(asksForKnowledge("how do we run the tests here?", false)).toBe(false);
  });

  it("keeps to its budget: at most maxConventions and maxTokens, newest first among equals", () => {
    const one = { ...DEFAULT_CONVENTION_SETTINGS, maxConventions: 1 };
    const choice = chooseConventions(all, promptWork("implement a LinkedList class", false), one);
    expect(choice.chosen.map((item) => item.lesson.id)).toEqual(["c5"]);
    expect(choice.rejected.find((item) => item.lesson.id === "c2")?.reason).toBe(
      "over the convention limit (1)",
    );
    const tight = { ...DEFAULT_CONVENTION_SETTINGS, maxTokens: 12 };
    const cut = chooseConventions(all, promptWork("implement a LinkedList class", false), tight);
    expect(cut.rejected.some((item) => item.reason === "over the conventions token budget (12)")).toBe(true);
    expect(DEFAULT_CONVENTION_SETTINGS).toEqual({
      enabled: true,
      maxConventions: 10,
      maxTokens: 250,
      minRelevance: 0.55,
    });
  });

  it("follows a convention's slot for its kind of work: branch naming is git, however its words read", () => {
    expect([...conventionWork(BRANCHES)]).toEqual(["git"]);
    expect([...conventionWork(VARIABLES)]).toEqual(["code"]);
    expect([
      ...conventionWork(lesson("c9", "Always run npm run lint before you tell me something is done")),
    ]).toEqual(expect.arrayContaining(["lint", "code"]));
  });

  it("makes the block's items, and sends those of other work back to the lessons", () => {
    const candidate = (id: string): RecallCandidate => ({
      kind: "lesson",
      id,
      text: `When writing code: rule ${id}`,
      score: 0.3,
      relevance: 0.3,
      parts: { topicSimilarity: 0.3 },
    });
    const block = conventionsBlock(
      [VARIABLES, BRANCHES].map((item) => ({ lesson: item, candidate: candidate(item.id) })),
      promptWork("implement a function that merges two sorted lists", false),
    );
    expect(block.items).toEqual([
      {
        ...candidate("c1"),
        text: "Variable names now start with 'n_'",
        parts: { topicSimilarity: 0.3, sharedWork: 1 },
        convention: true,
      },
    ]);
    expect(block.asLessons.map((item) => item.id)).toEqual(["c3"]);
    expect(block.rejected).toEqual([]);
    const off = conventionsBlock(
      [{ lesson: VARIABLES, candidate: candidate("c1") }],
      promptWork("implement a function", false),
      { ...DEFAULT_CONVENTION_SETTINGS, enabled: false },
    );
    expect(off.rejected.map((item) => item.reason)).toEqual(["convention: the conventions block is off"]);
    expect(NOT_THIS_WORK).toBe("not this kind of work");
  });
});

describe("answer style and small talk", () => {
  it("holds nothing, not even answer style, for thanks or a request about everyday life", () => {
    for (const prompt of [
      "haha thanks for all the help this week, have a great weekend!",
      "plan a weekend trip itinerary",
    ])
      expect(chooseConventions(all, promptWork(prompt, false)).chosen).toEqual([]);
  });
});

describe("a translation of a given text", () => {
  it("needs nothing of the project, whatever the text names", () => {
    expect(asksForKnowledge("把这句话翻译成英文：今天的发布推迟到周五", false)).toBe(true);
  });
});
