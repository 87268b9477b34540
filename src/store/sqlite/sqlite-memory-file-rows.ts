/** Row ↔ object mapping of the guardian's tables (migration 011). */
import type { FutureCorrection } from "../../core/memory-files/correction-match.js";
import type { MemoryFileName } from "../../core/memory-files/memory-file-layouts.js";
import type { RoomProposals } from "../../core/memory-files/size-caps.js";
import type {
  BehaviorCorrection,
  FileOperation,
  FileSnapshot,
  GuardianAudit,
  GuardianRollback,
  GuardianStatus,
} from "../memory-file-store.js";

type Row = Record<string, unknown>;

const text = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
const number = (value: unknown): number | null =>
  value === null || value === undefined ? null : Number(value);

/** An audit as named parameters of its INSERT. */
export function auditParams(audit: GuardianAudit): Record<string, unknown> {
  return { ...audit, proposals: audit.proposals ? JSON.stringify(audit.proposals) : null };
}

export const INSERT_AUDIT_SQL = `INSERT INTO write_guardian_audit (id, workspace, decision_id, turn_id, session_id,
  target_file, section, candidate_fact, before_hash, after_hash, before_snapshot_id, after_snapshot_id, diff,
  lines_added, lines_removed, lines_modified, status, reason, rule, proposals, llm_model, llm_latency_ms,
  agent_steps, retry_of, created_at, updated_at)
VALUES (@id, @workspace, @decisionId, @turnId, @sessionId, @targetFile, @section, @candidateFact, @beforeHash,
  @afterHash, @beforeSnapshotId, @afterSnapshotId, @diff, @linesAdded, @linesRemoved, @linesModified, @status,
  @reason, @rule, @proposals, @llmModel, @llmLatencyMs, @agentSteps, @retryOf, @createdAt, @updatedAt)`;

export function toAudit(row: Row): GuardianAudit {
  return {
    id: String(row.id),
    workspace: String(row.workspace),
    decisionId: text(row.decision_id),
    turnId: text(row.turn_id),
    sessionId: text(row.session_id),
    targetFile: row.target_file as MemoryFileName,
    section: text(row.section),
    candidateFact: text(row.candidate_fact),
    beforeHash: text(row.before_hash),
    afterHash: text(row.after_hash),
    beforeSnapshotId: text(row.before_snapshot_id),
    afterSnapshotId: text(row.after_snapshot_id),
    diff: text(row.diff),
    linesAdded: Number(row.lines_added),
    linesRemoved: Number(row.lines_removed),
    linesModified: Number(row.lines_modified),
    status: row.status as GuardianStatus,
    reason: String(row.reason),
    rule: text(row.rule),
    proposals: row.proposals ? (JSON.parse(String(row.proposals)) as RoomProposals) : null,
    llmModel: text(row.llm_model),
    llmLatencyMs: number(row.llm_latency_ms),
    agentSteps: number(row.agent_steps),
    retryOf: text(row.retry_of),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function toSnapshot(row: Row): FileSnapshot {
  return {
    id: String(row.id),
    workspace: String(row.workspace),
    fileName: row.file_name as MemoryFileName,
    content: row.content as Buffer,
    contentHash: String(row.content_hash),
    createdAt: Number(row.created_at),
    lastUsedAt: Number(row.last_used_at),
  };
}

export function toRollback(row: Row): GuardianRollback {
  return {
    id: String(row.id),
    auditId: String(row.audit_id),
    workspace: String(row.workspace),
    fileName: row.file_name as MemoryFileName,
    rolledBackAt: Number(row.rolled_back_at),
    rolledBackBy: String(row.rolled_back_by),
    reason: text(row.reason),
    restoredSnapshotId: text(row.restored_snapshot_id),
    restoredHash: text(row.restored_hash),
    backupSnapshotId: text(row.backup_snapshot_id),
    previousStatus: row.previous_status as GuardianStatus,
    forced: row.forced === 1,
  };
}

export const INSERT_CORRECTION_SQL = `INSERT INTO behavior_corrections (id, audit_id, workspace, original_status,
  original_candidate_fact, original_target_file, corrected_status, corrected_candidate_fact, corrected_target_file,
  correction_reason, apply_to_future, correction_pattern, corrected_by, corrected_at, applied_audit_id)
VALUES (@id, @auditId, @workspace, @originalStatus, @originalFact, @originalFile, @correctedStatus, @correctedFact,
  @correctedFile, @reason, @applyToFuture, @pattern, @correctedBy, @correctedAt, @appliedAuditId)`;

export function toCorrection(row: Row): BehaviorCorrection {
  return {
    id: String(row.id),
    auditId: text(row.audit_id),
    workspace: String(row.workspace),
    originalStatus: row.original_status as GuardianStatus,
    originalFact: text(row.original_candidate_fact),
    originalFile: row.original_target_file as MemoryFileName,
    correctedStatus: row.corrected_status as BehaviorCorrection["correctedStatus"],
    correctedFact: text(row.corrected_candidate_fact),
    correctedFile: text(row.corrected_target_file) as MemoryFileName | null,
    reason: String(row.correction_reason),
    applyToFuture: row.apply_to_future === 1,
    pattern: text(row.correction_pattern),
    correctedBy: String(row.corrected_by),
    correctedAt: Number(row.corrected_at),
    appliedAuditId: text(row.applied_audit_id),
  };
}

export function toFutureCorrection(correction: BehaviorCorrection): FutureCorrection {
  return {
    id: correction.id,
    workspace: correction.workspace,
    pattern: correction.pattern ?? correction.correctedFact ?? correction.originalFact ?? "",
    originalFile: correction.originalFile,
    correctedStatus: correction.correctedStatus,
    correctedFile: correction.correctedFile,
    correctedFact: correction.correctedFact,
    reason: correction.reason,
    correctedAt: correction.correctedAt,
  };
}

export function toOperation(row: Row): FileOperation {
  return {
    workspace: String(row.workspace),
    fileName: row.file_name as MemoryFileName,
    kind: row.kind as FileOperation["kind"],
    auditId: String(row.audit_id),
    priorHash: text(row.prior_hash),
    expectedHash: text(row.expected_hash),
    pid: Number(row.pid),
    host: String(row.host),
    startedAt: Number(row.started_at),
    rollback: row.rollback ? (JSON.parse(String(row.rollback)) as GuardianRollback) : null,
  };
}
