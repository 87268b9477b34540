/**
 * The statements the capture writer prepares once per connection: sessions, messages and their
 * full-text rows, tool results paired with their calls, conversation turns, errors and import
 * progress.
 */
import type Database from "better-sqlite3";
import type { SqliteDatabase } from "./sqlite-database.js";

/**
 * The stored call of a tool use id. `+kind` makes SQLite find it through idx_messages_tool_use;
 * otherwise it picks idx_messages_session_kind and reads every tool call of the session, once per
 * failed result imported, which made importing a long session quadratic.
 */
export const TOOL_CALL_BY_USE_ID_SQL =
  "SELECT id, tool_name, tool_input FROM messages WHERE session_id = ? AND tool_use_id = ? AND +kind = 'tool_call' LIMIT 1";

/** Prepares the capture writer's statements on `db`. */
export function prepareCaptureStatements(
  db: SqliteDatabase,
): Record<CaptureStatementName, Database.Statement> {
  return {
    upsertSession: db.prepare(`
      INSERT INTO sessions (id, agent, source_session_id, channel_id, conversation_target, account_id,
        project_id, cwd, git_branch, parent_session_id, title, created_at, last_activity_at, metadata)
      VALUES (@id, @agent, @sourceSessionId, @channelId, @conversationTarget, @accountId,
        @projectId, @cwd, @gitBranch, @parentSessionId, @title, @createdAt, @lastActivityAt, @metadata)
      ON CONFLICT(id) DO UPDATE SET
        conversation_target = COALESCE(excluded.conversation_target, conversation_target),
        account_id = COALESCE(excluded.account_id, account_id),
        project_id = COALESCE(excluded.project_id, project_id),
        cwd = COALESCE(excluded.cwd, cwd),
        git_branch = COALESCE(excluded.git_branch, git_branch),
        parent_session_id = COALESCE(excluded.parent_session_id, parent_session_id),
        title = COALESCE(title, excluded.title),
        created_at = MIN(created_at, excluded.created_at),
        last_activity_at = MAX(last_activity_at, excluded.last_activity_at),
        metadata = json_patch(metadata, excluded.metadata)`),
    ensureParent: db.prepare(`
      INSERT INTO sessions (id, agent, source_session_id, channel_id, created_at, last_activity_at)
      SELECT @id, @agent, @sourceSessionId, @channelId, @createdAt, @createdAt
      WHERE NOT EXISTS (SELECT 1 FROM sessions WHERE id = @id)`),
    cursor: db.prepare(`
      SELECT
        (SELECT MAX(seq) FROM messages WHERE session_id = @id) AS maxSeq,
        -- Turn numbers only grow with seq (insertMessage), so the last row has the highest.
        (SELECT turn_number FROM messages WHERE session_id = @id ORDER BY seq DESC LIMIT 1) AS turnNumber,
        (SELECT MAX(seq) FROM messages WHERE session_id = @id AND kind = 'compact_boundary') AS boundary,
        (SELECT last_activity_at FROM sessions WHERE id = @id) AS lastActivityAt`),
    insertMessage: db.prepare(`
      INSERT INTO messages (id, session_id, seq, turn_number, role, kind, content, tool_name, tool_input,
        tool_output, is_error, tool_use_id, is_sidechain, parent_id, api_message_id, original_size, created_at, metadata)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT(id) DO NOTHING`),
    indexMessage: db.prepare("INSERT INTO messages_fts (rowid, text) VALUES (?, ?)"),
    unindexMessage: db.prepare("DELETE FROM messages_fts WHERE rowid = ?"),
    pairToolResult: db.prepare(`
      UPDATE messages SET tool_output = @output, is_error = @isError,
        original_size = COALESCE(@originalSize, original_size),
        tool_name = COALESCE(tool_name, @toolName)
      WHERE session_id = @sessionId AND tool_use_id = @toolUseId AND kind = 'tool_call'
        AND (tool_output IS NULL OR tool_output IS NOT @output OR is_error IS NOT @isError)
      RETURNING pk, content, tool_name AS toolName, tool_input AS toolInput, tool_output AS toolOutput,
        is_error AS isError`),
    toolCallExists: db.prepare(TOOL_CALL_BY_USE_ID_SQL),
    insertTurn: db.prepare(`
      INSERT OR IGNORE INTO conversation_turns (id, session_id, turn_number, user_message_id, user_message_content,
        context_start_seq, end_seq, created_at)
      VALUES (@id, @sessionId, @turnNumber, @userMessageId, @content, @contextStart, @seq, @createdAt)`),
    insertBuiltTurn: db.prepare(`
      INSERT OR IGNORE INTO conversation_turns (id, session_id, turn_number, user_message_id, user_message_content,
        agent_message_id, agent_message_content, context_start_seq, end_seq, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
    storedCalls: db.prepare(`
      SELECT session_id AS sessionId, tool_use_id AS toolUseId FROM messages
      WHERE tool_use_id IS NOT NULL AND kind = 'tool_call' AND (session_id, tool_use_id) IN
        (SELECT value ->> 0, value ->> 1 FROM json_each(?))`),
    extendTurn: db.prepare(`
      UPDATE conversation_turns SET end_seq = MAX(end_seq, @seq) WHERE session_id = @sessionId AND turn_number = @turnNumber`),
    turnReply: db.prepare(`
      UPDATE conversation_turns SET
        agent_message_content = CASE WHEN agent_message_id IS NOT NULL AND @apiMessageId IS NOT NULL
          AND agent_message_id = @apiMessageId THEN agent_message_content || char(10) || @content ELSE @content END,
        agent_message_id = COALESCE(@apiMessageId, @messageId)
      WHERE session_id = @sessionId AND turn_number = @turnNumber`),
    insertError: db.prepare(`
      INSERT OR IGNORE INTO errors (id, session_id, task_id, message_id, error_type, message, stack_trace, tool_name,
        context, created_at)
      VALUES (@id, @sessionId, @taskId, @messageId, @errorType, @message, @stackTrace, @toolName, @context, @createdAt)`),
    touchSession: db.prepare("UPDATE sessions SET last_activity_at = MAX(last_activity_at, ?) WHERE id = ?"),
    saveImportFile: db.prepare(`
      INSERT INTO import_files (path, format, head_hash, byte_offset, line_count, size, updated_at)
      VALUES (@path, @format, @headHash, @byteOffset, @lineCount, @size, @updatedAt)
      ON CONFLICT(path) DO UPDATE SET format = excluded.format, head_hash = excluded.head_hash,
        byte_offset = excluded.byte_offset, line_count = excluded.line_count, size = excluded.size,
        updated_at = excluded.updated_at`),
  };
}

/** The names of the capture writer's statements. */
type CaptureStatementName =
  | "upsertSession"
  | "ensureParent"
  | "cursor"
  | "insertMessage"
  | "indexMessage"
  | "unindexMessage"
  | "pairToolResult"
  | "toolCallExists"
  | "insertTurn"
  | "insertBuiltTurn"
  | "storedCalls"
  | "extendTurn"
  | "turnReply"
  | "insertError"
  | "touchSession"
  | "saveImportFile";

/** The capture writer's prepared statements. */
export type CaptureStatements = Record<CaptureStatementName, Database.Statement>;
