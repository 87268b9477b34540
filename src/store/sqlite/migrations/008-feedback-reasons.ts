import type { SqliteMigration } from "./index.js";

/**
 * Feedback provenance (issue 7): the reason given with explicit feedback (MCP `record_feedback`,
 * `tacit lessons feedback --reason`; redacted before it is written), and the recall event a
 * recall-outcome judgement came from. A lesson is judged at most once per recall event, whichever
 * path (`tacit learn`, MCP `record_outcome`) gets there first: the unique index makes a second
 * judgement of the same recall fail inside the transaction that would have written it.
 */
export const migration008: SqliteMigration = {
  version: 8,
  name: "feedback-reasons",
  sql: `
ALTER TABLE lesson_feedback ADD COLUMN reason TEXT;
ALTER TABLE lesson_feedback ADD COLUMN recall_id TEXT;
CREATE UNIQUE INDEX idx_lesson_feedback_recall ON lesson_feedback(lesson_id, recall_id)
  WHERE recall_id IS NOT NULL;
`,
};
