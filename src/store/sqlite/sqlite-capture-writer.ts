import { ftsIndexText } from "../../core/recall/fts-text.js";
import type {
  CaptureBatch,
  CaptureWriteResult,
  ErrorWrite,
  MessageWrite,
  SessionWrite,
  ToolResultWrite,
} from "../store.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";

interface SessionCursor {
  maxSeq: number;
  turnNumber: number;
  /** Sequence number where the current context window starts (after the last compact boundary). */
  contextStart: number;
  lastActivityAt: number;
  /** Last sequence number added to the current turn in this batch, if any. */
  openTurnEnd: number | null;
}

/**
 * Writes capture batches into SQLite. Statements are prepared once; each batch is one IMMEDIATE
 * transaction, so concurrent writers queue on the lock instead of failing on upgrade.
 */
export class SqliteCaptureWriter {
  private readonly statements;

  constructor(private readonly db: SqliteDatabase) {
    this.statements = {
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
          (SELECT MAX(turn_number) FROM messages WHERE session_id = @id) AS turnNumber,
          (SELECT MAX(seq) FROM messages WHERE session_id = @id AND kind = 'compact_boundary') AS boundary,
          (SELECT last_activity_at FROM sessions WHERE id = @id) AS lastActivityAt`),
      insertMessage: db.prepare(`
        INSERT INTO messages (id, session_id, seq, turn_number, role, kind, content, tool_name, tool_input,
          tool_output, is_error, tool_use_id, is_sidechain, parent_id, api_message_id, original_size, created_at, metadata)
        VALUES (@id, @sessionId, @seq, @turnNumber, @role, @kind, @content, @toolName, @toolInput,
          @toolOutput, @isError, @toolUseId, @isSidechain, @parentId, @apiMessageId, @originalSize, @createdAt, @metadata)
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
      toolCallExists: db.prepare(
        "SELECT id, tool_name, tool_input FROM messages WHERE session_id = ? AND tool_use_id = ? AND kind = 'tool_call' LIMIT 1",
      ),
      insertTurn: db.prepare(`
        INSERT OR IGNORE INTO conversation_turns (id, session_id, turn_number, user_message_id, user_message_content,
          context_start_seq, end_seq, created_at)
        VALUES (@id, @sessionId, @turnNumber, @userMessageId, @content, @contextStart, @seq, @createdAt)`),
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
      touchSession: db.prepare(
        "UPDATE sessions SET last_activity_at = MAX(last_activity_at, ?) WHERE id = ?",
      ),
      saveImportFile: db.prepare(`
        INSERT INTO import_files (path, format, head_hash, byte_offset, line_count, size, updated_at)
        VALUES (@path, @format, @headHash, @byteOffset, @lineCount, @size, @updatedAt)
        ON CONFLICT(path) DO UPDATE SET format = excluded.format, head_hash = excluded.head_hash,
          byte_offset = excluded.byte_offset, line_count = excluded.line_count, size = excluded.size,
          updated_at = excluded.updated_at`),
    };
  }

  /** Rows written in the current batch, indexed for full-text search when it ends. */
  private readonly pendingIndex = new Map<number, IndexedFields & { isError: boolean }>();

  write(batch: CaptureBatch): CaptureWriteResult {
    return withBusyRetry(() =>
      this.db
        .transaction(() => {
          this.pendingIndex.clear();
          const result = this.writeInTransaction(batch);
          for (const [pk, fields] of this.pendingIndex)
            this.statements.indexMessage.run(pk, indexText(fields));
          this.pendingIndex.clear();
          return result;
        })
        .immediate(),
    );
  }

  private writeInTransaction(batch: CaptureBatch): CaptureWriteResult {
    const result: CaptureWriteResult = {
      messagesInserted: 0,
      toolCallsInserted: 0,
      toolResultsPaired: 0,
      errorsInserted: 0,
    };
    for (const session of batch.sessions) this.upsertSession(session);
    const cursors = new Map<string, SessionCursor>();
    for (const item of batch.items) {
      if (item.type === "message") {
        if (this.insertMessage(item.message, this.cursorFor(item.message.sessionId, cursors))) {
          result.messagesInserted++;
          if (item.message.kind === "tool_call") result.toolCallsInserted++;
        }
      } else {
        const outcome = this.applyToolResult(item.result, this.cursorFor(item.result.sessionId, cursors));
        if (outcome === "paired") result.toolResultsPaired++;
        if (outcome === "inserted") {
          result.messagesInserted++;
          result.toolCallsInserted++;
        }
      }
    }
    for (const error of batch.errors) {
      if (this.insertError(error)) result.errorsInserted++;
    }
    for (const [sessionId, cursor] of cursors) this.closeTurn(sessionId, cursor, cursor.turnNumber);
    for (const [sessionId, cursor] of cursors)
      this.statements.touchSession.run(cursor.lastActivityAt, sessionId);
    if (batch.importFile) this.statements.saveImportFile.run(batch.importFile);
    return result;
  }

  private upsertSession(session: SessionWrite): void {
    if (session.parentSessionId) {
      this.statements.ensureParent.run({
        id: session.parentSessionId,
        agent: session.agent,
        sourceSessionId: session.parentSessionId.slice(session.agent.length + 1),
        channelId: session.channelId,
        createdAt: session.createdAt,
      });
    }
    this.statements.upsertSession.run({
      id: session.id,
      agent: session.agent,
      sourceSessionId: session.sourceSessionId,
      channelId: session.channelId,
      conversationTarget: session.conversationTarget ?? null,
      accountId: session.accountId ?? null,
      projectId: session.projectId ?? null,
      cwd: session.cwd ?? null,
      gitBranch: session.gitBranch ?? null,
      parentSessionId: session.parentSessionId ?? null,
      title: session.title ?? null,
      createdAt: session.createdAt,
      lastActivityAt: session.lastActivityAt,
      metadata: JSON.stringify(session.metadata ?? {}),
    });
  }

  private cursorFor(sessionId: string, cursors: Map<string, SessionCursor>): SessionCursor {
    let cursor = cursors.get(sessionId);
    if (!cursor) {
      const row = this.statements.cursor.get({ id: sessionId }) as {
        maxSeq: number | null;
        turnNumber: number | null;
        boundary: number | null;
        lastActivityAt: number | null;
      };
      cursor = {
        maxSeq: row.maxSeq ?? -1,
        turnNumber: row.turnNumber ?? 0,
        contextStart: row.boundary === null ? 0 : row.boundary + 1,
        lastActivityAt: row.lastActivityAt ?? 0,
        openTurnEnd: null,
      };
      cursors.set(sessionId, cursor);
    }
    return cursor;
  }

  private insertMessage(message: MessageWrite, cursor: SessionCursor): boolean {
    const seq = cursor.maxSeq + 1;
    const turnNumber = message.startsTurn ? cursor.turnNumber + 1 : cursor.turnNumber;
    const info = this.statements.insertMessage.run({
      ...message,
      seq,
      turnNumber,
      isError: message.isError ? 1 : 0,
      isSidechain: message.isSidechain ? 1 : 0,
      metadata: JSON.stringify(message.metadata),
    });
    if (info.changes === 0) return false;
    this.pendingIndex.set(Number(info.lastInsertRowid), message);
    cursor.maxSeq = seq;
    cursor.turnNumber = turnNumber;
    cursor.lastActivityAt = Math.max(cursor.lastActivityAt, message.createdAt);
    if (message.kind === "compact_boundary") cursor.contextStart = seq + 1;
    const turn = { sessionId: message.sessionId, turnNumber, seq };
    if (message.startsTurn) {
      this.closeTurn(message.sessionId, cursor, turnNumber - 1);
      this.statements.insertTurn.run({
        ...turn,
        id: `${message.sessionId}:turn:${turnNumber}`,
        userMessageId: message.id,
        content: message.content,
        contextStart: cursor.contextStart,
        createdAt: message.createdAt,
      });
    } else if (turnNumber > 0) {
      if (message.role === "assistant" && message.kind === "text" && message.content) {
        this.statements.turnReply.run({
          ...turn,
          content: message.content,
          apiMessageId: message.apiMessageId,
          messageId: message.id,
        });
      }
      cursor.openTurnEnd = seq;
    }
    return true;
  }

  /** Extends a turn to the last message added to it, once per batch rather than once per message. */
  private closeTurn(sessionId: string, cursor: SessionCursor, turnNumber: number): void {
    if (cursor.openTurnEnd === null) return;
    this.statements.extendTurn.run({ sessionId, turnNumber, seq: cursor.openTurnEnd });
    cursor.openTurnEnd = null;
  }

  private applyToolResult(
    result: ToolResultWrite,
    cursor: SessionCursor,
  ): "paired" | "inserted" | "unchanged" {
    const paired = this.statements.pairToolResult.all({
      sessionId: result.sessionId,
      toolUseId: result.toolUseId,
      output: result.output,
      isError: result.isError ? 1 : 0,
      originalSize: result.originalSize,
      toolName: result.toolName,
    }) as Array<{ pk: number; isError: number } & IndexedFields>;
    for (const row of paired) {
      const fields = { ...row, isError: row.isError === 1 };
      // A call written in this batch is indexed once, with its result, when the batch ends.
      if (!this.pendingIndex.has(row.pk)) this.statements.unindexMessage.run(row.pk);
      this.pendingIndex.set(row.pk, fields);
    }
    if (paired.length > 0) return "paired";
    if (this.statements.toolCallExists.get(result.sessionId, result.toolUseId)) return "unchanged";
    // A result whose call we never saw: keep it as its own tool row rather than lose it.
    const inserted = this.insertMessage(
      {
        id: result.id,
        sessionId: result.sessionId,
        role: "tool",
        kind: "tool_call",
        content: "",
        toolName: result.toolName,
        toolInput: null,
        toolOutput: result.output,
        isError: result.isError,
        toolUseId: result.toolUseId,
        isSidechain: false,
        parentId: null,
        apiMessageId: null,
        originalSize: result.originalSize,
        startsTurn: false,
        createdAt: result.createdAt,
        metadata: { unpaired: true },
      },
      cursor,
    );
    return inserted ? "inserted" : "unchanged";
  }

  private insertError(error: ErrorWrite): boolean {
    let { messageId, toolName, context } = error;
    if (error.toolUseId) {
      // Fill what the result line lacks from its call: the row, the tool and its input.
      const call = this.statements.toolCallExists.get(error.sessionId, error.toolUseId) as
        | { id: string; tool_name: string | null; tool_input: string | null }
        | undefined;
      messageId ??= call?.id ?? null;
      toolName ??= call?.tool_name ?? null;
      context ??= call?.tool_input?.slice(0, 300) ?? null;
    }
    const info = this.statements.insertError.run({
      id: error.id,
      sessionId: error.sessionId,
      taskId: error.taskId,
      messageId,
      errorType: error.errorType,
      message: error.message,
      stackTrace: error.stackTrace,
      toolName,
      context,
      createdAt: error.createdAt,
    });
    return info.changes > 0;
  }
}

type IndexedFields = {
  content: string;
  toolName: string | null;
  toolInput: string | null;
  toolOutput: string | null;
};

/**
 * What the full-text index holds for a message: its text, the tool name, the head of the tool input,
 * and the head of the output (more of it when the call failed, since errors are what recall looks for).
 */
function indexText(message: IndexedFields & { isError: boolean }): string {
  const parts = [message.content];
  if (message.toolName) parts.push(message.toolName);
  if (message.toolInput) parts.push(message.toolInput.slice(0, 400));
  if (message.toolOutput) parts.push(message.toolOutput.slice(0, message.isError ? 4000 : 400));
  return ftsIndexText(parts.join("\n"));
}
