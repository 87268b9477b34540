/**
 * The export formats, one line (or CSV record) per sample:
 *
 * - `openai`: chat fine-tuning JSONL, `{"messages":[{"role":"system"|"user"|"assistant","content"}]}`;
 * - `alpaca`: JSONL of `{"instruction","input","output"}`;
 * - `sharegpt`: JSONL of `{"conversations":[{"from":"system"|"human"|"gpt","value"}]}`, the last
 *   turn carrying the structured labels (e.g. `memory_gate_decision`, `candidate_fact`);
 * - `raw`: JSONL of the sample record itself (content, quality factors, review);
 * - `csv`: a header, then `id,type,status,polarity,quality_score,instruction,input,output`.
 *
 * Pure.
 */
import { csvCell } from "../csv.js";
import { type DatasetSample, exportedContent } from "./sample-types.js";
import { trainingExample } from "./training-example.js";

export const EXPORT_FORMATS = ["alpaca", "sharegpt", "openai", "raw", "csv"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** How one format lays samples out in a file. */
export interface FormatWriter {
  /** Written once at the top of each file ("" for JSONL). */
  header: string;
  /** One sample, ending with its line break. */
  row(sample: DatasetSample): string;
}

const CSV_COLUMNS = ["id", "type", "status", "polarity", "quality_score", "instruction", "input", "output"];

/** The record `raw` writes: the sample with the content the export may carry. */
export function rawRecord(sample: DatasetSample, includePii: boolean): Record<string, unknown> {
  return {
    id: sample.id,
    type: sample.type,
    status: sample.status,
    polarity: sample.polarity,
    strategy: sample.strategy,
    qualityScore: sample.quality.score,
    qualityFactors: sample.quality.factors,
    sessionId: sample.sessionId,
    turnId: sample.turnId,
    decisionId: sample.decisionId,
    auditId: sample.auditId,
    taskId: sample.taskId,
    lessonId: sample.lessonId,
    notes: sample.notes,
    containsPii: sample.containsPii,
    content: exportedContent(sample, includePii),
    createdAt: new Date(sample.createdAt).toISOString(),
  };
}

/** The writer of `format`; `includePii` exports personal data instead of its masked copy. */
export function formatWriter(format: ExportFormat, includePii: boolean): FormatWriter {
  const example = (sample: DatasetSample) => trainingExample(exportedContent(sample, includePii));
  const line = (value: unknown) => `${JSON.stringify(value)}\n`;
  switch (format) {
    case "openai":
      return {
        header: "",
        row: (sample) => {
          const { instruction, input, output } = example(sample);
          return line({
            messages: [
              { role: "system", content: instruction },
              { role: "user", content: input },
              { role: "assistant", content: output },
            ],
          });
        },
      };
    case "alpaca":
      return {
        header: "",
        row: (sample) => {
          const { instruction, input, output } = example(sample);
          return line({ instruction, input, output });
        },
      };
    case "sharegpt":
      return {
        header: "",
        row: (sample) => {
          const { instruction, input, output, extras } = example(sample);
          return line({
            conversations: [
              { from: "system", value: instruction },
              { from: "human", value: input },
              { from: "gpt", value: output, ...extras },
            ],
          });
        },
      };
    case "raw":
      return { header: "", row: (sample) => line(rawRecord(sample, includePii)) };
    case "csv":
      return {
        header: `${CSV_COLUMNS.join(",")}\r\n`,
        row: (sample) => {
          const { instruction, input, output } = example(sample);
          const cells = [
            sample.id,
            sample.type,
            sample.status,
            sample.polarity,
            sample.quality.score,
            instruction,
            input,
            output,
          ];
          return `${cells.map(csvCell).join(",")}\r\n`;
        },
      };
  }
}
