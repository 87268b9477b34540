/**
 * Gate decisions as JSON, CSV or Markdown, a row at a time so an export of any size streams. The
 * same field names as `tacit gate list --json`. CSV cells are quoted as RFC 4180 says, and a cell
 * that starts with `=`, `+`, `-` or `@` gets a leading `'`, so a spreadsheet never runs a fact as a
 * formula.
 */
import { csvCell } from "../core/csv.js";
import type { GateDecisionRecord } from "../store/gate-decision-store.js";
import type { GateContextMessage } from "./gate-service.js";

/** The export formats. */
export const GATE_EXPORT_FORMATS = ["json", "csv", "markdown"] as const;
export type GateExportFormat = (typeof GATE_EXPORT_FORMATS)[number];

/** A decision as listings and exports print it (stable field names). */
export interface GateDecisionView {
  id: string;
  createdAt: string;
  sessionId: string | null;
  turnId: string | null;
  decision: string;
  candidateFact: string | null;
  reason: string;
  decidedBy: string | null;
  confidence: number | null;
  model: string;
  latencyMs: number | null;
  promptTokens: number | null;
  completionTokens: number | null;
  warning: string | null;
  rawResponse?: string | null;
  context?: GateContextMessage[];
}

/** A stored decision as printed; the raw reply only when asked. */
export function decisionView(
  record: GateDecisionRecord,
  extra: { rawResponse?: boolean; context?: GateContextMessage[] } = {},
): GateDecisionView {
  return {
    id: record.id,
    createdAt: new Date(record.createdAt).toISOString(),
    sessionId: record.sessionId,
    turnId: record.turnId,
    decision: record.decision,
    candidateFact: record.candidateFact,
    reason: record.reason,
    decidedBy: record.decidedBy,
    confidence: record.confidence,
    model: record.model,
    latencyMs: record.latencyMs === null ? null : Math.round(record.latencyMs * 1000) / 1000,
    promptTokens: record.promptTokens,
    completionTokens: record.completionTokens,
    warning: record.warning,
    ...(extra.rawResponse ? { rawResponse: record.rawResponse } : {}),
    ...(extra.context !== undefined ? { context: extra.context } : {}),
  };
}

const CSV_COLUMNS: ReadonlyArray<keyof GateDecisionView> = [
  "id",
  "createdAt",
  "sessionId",
  "turnId",
  "decision",
  "candidateFact",
  "reason",
  "decidedBy",
  "confidence",
  "model",
  "latencyMs",
  "promptTokens",
  "completionTokens",
  "warning",
];

/** A Markdown table cell: one line, pipes escaped. */
function markdownCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  return String(value).replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
}

/** Writes views in one format: `start`, then `row` per view, then `end`. */
export interface GateExportWriter {
  start(): string;
  row(view: GateDecisionView, index: number): string;
  end(): string;
}

/** The writer of `format`; `withContext` adds each decision's window. */
export function gateExportWriter(format: GateExportFormat, withContext: boolean): GateExportWriter {
  const columns = withContext ? [...CSV_COLUMNS, "context" as const] : CSV_COLUMNS;
  switch (format) {
    case "json":
      return {
        start: () => "[\n",
        row: (view, index) => `${index === 0 ? "" : ",\n"}${JSON.stringify(view)}`,
        end: () => "\n]\n",
      };
    case "csv":
      return {
        start: () => `${columns.join(",")}\r\n`,
        row: (view) => `${columns.map((column) => csvCell(view[column])).join(",")}\r\n`,
        end: () => "",
      };
    case "markdown":
      return {
        start: () =>
          "# Memory gate decisions\n\n| id | time | session | decision | fact | reason | model |\n|---|---|---|---|---|---|---|\n",
        row: (view) => {
          const line = `| ${[view.id, view.createdAt, view.sessionId ?? "", view.decision, view.candidateFact ?? "", view.reason, view.model].map(markdownCell).join(" | ")} |\n`;
          if (!withContext || view.context === undefined) return line;
          // Each message of the window as a row under its decision: "↳ role #seq" and the message.
          const context = view.context
            .map(
              (message) =>
                `|  |  |  | ↳ ${message.role}${message.seq === null ? "" : ` #${message.seq}`} | ${markdownCell(message.message)} |  |  |\n`,
            )
            .join("");
          return line + context;
        },
        end: () => "",
      };
  }
}
