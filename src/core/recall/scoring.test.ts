import { describe, expect, it } from "vitest";
import { activities, isGeneralQuestion, isKnowledgeQuestion } from "./intents.js";
import {
  DEFAULT_RELEVANCE_CONFIG,
  lessonRelevance,
  notRelated,
  type PromptProfile,
  relevance,
  workRelation,
} from "./scoring.js";

const profileOf = (prompt: string): PromptProfile => ({
  activities: activities(prompt),
  general: isGeneralQuestion(prompt),
  knowledge: isKnowledgeQuestion(prompt),
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

  it("lowers a question that opens like a knowledge question by its penalty", () => {
    const question = profileOf("what's the port of the staging api?");
    expect(question).toMatchObject({ general: true, knowledge: false });
    const candidate = { topic: 0.6, sharedTerms: 1, lexicalHit: false, text: "use tcp keepalive" };
    const penalty = { ...DEFAULT_RELEVANCE_CONFIG, generalQuestionPenalty: 0.5 };
    expect(relevance(penalty, candidate, question)).toBeCloseTo(
      relevance(DEFAULT_RELEVANCE_CONFIG, candidate, question) - 0.3,
    );
  });
});

describe("a knowledge question about a concept", () => {
  const init = {
    ...lesson,
    trigger: "When running terraform plan or apply",
    rule: "Run `terraform init` first when the backend, providers or modules changed",
    topic: 0.7,
    sharedTerms: 2,
    lexicalHit: true,
  };

  it.each([
    "what's the difference between terraform taint and plan -replace?",
    "can you explain what terraform plan -refresh-only actually does?",
    "when should I reach for terraform workspaces instead of separate state files?",
    "terraform 的 state lock 是怎么实现的？",
  ])("gets no project lesson, however many words it shares: %s", (prompt) => {
    const profile = profileOf(prompt);
    expect(profile.knowledge).toBe(true);
    expect(lessonRelevance(DEFAULT_RELEVANCE_CONFIG, init, profile)).toBe(0);
    expect(
      lessonRelevance(DEFAULT_RELEVANCE_CONFIG, init, profileOf("run terraform plan for staging")),
    ).toBeGreaterThan(0.45);
  });

  it("still gets a rule about how to answer", () => {
    const answers = { ...init, trigger: "When answering", rule: "Keep answers short, no summary at the end" };
    const profile = profileOf("what's the difference between TCP and UDP?");
    expect(lessonRelevance(DEFAULT_RELEVANCE_CONFIG, answers, profile)).toBe(
      DEFAULT_RELEVANCE_CONFIG.standingRule,
    );
  });

  it.each([
    "what's the difference between our staging and prod terraform configs?",
    "can you explain why the deploy failed?",
    "how do we run terraform here?",
  ])("is not a question that names the project or asks about what happened: %s", (prompt) => {
    expect(profileOf(prompt).knowledge).toBe(false);
  });
});

describe("not related", () => {
  const header = {
    topic: 0.55,
    sharedTerms: 0,
    lexicalHit: false,
    text: "When calling HTTP APIs: send X-Api-Version: 2024-10 on every request to the billing api",
  };

  it("decides a candidate of another kind of work that shares no word is not related: relevance × otherWorkFactor", () => {
    const loop = profileOf("write a bash loop that renames .log files to .log.bak");
    expect(workRelation(loop.activities, activities(header.text))).toBe("other");
    expect(notRelated(header, loop)).toBe(true);
    expect(relevance(DEFAULT_RELEVANCE_CONFIG, header, loop)).toBe(0);
    const mild = { ...DEFAULT_RELEVANCE_CONFIG, otherWorkFactor: 1 };
    expect(relevance(mild, header, loop)).toBeCloseTo(0.55 * 0.85 - 0.05);
  });

  it("keeps a candidate that shares a word, or whose kind of work is unknown or the same", () => {
    const loop = profileOf("write a bash loop that renames .log files to .log.bak");
    expect(notRelated({ ...header, sharedTerms: 1 }, loop)).toBe(false);
    expect(notRelated({ ...header, lexicalHit: true }, loop)).toBe(false);
    const unknown = profileOf("tidy this up");
    expect(workRelation(unknown.activities, activities(header.text))).toBe("unknown");
    expect(notRelated(header, unknown)).toBe(false);
    const refunds = profileOf("fetch the refunds from the billing api");
    expect(workRelation(refunds.activities, activities(header.text))).toBe("same");
    expect(relevance(DEFAULT_RELEVANCE_CONFIG, header, refunds)).toBeGreaterThan(0.45);
  });
});

describe("lessonRelevance", () => {
  it("lifts a lesson whose trigger names the prompt's kind of work by triggerWorkLift", () => {
    const timeout = profileOf("raise the idle timeout to 90 seconds");
    const config = {
      ...lesson,
      trigger: "When editing configuration files",
      rule: "The service reads conf/server.yaml, not config.json",
    };
    const incidental = { ...config, trigger: "When changing the port" };
    const lifted = lessonRelevance(DEFAULT_RELEVANCE_CONFIG, config, timeout);
    expect(lifted - lessonRelevance(DEFAULT_RELEVANCE_CONFIG, incidental, timeout)).toBeCloseTo(
      DEFAULT_RELEVANCE_CONFIG.triggerWorkLift,
    );
    const weights = { ...DEFAULT_RELEVANCE_CONFIG, triggerWorkLift: 0.2 };
    expect(lessonRelevance(weights, config, timeout)).toBeCloseTo(
      lifted + 0.2 - DEFAULT_RELEVANCE_CONFIG.triggerWorkLift,
    );
    // Never for a convention (its block judges its kind of work), nor when a word is shared.
    expect(lessonRelevance(weights, { ...config, convention: true }, timeout)).toBeLessThan(lifted);
    expect(
      lessonRelevance(weights, { ...config, sharedTerms: 1 }, timeout) -
        lessonRelevance(weights, { ...incidental, sharedTerms: 1 }, timeout),
    ).toBeCloseTo(0);
  });

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
