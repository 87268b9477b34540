/**
 * The viewer's memory-files source over the memory gate's decisions and the write guardian's
 * audits: the files the guardian has written (a file is its workspace and name, shown as one path),
 * each file's history of writes and rollbacks, the gate's decisions, the audits with their diffs,
 * and rollback and correction of an audit (in the workspace the audit was made in).
 *
 * How an audit is shown: `verdict` is what the guardian decided (written, refused, skipped, failed,
 * pending; a rolled-back write stays `written`); `status` is where it stands now: `open` (its fact
 * is in the file and can be rolled back), `rolled-back`, `corrected` (a correction was recorded and
 * it was not rolled back) or `closed` (nothing was written).
 */
import { basename, dirname, join } from "node:path";
import type { z } from "zod";
import { InvalidInputError, NotFoundError } from "../core/errors.js";
import { CORRECTED_STATUSES, type CorrectedStatus } from "../core/memory-files/correction-match.js";
import { MEMORY_FILE_NAMES, type MemoryFileName } from "../core/memory-files/memory-file-layouts.js";
import type { memoryFilesSettingsSchema } from "../core/memory-files/memory-file-settings.js";
import { isWriteDecision, MEMORY_FILE_OF_DECISION } from "../core/memory-gate/gate-decision.js";
import { correctAudit } from "../memory-files/corrections.js";
import { rollbackAudit } from "../memory-files/rollback.js";
import type { GateDecisionRecord } from "../store/gate-decision-store.js";
import { GUARDIAN_STATUSES, type GuardianAudit, type GuardianStatus } from "../store/memory-file-store.js";
import type { Store } from "../store/store.js";
import type {
  AuditView,
  GateDecisionView,
  MemoryFileSummary,
  MemoryFilesSource,
  MemoryFileVersion,
} from "./viewer-sources.js";

/** What the source reads and changes. */
export interface MemoryFilesSourceOptions {
  store: Store;
  now: () => number;
  /** `memoryFiles` settings (rollback allowed, snapshot caps). */
  settings?: z.input<typeof memoryFilesSettingsSchema>;
}

/** Where an audit stands now, as the viewer's status filter names it. */
const VIEW_STATUSES = ["open", "rolled-back", "corrected", "closed"] as const;

/** A file path the viewer sent, as the workspace and memory file it names. */
function fileOf(path: string): { workspace: string; file: MemoryFileName } {
  const file = basename(path);
  if (!(MEMORY_FILE_NAMES as readonly string[]).includes(file))
    throw new InvalidInputError({
      message: `${path} is not a memory file (${MEMORY_FILE_NAMES.join(", ")})`,
      field: "path",
    });
  return { workspace: dirname(path), file: file as MemoryFileName };
}

/** The guardian statuses a viewer status filter selects. */
function statusesOf(status: string | undefined): { stored?: GuardianStatus[]; view?: string } {
  if (status === undefined) return {};
  if ((GUARDIAN_STATUSES as readonly string[]).includes(status))
    return { stored: [status as GuardianStatus] };
  if (!(VIEW_STATUSES as readonly string[]).includes(status))
    throw new InvalidInputError({
      message: `unknown status "${status}": one of ${[...VIEW_STATUSES, ...GUARDIAN_STATUSES].join(", ")}`,
      field: "status",
    });
  const stored: Record<(typeof VIEW_STATUSES)[number], GuardianStatus[] | undefined> = {
    open: ["written"],
    "rolled-back": ["rolled_back"],
    corrected: undefined,
    closed: ["refused", "skipped", "failed"],
  };
  const selected = stored[status as (typeof VIEW_STATUSES)[number]];
  return { ...(selected ? { stored: selected } : {}), view: status };
}

/** The viewer's memory-files source (see the module comment). */
export function memoryFilesViewerSource(options: MemoryFilesSourceOptions): MemoryFilesSource {
  const { store } = options;

  const view = async (audit: GuardianAudit): Promise<AuditView> => {
    const corrected = (await store.listCorrections({ auditId: audit.id, limit: 1 })).length > 0;
    const status =
      audit.status === "rolled_back"
        ? "rolled-back"
        : corrected
          ? "corrected"
          : audit.status === "written"
            ? "open"
            : "closed";
    const fact = audit.candidateFact ?? "(fact forgotten)";
    return {
      id: audit.id,
      path: join(audit.workspace, audit.targetFile),
      at: audit.createdAt,
      verdict: audit.status === "rolled_back" ? "written" : audit.status,
      summary: `${fact}: ${audit.reason}`,
      diff: audit.diff ?? "",
      status,
      sessionId: audit.sessionId,
      workspace: audit.workspace,
      file: audit.targetFile,
      fact: audit.candidateFact,
      reason: audit.reason,
      section: audit.section,
      rule: audit.rule,
      decisionId: audit.decisionId,
      lines: { added: audit.linesAdded, removed: audit.linesRemoved, modified: audit.linesModified },
    };
  };

  const audited = async (id: string): Promise<GuardianAudit> => {
    const audit = await store.getAudit(id);
    if (!audit) throw new NotFoundError("audit", id);
    return audit;
  };

  const decisionView = (record: GateDecisionRecord, audit: GuardianAudit | undefined): GateDecisionView => ({
    id: record.id,
    path: audit
      ? join(audit.workspace, audit.targetFile)
      : isWriteDecision(record.decision)
        ? MEMORY_FILE_OF_DECISION[record.decision]
        : "",
    at: record.createdAt,
    decision: record.decision,
    reason: record.reason,
    sessionId: record.sessionId,
    candidateFact: record.candidateFact,
    auditId: audit?.id ?? null,
    model: record.model,
  });

  return {
    async listFiles(): Promise<MemoryFileSummary[]> {
      return (await store.insights.memoryFileCounts()).map((count) => ({
        path: join(count.workspace, count.fileName),
        projectId: null,
        audits: count.audits,
        openAudits: count.written,
        lastChangeAt: count.lastChangeAt,
        workspace: count.workspace,
        file: count.fileName,
      }));
    },

    async fileHistory(path, limit): Promise<MemoryFileVersion[]> {
      const { workspace, file } = fileOf(path);
      const audits = await store.listAudits({ workspace, file, status: ["written", "rolled_back"], limit });
      const rollbacks = await store.listRollbacks({ workspace, file, limit });
      const versions: MemoryFileVersion[] = [
        ...audits.map((audit) => ({
          id: audit.id,
          path,
          at: audit.createdAt,
          change: `write to ${audit.section ? `## ${audit.section}` : file}: ${audit.candidateFact ?? "(fact forgotten)"}`,
          auditId: audit.id,
          sessionId: audit.sessionId,
        })),
        ...rollbacks.map((rollback) => ({
          id: rollback.id,
          path,
          at: rollback.rolledBackAt,
          change: `rollback of audit ${rollback.auditId} by ${rollback.rolledBackBy}${rollback.restoredHash === null ? ": the file it created was deleted" : ""}${rollback.reason ? ` (${rollback.reason})` : ""}`,
          auditId: rollback.auditId,
          sessionId: null,
        })),
      ];
      return versions.sort((a, b) => b.at - a.at || (b.id < a.id ? -1 : 1)).slice(0, limit);
    },

    async listGateDecisions(filter): Promise<GateDecisionView[]> {
      if (filter.path === undefined) {
        const records = await store.gateDecisions.listGateDecisions({ limit: filter.limit });
        return Promise.all(
          records.map(async (record) => {
            const [audit] = await store.listAudits({ decisionId: record.id, limit: 1 });
            return decisionView(record, audit);
          }),
        );
      }
      const { workspace, file } = fileOf(filter.path);
      const audits = await store.listAudits({ workspace, file, limit: filter.limit });
      const views: GateDecisionView[] = [];
      const seen = new Set<string>();
      for (const audit of audits) {
        if (audit.decisionId === null || seen.has(audit.decisionId)) continue;
        seen.add(audit.decisionId);
        const record = await store.gateDecisions.getGateDecision(audit.decisionId);
        if (record) views.push(decisionView(record, audit));
      }
      return views;
    },

    async listAudits(filter): Promise<AuditView[]> {
      const where = filter.path === undefined ? {} : fileOf(filter.path);
      const { stored, view: wanted } = statusesOf(filter.status);
      const audits = await store.listAudits({
        ...where,
        ...(stored ? { status: stored } : {}),
        limit: wanted === "corrected" ? -1 : filter.limit,
      });
      const views = await Promise.all(audits.map(view));
      const kept = wanted === undefined ? views : views.filter((item) => item.status === wanted);
      return kept.slice(0, filter.limit);
    },

    async getAudit(id): Promise<AuditView | null> {
      const audit = await store.getAudit(id);
      return audit ? view(audit) : null;
    },

    async rollback(auditId, reason): Promise<AuditView> {
      const audit = await audited(auditId);
      await rollbackAudit({
        store,
        workspace: audit.workspace,
        auditId,
        reason,
        requestedBy: "viewer",
        now: options.now,
        ...(options.settings ? { settings: options.settings } : {}),
      });
      return view(await audited(auditId));
    },

    async correct(auditId, correction): Promise<AuditView> {
      if (!(CORRECTED_STATUSES as readonly string[]).includes(correction.verdict))
        throw new InvalidInputError({
          message: `a correction's verdict is what should have happened: ${CORRECTED_STATUSES.join(" or ")}, not "${correction.verdict}"`,
          field: "verdict",
        });
      const audit = await audited(auditId);
      await correctAudit({
        store,
        workspace: audit.workspace,
        auditId,
        status: correction.verdict as CorrectedStatus,
        reason: correction.note,
        correctedBy: "viewer",
        now: options.now,
        ...(options.settings ? { settings: options.settings } : {}),
      });
      return view(await audited(auditId));
    },
  };
}
