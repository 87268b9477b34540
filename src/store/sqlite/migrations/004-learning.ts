import type { SqliteMigration } from "./index.js";

/**
 * The learning pipeline (issue 4): what was extracted from each task — feedback signals
 * (`task_feedback_signals`), failed attempts (`task_failed_attempts`), the task experience cache
 * (`task_experience_cache`, so re-runs make no new model call) — and the jobs table that makes
 * `tacit learn` resumable: a task is learnt once per fingerprint of its messages.
 */
export const migration004: SqliteMigration = {
  version: 4,
  name: "learning",
  sql: `
ALTER TABLE tasks ADD COLUMN goal TEXT NOT NULL DEFAULT '';
ALTER TABLE tasks ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';

CREATE TABLE task_feedback_signals (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  session_id TEXT NOT NULL,
  message_seq INTEGER,
  type TEXT NOT NULL CHECK (type IN ('reject', 'correction', 'constraint', 'success', 'confusion', 'preference')),
  source TEXT NOT NULL CHECK (source IN ('user', 'execution', 'assistant_self_check')),
  evidence TEXT NOT NULL,
  confidence REAL NOT NULL,
  detector TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX idx_task_signals_task ON task_feedback_signals(task_id);
CREATE INDEX idx_task_signals_type ON task_feedback_signals(type, created_at);

CREATE TABLE task_failed_attempts (
  id TEXT PRIMARY KEY,
  task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  attempt_label TEXT NOT NULL,
  approach_summary TEXT NOT NULL,
  failure_reason TEXT NOT NULL,
  replaced_by TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX idx_failed_attempts_task ON task_failed_attempts(task_id);

CREATE TABLE task_experience_cache (
  task_id TEXT PRIMARY KEY REFERENCES tasks(id) ON DELETE CASCADE,
  fingerprint TEXT NOT NULL,
  mode TEXT NOT NULL,
  source TEXT NOT NULL,
  experience TEXT NOT NULL,
  created_at INTEGER NOT NULL
);

CREATE TABLE learn_jobs (
  task_id TEXT PRIMARY KEY REFERENCES tasks(id) ON DELETE CASCADE,
  session_id TEXT NOT NULL,
  fingerprint TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('running', 'done', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  error TEXT,
  lessons TEXT NOT NULL DEFAULT '[]',
  updated_at INTEGER NOT NULL
);
CREATE INDEX idx_learn_jobs_session ON learn_jobs(session_id, status);

CREATE TABLE pattern_observations (
  task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
  lesson_id TEXT NOT NULL,
  success INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  PRIMARY KEY (task_id, lesson_id)
);
`,
};
