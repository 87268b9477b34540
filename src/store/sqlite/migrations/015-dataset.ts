import type { SqliteMigration } from "./index.js";

const TYPES = `'memory_gate_positive', 'memory_gate_negative', 'write_guardian_decision', 'annotated_turn',
  'task_experience', 'lesson_outcome', 'adherence_correction'`;
const STATUSES = "'pending', 'needs_review', 'approved', 'auto_approved', 'rejected'";

/**
 * The training dataset: samples collected from gate decisions, guardian audits, task experiences,
 * lesson outcomes and adherence records, their review, and the exports made of them.
 *
 * - `content` is the sample as JSON, self-contained and with secrets removed; `pii_redacted_content`
 *   is the same with personal data masked (null when it holds none), what exports carry by default.
 * - `source_key` names what a sample was collected from (one sample per source), so collecting
 *   again adds nothing; the references to turns, decisions, audits and sessions are kept for
 *   context and become null when those are pruned: a reviewed sample outlives its session.
 * - `pending_review_samples` is the review queue: samples needing review, best first, with the
 *   turn, the gate's decision and the guardian's status beside them.
 */
export const migration015: SqliteMigration = {
  version: 15,
  name: "dataset",
  sql: `
CREATE TABLE IF NOT EXISTS dataset_samples (
  id TEXT PRIMARY KEY,
  sample_type TEXT NOT NULL CHECK (sample_type IN (${TYPES})),
  source_key TEXT NOT NULL UNIQUE,
  polarity TEXT NOT NULL CHECK (polarity IN ('positive', 'negative')),
  turn_id TEXT REFERENCES conversation_turns(id) ON DELETE SET NULL,
  decision_id TEXT REFERENCES memory_gate_decisions(id) ON DELETE SET NULL,
  audit_id TEXT REFERENCES write_guardian_audit(id) ON DELETE SET NULL,
  session_id TEXT REFERENCES sessions(id) ON DELETE SET NULL,
  task_id TEXT REFERENCES tasks(id) ON DELETE SET NULL,
  lesson_id TEXT,
  content TEXT NOT NULL,
  quality_score REAL,
  quality_factors TEXT,
  annotation_status TEXT NOT NULL DEFAULT 'pending' CHECK (annotation_status IN (${STATUSES})),
  annotated_by TEXT,
  annotated_at INTEGER,
  annotation_notes TEXT,
  review_reasons TEXT NOT NULL DEFAULT '[]',
  privacy_checked INTEGER NOT NULL DEFAULT 0,
  contains_pii INTEGER NOT NULL DEFAULT 0,
  pii_redacted_content TEXT,
  privacy_findings TEXT NOT NULL DEFAULT '{}',
  collection_strategy TEXT NOT NULL,
  pattern_key TEXT NOT NULL,
  source_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_dataset_type_status ON dataset_samples(sample_type, annotation_status);
CREATE INDEX IF NOT EXISTS idx_dataset_status_quality ON dataset_samples(annotation_status, quality_score);
CREATE INDEX IF NOT EXISTS idx_dataset_quality ON dataset_samples(quality_score);
CREATE INDEX IF NOT EXISTS idx_dataset_session ON dataset_samples(session_id);
CREATE INDEX IF NOT EXISTS idx_dataset_pattern ON dataset_samples(sample_type, pattern_key, annotation_status);
CREATE INDEX IF NOT EXISTS idx_dataset_created ON dataset_samples(created_at);
CREATE INDEX IF NOT EXISTS idx_dataset_turn ON dataset_samples(turn_id);
CREATE INDEX IF NOT EXISTS idx_dataset_decision ON dataset_samples(decision_id);
CREATE INDEX IF NOT EXISTS idx_dataset_audit ON dataset_samples(audit_id);
CREATE INDEX IF NOT EXISTS idx_dataset_task ON dataset_samples(task_id);

CREATE TABLE IF NOT EXISTS dataset_exports (
  id TEXT PRIMARY KEY,
  export_name TEXT NOT NULL,
  export_format TEXT NOT NULL CHECK (export_format IN ('alpaca', 'sharegpt', 'openai', 'raw', 'csv')),
  sample_types TEXT NOT NULL,
  filters TEXT NOT NULL,
  total_samples INTEGER NOT NULL,
  approved_samples INTEGER NOT NULL,
  rejected_samples INTEGER NOT NULL,
  avg_quality_score REAL,
  train_samples INTEGER NOT NULL,
  validation_samples INTEGER NOT NULL,
  file_path TEXT NOT NULL,
  file_size_bytes INTEGER NOT NULL,
  checksum TEXT NOT NULL,
  validation_file_path TEXT,
  validation_file_size_bytes INTEGER,
  validation_checksum TEXT,
  exported_by TEXT,
  exported_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS idx_dataset_exports_at ON dataset_exports(exported_at);

CREATE VIEW IF NOT EXISTS pending_review_samples AS
SELECT
  s.*,
  t.user_message_content,
  t.agent_message_content,
  d.decision AS memory_gate_decision,
  a.status AS write_guardian_status
FROM dataset_samples s
LEFT JOIN conversation_turns t ON s.turn_id = t.id
LEFT JOIN memory_gate_decisions d ON s.decision_id = d.id
LEFT JOIN write_guardian_audit a ON s.audit_id = a.id
WHERE s.annotation_status = 'needs_review'
ORDER BY s.quality_score DESC, s.id;
`,
};
