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

  it("reads sarcasm as a complaint, not surprise or praise (好家伙，这么快)", () => {
    expect(onReply("呵呵，又把生产库连上了").map((signal) => signal.rule)).toContain("complaint");
    expect(onReply("好家伙，这么快").filter((signal) => signal.type === "reject")).toEqual([]);
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

describe("redirecting requests and pushback after a failed call", () => {
  it.each([
    ["would you mind using date-fns instead? we're trying to get moment out of the bundle"],
    ["could you maybe not put everything in tables? they render terribly in my terminal"],
    ["why are you pushing straight to main?? everything here goes on a feature branch"],
    ["the webroot belongs to the www-docs user, do it as that: sudo -u www-docs rsync -a build/ /var/www/"],
    ["能不能别把所有东西都放表格里？终端里显示很乱"],
    ["为什么要装 axios？请求统一走 src/lib/http.ts"],
  ])("reads a polite or rhetorical request after an agent turn as a middle correction: %s", (reply) => {
    const signal = onReply(reply).find((found) => found.rule === "redirect-request");
    expect(signal).toMatchObject({ type: "correction", confidence: GRADED_CONFIDENCE.redirectRequest });
  });

  it("does not read a request before any agent turn, or a plain question, as one", () => {
    const first = detectSignalsOffline([user("would you mind using date-fns for the dates?")], {
      minConfidence: GRADED_SIGNAL_FLOOR,
    });
    expect(first).toEqual([]);
    expect(onReply("why did that take 41 seconds?").map((signal) => signal.rule)).not.toContain(
      "redirect-request",
    );
  });

  it("keeps a confident reject beside a graded correction", () => {
    const rules = onReply("That's not what I asked for. would you mind using the 10th instead?").map(
      (signal) => signal.rule,
    );
    expect(rules).toContain("redirect-request");
    expect(rules.some((rule) => rule !== "redirect-request")).toBe(true);
  });

  it("reads a negation right after a failed tool call as pushback on what it assumed", () => {
    const failed: SignalMessage = { role: "tool", content: "Connection refused (ch01:9000)", isError: true };
    const reply = (content: string) =>
      detectSignalsOffline([user("count yesterday's rows"), failed, user(content)], {
        minConfidence: GRADED_SIGNAL_FLOOR,
      }).filter((signal) => signal.turn === 2 && signal.rule === "pushback-after-failure");
    expect(reply("they're never in home, quota's too small")).toHaveLength(1);
    expect(reply("咱们这边 clickhouse 不是默认端口，走的 9440")).toHaveLength(1);
    expect(reply("try port 9440")).toHaveLength(0);
  });
});
