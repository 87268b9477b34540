import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { resolveModelConfig } from "../config/model-settings.js";
import type { LearnConfig } from "../learn/learn-session.js";
import { loadSuites } from "./load-suite.js";
import { type EvalTotals, totals } from "./metrics.js";
import { runScenario, type ScenarioReport } from "./run-scenario.js";

/** Environment variables that configure models; the only ones an eval passes on. */
const MODEL_ENV = /^TACIT_(LLM|EMBEDDINGS)_/;

/** The whole eval: per scenario, per suite and in total. */
export interface EvalReport {
  /** `offline`, or the language model learning used (`provider/model`). */
  learning: string;
  /** The embedder recall used. */
  embedder: string;
  scenarios: ScenarioReport[];
  suites: Array<{ suite: string } & EvalTotals>;
  totals: EvalTotals;
}

export interface RunEvalOptions {
  /** Scenario files, suite folders, or folders of suites. */
  paths: readonly string[];
  /**
   * The caller's environment: `TACIT_LLM_*` and `TACIT_EMBEDDINGS_*` are passed on, so an eval
   * uses the models the user configured; nothing else is (each scenario gets its own TACIT_HOME).
   */
  env?: NodeJS.ProcessEnv;
  /** Ignore configured models: learn with the offline rules and the hashing embedder. */
  offline?: boolean;
  /** Only scenarios whose name or `suite/file-name` contains this text (case-insensitive). */
  filter?: string;
  learn?: Partial<LearnConfig>;
  /** Called after each scenario (progress). */
  onScenario?: (report: ScenarioReport, done: number, total: number) => void;
}

/**
 * Runs every scenario of the given suites, one at a time, each on a fresh temporary store, and
 * totals the results: Recall@3 micro-averaged over all expected lessons, the false-injection
 * rate over all unrelated checks, injected tokens, model calls and wall time.
 */
export async function runEval(options: RunEvalOptions): Promise<EvalReport> {
  const env = options.offline ? {} : modelEnv(options.env ?? {});
  const models = await modelsOf(env);
  const filter = options.filter?.toLowerCase();
  const loaded = (await loadSuites(options.paths)).filter(
    (entry) =>
      !filter ||
      entry.scenario.name.toLowerCase().includes(filter) ||
      `${entry.suite}/${basename(entry.file)}`.toLowerCase().includes(filter),
  );
  const scenarios: ScenarioReport[] = [];
  for (const entry of loaded) {
    const report = await runScenario(entry, { env, learn: options.learn });
    scenarios.push(report);
    options.onScenario?.(report, scenarios.length, loaded.length);
  }
  const suiteNames = [...new Set(scenarios.map((report) => report.suite))];
  return {
    learning: models.llm.provider === "none" ? "offline" : `${models.llm.provider}/${models.llm.model}`,
    embedder: models.embeddings ? models.embeddings.model : "tacit/hashing-v1 (offline)",
    scenarios,
    suites: suiteNames.map((suite) => ({
      suite,
      ...totals(scenarios.filter((report) => report.suite === suite)),
    })),
    totals: totals(scenarios),
  };
}

/** The models a scenario's runtime will use: from the environment alone (its TACIT_HOME is empty). */
async function modelsOf(env: NodeJS.ProcessEnv) {
  const home = await mkdtemp(join(tmpdir(), "tacit-eval-home-"));
  try {
    return resolveModelConfig({ env: { ...env, TACIT_HOME: home } });
  } finally {
    await rm(home, { recursive: true, force: true });
  }
}

/** The model settings of an environment, and nothing else. */
export function modelEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => MODEL_ENV.test(key)));
}
