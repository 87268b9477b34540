import type { FutureCorrection } from "../../core/memory-files/correction-match.js";
import type { MemoryFileName } from "../../core/memory-files/memory-file-layouts.js";
import {
  type AuditFilter,
  type BeginWriteInput,
  type BehaviorCorrection,
  type CorrectionFilter,
  FileBusyError,
  type FileOperation,
  type FileSnapshot,
  type FinishWriteInput,
  type GuardianAudit,
  GuardianRefusedError,
  type GuardianRollback,
  type MemoryFilePruneResult,
  type MemoryFileStore,
  type RollbackFilter,
  type SnapshotWrite,
} from "../memory-file-store.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";
import {
  auditParams,
  INSERT_AUDIT_SQL,
  INSERT_CORRECTION_SQL,
  toAudit,
  toCorrection,
  toFutureCorrection,
  toOperation,
  toRollback,
  toSnapshot,
} from "./sqlite-memory-file-rows.js";

type Row = Record<string, unknown>;

/** Snapshots something still refers to; every other snapshot is deleted by {@link collectSnapshots}. */
const REFERENCED_SNAPSHOTS = `
  SELECT before_snapshot_id FROM write_guardian_audit WHERE before_snapshot_id IS NOT NULL
  UNION SELECT after_snapshot_id FROM write_guardian_audit WHERE after_snapshot_id IS NOT NULL
  UNION SELECT restored_snapshot_id FROM guardian_rollbacks WHERE restored_snapshot_id IS NOT NULL
  UNION SELECT backup_snapshot_id FROM guardian_rollbacks WHERE backup_snapshot_id IS NOT NULL
  UNION SELECT backup_snapshot_id FROM guardian_file_claims WHERE backup_snapshot_id IS NOT NULL`;

/** The guardian's audits, snapshots, rollbacks, corrections and file claims in SQLite (migration 011). */
export class SqliteMemoryFileStore implements MemoryFileStore {
  constructor(private readonly db: SqliteDatabase) {}

  async recordAudit(audit: GuardianAudit): Promise<void> {
    withBusyRetry(() => this.db.prepare(INSERT_AUDIT_SQL).run(auditParams(audit)));
  }

  async beginWrite(
    input: BeginWriteInput,
  ): Promise<{ beforeSnapshotId: string | null; afterSnapshotId: string | null }> {
    const begin = this.db.transaction(() => {
      this.claim(input.operation, null);
      const beforeSnapshotId = input.before ? this.saveSnapshot(input.before) : null;
      const afterSnapshotId = input.after ? this.saveSnapshot(input.after) : null;
      this.db
        .prepare(INSERT_AUDIT_SQL)
        .run(auditParams({ ...input.audit, status: "pending", beforeSnapshotId, afterSnapshotId }));
      return { beforeSnapshotId, afterSnapshotId };
    });
    return withBusyRetry(() => begin.immediate());
  }

  async finishWrite(input: FinishWriteInput): Promise<void> {
    const finish = this.db.transaction(() => {
      const audit = this.db.prepare("SELECT * FROM write_guardian_audit WHERE id = ?").get(input.auditId) as
        | Row
        | undefined;
      if (!audit) throw new GuardianRefusedError(`audit ${input.auditId} not found`);
      const {
        workspace,
        target_file: file,
        before_snapshot_id: before,
        after_snapshot_id: after,
      } = audit as {
        workspace: string;
        target_file: MemoryFileName;
        before_snapshot_id: string | null;
        after_snapshot_id: string | null;
      };
      if (input.status === "written") {
        this.db
          .prepare(
            "UPDATE write_guardian_audit SET status = 'written', reason = ?, updated_at = ? WHERE id = ?",
          )
          .run(input.reason, input.at, input.auditId);
      } else {
        this.db
          .prepare(
            `UPDATE write_guardian_audit SET status = 'failed', reason = ?, updated_at = ?, before_snapshot_id = NULL,
              after_snapshot_id = NULL, diff = NULL, section = NULL, after_hash = NULL,
              lines_added = 0, lines_removed = 0, lines_modified = 0
            WHERE id = ?`,
          )
          .run(input.reason, input.at, input.auditId);
      }
      this.db
        .prepare("DELETE FROM guardian_file_claims WHERE workspace = ? AND file_name = ?")
        .run(workspace, file);
      this.capSnapshots(workspace, file, input.maxSnapshotsPerFile);
      if (input.status === "failed") this.collectSnapshots([before, after]);
    });
    // Routine trimming: overwritten in place, without forcing the log out on every write.
    this.forgetting(() => withBusyRetry(() => finish.immediate()), false);
  }

  async beginRollback(input: {
    operation: FileOperation;
    backup: SnapshotWrite | null;
  }): Promise<{ backupSnapshotId: string | null }> {
    const begin = this.db.transaction(() => {
      const backupSnapshotId = input.backup ? this.saveSnapshot(input.backup) : null;
      const rollback = input.operation.rollback ? { ...input.operation.rollback, backupSnapshotId } : null;
      this.claim({ ...input.operation, rollback }, backupSnapshotId);
      return { backupSnapshotId };
    });
    return withBusyRetry(() => begin.immediate());
  }

  async finishRollback(input: { operation: FileOperation; at: number }): Promise<void> {
    const stored = await this.getFileOperation(input.operation.workspace, input.operation.fileName);
    const rollback = stored?.rollback ?? input.operation.rollback;
    if (!rollback)
      throw new GuardianRefusedError(`no rollback to record for audit ${input.operation.auditId}`);
    const finish = this.db.transaction(() => {
      const audit = this.db
        .prepare("SELECT status, after_snapshot_id FROM write_guardian_audit WHERE id = ?")
        .get(rollback.auditId) as { status: string; after_snapshot_id: string | null } | undefined;
      if (audit?.status !== "written")
        throw new GuardianRefusedError(
          `audit ${rollback.auditId} is ${audit?.status ?? "missing"}, not written`,
        );
      this.db
        .prepare(
          `UPDATE write_guardian_audit SET status = 'rolled_back', candidate_fact = NULL, diff = NULL,
            after_snapshot_id = NULL, updated_at = ? WHERE id = ?`,
        )
        .run(input.at, rollback.auditId);
      this.forgetDecision(rollback.auditId);
      this.db
        .prepare(
          `INSERT INTO guardian_rollbacks (id, audit_id, workspace, file_name, rolled_back_at, rolled_back_by, reason,
            restored_snapshot_id, restored_hash, backup_snapshot_id, previous_status, forced)
          VALUES (@id, @auditId, @workspace, @fileName, @rolledBackAt, @rolledBackBy, @reason, @restoredSnapshotId,
            @restoredHash, @backupSnapshotId, @previousStatus, @forced)`,
        )
        .run({ ...rollback, forced: rollback.forced ? 1 : 0 });
      if (rollback.restoredSnapshotId)
        this.db
          .prepare("UPDATE file_snapshots SET last_used_at = MAX(last_used_at, ?) WHERE id = ?")
          .run(input.at, rollback.restoredSnapshotId);
      this.db
        .prepare("DELETE FROM guardian_file_claims WHERE workspace = ? AND file_name = ?")
        .run(rollback.workspace, rollback.fileName);
      this.collectSnapshots([audit.after_snapshot_id]);
    });
    this.forgetting(() => withBusyRetry(() => finish.immediate()));
  }

  /**
   * Forgets the fact of the memory-gate decision that proposed an audit's write: its candidate
   * fact, the reason (it quotes the user's sentence), the model's raw reply and, for a turn given
   * directly, the input it read. The decision itself stays, for the counts.
   */
  private forgetDecision(auditId: string): void {
    this.db
      .prepare(
        `UPDATE memory_gate_decisions SET candidate_fact = NULL, raw_response = NULL, input = NULL,
          reason = 'forgotten: the write of this fact (audit ' || @auditId || ') was rolled back'
        WHERE decision <> 'NO_WRITE'
          AND id = (SELECT decision_id FROM write_guardian_audit WHERE id = @auditId)`,
      )
      .run({ auditId });
  }

  async releaseFile(workspace: string, fileName: MemoryFileName): Promise<void> {
    const release = this.db.transaction(() => {
      const claim = this.db
        .prepare("SELECT backup_snapshot_id FROM guardian_file_claims WHERE workspace = ? AND file_name = ?")
        .get(workspace, fileName) as { backup_snapshot_id: string | null } | undefined;
      this.db
        .prepare("DELETE FROM guardian_file_claims WHERE workspace = ? AND file_name = ?")
        .run(workspace, fileName);
      this.collectSnapshots([claim?.backup_snapshot_id ?? null]);
    });
    this.forgetting(() => withBusyRetry(() => release.immediate()), false);
  }

  async getFileOperation(workspace: string, fileName: MemoryFileName): Promise<FileOperation | null> {
    const row = this.db
      .prepare("SELECT * FROM guardian_file_claims WHERE workspace = ? AND file_name = ?")
      .get(workspace, fileName) as Row | undefined;
    return row ? toOperation(row) : null;
  }

  async getAudit(id: string): Promise<GuardianAudit | null> {
    const row = this.db.prepare("SELECT * FROM write_guardian_audit WHERE id = ?").get(id) as Row | undefined;
    return row ? toAudit(row) : null;
  }

  async listAudits(filter: AuditFilter): Promise<GuardianAudit[]> {
    const where = conditions(filter, "created_at", "target_file");
    if (filter.status?.length) {
      where.sql.push(`status IN (${filter.status.map(() => "?").join(", ")})`);
      where.params.push(...filter.status);
    }
    if (filter.sessionId !== undefined) where.add("session_id = ?", filter.sessionId);
    if (filter.decisionId !== undefined) where.add("decision_id = ?", filter.decisionId);
    const rows = this.db
      .prepare(
        `SELECT * FROM write_guardian_audit ${where.clause()} ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .all(...where.params, filter.limit) as Row[];
    return rows.map(toAudit);
  }

  async getSnapshot(id: string): Promise<FileSnapshot | null> {
    const row = this.db.prepare("SELECT * FROM file_snapshots WHERE id = ?").get(id) as Row | undefined;
    return row ? toSnapshot(row) : null;
  }

  async getRollback(auditId: string): Promise<GuardianRollback | null> {
    const row = this.db.prepare("SELECT * FROM guardian_rollbacks WHERE audit_id = ?").get(auditId) as
      | Row
      | undefined;
    return row ? toRollback(row) : null;
  }

  async listRollbacks(filter: RollbackFilter): Promise<GuardianRollback[]> {
    const where = conditions(filter, "rolled_back_at", "file_name");
    const rows = this.db
      .prepare(
        `SELECT * FROM guardian_rollbacks ${where.clause()} ORDER BY rolled_back_at DESC, id DESC LIMIT ?`,
      )
      .all(...where.params, filter.limit) as Row[];
    return rows.map(toRollback);
  }

  async recordCorrection(correction: BehaviorCorrection): Promise<void> {
    withBusyRetry(() =>
      this.db
        .prepare(INSERT_CORRECTION_SQL)
        .run({ ...correction, applyToFuture: correction.applyToFuture ? 1 : 0 }),
    );
  }

  async listCorrections(filter: CorrectionFilter): Promise<BehaviorCorrection[]> {
    const where = conditions(filter, "corrected_at", "original_target_file");
    if (filter.auditId !== undefined) where.add("audit_id = ?", filter.auditId);
    const rows = this.db
      .prepare(
        `SELECT * FROM behavior_corrections ${where.clause()} ORDER BY corrected_at DESC, id DESC LIMIT ?`,
      )
      .all(...where.params, filter.limit) as Row[];
    return rows.map(toCorrection);
  }

  async listFutureCorrections(filter: { workspace?: string }): Promise<FutureCorrection[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM behavior_corrections WHERE apply_to_future = 1 AND (? IS NULL OR workspace = ?)
        ORDER BY corrected_at DESC, id DESC`,
      )
      .all(filter.workspace ?? null, filter.workspace ?? null) as Row[];
    return rows.map((row) => toFutureCorrection(toCorrection(row)));
  }

  async pruneMemoryFiles(input: {
    before: number;
    maxSnapshotsPerFile: number;
  }): Promise<MemoryFilePruneResult> {
    const prune = this.db.transaction(() => {
      const count = (sql: string) => (this.db.prepare(sql).get() as { n: number }).n;
      const rollbacksBefore = count("SELECT COUNT(*) AS n FROM guardian_rollbacks");
      const snapshotsBefore = count("SELECT COUNT(*) AS n FROM file_snapshots");
      const audits = this.db
        .prepare("DELETE FROM write_guardian_audit WHERE created_at < ? AND status != 'pending'")
        .run(input.before).changes;
      this.db.prepare("DELETE FROM guardian_rollbacks WHERE rolled_back_at < ?").run(input.before);
      const corrections = this.db
        .prepare("DELETE FROM behavior_corrections WHERE corrected_at < ? AND apply_to_future = 0")
        .run(input.before).changes;
      const files = this.db
        .prepare("SELECT DISTINCT workspace, file_name FROM file_snapshots")
        .all() as Array<{
        workspace: string;
        file_name: MemoryFileName;
      }>;
      for (const file of files) this.capSnapshots(file.workspace, file.file_name, input.maxSnapshotsPerFile);
      this.collectSnapshots();
      return {
        auditsDeleted: audits,
        // Rollbacks go with their audits too (ON DELETE CASCADE), so they are counted, not summed.
        rollbacksDeleted: rollbacksBefore - count("SELECT COUNT(*) AS n FROM guardian_rollbacks"),
        correctionsDeleted: corrections,
        snapshotsDeleted: snapshotsBefore - count("SELECT COUNT(*) AS n FROM file_snapshots"),
      };
    });
    return this.forgetting(() => withBusyRetry(() => prune.immediate()));
  }

  /** Inserts the claim on a file, or throws {@link FileBusyError} naming who holds it. */
  private claim(operation: FileOperation, backupSnapshotId: string | null): void {
    const holder = this.db
      .prepare("SELECT * FROM guardian_file_claims WHERE workspace = ? AND file_name = ?")
      .get(operation.workspace, operation.fileName) as Row | undefined;
    if (holder) throw new FileBusyError(toOperation(holder));
    this.db
      .prepare(
        `INSERT INTO guardian_file_claims (workspace, file_name, kind, audit_id, prior_hash, expected_hash,
          backup_snapshot_id, pid, host, started_at, rollback)
        VALUES (@workspace, @fileName, @kind, @auditId, @priorHash, @expectedHash, @backupSnapshotId, @pid, @host,
          @startedAt, @rollback)`,
      )
      .run({
        ...operation,
        backupSnapshotId,
        rollback: operation.rollback ? JSON.stringify(operation.rollback) : null,
      });
  }

  /** Stores a snapshot, or marks the stored one with the same content used; returns its id. */
  private saveSnapshot(snapshot: SnapshotWrite): string {
    const row = this.db
      .prepare(
        `INSERT INTO file_snapshots (id, workspace, file_name, content, content_hash, size_bytes, created_at, last_used_at)
        VALUES (@id, @workspace, @fileName, @content, @contentHash, @size, @at, @at)
        ON CONFLICT (workspace, file_name, content_hash) DO UPDATE SET last_used_at = MAX(last_used_at, excluded.last_used_at)
        RETURNING id`,
      )
      .get({ ...snapshot, size: snapshot.content.length }) as { id: string };
    return row.id;
  }

  /** Deletes a file's snapshots beyond the `keep` most recently used (never one an operation in flight uses). */
  private capSnapshots(workspace: string, file: MemoryFileName, keep: number): void {
    const stored = this.db
      .prepare("SELECT COUNT(*) AS n FROM file_snapshots WHERE workspace = ? AND file_name = ?")
      .get(workspace, file) as { n: number };
    if (stored.n <= keep) return;
    this.db
      .prepare(
        `DELETE FROM file_snapshots WHERE id IN (SELECT id FROM file_snapshots WHERE workspace = @workspace AND file_name = @file
            ORDER BY last_used_at DESC, created_at DESC, id DESC LIMIT -1 OFFSET @keep)
          AND id NOT IN (SELECT backup_snapshot_id FROM guardian_file_claims WHERE backup_snapshot_id IS NOT NULL)
          AND id NOT IN (SELECT before_snapshot_id FROM write_guardian_audit WHERE status = 'pending' AND before_snapshot_id IS NOT NULL
            UNION SELECT after_snapshot_id FROM write_guardian_audit WHERE status = 'pending' AND after_snapshot_id IS NOT NULL)`,
      )
      .run({ workspace, file, keep });
  }

  /** Deletes the snapshots nothing refers to: of `candidates` (those just let go of), or of all. */
  private collectSnapshots(candidates?: ReadonlyArray<string | null>): void {
    const unreferenced = `id NOT IN (${REFERENCED_SNAPSHOTS})`;
    if (candidates === undefined) {
      this.db.prepare(`DELETE FROM file_snapshots WHERE ${unreferenced}`).run();
      return;
    }
    const ids = candidates.filter((id): id is string => id !== null);
    if (ids.length === 0) return;
    this.db
      .prepare(
        `DELETE FROM file_snapshots WHERE id IN (${ids.map(() => "?").join(", ")}) AND ${unreferenced}`,
      )
      .run(...ids);
  }

  /**
   * Runs `work` with SQLite's secure_delete on, so deleted rows are overwritten rather than left in
   * free pages; with `checkpoint` (a rollback, a prune) it then checkpoints the write-ahead log so
   * older copies of those pages leave it at once, instead of at SQLite's next automatic checkpoint.
   */
  private forgetting<T>(work: () => T, checkpoint = true): T {
    // Prepared (and cached) like any statement: db.pragma() would compile each time.
    const previous = (this.db.prepare("PRAGMA secure_delete").get() as { secure_delete: number })
      .secure_delete;
    this.db.prepare("PRAGMA secure_delete = 1").get();
    try {
      return work();
    } finally {
      this.db.prepare(`PRAGMA secure_delete = ${previous ? 1 : 0}`).get();
      // A reader in another connection may keep the log busy; the next checkpoint clears it then.
      if (checkpoint && this.db.open && !this.db.inTransaction) this.db.pragma("wal_checkpoint(TRUNCATE)");
    }
  }
}

/** WHERE conditions on workspace, file and a time column, plus a way to add more. */
function conditions(
  filter: { workspace?: string; file?: MemoryFileName; since?: number; until?: number },
  timeColumn: string,
  fileColumn: string,
) {
  const sql: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    sql.push(condition);
    params.push(value);
  };
  if (filter.workspace !== undefined) add("workspace = ?", filter.workspace);
  if (filter.file !== undefined) add(`${fileColumn} = ?`, filter.file);
  if (filter.since !== undefined) add(`${timeColumn} >= ?`, filter.since);
  if (filter.until !== undefined) add(`${timeColumn} < ?`, filter.until);
  return { sql, params, add, clause: () => (sql.length ? `WHERE ${sql.join(" AND ")}` : "") };
}
