import { describe, expect, it } from "vitest";
import { detectSignalsForLine } from "./detect-signals-stream.js";
import { LABELED_SIGNAL_CASES } from "./labeled-set.js";
import { signalOutputLineSchema } from "./signal-types.js";

const line = (value: unknown): string => JSON.stringify(value);

describe("detectSignalsForLine", () => {
  it("turns one conversation line into one output line with the contract fields only", () => {
    const result = detectSignalsForLine(
      line({
        id: "c-1",
        messages: [
          { role: "user", content: "Change the default port to 8080." },
          { role: "assistant", content: "Updated the port in config.json." },
          { role: "user", content: "不是这个文件，应该是 config.yaml" },
          {
            role: "tool",
            content: "Error: ENOENT: no such file or directory, open 'config.yaml'",
            isError: true,
          },
        ],
      }),
      1,
    );
    expect(result.error).toBeUndefined();
    const output: unknown = JSON.parse(result.output ?? "");
    expect(signalOutputLineSchema.strict().parse(output)).toEqual({
      id: "c-1",
      signals: [
        {
          turn: 2,
          type: "correction",
          source: "user",
          confidence: 0.85,
          evidence: "不是这个文件，应该是 config.yaml",
        },
        {
          turn: 3,
          type: "reject",
          source: "execution",
          confidence: 0.9,
          evidence: "Error: ENOENT: no such file or directory, open 'config.yaml'",
        },
      ],
      turns: [
        { turn: 0, satisfaction: 0, satisfied: 0, dissatisfied: 0 },
        { turn: 2, satisfaction: -0.85, satisfied: 0, dissatisfied: 0.85 },
      ],
    });
    for (const signal of (output as { signals: object[] }).signals) {
      expect(Object.keys(signal).sort()).toEqual(["confidence", "evidence", "source", "turn", "type"]);
    }
  });

  it("writes an empty signal list for a conversation without feedback", () => {
    const result = detectSignalsForLine(
      line({ id: "quiet", messages: [{ role: "user", content: "Hello" }] }),
      7,
    );
    expect(result).toEqual({
      output:
        '{"id":"quiet","signals":[],"turns":[{"turn":0,"satisfaction":0,"satisfied":0,"dissatisfied":0}]}',
    });
  });

  it("ignores unknown keys and accepts system messages", () => {
    const result = detectSignalsForLine(
      line({ id: "x", extra: true, messages: [{ role: "system", content: "Be brief.", at: 1 }] }),
      1,
    );
    expect(result.output).toBe('{"id":"x","signals":[],"turns":[]}');
  });

  it("returns nothing for a blank line", () => {
    expect(detectSignalsForLine("   ", 4)).toEqual({});
  });

  it("names the line for invalid JSON", () => {
    const result = detectSignalsForLine('{"id": "a", "messages": [', 12);
    expect(result.output).toBeUndefined();
    expect(result.error).toMatch(/^line 12: invalid JSON: /);
  });

  it("names the line and field path for a line that breaks the contract", () => {
    const badRole = detectSignalsForLine(
      line({
        id: "a",
        messages: [
          { role: "user", content: "hi" },
          { role: "robot", content: "x" },
        ],
      }),
      3,
    );
    expect(badRole.error).toMatch(/^line 3: messages\[1\]\.role: /);
    const missingId = detectSignalsForLine(line({ messages: [] }), 9);
    expect(missingId.error).toMatch(/^line 9: id: /);
    const notObject = detectSignalsForLine("[1,2]", 2);
    expect(notObject.error).toMatch(/^line 2: \(line\): /);
    const badContent = detectSignalsForLine(line({ id: "b", messages: [{ role: "user", content: 5 }] }), 4);
    expect(badContent.error).toMatch(/^line 4: messages\[0\]\.content: /);
  });

  it("passes minConfidence through", () => {
    const input = line({
      id: "t",
      messages: [
        { role: "user", content: "What's the flag?" },
        { role: "assistant", content: "-v" },
        { role: "user", content: "Thanks!" },
      ],
    });
    expect(JSON.parse(detectSignalsForLine(input, 1).output ?? "").signals).toHaveLength(1);
    expect(
      JSON.parse(detectSignalsForLine(input, 1, { minConfidence: 0.6 }).output ?? "").signals,
    ).toHaveLength(0);
  });

  it("gives each user turn its satisfaction from every cue on it, whatever the display floor", () => {
    const input = line({
      id: "s",
      messages: [
        { role: "user", content: "Find me a flight on the 10th." },
        { role: "assistant", content: "I found a flight on the 9th." },
        { role: "user", content: "Negative. Could you check again?" },
        { role: "assistant", content: "There is one on the 10th at 14:05." },
        { role: "user", content: "Perfect, thank you!" },
      ],
    });
    const turns = (minConfidence?: number) =>
      signalOutputLineSchema.parse(JSON.parse(detectSignalsForLine(input, 1, { minConfidence }).output ?? ""))
        .turns;
    const graded = turns();
    expect(graded.map((turn) => turn.turn)).toEqual([0, 2, 4]);
    // "Negative." (0.35) and "check again" (0.4) are two cues: 1 − 0.65 × 0.6 = 0.61.
    expect(graded[1]).toEqual({ turn: 2, satisfaction: -0.61, satisfied: 0, dissatisfied: 0.61 });
    expect(graded[2]?.satisfaction).toBeGreaterThan(0.5);
    expect(turns(0.9)).toEqual(graded);
  });

  it("reports graded signals by default, weak cues included, and only confident ones at 0.5", () => {
    const input = line({
      id: "g",
      messages: [
        { role: "user", content: "Find me a flight on the 10th." },
        { role: "assistant", content: "I found a flight on the 9th." },
        { role: "user", content: "Negative. Is there any possibility for afternoon 2?" },
      ],
    });
    const graded = JSON.parse(detectSignalsForLine(input, 1).output ?? "").signals;
    expect(graded).toEqual([
      {
        turn: 2,
        type: "reject",
        source: "user",
        confidence: 0.35,
        evidence: "Negative.",
      },
    ]);
    expect(JSON.parse(detectSignalsForLine(input, 1, { minConfidence: 0.5 }).output ?? "").signals).toEqual(
      [],
    );
  });

  it("handles thousands of lines in one run, each producing a valid output line", () => {
    const lines = Array.from({ length: 5_000 }, (_, index) => {
      const labeled = LABELED_SIGNAL_CASES[index % LABELED_SIGNAL_CASES.length];
      return line({ id: `c-${index}`, messages: labeled?.messages ?? [] });
    });
    const outputs = lines.map((text, index) => detectSignalsForLine(text, index + 1));
    expect(outputs.every((result) => result.error === undefined)).toBe(true);
    const last = JSON.parse(outputs[4_999]?.output ?? "");
    expect(signalOutputLineSchema.parse(last).id).toBe("c-4999");
  });
});
