import type { SqliteMigration } from "./index.js";

/**
 * Capture tables: sessions, conversation turns, every message in order with tool calls
 * paired to their results, tasks, outcomes and errors, the import ledger and
 * an FTS5 index over message text (rowid = messages.pk).
 *
 * On purpose, no turn copies the messages of its context window
 * (that grows quadratically with session length). A turn records the message range that formed its
 * context window instead (`context_start_seq`..`end_seq`); the text lives once, in `messages`.
 */
export const migration001: SqliteMigration = {
  version: 1,
  name: "capture",
  sql: `
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  agent TEXT NOT NULL,
  source_session_id TEXT NOT NULL,
  channel_id TEXT NOT NULL,
  conversation_target TEXT,
  account_id TEXT,
  project_id TEXT,
  cwd TEXT,
  git_branch TEXT,
  parent_session_id TEXT REFERENCES sessions(id) ON DELETE SET NULL,
  title TEXT,
  created_at INTEGER NOT NULL,
  last_activity_at INTEGER NOT NULL,
  metadata TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX idx_sessions_activity ON sessions(last_activity_at);
CREATE INDEX idx_sessions_project ON sessions(project_id, last_activity_at);
CREATE INDEX idx_sessions_channel ON sessions(channel_id);

CREATE TABLE messages (
  pk INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  seq INTEGER NOT NULL,
  turn_number INTEGER NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('user', 'assistant', 'tool', 'system')),
  kind TEXT NOT NULL CHECK (kind IN ('text', 'thinking', 'tool_call', 'summary', 'compact_boundary', 'meta')),
  content TEXT NOT NULL,
  tool_name TEXT,
  tool_input TEXT,
  tool_output TEXT,
  is_error INTEGER NOT NULL DEFAULT 0,
  tool_use_id TEXT,
  is_sidechain INTEGER NOT NULL DEFAULT 0,
  parent_id TEXT,
  api_message_id TEXT,
  original_size INTEGER,
  created_at INTEGER NOT NULL,
  metadata TEXT NOT NULL DEFAULT '{}',
  UNIQUE (session_id, seq)
);
CREATE INDEX idx_messages_tool_use ON messages(session_id, tool_use_id) WHERE tool_use_id IS NOT NULL;

-- Full-text index over what is worth finding again: message text, tool names, the head of tool input
-- and output (all of a failed call's output). Contentless, so the capture writer decides what goes
-- in (see indexText in sqlite-capture-writer.ts) and huge tool output is not tokenized whole.
CREATE VIRTUAL TABLE messages_fts USING fts5(
  text, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER messages_fts_delete AFTER DELETE ON messages BEGIN
  DELETE FROM messages_fts WHERE rowid = old.pk;
END;

CREATE TABLE conversation_turns (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  turn_number INTEGER NOT NULL,
  user_message_id TEXT,
  user_message_content TEXT NOT NULL DEFAULT '',
  agent_message_id TEXT,
  agent_message_content TEXT NOT NULL DEFAULT '',
  context_start_seq INTEGER NOT NULL,
  end_seq INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  UNIQUE (session_id, turn_number)
);
CREATE INDEX idx_turns_created ON conversation_turns(created_at);

CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  title TEXT NOT NULL,
  summary TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'completed', 'failed', 'abandoned')),
  start_seq INTEGER NOT NULL,
  end_seq INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  learned_at INTEGER
);
CREATE INDEX idx_tasks_session ON tasks(session_id, start_seq);

CREATE TABLE outcomes (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  task_id TEXT REFERENCES tasks(id) ON DELETE CASCADE,
  duration_ms INTEGER NOT NULL,
  error_count INTEGER NOT NULL,
  retry_count INTEGER NOT NULL,
  success INTEGER NOT NULL,
  files_touched TEXT NOT NULL DEFAULT '[]',
  strategy TEXT,
  failure_mode TEXT,
  failure_details TEXT,
  created_at INTEGER NOT NULL
);
CREATE INDEX idx_outcomes_session ON outcomes(session_id, created_at);
CREATE INDEX idx_outcomes_task ON outcomes(task_id);

CREATE TABLE errors (
  id TEXT PRIMARY KEY,
  session_id TEXT NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  task_id TEXT REFERENCES tasks(id) ON DELETE SET NULL,
  message_id TEXT,
  error_type TEXT NOT NULL CHECK (error_type IN ('validation', 'timeout', 'conflict', 'tool_failure', 'unknown')),
  message TEXT NOT NULL,
  stack_trace TEXT,
  tool_name TEXT,
  context TEXT,
  resolved INTEGER NOT NULL DEFAULT 0,
  resolved_at INTEGER,
  created_at INTEGER NOT NULL
);
CREATE INDEX idx_errors_session ON errors(session_id, created_at);
CREATE INDEX idx_errors_task ON errors(task_id);
CREATE INDEX idx_errors_unresolved ON errors(resolved, created_at);

CREATE TABLE import_files (
  path TEXT PRIMARY KEY,
  format TEXT NOT NULL,
  head_hash TEXT NOT NULL,
  byte_offset INTEGER NOT NULL,
  line_count INTEGER NOT NULL,
  size INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
`,
};
