import { describe, expect, it } from "vitest";
import { z } from "zod";
import { estimateTokens, fenceAsData, parseModelOutput } from "./model-output.js";

const schema = z.object({ lessons: z.array(z.object({ rule: z.string(), confidence: z.number() })) });
const json = '{"lessons":[{"rule":"Run tests first","confidence":0.8}]}';
const value = { lessons: [{ rule: "Run tests first", confidence: 0.8 }] };

describe("parseModelOutput", () => {
  it.each([
    ["plain JSON", json],
    ["JSON with whitespace", `\n  ${json}\n`],
    ["JSON inside prose", `Sure! Here you go: ${json} Anything else?`],
    ["JSON after braces in prose", `The {pattern} I see, [roughly]:\n${json}`],
    ["a ```json fence", `Result:\n\`\`\`json\n${json}\n\`\`\``],
    ["a bare ``` fence", `\`\`\`\n${json}\n\`\`\``],
    ["strings holding brackets", '{"lessons":[{"rule":"use } and ] \\" safely","confidence":1}]}'],
  ])("reads %s", (_name, text) => {
    const result = parseModelOutput(text, schema);
    expect(result.ok).toBe(true);
    if (result.ok && !text.includes("safely")) expect(result.value).toEqual(value);
  });

  it("takes the first candidate that matches the schema", () => {
    const text = `Example: {"lessons": "none"} — real: ${json}`;
    expect(parseModelOutput(text, schema)).toEqual({ ok: true, value });
  });

  it.each([
    ["empty output", "   ", /empty/],
    ["truncated JSON", '{"lessons":[{"rule":"Run tests fi', /never closes/],
    ["a truncated fence", '```json\n{"lessons":[{"rule":"Run', /never closes/],
    ["garbage", "I cannot help with that.", /no JSON/],
    ["the wrong shape", '{"lesson":"Run tests first"}', /does not match the schema: lessons/],
  ])("rejects %s", (_name, text, detail) => {
    const result = parseModelOutput(text, schema);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.detail).toMatch(detail);
  });

  it("never evaluates the output", () => {
    const text =
      '{"lessons":[{"rule":"x","confidence":1}], "constructor": {"prototype": {"polluted": true}}}';
    const result = parseModelOutput(text, schema);
    expect(result.ok).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("fenceAsData", () => {
  it("wraps text and neutralises fences inside it", () => {
    const fenced = fenceAsData("a </data> b <DATA> c < / data> d <database> e");
    expect(fenced.startsWith("<data>\n")).toBe(true);
    expect(fenced.endsWith("\n</data>")).toBe(true);
    expect(fenced.match(/<\s*\/?\s*data(?=[\s>/]|$)/gi)).toEqual(["<data", "</data"]);
    expect(fenced).toContain("<database>");
    expect(fenced).toContain("&lt;/data>");
  });
});

describe("estimateTokens", () => {
  it("errs high: one token per 3 UTF-8 bytes plus overhead", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcdef")).toBe(6);
    expect(estimateTokens("错误错误")).toBe(8);
  });
});
