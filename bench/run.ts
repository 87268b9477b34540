/**
 * `npm run bench [-- SUITE…]`: runs the benchmarks and rewrites docs/benchmarks.md.
 * Suites: import, lessons, learn, recall, hook, memory-files, gate, storage (more join as they exist).
 */
import { runGateBench } from "./gate-bench.js";
import { runHookBench } from "./hook-bench.js";
import { runImportBench } from "./import-bench.js";
import { runLearnBench } from "./learn-bench.js";
import { runLessonsBench } from "./lessons-bench.js";
import { runMemoryFilesBench } from "./memory-files-bench.js";
import { runRecallBench } from "./recall-bench.js";
import { type BenchResult, type SuiteReport, writeReports } from "./report.js";
import { runStorageBench } from "./storage-bench.js";

const SUITES: Record<string, () => Promise<BenchResult[]>> = {
  import: runImportBench,
  lessons: runLessonsBench,
  learn: runLearnBench,
  recall: runRecallBench,
  hook: runHookBench,
  "memory-files": runMemoryFilesBench,
  gate: runGateBench,
  storage: runStorageBench,
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in SUITES));
if (unknown.length) {
  process.stderr.write(`unknown suite(s): ${unknown.join(", ")}; known: ${Object.keys(SUITES).join(", ")}\n`);
  process.exit(2);
}
const reports: SuiteReport[] = [];
for (const name of requested.length ? requested : Object.keys(SUITES)) {
  process.stderr.write(`bench: ${name}…\n`);
  const results = await SUITES[name]?.();
  if (!results) continue;
  for (const result of results) {
    process.stdout.write(
      `${name}: ${result.name}: ${result.ratio.toFixed(2)} (goal ${result.goal}) ${result.met ? "ok" : "MISSED"}\n`,
    );
  }
  reports.push({ suite: name, measuredAt: new Date().toISOString(), results });
}
writeReports(reports);
