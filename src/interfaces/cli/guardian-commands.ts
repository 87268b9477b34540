import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { resolve } from "node:path";
import { NotFoundError } from "../../core/errors.js";
import { isMemoryFileName, type MemoryFileName } from "../../core/memory-files/memory-file-layouts.js";
import {
  EXPORT_FORMATS,
  type ExportFormat,
  exportedAudit,
  renderExport,
} from "../../memory-files/guardian-export.js";
import { resolveWorkspace, WorkspaceError } from "../../memory-files/workspace.js";
import {
  type AuditFilter,
  GUARDIAN_STATUSES,
  type GuardianAudit,
  type GuardianStatus,
  type MemoryFileStore,
} from "../../store/memory-file-store.js";
import type { Store } from "../../store/store.js";
import {
  CliError,
  type CliIo,
  type GlobalOptions,
  oneLine,
  shortTime,
  withStore,
  writeJson,
  writeLine,
  writeListing,
} from "./cli-io.js";
import { workspaceOption } from "./memory-commands.js";

/** The filters every guardian listing takes. */
export interface ListingOptions extends GlobalOptions {
  workspace?: string;
  file?: string;
  status?: string;
  session?: string;
  decision?: string;
  since?: string;
  until?: string;
  json?: boolean;
}

function parseDate(value: string | undefined, option: string): number | undefined {
  if (value === undefined) return undefined;
  const at = Date.parse(value);
  if (Number.isNaN(at))
    throw new CliError(`${option} must be a date such as 2026-11-01 or 2026-11-01T12:00:00Z, got "${value}"`);
  return at;
}

function parseFile(value: string | undefined): MemoryFileName | undefined {
  if (value === undefined) return undefined;
  if (!isMemoryFileName(value))
    throw new CliError(`--file must be MEMORY.md, USER.md, SOUL.md, IDENTITY.md or TOOLS.md, got "${value}"`);
  return value;
}

function parseStatuses(value: string | undefined): GuardianStatus[] | undefined {
  if (value === undefined) return undefined;
  const statuses = value.split(",").map((item) => item.trim());
  for (const status of statuses)
    if (!(GUARDIAN_STATUSES as readonly string[]).includes(status))
      throw new CliError(`--status takes ${GUARDIAN_STATUSES.join(", ")}; got "${status}"`);
  return statuses as GuardianStatus[];
}

/** A workspace to filter by: its real path, or the path as given once the folder is gone. */
function workspaceFilter(io: CliIo, workspace: string): string {
  const path = workspaceOption(io, workspace);
  try {
    return resolveWorkspace(path);
  } catch (error) {
    if (error instanceof WorkspaceError) return path;
    throw error;
  }
}

/** The audit filter of a listing's options. `--workspace` filters by the folder's real path. */
export function auditFilter(io: CliIo, options: ListingOptions, limit: number): AuditFilter {
  return {
    limit,
    workspace: options.workspace === undefined ? undefined : workspaceFilter(io, options.workspace),
    file: parseFile(options.file),
    status: parseStatuses(options.status),
    sessionId: options.session,
    decisionId: options.decision,
    since: parseDate(options.since, "--since"),
    until: parseDate(options.until, "--until"),
  };
}

/** An audit as listings print it: the row without its diff unless asked. */
function listed(audit: GuardianAudit, withDiff: boolean | undefined) {
  const { diff, ...rest } = audit;
  return withDiff ? audit : rest;
}

/** `tacit guardian list [filters] [--limit N] [--with-diff] [--json]` */
export async function guardianList(
  options: ListingOptions & { limit: number; withDiff?: boolean },
  io: CliIo,
): Promise<number> {
  const audits = await withStore(
    io,
    options,
    (store) => store.listAudits(auditFilter(io, options, options.limit)),
    "read",
  );
  if (!options.json && options.withDiff) {
    for (const audit of audits) {
      writeLine(
        io.stdout,
        `${audit.id}  ${shortTime(audit.createdAt)}  ${audit.targetFile}  ${audit.status}: ${audit.reason}`,
      );
      if (audit.diff) io.stdout.write(audit.diff);
    }
    if (audits.length === 0) writeLine(io.stdout, "No guardian audits.");
    return 0;
  }
  return writeListing(
    io,
    options.json,
    audits.map((audit) => listed(audit, options.withDiff)),
    {
      empty: "No guardian audits.",
      headers: ["ID", "TIME", "FILE", "STATUS", "FACT", "REASON"],
      row: (audit) => [
        audit.id,
        shortTime(audit.createdAt),
        audit.targetFile,
        audit.status,
        oneLine(audit.candidateFact ?? "(forgotten)", 40),
        oneLine(audit.reason, 60),
      ],
    },
  );
}

async function auditOrNotFound(store: MemoryFileStore, id: string): Promise<GuardianAudit> {
  const audit = await store.getAudit(id);
  if (!audit)
    throw new CliError(`${new NotFoundError("audit", id).message} (list audits with: tacit guardian list)`);
  return audit;
}

/** Messages of the audit's session up to the audit, at most this many (the memory gate's window). */
export const CONTEXT_MESSAGES = 10;

/** The conversation a candidate came from: its session's last messages before the audit (as captured, redacted). */
async function contextOf(store: Store, audit: GuardianAudit) {
  if (!audit.sessionId) return [];
  const messages = await store.listMessages(audit.sessionId);
  return messages
    .filter((message) => message.createdAt <= audit.createdAt && message.kind !== "thinking")
    .slice(-CONTEXT_MESSAGES)
    .map((message) => ({
      seq: message.seq,
      role: message.role,
      content: message.content,
      createdAt: message.createdAt,
    }));
}

/** `tacit guardian show AUDIT [--include-content] [--with-context] [--json]` */
export async function guardianShow(
  id: string,
  options: GlobalOptions & { includeContent?: boolean; withContext?: boolean; json?: boolean },
  io: CliIo,
): Promise<number> {
  const shown = await withStore(
    io,
    options,
    async (store) => {
      const audit = await auditOrNotFound(store, id);
      const content = async (snapshotId: string | null) =>
        snapshotId ? ((await store.getSnapshot(snapshotId))?.content.toString("utf8") ?? null) : null;
      return {
        audit,
        rollback: await store.getRollback(id),
        corrections: await store.listCorrections({ auditId: id, limit: -1 }),
        ...(options.includeContent
          ? { before: await content(audit.beforeSnapshotId), after: await content(audit.afterSnapshotId) }
          : {}),
        ...(options.withContext ? { context: await contextOf(store, audit) } : {}),
      };
    },
    "read",
  );
  if (options.json) {
    writeJson(io, shown);
    return 0;
  }
  const { audit, rollback, corrections } = shown;
  writeLine(io.stdout, `audit      ${audit.id}`);
  writeLine(io.stdout, `time       ${shortTime(audit.createdAt)}`);
  writeLine(
    io.stdout,
    `file       ${audit.workspace}/${audit.targetFile}${audit.section ? ` (## ${audit.section})` : ""}`,
  );
  writeLine(io.stdout, `status     ${audit.status}${audit.rule ? ` (${audit.rule})` : ""}`);
  writeLine(io.stdout, `fact       ${audit.candidateFact ?? "(forgotten when it was rolled back)"}`);
  writeLine(io.stdout, `reason     ${audit.reason}`);
  writeLine(io.stdout, `lines      +${audit.linesAdded} -${audit.linesRemoved} ~${audit.linesModified}`);
  if (audit.sessionId)
    writeLine(io.stdout, `session    ${audit.sessionId}${audit.turnId ? ` turn ${audit.turnId}` : ""}`);
  if (audit.decisionId) writeLine(io.stdout, `decision   ${audit.decisionId}`);
  if (audit.llmModel)
    writeLine(
      io.stdout,
      `model      ${audit.llmModel}${audit.llmLatencyMs !== null ? ` (${audit.llmLatencyMs} ms)` : ""}`,
    );
  if (audit.retryOf) writeLine(io.stdout, `retry of   ${audit.retryOf}`);
  if (rollback)
    writeLine(
      io.stdout,
      `rollback   ${shortTime(rollback.rolledBackAt)} by ${rollback.rolledBackBy}${rollback.forced ? " (forced)" : ""}${rollback.reason ? `: ${rollback.reason}` : ""}`,
    );
  for (const correction of corrections)
    writeLine(
      io.stdout,
      `correction ${correction.id}: should have been ${correction.correctedStatus}: ${correction.reason}`,
    );
  if (shown.context !== undefined) {
    writeLine(
      io.stdout,
      `\n--- context (${shown.context.length} message(s) of the session before the audit) ---`,
    );
    for (const message of shown.context)
      writeLine(io.stdout, `${message.role}: ${oneLine(message.content, 200)}`);
  }
  if (audit.diff) io.stdout.write(`\n${audit.diff}`);
  for (const [label, text] of [
    ["before", shown.before],
    ["after", shown.after],
  ] as const) {
    if (text !== undefined) writeLine(io.stdout, `\n--- ${label} ---\n${text ?? "(no snapshot)"}`);
  }
  return 0;
}

/** `tacit guardian diff AUDIT [--json]` */
export async function guardianDiff(
  id: string,
  options: GlobalOptions & { json?: boolean },
  io: CliIo,
): Promise<number> {
  const audit = await withStore(io, options, (store) => auditOrNotFound(store, id), "read");
  if (options.json) writeJson(io, { auditId: audit.id, status: audit.status, diff: audit.diff });
  else if (audit.diff) io.stdout.write(audit.diff);
  else
    writeLine(
      io.stdout,
      audit.status === "rolled_back"
        ? "The write was rolled back; its diff was forgotten."
        : `Nothing was written (${audit.status}).`,
    );
  return 0;
}

/** `tacit guardian export --format json|csv|markdown [-o FILE] [--with-diff] [--include-content] [filters]` */
export async function guardianExport(
  options: ListingOptions & {
    format: string;
    output?: string;
    limit?: string;
    withDiff?: boolean;
    includeContent?: boolean;
  },
  io: CliIo,
): Promise<number> {
  if (!(EXPORT_FORMATS as readonly string[]).includes(options.format))
    throw new CliError(`--format must be ${EXPORT_FORMATS.join(", ")}, got "${options.format}"`);
  const limit = options.limit === undefined ? -1 : Number(options.limit);
  if (!Number.isInteger(limit) || (limit < 1 && limit !== -1))
    throw new CliError(`--limit must be a positive whole number, got "${options.limit}"`);
  const records = await withStore(
    io,
    options,
    async (store) => {
      const audits = await store.listAudits(auditFilter(io, options, limit));
      return Promise.all(audits.map((audit) => exportedAudit(store, audit, options)));
    },
    "read",
  );
  const text = renderExport(records, options.format as ExportFormat);
  if (!options.output) {
    io.stdout.write(text);
    return 0;
  }
  const target = createWriteStream(resolve(io.cwd, options.output), { mode: 0o600 });
  target.end(text);
  await once(target, "finish");
  const summary = { file: options.output, format: options.format, audits: records.length };
  if (options.json) writeJson(io, summary);
  else writeLine(io.stdout, `Exported ${records.length} audit(s) to ${options.output}.`);
  return 0;
}
