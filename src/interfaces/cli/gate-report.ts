/** Text renderings of the memory gate's evaluation and stats for the terminal. */
import { GATE_DECISIONS } from "../../core/memory-gate/gate-decision.js";
import type { GateEvaluation } from "../../memory-files/gate-eval.js";
import type { GateStatsRow } from "../../store/gate-decision-store.js";
import { oneLine, table } from "./cli-io.js";

function rate(value: number | null): string {
  return value === null ? "-" : value.toFixed(2);
}

/** Short column names of the decisions. */
const SHORT: Readonly<Record<string, string>> = {
  NO_WRITE: "NO_WRITE",
  UPDATE_MEMORY: "MEMORY",
  UPDATE_USER: "USER",
  UPDATE_SOUL: "SOUL",
  UPDATE_IDENTITY: "IDENTITY",
  UPDATE_TOOLS: "TOOLS",
};

/** A labelled-set evaluation: accuracy, per decision, confusion matrix, fact agreement, mistakes. */
export function formatEvaluation(evaluation: GateEvaluation): string {
  const languages = evaluation.byLanguage
    .map((entry) => `${entry.language} ${entry.accuracy.toFixed(2)} (${entry.correct}/${entry.total})`)
    .join(", ");
  const lines = [
    `Memory gate on ${evaluation.source}: ${evaluation.total} turns, decided by ${evaluation.decider}`,
    `accuracy ${evaluation.accuracy.toFixed(3)} (${evaluation.correct}/${evaluation.total}); ${languages}`,
    "",
    table(
      ["DECISION", "SUPPORT", "PREDICTED", "PRECISION", "RECALL"],
      evaluation.perClass.map((entry) => [
        entry.decision,
        String(entry.support),
        String(entry.predicted),
        rate(entry.precision),
        rate(entry.recall),
      ]),
    ),
    "",
    "confusion (rows: labelled, columns: decided)",
    table(
      ["", ...GATE_DECISIONS.map((decision) => SHORT[decision] ?? decision)],
      GATE_DECISIONS.map((expected) => [
        SHORT[expected] ?? expected,
        ...GATE_DECISIONS.map((decided) => String(evaluation.confusion[expected][decided])),
      ]),
    ),
    "",
    `facts: ${evaluation.facts.matching} of ${evaluation.facts.compared} correct writes with a labelled fact match it (word overlap ≥ 0.6)`,
  ];
  if (evaluation.mistakes.length > 0) {
    lines.push("", "mistakes:");
    for (const mistake of evaluation.results.filter((result) => result.expected !== result.decided)) {
      lines.push(
        `  ${mistake.id} (line ${mistake.line}): labelled ${mistake.expected}, decided ${mistake.decided}: ${oneLine(mistake.message, 70)}`,
        `    ${oneLine(mistake.reason, 110)}`,
      );
    }
  }
  return lines.join("\n");
}

/** Gate stats as a table: one row per period. */
export function formatStats(rows: readonly GateStatsRow[]): string {
  return table(
    [
      "PERIOD",
      "TOTAL",
      ...GATE_DECISIONS.map((decision) => SHORT[decision] ?? decision),
      "BY MODEL",
      "FALLBACKS",
      "AVG MS",
      "TOKENS",
    ],
    rows.map((row) => [
      row.period,
      String(row.total),
      ...GATE_DECISIONS.map((decision) => String(row.decisions[decision])),
      String(row.byModel),
      String(row.fallbacks),
      row.avgLatencyMs === null ? "-" : row.avgLatencyMs.toFixed(row.avgLatencyMs < 10 ? 2 : 0),
      String(row.promptTokens + row.completionTokens),
    ]),
  );
}
