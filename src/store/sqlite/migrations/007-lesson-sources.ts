import type { SqliteMigration } from "./index.js";

/**
 * Where each lesson was learnt (issue 6): one row per (lesson, session, task) of its evidence, kept
 * in step with the lesson's evidence on every write. Recall reads it to lift a lesson whose
 * situation, the task it was learnt in, resembles the prompt ("start the frontend dev server" then,
 * "start the frontend so I can check the header" now), even when the lesson's own words do not.
 * `task_id` is '' for evidence that names no task (the session stands in for it). Existing lessons
 * are indexed from their evidence.
 */
export const migration007: SqliteMigration = {
  version: 7,
  name: "lesson-sources",
  sql: `
CREATE TABLE lesson_sources (
  lesson_pk INTEGER NOT NULL REFERENCES lessons(pk) ON DELETE CASCADE,
  session_id TEXT NOT NULL,
  task_id TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (lesson_pk, session_id, task_id)
) WITHOUT ROWID;
CREATE INDEX idx_lesson_sources_session ON lesson_sources(session_id, task_id);

INSERT OR IGNORE INTO lesson_sources (lesson_pk, session_id, task_id)
SELECT l.pk, json_extract(e.value, '$.sessionId'), coalesce(json_extract(e.value, '$.taskId'), '')
FROM lessons l, json_each(l.data, '$.evidence') e
WHERE json_extract(e.value, '$.sessionId') IS NOT NULL;
`,
};
