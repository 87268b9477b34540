import { describe, expect, it } from "vitest";
import { GRADED_CONFIDENCE } from "./graded-confidence.js";
import { GRADED_SIGNAL_RULES } from "./graded-rules.js";
import { GRADED_SUCCESS_RULES } from "./graded-success-rules.js";
import { IMPLICIT_SIGNAL_RULES } from "./implicit-rules.js";
import { CONFIDENT_SIGNAL_FLOOR, detectSignalsOffline, GRADED_SIGNAL_FLOOR } from "./offline-rules.js";
import type { SignalMessage } from "./signal-types.js";

const user = (content: string): SignalMessage => ({ role: "user", content });
const assistant = (content: string): SignalMessage => ({ role: "assistant", content });

/** The graded signals on the last message of `goal → answer → reply`. */
function onReply(reply: string, answer = "I found a flight leaving on the 9th of March.") {
  return detectSignalsOffline([user("Find me a flight to Seattle."), assistant(answer), user(reply)], {
    minConfidence: GRADED_SIGNAL_FLOOR,
  }).filter((signal) => signal.turn === 2);
}

describe("graded rules", () => {
  it.each([
    ["Wrong, I want to leave on the 10th of March 2019.", "correction", "opener-correction"],
    ["No, I want it at Green Papaya.", "correction", "opener-correction"],
    ["Negative. Is there any possibility for afternoon 2?", "reject", "bare-opener"],
    ["Could you please find again? I wish to have it in Fremont.", "reject", "retry-request"],
    ["Try searching again, in premium economy this time", "reject", "retry-request"],
  ])("gives a graded signal to a turn that had none: %s", (reply, type, rule) => {
    const [signal, ...others] = onReply(reply);
    expect(others).toEqual([]);
    expect(signal?.type).toBe(type);
    expect(signal?.rule).toBe(rule);
  });

  it("grades a correction with a replacement high and a bare opener, a retry or a complaint low to middle", () => {
    const confidence = (reply: string, answer?: string): number => onReply(reply, answer)[0]?.confidence ?? 0;
    expect(confidence("No, I want it at Green Papaya.")).toBeGreaterThanOrEqual(0.7);
    for (const reply of [
      "Negative. Is there any possibility for afternoon 2?",
      "Try searching again, please.",
    ]) {
      expect(confidence(reply)).toBeGreaterThanOrEqual(0.2);
      expect(confidence(reply)).toBeLessThan(CONFIDENT_SIGNAL_FLOOR);
    }
    expect(onReply("Wait, that is the wrong month!")[0]).toMatchObject({
      rule: "alarm",
      confidence: GRADED_CONFIDENCE.alarm,
    });
    const mess = onReply("You've made quite a mess of things as it is.")[0];
    expect(mess?.rule).toBe("complaint");
    expect(mess?.confidence).toBe(GRADED_CONFIDENCE.complaint);
  });

  it("reads 'No, thank you' and other acceptances as no reject", () => {
    for (const reply of [
      "No, thank you, that's all I need.",
      "No worries, that works.",
      "Great, please book it.",
    ]) {
      expect(
        onReply(reply).filter((signal) => signal.type !== "success"),
        reply,
      ).toEqual([]);
    }
  });

  it("does not read a hypothetical retry as a request", () => {
    expect(onReply("If the build fails, try again once more.").map((signal) => signal.rule)).not.toContain(
      "retry-request",
    );
  });

  it("reads a pursuit after a shortfall, more weakly a reply that just goes on, and nothing after a success", () => {
    const shortfall = "I'm sorry, there are no trains at that time.";
    expect(onReply("How about one that leaves after 20:00?", shortfall)[0]?.rule).toBe(
      "pursuit-after-shortfall",
    );
    expect(onReply("Does the station have a lift?", shortfall)[0]?.rule).toBe("unresolved-shortfall");
    expect(onReply("Does the station have a lift?", "Booked: train TR4134 at 09:16.")).toEqual([]);
    expect(GRADED_CONFIDENCE.unresolvedShortfall).toBeLessThan(GRADED_CONFIDENCE.pursuitAfterShortfall);
  });

  it("keeps weak cues out of the default (confident) output that learning reads", () => {
    const messages = [
      user("Find the slow query."),
      assistant("It is the users lookup."),
      user("Negative. Look again."),
    ];
    expect(detectSignalsOffline(messages)).toEqual([]);
    expect(
      detectSignalsOffline(messages, { minConfidence: GRADED_SIGNAL_FLOOR }).map((signal) => signal.rule),
    ).toEqual(["retry-request"]);
  });

  it("lets a weak reject never outweigh a confident success in the same message", () => {
    const signals = detectSignalsOffline(
      [
        user("Fix the test."),
        assistant("Fixed the timeout."),
        user("Works now. I don't need the retry wrapper."),
      ],
      { minConfidence: GRADED_SIGNAL_FLOOR },
    );
    expect(signals.map((signal) => signal.type)).toEqual(["success"]);
  });

  it("gives every graded rule an id, a description and examples, and a confidence between the floors' range", () => {
    for (const rule of [...GRADED_SIGNAL_RULES, ...GRADED_SUCCESS_RULES, ...IMPLICIT_SIGNAL_RULES]) {
      expect(rule.description.length, rule.id).toBeGreaterThan(40);
      expect(rule.example.zh, rule.id).toMatch(/[\u4e00-\u9fff]/);
    }
    for (const value of Object.values(GRADED_CONFIDENCE)) {
      expect(value).toBeGreaterThanOrEqual(GRADED_SIGNAL_FLOOR);
      expect(value).toBeLessThanOrEqual(0.95);
    }
  });
});
