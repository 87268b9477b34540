import { describe, expect, it } from "vitest";
import { activities, isGeneralQuestion } from "./intents.js";
import { DEFAULT_RELEVANCE_CONFIG, lessonRelevance, type PromptProfile, relevance } from "./scoring.js";

const profileOf = (prompt: string): PromptProfile => ({
  activities: activities(prompt),
  general: isGeneralQuestion(prompt),
});

const lesson = {
  trigger: "When installing dependencies",
  rule: "Use `pnpm install`, not `npm install`",
  scope: "project",
  topic: 0.4,
  sharedTerms: 0,
  lexicalHit: false,
  situation: 0,
  convention: false,
};

describe("relevance", () => {
  it("discounts a candidate that shares no word, lifts one about the same kind of work, all by the configured weights", () => {
    const prompt = profileOf("install the deps");
    const candidate = { topic: 0.5, sharedTerms: 0, lexicalHit: false, text: "install packages with pnpm" };
    expect(relevance(DEFAULT_RELEVANCE_CONFIG, candidate, prompt)).toBeCloseTo(0.5 * 0.85 + 0.12);
    const weights = { ...DEFAULT_RELEVANCE_CONFIG, unsharedDiscount: 1, activityLift: 0.3 };
    expect(relevance(weights, candidate, prompt)).toBeCloseTo(0.8);
    expect(relevance(weights, { ...candidate, lifted: false }, prompt)).toBeCloseTo(0.5);
  });

  it("lowers a general-knowledge question by its penalty", () => {
    const question = profileOf("what's the difference between TCP and UDP?");
    expect(question.general).toBe(true);
    const candidate = { topic: 0.6, sharedTerms: 1, lexicalHit: false, text: "use tcp keepalive" };
    const penalty = { ...DEFAULT_RELEVANCE_CONFIG, generalQuestionPenalty: 0.5 };
    expect(relevance(penalty, candidate, question)).toBeCloseTo(
      relevance(DEFAULT_RELEVANCE_CONFIG, candidate, question) - 0.3,
    );
  });
});

describe("lessonRelevance", () => {
  it("takes the configured share of a resembling situation when that beats the lesson's own relevance", () => {
    const prompt = profileOf("start the frontend so I can check the header");
    const own = lessonRelevance(DEFAULT_RELEVANCE_CONFIG, { ...lesson, topic: 0.1 }, prompt);
    const lifted = lessonRelevance(
      DEFAULT_RELEVANCE_CONFIG,
      { ...lesson, topic: 0.1, situation: 0.9 },
      prompt,
    );
    expect(own).toBeLessThan(0.2);
    expect(lifted).toBeCloseTo(0.8 * 0.9);
    const weights = { ...DEFAULT_RELEVANCE_CONFIG, situationWeight: 0.5 };
    expect(lessonRelevance(weights, { ...lesson, topic: 0.1, situation: 0.9 }, prompt)).toBeCloseTo(0.45);
  });

  it("gives a standing rule its configured relevance on a task prompt, not on a knowledge question, never to a convention", () => {
    const askFirst = { ...lesson, topic: 0, rule: "Ask before adding a new dependency" };
    const task = profileOf("add a date picker to the form");
    const weights = { ...DEFAULT_RELEVANCE_CONFIG, standingRule: 0.6 };
    expect(lessonRelevance(weights, askFirst, task)).toBeCloseTo(0.6);
    expect(lessonRelevance(weights, askFirst, profileOf("what is a monad?"))).toBeLessThan(0.6);
    expect(lessonRelevance(weights, { ...askFirst, convention: true }, task)).toBeLessThan(0.6);
    const answers = { ...lesson, topic: 0, trigger: "When replying", rule: "Keep answers short" };
    expect(lessonRelevance(weights, answers, profileOf("what is a monad?"))).toBeCloseTo(0.6);
  });
});
