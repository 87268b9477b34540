import { describe, expect, it } from "vitest";
import { GRADED_CONFIDENCE } from "./graded-confidence.js";
import { CONFIDENT_SIGNAL_FLOOR, detectSignalsOffline, GRADED_SIGNAL_FLOOR } from "./offline-rules.js";
import type { SignalMessage } from "./signal-types.js";

const user = (content: string): SignalMessage => ({ role: "user", content });
const assistant = (content: string): SignalMessage => ({ role: "assistant", content });

/** Graded signals on the user's replies after `Suggest a film.` → an answer. */
function onReplies(...replies: string[]) {
  return detectSignalsOffline(
    [
      user("Suggest a film for tonight."),
      assistant("Try Paddington 2, it is gentle and funny."),
      ...replies.map(user),
    ],
    { minConfidence: GRADED_SIGNAL_FLOOR },
  ).filter((signal) => signal.turn >= 2);
}

describe("graded success rules", () => {
  it.each([
    ["That is a really good pick for my kids.", "praise"],
    ["Wow, I loved the first one!", "enthusiasm"],
    ["Yes, I have seen it!", "enthusiasm"],
    ["哈哈，周末就看", "enthusiasm"],
    ["这个推荐很有意思", "praise"],
  ])("reads %s as a weak success", (reply, rule) => {
    const [signal, ...others] = onReplies(reply);
    expect(others).toEqual([]);
    expect(signal).toMatchObject({ type: "success", rule });
    expect(signal?.confidence).toBeLessThan(CONFIDENT_SIGNAL_FLOOR);
  });

  it.each([
    "That is not really good for kids.",
    "No! I have seen it twice already!",
    "I don't like bears!",
    "Seriously, you picked that again?!",
    "Stop! Not a bear film!",
    "Wait, my kids are scared of bears!",
  ])("reads no praise or enthusiasm in an unhappy reply: %s", (reply) => {
    const rules = onReplies(reply).map((signal) => signal.rule);
    expect(rules).not.toContain("praise");
    expect(rules).not.toContain("enthusiasm");
  });

  it("reads a reply split over several messages as answering the assistant", () => {
    const signals = onReplies("ok let me think", "Thanks for the suggestions!");
    expect(signals.find((signal) => signal.turn === 3)).toMatchObject({ type: "success" });
  });

  it("reads nothing in enthusiasm before any answer", () => {
    expect(detectSignalsOffline([user("Hello there!")], { minConfidence: GRADED_SIGNAL_FLOOR })).toEqual([]);
  });

  it("keeps success cues at their calibrated confidences under the floor learning reads", () => {
    for (const value of [
      GRADED_CONFIDENCE.acceptance,
      GRADED_CONFIDENCE.praise,
      GRADED_CONFIDENCE.enthusiasm,
    ])
      expect(value).toBeLessThan(CONFIDENT_SIGNAL_FLOOR);
  });
});
