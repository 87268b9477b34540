import { describe, expect, it } from "vitest";
import { AGENT_IDENTITY_CUES } from "../lexicon/agent-identity-cues.js";
import { AGENT_IMPERATIVES } from "../lexicon/agent-imperatives.js";
import { AGENT_PRINCIPLE_CUES } from "../lexicon/agent-principle-cues.js";
import type { CueLexicon } from "../lexicon/cue-lexicon.js";
import { DURABLE_FACT_CUES } from "../lexicon/durable-fact-cues.js";
import { HYPOTHETICAL_CUES } from "../lexicon/hypothetical-cues.js";
import { LEAD_IN_WORDS } from "../lexicon/lead-in-words.js";
import { LESSON_LEARNT_CUES } from "../lexicon/lesson-learnt-cues.js";
import { LOCAL_TOOL_CUES } from "../lexicon/local-tool-cues.js";
import { ONE_OFF_CUES } from "../lexicon/one-off-cues.js";
import { PERSONAL_FACT_CUES } from "../lexicon/personal-fact-cues.js";
import { QUESTION_FORMS } from "../lexicon/question-forms.js";
import { REMEMBER_REQUESTS } from "../lexicon/remember-requests.js";
import { RESPONSE_STYLE_CUES } from "../lexicon/response-style-cues.js";
import { RUNTIME_CLAIM_CUES } from "../lexicon/runtime-claim-cues.js";
import { SELF_STATEMENTS } from "../lexicon/self-statements.js";
import { SENSITIVE_DATA_CUES } from "../lexicon/sensitive-data-cues.js";
import { SHARED_DECISION_CUES } from "../lexicon/shared-decision-cues.js";
import { SMALL_TALK_CUES } from "../lexicon/small-talk-cues.js";
import { STABLE_PREFERENCE_CUES } from "../lexicon/stable-preference-cues.js";
import { STANDING_MARKERS } from "../lexicon/standing-markers.js";
import { TAIL_WORDS } from "../lexicon/tail-words.js";
import { TEMPORARY_STATE_CUES } from "../lexicon/temporary-state-cues.js";
import { THREAD_CHATTER_CUES } from "../lexicon/thread-chatter-cues.js";
import { maskText } from "../signals/signal-text.js";
import { decide, GATE_RULES } from "./decide.js";
import { FACT_REWRITES } from "./fact-rewrites.js";
import type { GateTurn } from "./gate-decision.js";
import { PROFILE_QUESTIONS, profileQuestionIn } from "./profile-questions.js";

/** The memory gate's lexicons (one idea each). */
const GATE_LEXICONS: ReadonlyArray<[string, CueLexicon]> = [
  ["agent-identity-cues", AGENT_IDENTITY_CUES],
  ["agent-imperatives", AGENT_IMPERATIVES],
  ["agent-principle-cues", AGENT_PRINCIPLE_CUES],
  ["durable-fact-cues", DURABLE_FACT_CUES],
  ["hypothetical-cues", HYPOTHETICAL_CUES],
  ["lead-in-words", LEAD_IN_WORDS],
  ["lesson-learnt-cues", LESSON_LEARNT_CUES],
  ["local-tool-cues", LOCAL_TOOL_CUES],
  ["one-off-cues", ONE_OFF_CUES],
  ["personal-fact-cues", PERSONAL_FACT_CUES],
  ["question-forms", QUESTION_FORMS],
  ["remember-requests", REMEMBER_REQUESTS],
  ["response-style-cues", RESPONSE_STYLE_CUES],
  ["runtime-claim-cues", RUNTIME_CLAIM_CUES],
  ["self-statements", SELF_STATEMENTS],
  ["sensitive-data-cues", SENSITIVE_DATA_CUES],
  ["shared-decision-cues", SHARED_DECISION_CUES],
  ["small-talk-cues", SMALL_TALK_CUES],
  ["stable-preference-cues", STABLE_PREFERENCE_CUES],
  ["standing-markers", STANDING_MARKERS],
  ["tail-words", TAIL_WORDS],
  ["temporary-state-cues", TEMPORARY_STATE_CUES],
  ["thread-chatter-cues", THREAD_CHATTER_CUES],
];

const turn = (message: string, recent: GateTurn["recentMessages"] = []): GateTurn => ({
  recentMessages: recent,
  currentUserMessage: message,
  currentAgentReply: "",
});

describe("memory-gate lexicons", () => {
  it.each(GATE_LEXICONS)(
    "%s: every entry matches its own example, and so does the compiled lexicon",
    (_name, lexicon) => {
      expect(lexicon.entries.length).toBeGreaterThan(2);
      for (const entry of lexicon.entries) {
        expect(maskText(entry.example), entry.pattern.source).toMatch(entry.pattern);
        expect(lexicon.pattern.test(maskText(entry.example)), entry.example).toBe(true);
      }
    },
  );

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
