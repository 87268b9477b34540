import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, freemem, totalmem } from "node:os";

/** One benchmark figure with the baseline it was measured against in the same run. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  baselineName: string;
  baselineValue: number;
  /** value ÷ baseline (what the goal is stated in). */
  ratio: number;
  goal: string;
  met: boolean;
  note?: string;
}

export interface SuiteReport {
  suite: string;
  measuredAt: string;
  results: BenchResult[];
}

const JSON_PATH = new URL("../docs/benchmarks.json", import.meta.url);
const MARKDOWN_PATH = new URL("../docs/benchmarks.md", import.meta.url);

/** Merges fresh suite reports over the stored ones and rewrites docs/benchmarks.{json,md}. */
export function writeReports(fresh: SuiteReport[]): void {
  const stored: Record<string, SuiteReport> = existsSync(JSON_PATH)
    ? (JSON.parse(readFileSync(JSON_PATH, "utf8")) as { suites: Record<string, SuiteReport> }).suites
    : {};
  for (const report of fresh) stored[report.suite] = report;
  const machine = {
    cpu: cpus()[0]?.model ?? "unknown",
    cores: cpus().length,
    memoryGB: Math.round(totalmem() / 2 ** 30),
    freeMemoryGB: Math.round(freemem() / 2 ** 30),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
  };
  writeFileSync(JSON_PATH, `${JSON.stringify({ machine, suites: stored }, null, 2)}\n`);
  const lines = [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (one suite: `npm run bench -- SUITE`). Every figure is a ratio against a",
    "baseline measured in the same run, because these machines are shared and noisy: compare ratios, not",
    "absolute numbers.",
    "",
    `Machine of the last run: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGB} GiB, Node ${machine.node}, ${machine.platform}.`,
    "",
  ];
  for (const report of Object.values(stored).sort((a, b) => a.suite.localeCompare(b.suite))) {
    lines.push(`## ${report.suite}`, "", `Measured ${report.measuredAt}.`, "");
    lines.push("| figure | value | baseline (same run) | ratio | goal | met |", "|---|---|---|---|---|---|");
    for (const result of report.results) {
      lines.push(
        `| ${result.name} | ${format(result.value)} ${result.unit} | ${result.baselineName}: ${format(result.baselineValue)} ${result.unit} | ${result.ratio.toFixed(2)} | ${result.goal} | ${result.met ? "yes" : "**no**"} |`,
      );
    }
    const notes = report.results.filter((result) => result.note);
    if (notes.length) {
      lines.push("");
      for (const result of notes) lines.push(`- ${result.name}: ${result.note}`);
    }
    lines.push("");
  }
  writeFileSync(MARKDOWN_PATH, lines.join("\n"));
}

function format(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString("en-US");
  return value.toFixed(value >= 10 ? 1 : 2);
}
