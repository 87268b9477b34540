import type { SqliteMigration } from "./index.js";

/**
 * The guard at the tool call (docs/guard.md):
 * - `guard_events`: one row per lesson the guard acted on for a tool call (denied, asked, reminded)
 *   or that recall put into a prompt while it has a check, with the check it matched, what the
 *   agent was told to run instead, and, once the following calls or the user's next prompt showed
 *   it, whether the lesson was followed, ignored or overridden (`adherence`; null with `closed_at`
 *   set when nothing bore on it). An override opens a one-time pass for the same call
 *   (`pass_used_at` once it was used). Both references cascade: pruning a session or deleting a
 *   lesson forgets its events.
 * - `store_versions`: a counter per table that changes whenever a row does, kept by triggers, so a
 *   long-lived process (the hook daemon) knows in one read whether the lessons it holds in memory
 *   are still current, whichever process changed them.
 */
export const migration016: SqliteMigration = {
  version: 16,
  name: "guard",
  sql: `
CREATE TABLE store_versions (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL
);
INSERT INTO store_versions (name, version) VALUES ('lessons', 0);
CREATE TRIGGER lessons_version_insert AFTER INSERT ON lessons
  BEGIN UPDATE store_versions SET version = version + 1 WHERE name = 'lessons'; END;
CREATE TRIGGER lessons_version_update AFTER UPDATE ON lessons
  BEGIN UPDATE store_versions SET version = version + 1 WHERE name = 'lessons'; END;
CREATE TRIGGER lessons_version_delete AFTER DELETE ON lessons
  BEGIN UPDATE store_versions SET version = version + 1 WHERE name = 'lessons'; END;

CREATE TABLE guard_events (
  id TEXT PRIMARY KEY,
  call_id TEXT NOT NULL,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  project_id TEXT,
  lesson_id TEXT NOT NULL REFERENCES lessons(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('deny', 'ask', 'remind', 'recall')),
  check_json TEXT NOT NULL,
  suggestion TEXT,
  tool_name TEXT,
  tool_input TEXT,
  reason TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  calls_seen INTEGER NOT NULL DEFAULT 0,
  closed_at INTEGER,
  adherence TEXT CHECK (adherence IN ('followed', 'ignored', 'overridden')),
  adherence_detail TEXT,
  pass_used_at INTEGER
);
CREATE INDEX idx_guard_events_session ON guard_events(session_id, closed_at);
CREATE INDEX idx_guard_events_lesson ON guard_events(lesson_id, created_at);
CREATE INDEX idx_guard_events_created ON guard_events(created_at);
`,
};
