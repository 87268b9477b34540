import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../core/errors.js";
import { findSettingKey, type SettingKey } from "./keys.js";
import { parseSettingText, requireSettingKey, showValue, suggestion } from "./values.js";

const key = (name: string) => findSettingKey(name) as SettingKey;

describe("setting values as text", () => {
  it("parses numbers, switches, words and lists by the setting's type", () => {
    expect(parseSettingText(key("recall.weights.topic"), " 0.5 ", "arg")).toBe(0.5);
    expect(parseSettingText(key("recall.llmFilter"), "yes", "arg")).toBe(true);
    expect(parseSettingText(key("hooks.daemon"), "OFF", "arg")).toBe(false);
    expect(parseSettingText(key("learning.mode"), "full", "arg")).toBe("full");
    expect(parseSettingText(key("capture.redact.patterns"), '["a+", "b,c"]', "arg")).toEqual(["a+", "b,c"]);
    expect(parseSettingText(key("capture.redact.patterns"), "token, secret", "arg")).toEqual([
      "token, secret",
    ]);
  });

  it("refuses a value of the wrong type, naming the key, the type expected and where it came from", () => {
    const refuse = (name: string, text: string, where: string) => {
      try {
        parseSettingText(key(name), text, where);
      } catch (error) {
        expect(InvalidInputError.isInstance(error)).toBe(true);
        return (error as InvalidInputError).message;
      }
      throw new Error("expected a refusal");
    };
    expect(refuse("recall.budget.maxLessons", "1.5", "recall.budget.maxLessons")).toBe(
      'recall.budget.maxLessons must be a whole number ≥ 0, got "1.5"',
    );
    expect(refuse("recall.weights.topic", "", "TACIT_RECALL_WEIGHTS_TOPIC")).toBe(
      'field TACIT_RECALL_WEIGHTS_TOPIC: recall.weights.topic must be a number from 0 to 10, got ""',
    );
    expect(refuse("learning.mode", "cheap", "x")).toContain("must be one of minimal, balanced, full");
    expect(refuse("llm.baseURL", "not a url", "x")).toContain("must be a URL");
    expect(refuse("capture.redact.patterns", "[oops", "x")).toContain('takes a JSON list such as ["a", "b"]');
    expect(refuse("llm.apiKey", "", "x")).toBe("field x: llm.apiKey must be non-empty text, got (hidden)");
  });

  it("names an unknown key and suggests the closest, or none when nothing is close", () => {
    expect(() => requireSettingKey("recall.budget.maxLesson")).toThrow(
      'unknown setting "recall.budget.maxLesson" (did you mean "recall.budget.maxLessons"?)',
    );
    expect(suggestion("lessons.dedup.updateThreshhold")).toBe(
      ' (did you mean "lessons.dedup.updateThreshold"?)',
    );
    expect(suggestion("completely.unrelated.words.here")).toBe("");
  });

  it("shows secrets as [set] and nothing as (unset)", () => {
    expect(showValue(key("llm.apiKey"), "sk-live-123")).toBe("[set]");
    expect(showValue(key("llm.apiKey"), undefined)).toBe("(unset)");
    expect(showValue(key("capture.redact.patterns"), ["a"])).toBe('["a"]');
  });
});
