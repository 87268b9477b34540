import type { SqliteMigration } from "./index.js";

/**
 * Per-session message counts without reading the messages: a session's summary counts its tool
 * calls and failed calls, and every capture write looks up its last compact boundary. With only
 * the (session_id, seq) key those read every row of the session (tool output included), so a hook
 * event in a session of 6k messages cost about 10× one in a new session. This index answers all
 * three from its own pages.
 */
export const migration009: SqliteMigration = {
  version: 9,
  name: "session-message-index",
  sql: `
CREATE INDEX idx_messages_session_kind ON messages(session_id, kind, seq, is_error);
`,
};
