import type { SqliteMigration } from "./index.js";

/**
 * Lesson slots and conventions: what a lesson governs (`package-manager`, `naming.variable.prefix`,
 * `deploy-target`) and whether it is a standing convention of its project, as columns beside the
 * lesson JSON, so that a newer lesson finds the one it supersedes and recall lists a project's
 * conventions without reading every lesson. Lessons learnt before have neither (read from their
 * JSON, where they are absent).
 */
export const migration016: SqliteMigration = {
  version: 16,
  name: "lesson-slots",
  sql: `
ALTER TABLE lessons ADD COLUMN slot TEXT;
ALTER TABLE lessons ADD COLUMN convention INTEGER NOT NULL DEFAULT 0;
UPDATE lessons SET slot = json_extract(data, '$.slot.id'),
  convention = CASE WHEN json_extract(data, '$.convention') THEN 1 ELSE 0 END;
CREATE INDEX idx_lessons_slot ON lessons(scope_key, slot) WHERE slot IS NOT NULL;
CREATE INDEX idx_lessons_convention ON lessons(scope_key, convention) WHERE convention = 1;
`,
};
