import { TacitError } from "../core/errors.js";
import type { CorrectedStatus, FutureCorrection } from "../core/memory-files/correction-match.js";
import type { MemoryFileName } from "../core/memory-files/memory-file-layouts.js";
import type { RoomProposals } from "../core/memory-files/size-caps.js";

/**
 * A guardian write's status. `pending` is a write in progress (the file is claimed); a write cut
 * short by a crash is settled to `written` or `failed` on the next guardian call for that file.
 */
export const GUARDIAN_STATUSES = [
  "pending",
  "written",
  "refused",
  "failed",
  "skipped",
  "rolled_back",
] as const;
export type GuardianStatus = (typeof GUARDIAN_STATUSES)[number];

/** One guardian decision about one candidate fact, and what it did to the file. */
export interface GuardianAudit {
  id: string;
  /** The workspace's real path. */
  workspace: string;
  /** The memory-gate decision that proposed the fact (null for a direct `memory write`). */
  decisionId: string | null;
  turnId: string | null;
  sessionId: string | null;
  targetFile: MemoryFileName;
  /** The section written to (null when nothing was written). */
  section: string | null;
  /** The fact as stored (secrets and personal data masked); null once a rollback forgot it. */
  candidateFact: string | null;
  /** sha256 of the file before (null: it did not exist) and after (null: nothing was written). */
  beforeHash: string | null;
  afterHash: string | null;
  /** Snapshots of a written file (null when not stored, pruned, or forgotten). */
  beforeSnapshotId: string | null;
  afterSnapshotId: string | null;
  /** The unified diff of the write (null when nothing was written, or forgotten). */
  diff: string | null;
  linesAdded: number;
  linesRemoved: number;
  linesModified: number;
  status: GuardianStatus;
  reason: string;
  /** The check that refused or skipped it (e.g. `duplicate`, `temporary`, `near-cap`). */
  rule: string | null;
  /** Near or past a cap: entries to merge or retire. */
  proposals: RoomProposals | null;
  /** The model behind the candidate, when one was used. */
  llmModel: string | null;
  llmLatencyMs: number | null;
  agentSteps: number | null;
  /** The audit this one retried or corrected. */
  retryOf: string | null;
  createdAt: number;
  updatedAt: number;
}

/** Content of a file at one moment, stored once per workspace, file and sha256. */
export interface FileSnapshot {
  id: string;
  workspace: string;
  fileName: MemoryFileName;
  /** The exact bytes. */
  content: Buffer;
  contentHash: string;
  createdAt: number;
  /** Last time a write or rollback used it (the per-file cap keeps the most recently used). */
  lastUsedAt: number;
}

/** A snapshot to store (or reuse, when the same content is already stored for that file). */
export interface SnapshotWrite {
  /** Used when the content is new. */
  id: string;
  workspace: string;
  fileName: MemoryFileName;
  content: Buffer;
  contentHash: string;
  at: number;
}

/** A rolled-back audit: when, by whom, why, and what the file was restored to. */
export interface GuardianRollback {
  id: string;
  auditId: string;
  workspace: string;
  fileName: MemoryFileName;
  rolledBackAt: number;
  rolledBackBy: string;
  reason: string | null;
  /** The snapshot restored (null: the write created the file, which was deleted). */
  restoredSnapshotId: string | null;
  restoredHash: string | null;
  /** The file's content just before, when it had changed since the write (a forced rollback). */
  backupSnapshotId: string | null;
  previousStatus: GuardianStatus;
  forced: boolean;
}

/** A user's correction of one guardian outcome. */
export interface BehaviorCorrection {
  id: string;
  auditId: string | null;
  workspace: string;
  originalStatus: GuardianStatus;
  /** Null when the correction rolled the write back (forgotten). */
  originalFact: string | null;
  originalFile: MemoryFileName;
  correctedStatus: CorrectedStatus;
  correctedFact: string | null;
  correctedFile: MemoryFileName | null;
  reason: string;
  applyToFuture: boolean;
  pattern: string | null;
  correctedBy: string;
  correctedAt: number;
  /** The audit of the write the correction made, if it made one. */
  appliedAuditId: string | null;
}

/**
 * A claim on one file while the guardian changes it, and the journal of that change: the file's
 * hash before and the hash it should have after (null: absent). If the process dies, the next call
 * compares the file with both to settle the operation.
 */
export interface FileOperation {
  workspace: string;
  fileName: MemoryFileName;
  kind: "write" | "rollback";
  auditId: string;
  priorHash: string | null;
  expectedHash: string | null;
  pid: number;
  host: string;
  startedAt: number;
  /** For a rollback: the row to record once the file is restored. */
  rollback: GuardianRollback | null;
}

/** Filters for listing audits, newest first. */
export interface AuditFilter {
  limit: number;
  workspace?: string;
  file?: MemoryFileName;
  status?: GuardianStatus[];
  sessionId?: string;
  decisionId?: string;
  /** Epoch ms, inclusive. */
  since?: number;
  /** Epoch ms, exclusive. */
  until?: number;
}

/** What retention removed. */
export interface MemoryFilePruneResult {
  auditsDeleted: number;
  rollbacksDeleted: number;
  correctionsDeleted: number;
  snapshotsDeleted: number;
}

/** Another operation holds the file. */
export class FileBusyError extends TacitError {
  static override readonly marker: string = "tacit.error.file-busy";
  override readonly name = "FileBusyError";
  readonly holder: FileOperation;

  constructor(holder: FileOperation) {
    super(
      `${holder.fileName} in ${holder.workspace} is being changed by another ${holder.kind} (pid ${holder.pid} on ${holder.host}, audit ${holder.auditId})`,
    );
    this.holder = holder;
  }
}

/** A guardian operation that is not allowed in the state it found (e.g. a second rollback). */
export class GuardianRefusedError extends TacitError {
  static override readonly marker: string = "tacit.error.guardian-refused";
  override readonly name: string = "GuardianRefusedError";
}

/** What {@link MemoryFileStore.beginWrite} records. */
export interface BeginWriteInput {
  operation: FileOperation;
  audit: GuardianAudit;
  before: SnapshotWrite | null;
  after: SnapshotWrite | null;
}

/** How {@link MemoryFileStore.finishWrite} settles a write. */
export interface FinishWriteInput {
  auditId: string;
  status: "written" | "failed";
  reason: string;
  at: number;
  maxSnapshotsPerFile: number;
}

/** Filters for listing rollbacks, newest first. */
export type RollbackFilter = Omit<AuditFilter, "status" | "sessionId" | "decisionId">;

/** Filters for listing corrections, newest first. */
export interface CorrectionFilter {
  limit: number;
  workspace?: string;
  auditId?: string;
  since?: number;
  until?: number;
}

/** Storage of the guardian's audits, snapshots, rollbacks, corrections and file claims. */
export interface MemoryFileStore {
  /** Inserts an audit that changed no file (refused, skipped, failed). */
  recordAudit(audit: GuardianAudit): Promise<void>;
  /**
   * Claims the file and records a pending write, in one transaction: the claim, the snapshots
   * (reused when the same content is stored) and the audit with their ids. Throws
   * {@link FileBusyError} when the file is claimed.
   */
  beginWrite(
    input: BeginWriteInput,
  ): Promise<{ beforeSnapshotId: string | null; afterSnapshotId: string | null }>;
  /**
   * Settles a pending write and releases the file. `failed` drops its snapshots (the file never
   * held them); `written` keeps them and trims the file's snapshots to `maxSnapshotsPerFile`.
   */
  finishWrite(input: FinishWriteInput): Promise<void>;
  /** Claims the file for a rollback, storing the backup of its current content if given. */
  beginRollback(input: { operation: FileOperation; backup: SnapshotWrite | null }): Promise<{
    backupSnapshotId: string | null;
  }>;
  /**
   * Records a completed rollback and releases the file: the audit becomes `rolled_back`, its fact,
   * diff and after-snapshot are deleted (unless another write still needs that snapshot), and the
   * rollback row is inserted. A second rollback of one audit is refused.
   */
  finishRollback(input: { operation: FileOperation; at: number }): Promise<void>;
  /** Releases a claim without recording anything (a rollback that did not happen). */
  releaseFile(workspace: string, fileName: MemoryFileName): Promise<void>;
  getFileOperation(workspace: string, fileName: MemoryFileName): Promise<FileOperation | null>;
  getAudit(id: string): Promise<GuardianAudit | null>;
  listAudits(filter: AuditFilter): Promise<GuardianAudit[]>;
  getSnapshot(id: string): Promise<FileSnapshot | null>;
  getRollback(auditId: string): Promise<GuardianRollback | null>;
  listRollbacks(filter: RollbackFilter): Promise<GuardianRollback[]>;
  recordCorrection(correction: BehaviorCorrection): Promise<void>;
  listCorrections(filter: CorrectionFilter): Promise<BehaviorCorrection[]>;
  /** The corrections that apply to future candidates (in one workspace, or all), newest first. */
  listFutureCorrections(filter: { workspace?: string }): Promise<FutureCorrection[]>;
  /**
   * Deletes guardian history older than `before` (corrections that apply to future candidates
   * stay), keeps at most `maxSnapshotsPerFile` snapshots per file, and deletes every snapshot
   * nothing refers to. Deleted content is overwritten, not just unlinked.
   */
  pruneMemoryFiles(input: { before: number; maxSnapshotsPerFile: number }): Promise<MemoryFilePruneResult>;
}
