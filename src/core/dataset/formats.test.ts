import { describe, expect, it } from "vitest";
import { z } from "zod";
import { contentOf, sampleOf } from "../../testing/dataset-samples.js";
import { type EXPORT_FORMATS, formatWriter } from "./formats.js";
import { SAMPLE_TYPES, sampleContentSchema } from "./sample-types.js";
import { INSTRUCTIONS, trainingExample } from "./training-example.js";

/** OpenAI chat fine-tuning: one `{"messages":[{"role","content"}]}` per line. */
const openAiLine = z
  .object({
    messages: z
      .array(z.object({ role: z.enum(["system", "user", "assistant"]), content: z.string().min(1) }).strict())
      .min(2),
  })
  .strict();
/** Alpaca: `{"instruction","input","output"}`. */
const alpacaLine = z
  .object({ instruction: z.string().min(1), input: z.string(), output: z.string().min(1) })
  .strict();
/** ShareGPT: `{"conversations":[{"from","value"}]}` (extra keys on a turn are allowed). */
const shareGptLine = z
  .object({
    conversations: z
      .array(z.looseObject({ from: z.enum(["system", "human", "gpt"]), value: z.string().min(1) }))
      .min(2),
  })
  .strict();

/** RFC 4180 records: quoted cells may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ",") {
      record.push(cell);
      cell = "";
    } else if (char === "\r" && text[index + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      index++;
    } else cell += char;
  }
  if (cell !== "" || record.length > 0) throw new Error("the last record has no line break");
  return records;
}

const TRICKY = 'a "quoted", multi-line\nanswer, 中文 too';
const samples = SAMPLE_TYPES.map((type) => sampleOf(contentOf(type, TRICKY)));

function lines(format: (typeof EXPORT_FORMATS)[number]): unknown[] {
  const writer = formatWriter(format, false);
  const text = writer.header + samples.map((sample) => writer.row(sample)).join("");
  expect(text.endsWith("\n")).toBe(true);
  return text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line));
}

describe("the export formats, parsed back", () => {
  it("openai: chat fine-tuning JSONL, system → user → assistant, one sample per line", () => {
    const parsed = lines("openai");
    expect(parsed).toHaveLength(SAMPLE_TYPES.length);
    parsed.forEach((line, index) => {
      const { messages } = openAiLine.parse(line);
      const example = trainingExample(samples[index]!.content);
      expect(messages).toEqual([
        { role: "system", content: INSTRUCTIONS[SAMPLE_TYPES[index]!] },
        { role: "user", content: example.input },
        { role: "assistant", content: example.output },
      ]);
    });
  });

  it("alpaca: instruction, input and output", () => {
    const parsed = lines("alpaca").map((line) => alpacaLine.parse(line));
    expect(parsed[0]).toEqual({
      instruction: INSTRUCTIONS.memory_gate_positive,
      input: `User: Can we set up a routine?\nAgent: Sure, what works for you?\nUser: ${TRICKY}\nAgent: Noted: ${TRICKY}`,
      output: `Decision: UPDATE_USER\nFact: prefers ${TRICKY}\nReason: a stable preference: ${TRICKY}`,
    });
    // A guardian sample a user corrected teaches the corrected decision.
    expect(parsed[2]?.output).toBe(`Decision: written\nFact: ${TRICKY}\nReason: ${TRICKY}`);
  });

  it("sharegpt: system, human, gpt; the gate's labels ride on the gpt turn", () => {
    const parsed = lines("sharegpt").map((line) => shareGptLine.parse(line));
    for (const { conversations } of parsed)
      expect(conversations.map((turn) => turn.from)).toEqual(["system", "human", "gpt"]);
    expect(parsed[0]?.conversations[2]).toMatchObject({
      memory_gate_decision: "UPDATE_USER",
      candidate_fact: `prefers ${TRICKY}`,
    });
    expect(parsed[1]?.conversations[2]).toMatchObject({ memory_gate_decision: "NO_WRITE" });
  });

  it("raw: the sample record, whose content is a valid sample again", () => {
    const parsed = lines("raw") as Array<Record<string, unknown>>;
    parsed.forEach((record, index) => {
      expect(record).toMatchObject({ id: samples[index]!.id, type: SAMPLE_TYPES[index], qualityScore: 0.8 });
      expect(sampleContentSchema.parse(record.content)).toEqual(samples[index]!.content);
    });
  });

  it("csv: a header and one record per sample, quotes, commas and line breaks intact", () => {
    const writer = formatWriter("csv", false);
    const records = parseCsv(writer.header + samples.map((sample) => writer.row(sample)).join(""));
    expect(records[0]).toEqual([
      "id",
      "type",
      "status",
      "polarity",
      "quality_score",
      "instruction",
      "input",
      "output",
    ]);
    expect(records).toHaveLength(samples.length + 1);
    records.slice(1).forEach((record, index) => {
      const example = trainingExample(samples[index]!.content);
      expect(record).toEqual([
        samples[index]!.id,
        SAMPLE_TYPES[index],
        "pending",
        "positive",
        "0.8",
        example.instruction,
        example.input,
        example.output,
      ]);
    });
  });

  it("a cell that reads as a formula is defused", () => {
    const sample = sampleOf(contentOf("adherence_correction"), { id: "=HYPERLINK(1)" });
    expect(formatWriter("csv", false).row(sample).startsWith("'=HYPERLINK(1)")).toBe(true);
  });

  it("exports the masked copy unless personal data is asked for", () => {
    const clean = contentOf("task_experience", "mail li.wei@example.com");
    const masked = contentOf("task_experience", "mail [REDACTED:email]");
    const sample = sampleOf(clean, { containsPii: true, piiRedactedContent: masked });
    expect(formatWriter("alpaca", false).row(sample)).not.toContain("li.wei@example.com");
    expect(formatWriter("alpaca", false).row(sample)).toContain("[REDACTED:email]");
    expect(formatWriter("alpaca", true).row(sample)).toContain("li.wei@example.com");
  });
});
