import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { importPaths } from "../src/capture/importers/import-runner.js";
import { learnSessions } from "../src/learn/learn-worker.js";
import { learnServices, openRuntime } from "../src/runtime.js";
import { writeLongSession } from "../src/testing/long-session.js";
import type { BenchResult } from "./report.js";

/** Session sizes learnt, in transcript lines; the first is the baseline, the last the figure. */
export const LEARN_SCALE_LINES = [1_500, 3_000, 6_000, 24_000, 96_000] as const;

interface Measured {
  lines: number;
  tasks: number;
  /** Wall-clock time of the import. */
  importMs: number;
  /** Wall-clock time of learning. */
  learnMs: number;
  /** CPU time of learning (user + system, this process). */
  cpuMs: number;
  /** Learning CPU time per transcript line, in microseconds. */
  perLineUs: number;
}

/** Imports one synthetic session of `lines` lines into a fresh store and times `tacit learn` on it. */
async function measure(dir: string, lines: number): Promise<Measured> {
  const file = join(dir, `session-${lines}.jsonl`);
  await writeLongSession(file, { lines, seed: 11 });
  const runtime = await openRuntime({ db: join(dir, `learn-${lines}.db`), env: { TACIT_HOME: dir } });
  try {
    let started = performance.now();
    await importPaths({
      capture: runtime.capture,
      getImportFile: (path) => runtime.store.getImportFile(path),
      paths: [file],
    });
    const importMs = performance.now() - started;
    started = performance.now();
    const cpu = process.cpuUsage();
    // What `tacit learn` runs: tasks, lessons, skills and the evidence vectors for recall.
    const summary = await learnSessions(learnServices(runtime));
    const used = process.cpuUsage(cpu);
    const learnMs = performance.now() - started;
    if (summary.tasksFailed > 0)
      throw new Error(`${summary.tasksFailed} tasks failed: ${summary.warnings[0]}`);
    const cpuMs = (used.user + used.system) / 1000;
    return { lines, tasks: summary.tasks, importMs, learnMs, cpuMs, perLineUs: (cpuMs * 1000) / lines };
  } finally {
    await runtime.close();
  }
}

/**
 * Learning cost per transcript line of one long session (a Claude Code-like transcript: tasks of
 * user goals, assistant text, Read/Edit/Bash calls with outputs, failures, corrections) at 96k lines
 * against 1.5k lines. Linear learning keeps the ratio near 1; the goal allows 1.5. Timed in CPU time
 * of this process, not wall-clock time: on a shared machine the load changes between the short and
 * the long run, and wall-clock time charges other processes' work to whichever run it fell on. A
 * 1.5k session is learnt once first, so start-up work (module loading, JIT) is not charged to the
 * small session.
 */
export async function runLearnScaleBench(): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), "tacit-bench-learn-scale-"));
  try {
    await measure(mkdtempSync(join(dir, "warm-")), LEARN_SCALE_LINES[0]);
    const results: Measured[] = [];
    for (const lines of LEARN_SCALE_LINES) results.push(await measure(dir, lines));
    const base = results[0] as Measured;
    const top = results.at(-1) as Measured;
    const ratio = top.perLineUs / base.perLineUs;
    return {
      name: `tacit learn, CPU time per transcript line of a ${top.lines.toLocaleString("en-US")}-line session (${top.tasks} tasks)`,
      value: top.perLineUs,
      unit: "µs/line",
      baselineName: `the same for a ${base.lines.toLocaleString("en-US")}-line session (${base.tasks} tasks)`,
      baselineValue: base.perLineUs,
      ratio,
      goal: "≤ 1.5 (learning is linear in session size)",
      met: ratio <= 1.5,
      note: results
        .map(
          (result) =>
            `${result.lines.toLocaleString("en-US")} lines: learn ${(result.cpuMs / 1000).toFixed(1)} s CPU, ${(result.learnMs / 1000).toFixed(1)} s wall (${Math.round(result.perLineUs)} µs CPU/line, ${result.tasks} tasks), import ${(result.importMs / 1000).toFixed(1)} s wall`,
        )
        .join("; "),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
