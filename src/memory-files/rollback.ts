/**
 * Rolling back guardian writes. One audit: the file gets back the exact bytes of its
 * before-snapshot, or is deleted when the write created it; the audit becomes `rolled_back` and
 * what it wrote (fact, diff, after-snapshot) is deleted from the database. A session: its written
 * audits, newest first, stopping at the first that cannot be rolled back. If the file changed since
 * the audited write, the rollback is refused with the difference, unless forced; a forced rollback
 * first backs up the current content as a snapshot.
 */
import type { z } from "zod";
import { unifiedDiff } from "../core/memory-files/file-diff.js";
import type { memoryFilesSettingsSchema } from "../core/memory-files/memory-file-settings.js";
import { secretLines } from "../core/memory-files/personal-data.js";
import { createRedactor } from "../core/redaction.js";
import {
  type GuardianAudit,
  GuardianRefusedError,
  type GuardianRollback,
  type MemoryFileStore,
  type SnapshotWrite,
} from "../store/memory-file-store.js";
import { exclusively, fileHashNow, newOperation, settleClaim, stateHash } from "./file-claims.js";
import { auditIn, guardianId, memoryFilesSettings } from "./guardian.js";
import {
  memoryFilePath,
  readMemoryFile,
  removeMemoryFile,
  resolveWorkspace,
  writeFileAtomically,
} from "./workspace.js";

/** The file changed since the audited write: the rollback would overwrite that change. */
export class RollbackConflictError extends GuardianRefusedError {
  static override readonly marker: string = "tacit.error.rollback-conflict";
  override readonly name = "RollbackConflictError";
  /** How the file differs from what the audited write left (a unified diff; empty when unknown). */
  readonly conflict: string;

  constructor(message: string, conflict: string) {
    super(message);
    this.conflict = conflict;
  }
}

/** What a rollback asks for. */
export interface RollbackAuditInput {
  store: MemoryFileStore;
  workspace: string;
  auditId: string;
  /** Roll back even if the file changed since the write (its current content is backed up first). */
  force?: boolean;
  reason?: string;
  /** Who asked (stored with the rollback; default `user`). */
  requestedBy?: string;
  now: () => number;
  settings?: z.input<typeof memoryFilesSettingsSchema>;
}

/** A completed rollback. */
export interface RollbackResult {
  auditId: string;
  rollbackId: string;
  file: string;
  /** `restored`: the before-snapshot was written back; `deleted`: the write had created the file. */
  action: "restored" | "deleted";
  forced: boolean;
  /** The snapshot holding the content that a forced rollback replaced. */
  backupSnapshotId: string | null;
}

/** Rolls back one written audit. Refusals and conflicts throw (see {@link RollbackConflictError}). */
export async function rollbackAudit(input: RollbackAuditInput): Promise<RollbackResult> {
  const settings = memoryFilesSettings(input.settings);
  const workspace = resolveWorkspace(input.workspace);
  const found = await auditIn(input.store, workspace, input.auditId);
  if (!settings.enableRollback)
    throw new GuardianRefusedError("rollback is disabled (memoryFiles.enableRollback is false)");
  const { path } = memoryFilePath(workspace, found.targetFile);
  return exclusively(workspace, found.targetFile, async () => {
    await settleClaim({
      store: input.store,
      workspace,
      file: found.targetFile,
      path,
      now: input.now,
      maxSnapshotsPerFile: settings.maxSnapshotsPerFile,
    });
    const audit = (await input.store.getAudit(found.id)) ?? found;
    await refuseUnlessWritten(input.store, audit);
    const restore = await restoreTarget(input.store, audit);
    const current = readMemoryFile(path);
    const currentHash = stateHash(current);
    const conflicted = currentHash !== audit.afterHash;
    let backup: SnapshotWrite | null = null;
    const at = input.now();
    if (conflicted) {
      if (!input.force) throw await conflictError(input.store, audit, current?.bytes ?? null);
      if (current && currentHash) {
        const secrets = secretLines(current.bytes.toString("utf8"), createRedactor());
        if (secrets.length)
          throw new GuardianRefusedError(
            `${audit.targetFile} now holds what looks like a secret on line ${secrets.map((item) => item.line).join(", ")}; it cannot be backed up before a forced rollback: remove it first`,
          );
        backup = {
          id: guardianId(at),
          workspace,
          fileName: audit.targetFile,
          content: current.bytes,
          contentHash: currentHash,
          at,
        };
      }
    }
    const rollback: GuardianRollback = {
      id: guardianId(at),
      auditId: audit.id,
      workspace,
      fileName: audit.targetFile,
      rolledBackAt: at,
      rolledBackBy: input.requestedBy ?? "user",
      reason: input.reason ?? null,
      restoredSnapshotId: restore?.id ?? null,
      restoredHash: audit.beforeHash,
      backupSnapshotId: null,
      previousStatus: audit.status,
      forced: conflicted,
    };
    const operation = newOperation(
      {
        workspace,
        fileName: audit.targetFile,
        kind: "rollback",
        auditId: audit.id,
        priorHash: currentHash,
        expectedHash: audit.beforeHash,
        rollback,
      },
      at,
    );
    const { backupSnapshotId } = await input.store.beginRollback({ operation, backup });
    try {
      if (restore) writeFileAtomically(path, restore.content, current?.mode ?? 0o644);
      else removeMemoryFile(path);
    } catch (error) {
      // The file may have been restored before the error (a folder fsync that failed): it says.
      if (fileHashNow(path) !== audit.beforeHash) {
        await input.store.releaseFile(workspace, audit.targetFile);
        throw error;
      }
    }
    await input.store.finishRollback({ operation, at: input.now() });
    return {
      auditId: audit.id,
      rollbackId: rollback.id,
      file: audit.targetFile,
      action: restore ? "restored" : "deleted",
      forced: conflicted,
      backupSnapshotId,
    };
  });
}

/** Refuses a rollback of an audit that was rolled back already, or that wrote nothing. */
async function refuseUnlessWritten(store: MemoryFileStore, audit: GuardianAudit): Promise<void> {
  if (audit.status === "rolled_back") {
    const earlier = await store.getRollback(audit.id);
    const when = earlier
      ? ` on ${new Date(earlier.rolledBackAt).toISOString()} by ${earlier.rolledBackBy}`
      : "";
    throw new GuardianRefusedError(`audit ${audit.id} was already rolled back${when}`);
  }
  if (audit.status !== "written")
    throw new GuardianRefusedError(
      `audit ${audit.id} wrote nothing (status ${audit.status}): there is nothing to roll back`,
    );
}

/** The snapshot to restore, or null when the write created the file (it is deleted). */
async function restoreTarget(store: MemoryFileStore, audit: GuardianAudit) {
  if (audit.beforeHash === null) return null;
  const snapshot = audit.beforeSnapshotId ? await store.getSnapshot(audit.beforeSnapshotId) : null;
  if (!snapshot)
    throw new GuardianRefusedError(
      `audit ${audit.id} cannot be rolled back: the content before it was not kept (snapshots were off, or retention deleted it)`,
    );
  return snapshot;
}

/** The conflict a rollback found, with the difference between what the write left and the file now. */
async function conflictError(
  store: MemoryFileStore,
  audit: GuardianAudit,
  current: Buffer | null,
): Promise<RollbackConflictError> {
  const written = audit.afterSnapshotId ? await store.getSnapshot(audit.afterSnapshotId) : null;
  const conflict = written
    ? unifiedDiff(audit.targetFile, written.content.toString("utf8"), current?.toString("utf8") ?? null)
    : "";
  const state = current === null ? "was deleted" : "has changed";
  return new RollbackConflictError(
    `conflict: ${audit.targetFile} ${state} since audit ${audit.id} wrote it; rolling back would lose that change. Use --force to roll back anyway (the current content is backed up first)${conflict ? `:\n${conflict}` : ""}`,
    conflict,
  );
}

/** The rollbacks of a session: what was rolled back, and where it stopped (if it did). */
export interface SessionRollbackResult {
  rolledBack: RollbackResult[];
  /** The audit that could not be rolled back, and why; older writes were left as they are. */
  stopped: { auditId: string; reason: string } | null;
}

/** Rolls back a session's written audits in a workspace, newest first; stops at the first refusal. */
export async function rollbackSession(
  input: Omit<RollbackAuditInput, "auditId"> & { sessionId: string },
): Promise<SessionRollbackResult> {
  const workspace = resolveWorkspace(input.workspace);
  const audits = await input.store.listAudits({
    workspace,
    sessionId: input.sessionId,
    status: ["written"],
    limit: -1,
  });
  const rolledBack: RollbackResult[] = [];
  for (const audit of audits) {
    try {
      rolledBack.push(await rollbackAudit({ ...input, workspace, auditId: audit.id }));
    } catch (error) {
      if (!(error instanceof GuardianRefusedError)) throw error;
      return { rolledBack, stopped: { auditId: audit.id, reason: error.message } };
    }
  }
  return { rolledBack, stopped: null };
}
