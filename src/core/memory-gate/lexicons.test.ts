import { describe, expect, it } from "vitest";
import { decide, GATE_RULES } from "./decide.js";
import { FACT_REWRITES } from "./fact-rewrites.js";
import type { GateTurn } from "./gate-decision.js";
import { PROFILE_QUESTIONS, profileQuestionIn } from "./profile-questions.js";

const turn = (message: string, recent: GateTurn["recentMessages"] = []): GateTurn => ({
  recentMessages: recent,
  currentUserMessage: message,
  currentAgentReply: "",
});

describe("memory-gate data", () => {
  it("every fact rewrite turns its example into its result", () => {
    for (const rewrite of FACT_REWRITES) {
      expect(rewrite.example.replace(rewrite.pattern, rewrite.replace), rewrite.example).toBe(rewrite.result);
    }
  });

  it("every profile question is found in its example", () => {
    for (const question of PROFILE_QUESTIONS) expect(profileQuestionIn(question.example)).toBe(question);
    expect(profileQuestionIn("Here is the draft you asked for.")).toBeUndefined();
  });
});

describe("memory-gate rules", () => {
  it("has unique ids and a description for each rule", () => {
    const ids = GATE_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of GATE_RULES) expect(rule.describe.length).toBeGreaterThan(30);
  });

  it.each(GATE_RULES.map((rule) => [rule.id, rule] as const))(
    "%s: fires on its English and Chinese examples with its decision",
    (_id, rule) => {
      for (const example of [rule.example.en, rule.example.zh]) {
        const recent: GateTurn["recentMessages"] =
          rule.id === "profile-answer"
            ? [
                {
                  role: "assistant",
                  message: example === rule.example.en ? "What should I call you?" : "请问怎么称呼您？",
                },
              ]
            : [];
        const verdict = decide(turn(example, recent), []);
        const finding = verdict.findings.find((found) => found.ruleId === rule.id);
        expect(finding, `${rule.id} on "${example}"`).toBeDefined();
        expect(finding?.decision).toBe(rule.decision);
      }
    },
  );
});
