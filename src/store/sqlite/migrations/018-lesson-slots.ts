import type Database from "better-sqlite3";
import type { SqliteMigration } from "./index.js";

/**
 * Lesson slots and conventions: what a lesson governs (`package-manager`, `naming.variable.prefix`,
 * `deploy-target`) and whether it is a standing convention of its project, as columns beside the
 * lesson JSON, so that a newer lesson finds the one it supersedes and recall lists a project's
 * conventions without reading every lesson. Lessons learnt before have neither (read from their
 * JSON, where they are absent).
 *
 * Safe to run again on a database that already has the columns (a store whose later migrations are
 * re-applied): a column is added only when missing, the indexes only if absent, and the backfill
 * reads the lesson JSON, which holds the same values the columns do.
 */
export const migration018: SqliteMigration = {
  version: 18,
  name: "lesson-slots",
  sql: "",
  run: addSlotColumns,
};

function addSlotColumns(db: Database.Database): void {
  const columns = new Set(
    (db.prepare("SELECT name FROM pragma_table_info('lessons')").all() as Array<{ name: string }>).map(
      (row) => row.name,
    ),
  );
  if (!columns.has("slot")) db.exec("ALTER TABLE lessons ADD COLUMN slot TEXT");
  if (!columns.has("convention"))
    db.exec("ALTER TABLE lessons ADD COLUMN convention INTEGER NOT NULL DEFAULT 0");
  db.exec(`
UPDATE lessons SET slot = json_extract(data, '$.slot.id'),
  convention = CASE WHEN json_extract(data, '$.convention') THEN 1 ELSE 0 END;
CREATE INDEX IF NOT EXISTS idx_lessons_slot ON lessons(scope_key, slot) WHERE slot IS NOT NULL;
CREATE INDEX IF NOT EXISTS idx_lessons_convention ON lessons(scope_key, convention) WHERE convention = 1;
`);
}
