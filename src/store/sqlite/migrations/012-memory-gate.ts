import type { SqliteMigration } from "./index.js";

/**
 * The memory gate's log: one row per decision, whether the offline rules or a model made it.
 *
 * - A decision on a stored turn references it (`turn_id`, and `context_start_seq`..`context_end_seq`,
 *   the message range of the window it read: the text stays once, in `messages`). A decision on a
 *   turn given directly (`tacit gate decide` on stdin, the MCP tool) has no turn: `turn_id` is null
 *   and `input` keeps the window it read, as redacted JSON.
 * - `session_id` is the stored session the turn belongs to, or null. Both references cascade, so
 *   pruning a session forgets the gate's decisions about it.
 * - `llm_model` is the model's id, or `offline-rules/v1` for the offline rules; `raw_response` is
 *   the model's reply as it came (redacted), kept when configured.
 * - Stats are queries over this table (per day, week, session and decision), not a second table.
 */
export const migration012: SqliteMigration = {
  version: 12,
  name: "memory-gate",
  sql: `
CREATE TABLE memory_gate_decisions (
  id TEXT PRIMARY KEY,
  turn_id TEXT REFERENCES conversation_turns(id) ON DELETE CASCADE,
  session_id TEXT REFERENCES sessions(id) ON DELETE CASCADE,
  decision TEXT NOT NULL CHECK (decision IN
    ('NO_WRITE', 'UPDATE_MEMORY', 'UPDATE_USER', 'UPDATE_SOUL', 'UPDATE_IDENTITY', 'UPDATE_TOOLS')),
  reason TEXT NOT NULL CHECK (reason <> ''),
  candidate_fact TEXT CHECK (
    (decision = 'NO_WRITE' AND candidate_fact IS NULL) OR (decision <> 'NO_WRITE' AND candidate_fact <> '')),
  decided_by TEXT,
  confidence REAL,
  llm_model TEXT NOT NULL,
  llm_latency_ms REAL,
  prompt_tokens INTEGER,
  completion_tokens INTEGER,
  raw_response TEXT,
  warning TEXT,
  context_start_seq INTEGER,
  context_end_seq INTEGER,
  input TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX idx_gate_decisions_session ON memory_gate_decisions(session_id, created_at);
CREATE INDEX idx_gate_decisions_decision ON memory_gate_decisions(decision);
CREATE INDEX idx_gate_decisions_turn ON memory_gate_decisions(turn_id);
CREATE INDEX idx_gate_decisions_created ON memory_gate_decisions(created_at);
`,
};
