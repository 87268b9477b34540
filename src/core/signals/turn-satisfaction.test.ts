import { describe, expect, it } from "vitest";
import { detectOffline } from "./offline-rules.js";
import type { DetectedSignal, SignalMessage } from "./signal-types.js";
import { combineEvidence, turnSatisfaction } from "./turn-satisfaction.js";

const cue = (
  turn: number,
  type: DetectedSignal["type"],
  confidence: number,
  source = "user",
): DetectedSignal => ({
  turn,
  type,
  source: source as DetectedSignal["source"],
  confidence,
  evidence: "",
  rule: "test",
});

describe("turn satisfaction", () => {
  it("combines independent evidence as a noisy-or", () => {
    expect(combineEvidence([])).toBe(0);
    expect(combineEvidence([0.4])).toBeCloseTo(0.4);
    expect(combineEvidence([0.35, 0.4])).toBeCloseTo(0.61);
    expect(combineEvidence([0.5, 0.5, 0.5])).toBeCloseTo(0.875);
  });

  it("gives every user turn the satisfied less the dissatisfied evidence of the user's own cues", () => {
    const messages: SignalMessage[] = [
      { role: "user", content: "Run the tests." },
      { role: "tool", content: "2 failed", isError: true },
      { role: "user", content: "No. Try again." },
      { role: "assistant", content: "All green now." },
      { role: "user", content: "Great, thanks!" },
    ];
    const turns = turnSatisfaction(messages, [
      cue(1, "reject", 0.9, "execution"),
      cue(2, "reject", 0.35),
      cue(2, "reject", 0.4),
      cue(2, "constraint", 0.7),
      cue(4, "success", 0.25),
      cue(4, "success", 0.35),
    ]);
    expect(turns).toEqual([
      { turn: 0, satisfaction: 0, satisfied: 0, dissatisfied: 0 },
      { turn: 2, satisfaction: -0.61, satisfied: 0, dissatisfied: 0.61 },
      { turn: 4, satisfaction: 0.51, satisfied: 0.51, dissatisfied: 0 },
    ]);
  });

  it("never counts one phrase twice: overlapping cues on one side keep only the strongest", () => {
    const messages: SignalMessage[] = [
      { role: "user", content: "Change the default port to 8080." },
      { role: "assistant", content: "Updated the port in config.json." },
      { role: "user", content: "不是这个文件，应该是 config.yaml" },
    ];
    const { cues } = detectOffline(messages);
    expect(cues.filter((found) => found.turn === 2).map((found) => found.rule)).toEqual([
      "explicit-correction",
    ]);
    expect(turnSatisfaction(messages, cues)[1]).toEqual({
      turn: 2,
      satisfaction: -0.85,
      satisfied: 0,
      dissatisfied: 0.85,
    });
  });
});
