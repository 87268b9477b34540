import type { SqliteMigration } from "./index.js";

/**
 * Lessons (issue 3): one row per lesson with the columns recall and listings filter on, plus the
 * whole lesson as JSON in `data` (the source of truth, so a revert restores it exactly); the
 * history of every change; feedback events; and the registry of vector indexes. Vector tables
 * (sqlite-vec `vec0`, one per embedder) are created on first use because their dimension comes
 * from the embedder; the registry records which exist.
 */
export const migration002: SqliteMigration = {
  version: 2,
  name: "lessons",
  sql: `
CREATE TABLE lessons (
  pk INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  scope_key TEXT NOT NULL,
  content_hash TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('avoid', 'prefer', 'verify', 'clarify', 'pattern', 'anti_pattern')),
  status TEXT NOT NULL CHECK (status IN ('candidate', 'active', 'refined', 'stale', 'archived')),
  maturity TEXT NOT NULL CHECK (maturity IN ('candidate', 'established', 'proven', 'deprecated')),
  scope TEXT NOT NULL CHECK (scope IN ('project', 'global')),
  project_id TEXT,
  domain TEXT NOT NULL,
  trigger_text TEXT NOT NULL,
  rule TEXT NOT NULL,
  confidence REAL NOT NULL,
  support_task_count INTEGER NOT NULL,
  evidence_count INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  last_validated_at INTEGER,
  data TEXT NOT NULL
);
CREATE UNIQUE INDEX idx_lessons_content ON lessons(scope_key, content_hash);
CREATE INDEX idx_lessons_state ON lessons(status, maturity);
CREATE INDEX idx_lessons_project ON lessons(project_id);
CREATE INDEX idx_lessons_updated ON lessons(updated_at);

CREATE TABLE lesson_events (
  id TEXT PRIMARY KEY,
  lesson_id TEXT NOT NULL,
  type TEXT NOT NULL,
  before_state TEXT,
  after_state TEXT,
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX idx_lesson_events_lesson ON lesson_events(lesson_id, at);

CREATE TABLE lesson_feedback (
  id TEXT PRIMARY KEY,
  lesson_id TEXT NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  type TEXT NOT NULL CHECK (type IN ('helpful', 'neutral', 'harmful')),
  raw_value REAL NOT NULL,
  source TEXT NOT NULL,
  session_id TEXT,
  task_id TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX idx_lesson_feedback_lesson ON lesson_feedback(lesson_id, at);

CREATE TABLE vector_indexes (
  name TEXT PRIMARY KEY,
  subject TEXT NOT NULL,
  embedder_id TEXT NOT NULL,
  dimensions INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (subject, embedder_id)
);
`,
};
