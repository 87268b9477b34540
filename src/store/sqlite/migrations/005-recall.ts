import type { SqliteMigration } from "./index.js";

/**
 * Recall (issue 5): a full-text index over lessons (rowid = lessons.pk; contentless, so the lesson
 * store decides what is indexed: trigger, rule, why and CJK bigrams), the recall log that closes the
 * loop (what was injected, for which session and prompt, and whether its outcome was applied), and
 * a watermark per vector index so messages are embedded incrementally.
 */
export const migration005: SqliteMigration = {
  version: 5,
  name: "recall",
  sql: `
CREATE VIRTUAL TABLE lessons_fts USING fts5(
  text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);
INSERT INTO lessons_fts (rowid, text) SELECT pk, trigger_text || char(10) || rule FROM lessons;

ALTER TABLE vector_indexes ADD COLUMN indexed_upto INTEGER NOT NULL DEFAULT 0;

CREATE TABLE recall_events (
  id TEXT PRIMARY KEY,
  session_id TEXT,
  project_id TEXT,
  prompt TEXT NOT NULL,
  context TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  applied_at INTEGER,
  outcome TEXT
);
CREATE INDEX idx_recall_events_session ON recall_events(session_id, created_at);

CREATE TABLE recall_items (
  recall_id TEXT NOT NULL REFERENCES recall_events(id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('lesson', 'skill', 'evidence')),
  item_id TEXT NOT NULL,
  rank INTEGER NOT NULL,
  score REAL NOT NULL,
  PRIMARY KEY (recall_id, kind, item_id)
);
CREATE INDEX idx_recall_items_item ON recall_items(kind, item_id);
`,
};
