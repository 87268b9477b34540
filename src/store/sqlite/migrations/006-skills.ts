import type { SqliteMigration } from "./index.js";

/**
 * Skills (issue 5): one row per skill with the columns listings filter on, plus the whole skill as
 * JSON in `data` (the source of truth, compared on write so concurrent generators cannot
 * overwrite each other); a name is unique within its scope (`global` or `project:<id>`). And the
 * history of every change, each event holding the skill before and after.
 */
export const migration006: SqliteMigration = {
  version: 6,
  name: "skills",
  sql: `
CREATE TABLE skills (
  pk INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  scope_key TEXT NOT NULL,
  name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'active', 'archived')),
  scope TEXT NOT NULL CHECK (scope IN ('project', 'global')),
  project_id TEXT,
  version INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  data TEXT NOT NULL,
  UNIQUE (scope_key, name)
);
CREATE INDEX idx_skills_status ON skills(status, updated_at);
CREATE INDEX idx_skills_project ON skills(project_id);
CREATE INDEX idx_skills_name ON skills(name);

CREATE TABLE skill_events (
  id TEXT PRIMARY KEY,
  skill_id TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('skill-created', 'skill-refined', 'skill-extended', 'skill-fixed',
    'skill-drafted', 'skill-activated', 'skill-archived')),
  version INTEGER NOT NULL,
  before_state TEXT,
  after_state TEXT NOT NULL,
  reason TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX idx_skill_events_skill ON skill_events(skill_id, at);
`,
};
