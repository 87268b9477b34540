import { describe, expect, it } from "vitest";
import { GRADED_CONFIDENCE } from "./graded-confidence.js";
import { IMPLICIT_SIMILARITY } from "./implicit-rules.js";
import { CONFIDENT_SIGNAL_FLOOR, detectSignalsOffline, GRADED_SIGNAL_FLOOR } from "./offline-rules.js";
import { MAX_EARLIER_USER_MESSAGES } from "./rule-context.js";
import type { SignalMessage } from "./signal-types.js";

const user = (content: string): SignalMessage => ({ role: "user", content });
const assistant = (content: string): SignalMessage => ({ role: "assistant", content });

/** The graded signals' rules on the last message of `messages`. */
function rulesOnLast(messages: SignalMessage[]): string[] {
  return detectSignalsOffline(messages, { minConfidence: GRADED_SIGNAL_FLOOR })
    .filter((signal) => signal.turn === messages.length - 1)
    .map((signal) => signal.rule);
}

describe("implicit cues", () => {
  it("reads a request said again after an answer as a weak reject, a close restatement as the confident one", () => {
    const goal = user("Add a dark mode toggle to the settings page.");
    const answer = assistant("I added a theme section to the README.");
    expect(
      rulesOnLast([goal, answer, user("I wanted a toggle for dark mode, somewhere users can switch it.")]),
    ).toEqual(["restated-request"]);
    expect(rulesOnLast([goal, answer, user("I need a dark mode toggle on the settings page.")])).toEqual([
      "implicit-reject-restated-goal",
    ]);
    expect(GRADED_CONFIDENCE.restatedRequest).toBeLessThan(CONFIDENT_SIGNAL_FLOOR);
  });

  it("does not read a follow-up, or a request before any answer, as a restatement", () => {
    const goal = user("Add a dark mode toggle to the settings page.");
    const answer = assistant("Added the toggle under Appearance.");
    expect(
      rulesOnLast([goal, answer, user("Also add a toggle for dark mode to the mobile settings.")]),
    ).toEqual([]);
    expect(
      rulesOnLast([goal, user("I wanted a toggle for dark mode, somewhere users can switch it.")]),
    ).toEqual([]);
  });

  it("reads the same question asked again as confusion, not as a reject", () => {
    const messages = [
      user("Does the importer keep the original timestamps?"),
      assistant("The importer reads JSONL files line by line."),
      user("Are the original timestamps of each file kept by the importer?"),
    ];
    expect(rulesOnLast(messages)).toEqual(["repeated-question"]);
    const statement = [
      ...messages.slice(0, 2),
      user("The original timestamps of each file are kept by the importer."),
    ];
    expect(rulesOnLast(statement)).not.toContain("repeated-question");
  });

  it("looks for the earlier request among the nearest user messages only", () => {
    const goal = user("Add a dark mode toggle to the settings page.");
    const answer = assistant("Added the toggle under Appearance.");
    const chat = (count: number) =>
      Array.from({ length: count }, (_, index) => [
        user(`Rename variable number ${index} in module ${index} please`),
        assistant("Renamed."),
      ]).flat();
    const again = user("I need a dark mode toggle on the settings page.");
    // Within reach (the goal is the 20th user message back): still the confident restatement.
    expect(rulesOnLast([goal, answer, ...chat(MAX_EARLIER_USER_MESSAGES - 1), again])).toEqual([
      "implicit-reject-restated-goal",
    ]);
    // One further back it is a new request: a long session's learning stays linear.
    expect(rulesOnLast([goal, answer, ...chat(MAX_EARLIER_USER_MESSAGES), again])).toEqual([]);
  });

  it("picks the overlap thresholds below the confident restatement", () => {
    expect(IMPLICIT_SIMILARITY.restatedRequest).toBeLessThan(IMPLICIT_SIMILARITY.repeatedQuestion);
    expect(IMPLICIT_SIMILARITY.repeatedQuestion).toBeLessThan(0.5);
  });

  it("reads a switch to an unrelated subject after an answer as a weak preference", () => {
    const asked = user("Suggest a charting library for the dashboard.");
    const answer = assistant("Recharts would fit, it is already in the lockfile.");
    const [signal] = detectSignalsOffline(
      [asked, answer, user("My landlord raised the monthly rent again yesterday.")],
      {
        minConfidence: GRADED_SIGNAL_FLOOR,
      },
    );
    expect(signal).toMatchObject({
      rule: "topic-switch",
      type: "preference",
      confidence: GRADED_CONFIDENCE.topicSwitch,
    });
  });

  it.each([
    ["a new request in so many words", "Can you also set up the nightly backup for the billing database?"],
    ["a reaction to the answer", "Negative, nothing like what the designers sketched."],
    [
      "a reply that shares a word with the conversation",
      "Recharts breaks server rendering in our framework setup.",
    ],
  ])("reads no switch of topic in %s", (_name, reply) => {
    const asked = user("Suggest a charting library for the dashboard.");
    const answer = assistant("Recharts would fit, it is already in the lockfile.");
    expect(rulesOnLast([asked, answer, user(reply)])).not.toContain("topic-switch");
  });

  it("reads no switch of topic in the answer to the assistant's question", () => {
    const asked = user("Suggest a charting library for the dashboard.");
    const question = assistant("Which framework does the dashboard use?");
    expect(
      rulesOnLast([asked, question, user("Svelte, bundled with Vite and deployed on Netlify.")]),
    ).toEqual([]);
  });
});
