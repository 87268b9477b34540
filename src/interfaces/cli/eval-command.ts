import { relative, resolve } from "node:path";
import { EXPERIENCE_MODES, type ExperienceMode } from "../../core/learning/index.js";
import type { EvalTotals } from "../../eval/metrics.js";
import { type EvalReport, runEval } from "../../eval/run-eval.js";
import type { ScenarioReport } from "../../eval/run-scenario.js";
import { loadThresholds, missedReportThresholds, type ReportThresholds } from "../../eval/thresholds.js";
import { CliError, type CliIo, oneLine, table, writeJson, writeLine } from "./cli-io.js";

export interface EvalCommandOptions {
  json?: boolean;
  /** Fail (exit 1) when Recall@3 is below this (0..1). */
  minRecall?: string;
  /** Fail (exit 1) when the false-injection rate is above this (0..1). */
  maxFalseInjection?: string;
  /**
   * A thresholds file (`eval/thresholds.json`): its `floors` on the totals (the two options above
   * win) and its `suiteFloors` on the suites run.
   */
  thresholds?: string;
  /** Only scenarios whose name, suite or file contains this text. */
  filter?: string;
  /** Ignore TACIT_LLM_* / TACIT_EMBEDDINGS_*: learn and recall fully offline. */
  offline?: boolean;
  /** Learning mode: minimal, balanced (default) or full. */
  mode?: string;
}

const MAX_FAILURE_CHARS = 400;

/**
 * `tacit eval SUITE…`: runs each scenario on a fresh temporary store and reports Recall@3, the
 * false-injection rate, injected tokens, model calls and wall time per scenario and in total.
 * Exits 1 with a one-line reason when a threshold given on the command line is missed.
 */
export async function evalCommand(suites: string[], options: EvalCommandOptions, io: CliIo): Promise<number> {
  const thresholds = await resolveThresholds(options, io);
  const mode = options.mode ?? "balanced";
  if (!EXPERIENCE_MODES.includes(mode as ExperienceMode))
    throw new CliError(`--mode must be one of ${EXPERIENCE_MODES.join(", ")}, got "${mode}"`);
  const progress = io.stderr.isTTY && !options.json;
  const report = await runEval({
    paths: suites.map((suite) => resolve(io.cwd, suite)),
    env: io.env,
    offline: options.offline,
    filter: options.filter,
    learn: { mode: mode as ExperienceMode },
    onScenario: progress
      ? (scenario, done, total) =>
          io.stderr.write(`\reval ${done}/${total} ${oneLine(scenario.name, 60)}\x1b[K`)
      : undefined,
  });
  if (progress) io.stderr.write("\r\x1b[K");
  if (report.scenarios.length === 0) throw new CliError(`no scenario matches --filter "${options.filter}"`);
  const missed = missedReportThresholds(report, thresholds);
  if (options.json) writeJson(io, { ...report, thresholds: { ...thresholds, missed } });
  else writeReport(io, report);
  if (missed.length === 0) return 0;
  writeLine(io.stderr, `tacit: eval below thresholds: ${missed.join("; ")}`);
  return 1;
}

async function resolveThresholds(options: EvalCommandOptions, io: CliIo): Promise<ReportThresholds> {
  const file = options.thresholds ? await loadThresholds(resolve(io.cwd, options.thresholds)) : null;
  const floors = { ...file?.floors };
  if (options.minRecall !== undefined) floors.minRecallAt3 = parseRate(options.minRecall, "--min-recall");
  if (options.maxFalseInjection !== undefined)
    floors.maxFalseInjectionRate = parseRate(options.maxFalseInjection, "--max-false-injection");
  return { floors, ...(file?.suiteFloors ? { suiteFloors: file.suiteFloors } : {}) };
}

function parseRate(value: string, option: string): number {
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number) || number < 0 || number > 1)
    throw new CliError(`${option} must be a number from 0 to 1, got "${value}"`);
  return number;
}

export function writeReport(io: CliIo, report: EvalReport): void {
  writeLine(
    io.stdout,
    table(
      // The scenario name goes last: Chinese names are double-width and would misalign later columns.
      ["", "recall@3", "false inj.", "tokens", "llm", "ms", "lang", "topic", "scenario"],
      report.scenarios.map((scenario) => [
        scenario.failures.length ? "FAIL" : "ok",
        scenario.expected ? `${scenario.found}/${scenario.expected}` : "-",
        scenario.unrelatedChecks ? `${scenario.falseInjections}/${scenario.unrelatedChecks}` : "-",
        String(scenario.injectedTokens),
        String(scenario.llmCalls),
        String(scenario.wallMs),
        scenario.language,
        scenario.topic,
        oneLine(`${scenario.suite}/${scenario.name}`, 80),
      ]),
    ),
  );
  const failing = report.scenarios.filter((scenario) => scenario.failures.length > 0);
  if (failing.length > 0) {
    writeLine(io.stdout);
    writeLine(io.stdout, "Failures:");
    for (const scenario of failing) writeItems(io, scenario, scenario.failures);
  }
  // A task that failed to learn (its lessons are lost to the scenario) is said, never only counted.
  const warned = report.scenarios.filter((scenario) => scenario.warnings.length > 0);
  if (warned.length > 0) {
    writeLine(io.stdout);
    writeLine(io.stdout, "Warnings:");
    for (const scenario of warned) writeItems(io, scenario, scenario.warnings);
  }
  writeLine(io.stdout);
  if (report.suites.length > 1)
    for (const suite of report.suites) writeLine(io.stdout, `${suite.suite}: ${summary(suite)}`);
  writeLine(io.stdout, `Total: ${summary(report.totals)}`);
  writeLine(io.stdout, `Learning: ${report.learning}; embedder: ${report.embedder}.`);
}

/** A scenario's name and file, then each of `items` (its failures or its warnings) on a line. */
function writeItems(io: CliIo, scenario: ScenarioReport, items: readonly string[]): void {
  writeLine(io.stdout, `  ${scenario.suite}/${scenario.name} (${relative(io.cwd, scenario.file)})`);
  for (const item of items) writeLine(io.stdout, `    - ${oneLine(item, MAX_FAILURE_CHARS)}`);
}

function summary(totals: EvalTotals): string {
  return (
    `${totals.scenarios} scenarios, ${totals.probes} probes; ` +
    (totals.expected
      ? `Recall@3 ${totals.recallAt3.toFixed(3)} (${totals.found}/${totals.expected}); `
      : "Recall@3 - (no expected lessons); ") +
    `false injections ${totals.falseInjectionRate.toFixed(3)} (${totals.falseInjections}/${totals.unrelatedChecks}); ` +
    `injected tokens ${totals.injectedTokens} (${totals.meanInjectedTokens.toFixed(1)} per probe); ` +
    `LLM calls ${totals.llmCalls}; ${(totals.wallMs / 1000).toFixed(1)} s`
  );
}
