import type { SqliteMigration } from "./index.js";

/**
 * Model calls (issue 4): one row per call the model gate made or refused, the ledger behind the
 * daily ceiling and `tacit stats --llm`; and the circuit-breaker state per model, persisted because
 * hooks are separate processes. `charged_tokens` is what counts against the ceiling: reported
 * tokens, or a conservative estimate while a call is pending or when the provider reports none.
 */
export const migration003: SqliteMigration = {
  version: 3,
  name: "llm-calls",
  sql: `
CREATE TABLE llm_calls (
  id INTEGER PRIMARY KEY,
  started_at INTEGER NOT NULL,
  finished_at INTEGER,
  purpose TEXT NOT NULL,
  provider TEXT NOT NULL,
  model TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'ok', 'invalid-output', 'http-error', 'timeout',
    'aborted', 'unavailable', 'refused-ceiling', 'refused-breaker')),
  latency_ms INTEGER,
  input_tokens INTEGER,
  output_tokens INTEGER,
  charged_tokens INTEGER NOT NULL DEFAULT 0,
  http_status INTEGER,
  error TEXT
);
CREATE INDEX idx_llm_calls_started ON llm_calls(started_at);
CREATE INDEX idx_llm_calls_status ON llm_calls(status, started_at);

CREATE TABLE model_breakers (
  key TEXT PRIMARY KEY,
  status TEXT NOT NULL CHECK (status IN ('closed', 'open', 'half-open')),
  consecutive_failures INTEGER NOT NULL,
  opened_at INTEGER,
  trial_started_at INTEGER,
  updated_at INTEGER NOT NULL
);
`,
};
