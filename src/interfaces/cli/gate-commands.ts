/**
 * `tacit gate decide`, `tacit gate run` and `tacit gate eval`: the memory gate on a turn from
 * stdin, on the stored turns not decided yet, and on a labelled set.
 */
import { resolve } from "node:path";
import { resolveConfig } from "../../config/load-config.js";
import { gateCorrections } from "../../memory-files/corrections.js";
import { evaluateLabelledSet, type GateEvaluation, loadLabelledSet } from "../../memory-files/gate-eval.js";
import { parseGateInput } from "../../memory-files/gate-input.js";
import { createMemoryGate } from "../../memory-files/gate-service.js";
import type { MemoryGateSettings } from "../../memory-files/gate-settings.js";
import type { Runtime } from "../../runtime.js";
import { CliError, type CliIo, type GlobalOptions, withRuntime, writeJson, writeLine } from "./cli-io.js";
import { gateSettingsOf, parseDateOption, parseMode } from "./gate-options.js";
import { formatEvaluation } from "./gate-report.js";

/** Largest stdin `gate decide` reads, in bytes. */
const MAX_STDIN_BYTES = 4 * 1024 * 1024;

async function readStdin(io: CliIo): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of io.stdin) {
    const buffer = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    size += buffer.length;
    if (size > MAX_STDIN_BYTES) throw new CliError(`stdin is larger than ${MAX_STDIN_BYTES} bytes`, 2);
    chunks.push(buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "")
    throw new CliError(
      'stdin is empty: send {"recent_messages": [...], "current_user_message": "...", "current_agent_reply": "..."}',
      2,
    );
  return text;
}

function warn(io: CliIo, warnings: readonly string[]): void {
  for (const warning of warnings) writeLine(io.stderr, `tacit: warning: ${warning}`);
}

/** Options of `tacit gate decide`. */
export interface GateDecideOptions extends GlobalOptions {
  json?: boolean;
  session?: string;
  mode?: string;
  window?: string;
}

/**
 * The gate with the `memoryGate` settings of the configuration, `flags` over them, consulting the
 * user's apply-to-future corrections of the workspace (`memoryFiles.workspace`, else the cwd).
 */
function configuredGate(io: CliIo, runtime: Runtime, flags: Partial<MemoryGateSettings>) {
  const config = resolveConfig({ env: io.env, cwd: io.cwd }).values;
  const workspace = resolve(io.cwd, config.memoryFiles.workspace ?? ".");
  return createMemoryGate({
    store: runtime.store,
    gate: runtime.gate,
    now: runtime.now,
    settings: { ...config.memoryGate, ...flags },
    corrections: () => gateCorrections({ store: runtime.store, workspace }),
  });
}

/**
 * `tacit gate decide [--json]`: reads `{"recent_messages", "current_user_message",
 * "current_agent_reply"}` on stdin, decides, stores the decision and prints `{"decision",
 * "candidate_fact", "reason", "decision_id"}`.
 */
export async function gateDecide(options: GateDecideOptions, io: CliIo): Promise<number> {
  const settings = gateSettingsOf(options);
  const turn = parseGateInput(await readStdin(io), "stdin");
  const { record, warnings } = await withRuntime(io, options, (runtime) =>
    configuredGate(io, runtime, settings).decide(turn, {
      ...(options.session !== undefined ? { sessionId: options.session } : {}),
    }),
  );
  warn(io, warnings);
  if (options.json) {
    writeJson(io, {
      decision: record.decision,
      candidate_fact: record.candidateFact,
      reason: record.reason,
      decision_id: record.id,
    });
    return 0;
  }
  writeLine(
    io.stdout,
    `${record.decision}${record.candidateFact === null ? "" : `: ${record.candidateFact}`}`,
  );
  writeLine(io.stdout, `  why: ${record.reason}`);
  writeLine(io.stdout, `  by:  ${record.decidedBy ?? "-"} (${record.model}); decision ${record.id}`);
  return 0;
}

/** Options of `tacit gate run`. */
export interface GateRunOptions extends GlobalOptions {
  json?: boolean;
  session?: string;
  since?: string;
  limit: number;
  mode?: string;
  window?: string;
}

/** `tacit gate run`: decides the stored turns the gate has not decided yet, oldest first. */
export async function gateRun(options: GateRunOptions, io: CliIo): Promise<number> {
  const settings = gateSettingsOf(options);
  const since = options.since === undefined ? undefined : parseDateOption(options.since, "--since");
  const summary = await withRuntime(io, options, (runtime) =>
    configuredGate(io, runtime, settings).decidePending({
      limit: options.limit,
      ...(options.session !== undefined ? { sessionId: options.session } : {}),
      ...(since !== undefined ? { since } : {}),
    }),
  );
  warn(io, summary.warnings);
  if (options.json) {
    writeJson(io, summary);
    return 0;
  }
  if (!summary.enabled) {
    writeLine(io.stdout, "The memory gate is disabled (memoryGate.enabled is false): nothing decided.");
    return 0;
  }
  const counts = Object.entries(summary.decisions)
    .filter(([, count]) => count > 0)
    .map(([decision, count]) => `${decision} ${count}`)
    .join(", ");
  writeLine(io.stdout, `Decided ${summary.decided} turn(s)${counts ? `: ${counts}` : ""}.`);
  return 0;
}

/** Options of `tacit gate eval`. */
export interface GateEvalOptions extends GlobalOptions {
  json?: boolean;
  mode?: string;
  minAccuracy?: string;
}

/**
 * `tacit gate eval FILE`: the gate on a labelled set: accuracy, per-decision precision and recall,
 * the confusion matrix and the mistakes. Offline by default; `--mode model|auto` asks the
 * configured model (falling back to the rules per turn when it fails). Nothing is stored.
 */
export async function gateEval(file: string, options: GateEvalOptions, io: CliIo): Promise<number> {
  const mode = parseMode(options.mode) ?? "offline";
  const floor = options.minAccuracy === undefined ? undefined : Number(options.minAccuracy);
  if (floor !== undefined && !(floor >= 0 && floor <= 1))
    throw new CliError(`--min-accuracy must be a number from 0 to 1, got "${options.minAccuracy}"`, 2);
  const path = resolve(io.cwd, file);
  const turns = await loadLabelledSet(path);
  let evaluation: GateEvaluation;
  if (mode === "offline") {
    evaluation = await evaluateLabelledSet(turns, { source: file });
  } else {
    evaluation = await withRuntime(io, options, async (runtime) => {
      const gate = createMemoryGate({
        store: runtime.store,
        gate: runtime.gate,
        now: runtime.now,
        settings: { mode },
      });
      const warnings = new Set<string>();
      const result = await evaluateLabelledSet(turns, {
        source: file,
        decider: async (turn) => {
          const judged = await gate.judge(turn);
          if (judged.warning !== null) warnings.add(judged.warning);
          return judged.verdict;
        },
        deciderName: runtime.gate.model?.modelId ?? "offline-rules/v1",
      });
      warn(io, [...warnings]);
      return result;
    });
  }
  if (options.json) writeJson(io, evaluation);
  else writeLine(io.stdout, formatEvaluation(evaluation));
  if (floor !== undefined && evaluation.accuracy < floor) {
    writeLine(
      io.stderr,
      `tacit: accuracy ${evaluation.accuracy.toFixed(3)} is below --min-accuracy ${floor}`,
    );
    return 1;
  }
  return 0;
}
