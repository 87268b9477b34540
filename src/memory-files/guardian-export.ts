/**
 * Guardian history as JSON, CSV or markdown: one record per audit, with its diff and the content of
 * its snapshots when asked. What a rollback forgot is not there to export.
 */
import type { FileSnapshot, GuardianAudit, MemoryFileStore } from "../store/memory-file-store.js";

/** Export formats. */
export const EXPORT_FORMATS = ["json", "csv", "markdown"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One exported audit. */
export interface ExportedAudit {
  id: string;
  createdAt: string;
  workspace: string;
  file: string;
  status: string;
  rule: string | null;
  section: string | null;
  fact: string | null;
  reason: string;
  linesAdded: number;
  linesRemoved: number;
  linesModified: number;
  sessionId: string | null;
  turnId: string | null;
  decisionId: string | null;
  llmModel: string | null;
  retryOf: string | null;
  diff?: string | null;
  before?: string | null;
  after?: string | null;
}

/** An audit as exported; `diff` and snapshot contents only when asked. */
export async function exportedAudit(
  store: MemoryFileStore,
  audit: GuardianAudit,
  options: { withDiff?: boolean; includeContent?: boolean },
): Promise<ExportedAudit> {
  const content = async (id: string | null) => {
    const snapshot: FileSnapshot | null = id ? await store.getSnapshot(id) : null;
    return snapshot ? snapshot.content.toString("utf8") : null;
  };
  return {
    id: audit.id,
    createdAt: new Date(audit.createdAt).toISOString(),
    workspace: audit.workspace,
    file: audit.targetFile,
    status: audit.status,
    rule: audit.rule,
    section: audit.section,
    fact: audit.candidateFact,
    reason: audit.reason,
    linesAdded: audit.linesAdded,
    linesRemoved: audit.linesRemoved,
    linesModified: audit.linesModified,
    sessionId: audit.sessionId,
    turnId: audit.turnId,
    decisionId: audit.decisionId,
    llmModel: audit.llmModel,
    retryOf: audit.retryOf,
    ...(options.withDiff ? { diff: audit.diff } : {}),
    ...(options.includeContent
      ? { before: await content(audit.beforeSnapshotId), after: await content(audit.afterSnapshotId) }
      : {}),
  };
}

/** A CSV field: quoted when it holds a comma, quote or line break. */
function csvField(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A fence longer than any run of backticks in `text`. */
function fence(text: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  return "`".repeat(longest + 1);
}

/** Renders exported audits in a format. */
export function renderExport(records: readonly ExportedAudit[], format: ExportFormat): string {
  if (format === "json") return `${JSON.stringify(records, null, 2)}\n`;
  if (format === "csv") {
    const columns = Object.keys(records[0] ?? { id: "", createdAt: "", file: "", status: "" });
    const lines = [columns.join(",")];
    for (const record of records)
      lines.push(
        columns.map((column) => csvField((record as unknown as Record<string, unknown>)[column])).join(","),
      );
    return `${lines.join("\r\n")}\r\n`;
  }
  const lines = ["# Guardian history", ""];
  if (records.length === 0) lines.push("No audits.", "");
  for (const record of records) {
    lines.push(`## ${record.createdAt} ${record.file}: ${record.status}`, "");
    lines.push(`- audit: \`${record.id}\``, `- workspace: \`${record.workspace}\``);
    if (record.fact !== null) lines.push(`- fact: ${record.fact}`);
    lines.push(`- reason: ${record.reason}`);
    if (record.status === "written" || record.status === "rolled_back")
      lines.push(`- lines: +${record.linesAdded} −${record.linesRemoved} ~${record.linesModified}`);
    if (record.sessionId) lines.push(`- session: \`${record.sessionId}\``);
    for (const [label, text, language] of [
      ["diff", record.diff, "diff"],
      ["before", record.before, "markdown"],
      ["after", record.after, "markdown"],
    ] as const) {
      if (!text) continue;
      const marks = fence(text);
      lines.push("", `${label}:`, "", `${marks}${language}`, text.replace(/\n$/, ""), marks);
    }
    lines.push("");
  }
  return lines.join("\n");
}
