import type { SqliteMigration } from "./index.js";

const FILES = "'MEMORY.md', 'USER.md', 'SOUL.md', 'IDENTITY.md', 'TOOLS.md'";

/**
 * The memory-file guardian: snapshots of the five memory files (stored once per workspace, file
 * and sha256), an audit row per candidate fact, rollbacks (one per audit), behaviour corrections,
 * and the claim a write or rollback holds on a file while it runs (also its crash journal).
 */
export const migration011: SqliteMigration = {
  version: 11,
  name: "memory-guardian",
  sql: `
CREATE TABLE file_snapshots (
  id TEXT PRIMARY KEY,
  workspace TEXT NOT NULL,
  file_name TEXT NOT NULL CHECK (file_name IN (${FILES})),
  content BLOB NOT NULL,
  content_hash TEXT NOT NULL,
  size_bytes INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  last_used_at INTEGER NOT NULL,
  UNIQUE (workspace, file_name, content_hash)
);
CREATE INDEX idx_file_snapshots_file ON file_snapshots(workspace, file_name, last_used_at);
CREATE INDEX idx_file_snapshots_hash ON file_snapshots(content_hash);

CREATE TABLE write_guardian_audit (
  id TEXT PRIMARY KEY,
  workspace TEXT NOT NULL,
  decision_id TEXT,
  turn_id TEXT,
  session_id TEXT,
  target_file TEXT NOT NULL CHECK (target_file IN (${FILES})),
  section TEXT,
  candidate_fact TEXT,
  before_hash TEXT,
  after_hash TEXT,
  before_snapshot_id TEXT REFERENCES file_snapshots(id) ON DELETE SET NULL,
  after_snapshot_id TEXT REFERENCES file_snapshots(id) ON DELETE SET NULL,
  diff TEXT,
  lines_added INTEGER NOT NULL DEFAULT 0,
  lines_removed INTEGER NOT NULL DEFAULT 0,
  lines_modified INTEGER NOT NULL DEFAULT 0,
  status TEXT NOT NULL CHECK (status IN ('pending', 'written', 'refused', 'failed', 'skipped', 'rolled_back')),
  reason TEXT NOT NULL,
  rule TEXT,
  proposals TEXT,
  llm_model TEXT,
  llm_latency_ms INTEGER,
  agent_steps INTEGER,
  retry_of TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX idx_guardian_audit_file ON write_guardian_audit(workspace, target_file, created_at);
CREATE INDEX idx_guardian_audit_session ON write_guardian_audit(session_id, created_at);
CREATE INDEX idx_guardian_audit_status ON write_guardian_audit(status, created_at);
CREATE INDEX idx_guardian_audit_decision ON write_guardian_audit(decision_id);
CREATE INDEX idx_guardian_audit_created ON write_guardian_audit(created_at);
CREATE INDEX idx_guardian_audit_before ON write_guardian_audit(before_snapshot_id);
CREATE INDEX idx_guardian_audit_after ON write_guardian_audit(after_snapshot_id);

CREATE TABLE guardian_rollbacks (
  id TEXT PRIMARY KEY,
  audit_id TEXT NOT NULL UNIQUE REFERENCES write_guardian_audit(id) ON DELETE CASCADE,
  workspace TEXT NOT NULL,
  file_name TEXT NOT NULL CHECK (file_name IN (${FILES})),
  rolled_back_at INTEGER NOT NULL,
  rolled_back_by TEXT NOT NULL,
  reason TEXT,
  restored_snapshot_id TEXT REFERENCES file_snapshots(id) ON DELETE SET NULL,
  restored_hash TEXT,
  backup_snapshot_id TEXT REFERENCES file_snapshots(id) ON DELETE SET NULL,
  previous_status TEXT NOT NULL,
  forced INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX idx_guardian_rollbacks_file ON guardian_rollbacks(workspace, file_name, rolled_back_at);

CREATE TABLE behavior_corrections (
  id TEXT PRIMARY KEY,
  audit_id TEXT REFERENCES write_guardian_audit(id) ON DELETE SET NULL,
  workspace TEXT NOT NULL,
  original_status TEXT NOT NULL,
  original_candidate_fact TEXT,
  original_target_file TEXT NOT NULL CHECK (original_target_file IN (${FILES})),
  corrected_status TEXT NOT NULL CHECK (corrected_status IN ('written', 'refused')),
  corrected_candidate_fact TEXT,
  corrected_target_file TEXT CHECK (corrected_target_file IN (${FILES})),
  correction_reason TEXT NOT NULL,
  apply_to_future INTEGER NOT NULL DEFAULT 0,
  correction_pattern TEXT,
  corrected_by TEXT NOT NULL,
  corrected_at INTEGER NOT NULL,
  applied_audit_id TEXT REFERENCES write_guardian_audit(id) ON DELETE SET NULL
);
CREATE INDEX idx_behavior_corrections_future ON behavior_corrections(workspace, apply_to_future, corrected_at);
CREATE INDEX idx_behavior_corrections_audit ON behavior_corrections(audit_id);

CREATE TABLE guardian_file_claims (
  workspace TEXT NOT NULL,
  file_name TEXT NOT NULL CHECK (file_name IN (${FILES})),
  kind TEXT NOT NULL CHECK (kind IN ('write', 'rollback')),
  audit_id TEXT NOT NULL,
  prior_hash TEXT,
  expected_hash TEXT,
  backup_snapshot_id TEXT REFERENCES file_snapshots(id) ON DELETE SET NULL,
  pid INTEGER NOT NULL,
  host TEXT NOT NULL,
  started_at INTEGER NOT NULL,
  rollback TEXT,
  PRIMARY KEY (workspace, file_name)
);
`,
};
