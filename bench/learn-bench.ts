import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { importPaths } from "../src/capture/importers/import-runner.js";
import type { ExperienceMode } from "../src/core/learning/index.js";
import { learnSessions } from "../src/learn/learn-worker.js";
import { openRuntime, type Runtime } from "../src/runtime.js";
import { loadFixture, startLoopbackLlmServer } from "../src/testing/loopback-llm-server.js";
import { runLearnScaleBench } from "./learn-scale-bench.js";
import type { BenchResult } from "./report.js";

const SOURCES = [
  fileURLToPath(new URL("../examples/transcripts/tacit-samples", import.meta.url)),
  fileURLToPath(new URL("../examples/transcripts/claude-code", import.meta.url)),
];

/** Copies the Claude Code transcripts `copies` times, each copy with its own session ids. */
function writeCorpus(dir: string, copies: number): void {
  const files = SOURCES.flatMap((source) =>
    readdirSync(source)
      .filter((name) => name.endsWith(".jsonl"))
      .map((name) => join(source, name)),
  );
  for (let copy = 0; copy < copies; copy++) {
    const target = join(dir, `copy-${copy}`);
    mkdirSync(target, { recursive: true });
    for (const file of files) {
      const text = readFileSync(file, "utf8").replace(/("sessionId":\s*")([^"]+)"/g, `$1$2-copy${copy}"`);
      writeFileSync(join(target, file.split("/").at(-1) as string), text);
    }
  }
}

async function freshRuntime(dir: string, name: string, env: NodeJS.ProcessEnv = {}): Promise<Runtime> {
  return openRuntime({ db: join(dir, `${name}.db`), env: { TACIT_HOME: dir, ...env } });
}

async function importCorpus(runtime: Runtime, corpus: string): Promise<number> {
  const started = performance.now();
  await importPaths({
    capture: runtime.capture,
    getImportFile: (file) => runtime.store.getImportFile(file),
    paths: [corpus],
  });
  return performance.now() - started;
}

function learn(runtime: Runtime, mode: ExperienceMode) {
  return learnSessions({
    store: runtime.store,
    lessons: runtime.lessons,
    gate: runtime.gate,
    now: runtime.now,
    config: { mode },
  });
}

/** A recorded-shape chat completion that answers both the signals and the experience prompts. */
function reply(content: unknown) {
  const body = structuredClone(loadFixture("openai-chat-valid")) as {
    choices: Array<{ message: { content: string } }>;
  };
  const [choice] = body.choices;
  if (choice) choice.message.content = JSON.stringify(content);
  return { body };
}

const EXPERIENCE = {
  goal: "the task goal",
  successCriteria: [],
  failedAttempts: [],
  workingApproach: "",
  transferableHeuristics: [],
  feedbackSignals: [],
};

/**
 * Offline learning throughput against importing the same sessions, model calls per task by mode,
 * and the cost per line of learning one long session against a short one.
 */
export async function runLearnBench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "tacit-bench-learn-"));
  try {
    const corpus = join(dir, "corpus");
    writeCorpus(corpus, 20);
    const offline = await freshRuntime(dir, "offline");
    const importMs = await importCorpus(offline, corpus);
    const started = performance.now();
    const summary = await learn(offline, "balanced");
    const learnMs = performance.now() - started;
    const rerun = await learn(offline, "balanced");
    await offline.close();
    const tasksPerSecond = summary.tasks / (learnMs / 1000);
    const importTasksPerSecond = summary.tasks / (importMs / 1000);
    const results: BenchResult[] = [
      {
        name: `offline learn, ${summary.tasks} tasks (${summary.sessions} sessions: fixtures + samples × 20)`,
        value: tasksPerSecond,
        unit: "tasks/s",
        baselineName: "importing the same sessions (their tasks per second of import)",
        baselineValue: importTasksPerSecond,
        ratio: tasksPerSecond / importTasksPerSecond,
        goal: "report (learning a task may cost more than capturing it)",
        met: summary.tasksFailed === 0 && rerun.tasksLearned === 0,
        note: `${summary.lessons.created} lessons created, ${summary.lessons.merged} updated; re-run learnt ${rerun.tasksLearned} tasks`,
      },
    ];

    const budgets: Record<ExperienceMode, number> = { minimal: 0, balanced: 1, full: 2 };
    for (const mode of ["minimal", "balanced", "full"] as const) {
      const server = await startLoopbackLlmServer();
      try {
        const runtime = await freshRuntime(dir, `model-${mode}`, {
          TACIT_LLM_BASE_URL: server.url,
          TACIT_LLM_MODEL: "bench-model",
          TACIT_LLM_MAX_CALLS_PER_DAY: "100000",
          TACIT_LLM_MAX_TOKENS_PER_DAY: "1000000000",
        });
        await importCorpus(runtime, join(corpus, "copy-0"));
        for (let index = 0; index < 200; index++) {
          server.enqueue(mode === "full" && index % 2 === 0 ? reply([]) : reply(EXPERIENCE));
        }
        const first = await learn(runtime, mode);
        const second = await learn(runtime, mode);
        await runtime.close();
        const perTask = first.modelCalls / first.tasks;
        results.push({
          name: `model calls per task, ${mode} mode (${first.tasks} tasks)`,
          value: perTask,
          unit: "calls/task",
          baselineName: "the mode's budget",
          baselineValue: budgets[mode],
          ratio: budgets[mode] === 0 ? perTask : perTask / budgets[mode],
          goal: `≤ ${budgets[mode]} per task, 0 on a re-run`,
          met: perTask <= budgets[mode] && second.modelCalls === 0,
          note: `${server.requests.length} HTTP requests; the re-run made ${second.modelCalls} calls`,
        });
      } finally {
        await server.close();
      }
    }
    results.push(await runLearnScaleBench());
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
