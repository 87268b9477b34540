import { resolve } from "node:path";
import { resolveConfig } from "../../config/load-config.js";
import type { TacitConfig } from "../../config/schema.js";
import type { CorrectedStatus } from "../../core/memory-files/correction-match.js";
import { correctAudit } from "../../memory-files/corrections.js";
import { type WriteMemoryFactResult, writeMemoryFact } from "../../memory-files/guardian.js";
import { retryAudit } from "../../memory-files/retry.js";
import { type RollbackResult, rollbackAudit, rollbackSession } from "../../memory-files/rollback.js";
import { CliError, type CliIo, type GlobalOptions, withStore, writeJson, writeLine } from "./cli-io.js";

/**
 * `--workspace DIR`, relative to the command's directory; default the `memoryFiles.workspace`
 * setting, else that directory.
 */
export function workspaceOption(io: CliIo, workspace: string | undefined): string {
  return resolve(io.cwd, workspace ?? memoryFilesConfig(io).workspace ?? ".");
}

/** The `memoryFiles` settings of the configuration (caps, snapshots, retention, workspace). */
export function memoryFilesConfig(io: CliIo): TacitConfig["memoryFiles"] {
  return resolveConfig({ env: io.env, cwd: io.cwd }).values.memoryFiles;
}

/** Prints a guardian answer: the stable `{auditId, status, reason, diff}` as JSON, else a line and the diff. */
function printWrite(io: CliIo, result: WriteMemoryFactResult, json: boolean | undefined): number {
  if (json)
    writeJson(io, {
      auditId: result.auditId,
      status: result.status,
      reason: result.reason,
      diff: result.diff,
    });
  else {
    writeLine(io.stdout, `${result.status} ${result.file}: ${result.reason}`);
    writeLine(io.stdout, `audit ${result.auditId}`);
    if (result.diff) io.stdout.write(result.diff);
  }
  return result.status === "failed" ? 1 : 0;
}

/** `tacit memory write --workspace DIR --file NAME --fact TEXT [--session ID] [--json]` */
export async function memoryWrite(
  options: GlobalOptions & {
    workspace?: string;
    file: string;
    fact: string;
    session?: string;
    turn?: string;
    decision?: string;
    json?: boolean;
  },
  io: CliIo,
): Promise<number> {
  const result = await withStore(io, options, (store) =>
    writeMemoryFact({
      store,
      workspace: workspaceOption(io, options.workspace),
      file: options.file,
      fact: options.fact,
      sessionId: options.session ?? null,
      turnId: options.turn ?? null,
      decisionId: options.decision ?? null,
      now: io.now,
      settings: memoryFilesConfig(io),
    }),
  );
  return printWrite(io, result, options.json);
}

function describeRollback(result: RollbackResult): string {
  const what =
    result.action === "deleted"
      ? `deleted ${result.file} (the write had created it)`
      : `restored ${result.file}`;
  const backup = result.backupSnapshotId
    ? `; the content it replaced is kept as snapshot ${result.backupSnapshotId}`
    : "";
  return `rolled back audit ${result.auditId}: ${what}${backup}`;
}

/** `tacit guardian rollback AUDIT | --session ID [--workspace DIR] [--force] [--reason TEXT] [--json]` */
export async function guardianRollback(
  auditId: string | undefined,
  options: GlobalOptions & {
    session?: string;
    workspace?: string;
    force?: boolean;
    reason?: string;
    json?: boolean;
  },
  io: CliIo,
): Promise<number> {
  if ((auditId === undefined) === (options.session === undefined))
    throw new CliError("give an audit id or --session ID (one of them)");
  const common = {
    workspace: workspaceOption(io, options.workspace),
    force: options.force,
    reason: options.reason,
    requestedBy: "cli",
    now: io.now,
    settings: memoryFilesConfig(io),
  };
  if (auditId !== undefined) {
    const result = await withStore(io, options, (store) => rollbackAudit({ ...common, store, auditId }));
    if (options.json) writeJson(io, result);
    else writeLine(io.stdout, describeRollback(result));
    return 0;
  }
  const sessionId = options.session ?? "";
  const result = await withStore(io, options, (store) => rollbackSession({ ...common, store, sessionId }));
  if (options.json) writeJson(io, result);
  else {
    if (result.rolledBack.length === 0 && !result.stopped)
      writeLine(io.stdout, `No written audits of session ${sessionId} in this workspace.`);
    for (const item of result.rolledBack) writeLine(io.stdout, describeRollback(item));
  }
  if (result.stopped) {
    writeLine(io.stderr, `tacit: stopped at audit ${result.stopped.auditId}: ${result.stopped.reason}`);
    return 1;
  }
  return 0;
}

/** `tacit guardian retry AUDIT [--fact TEXT] [--file NAME] [--workspace DIR] [--json]` */
export async function guardianRetry(
  auditId: string,
  options: GlobalOptions & { workspace?: string; fact?: string; file?: string; json?: boolean },
  io: CliIo,
): Promise<number> {
  const result = await withStore(io, options, (store) =>
    retryAudit({
      store,
      workspace: workspaceOption(io, options.workspace),
      auditId,
      fact: options.fact,
      file: options.file,
      now: io.now,
      settings: memoryFilesConfig(io),
    }),
  );
  return printWrite(io, result, options.json);
}

/** `tacit guardian correct AUDIT --reason TEXT [--status S] [--fact T] [--file F] [--apply-to-future] …` */
export async function guardianCorrect(
  auditId: string,
  options: GlobalOptions & {
    reason: string;
    workspace?: string;
    status?: string;
    fact?: string;
    file?: string;
    applyToFuture?: boolean;
    pattern?: string;
    force?: boolean;
    json?: boolean;
  },
  io: CliIo,
): Promise<number> {
  if (options.status !== undefined && options.status !== "written" && options.status !== "refused")
    throw new CliError(`--status must be written or refused, got "${options.status}"`);
  const result = await withStore(io, options, (store) =>
    correctAudit({
      store,
      workspace: workspaceOption(io, options.workspace),
      auditId,
      reason: options.reason,
      status: options.status as CorrectedStatus | undefined,
      fact: options.fact,
      file: options.file,
      applyToFuture: options.applyToFuture,
      pattern: options.pattern,
      correctedBy: "cli",
      force: options.force,
      now: io.now,
      settings: memoryFilesConfig(io),
    }),
  );
  if (options.json) {
    writeJson(io, result);
    return 0;
  }
  writeLine(io.stdout, `correction ${result.correctionId}: should have been ${result.correctedStatus}`);
  if (result.rollback) writeLine(io.stdout, describeRollback(result.rollback));
  if (result.write) printWrite(io, result.write, false);
  if (result.applyToFuture) writeLine(io.stdout, `applies to future candidates matching "${result.pattern}"`);
  return result.write?.status === "failed" ? 1 : 0;
}
