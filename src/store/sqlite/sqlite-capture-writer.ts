/**
 * The capture writer: one capture batch written into SQLite in one transaction (sessions, messages
 * with their turn and context cursor, tool results paired with their calls, errors, import
 * progress) and the full-text index rows of what it wrote.
 */
import { ftsIndexText } from "../../core/recall/fts-text.js";
import type {
  CaptureBatch,
  CaptureWriteResult,
  ErrorWrite,
  MessageWrite,
  SessionWrite,
  ToolResultWrite,
} from "../store.js";
import { pairInBatch, type StoredCall } from "./sqlite-capture-pairing.js";
import { type CaptureStatements, prepareCaptureStatements } from "./sqlite-capture-statements.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";

interface SessionCursor {
  maxSeq: number;
  turnNumber: number;
  /** Sequence number where the current context window starts (after the last compact boundary). */
  contextStart: number;
  lastActivityAt: number;
  /** Last sequence number added to the current turn in this batch, if any. */
  openTurnEnd: number | null;
  /** The current turn when this batch opened it: built here, inserted once when it closes. */
  newTurn: PendingTurn | null;
}

/** A turn opened in the current batch, with the replies it received so far. */
interface PendingTurn {
  id: string;
  sessionId: string;
  turnNumber: number;
  userMessageId: string;
  content: string;
  contextStart: number;
  seq: number;
  createdAt: number;
  agentMessageId: string | null;
  agentMessageContent: string;
  replies: Array<{ content: string; apiMessageId: string | null; messageId: string; seq: number }>;
}

/**
 * Writes capture batches into SQLite. Statements are prepared once; each batch is one IMMEDIATE
 * transaction, so concurrent writers queue on the lock instead of failing on upgrade.
 */
export class SqliteCaptureWriter {
  private readonly statements: CaptureStatements;

  constructor(private readonly db: SqliteDatabase) {
    this.statements = prepareCaptureStatements(db);
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
    const pairing = pairInBatch(
      batch,
      (pairs) => this.statements.storedCalls.all(JSON.stringify(pairs)) as StoredCall[],
    );
    const insertedCalls = new Set<MessageWrite>();
    for (const item of batch.items) {
      if (item.type === "message") {
        const message = pairing.calls.get(item.message) ?? item.message;
        if (this.insertMessage(message, this.cursorFor(message.sessionId, cursors))) {
          result.messagesInserted++;
          if (message.kind === "tool_call") {
            result.toolCallsInserted++;
            insertedCalls.add(message);
          }
        }
        continue;
      }
      const inMemory = pairing.results.get(item.result);
      const outcome =
        inMemory?.calls.every((call) => insertedCalls.has(call)) === true
          ? inMemory.changed
            ? "paired"
            : "unchanged"
          : this.applyToolResult(item.result, this.cursorFor(item.result.sessionId, cursors));
      if (outcome === "paired") result.toolResultsPaired++;
      if (outcome === "inserted") {
        result.messagesInserted++;
        result.toolCallsInserted++;
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
        newTurn: null,
      };
      cursors.set(sessionId, cursor);
    }
    return cursor;
  }

  private insertMessage(message: MessageWrite, cursor: SessionCursor): boolean {
    const seq = cursor.maxSeq + 1;
    const turnNumber = message.startsTurn ? cursor.turnNumber + 1 : cursor.turnNumber;
    const info = this.statements.insertMessage.run(
      message.id,
      message.sessionId,
      seq,
      turnNumber,
      message.role,
      message.kind,
      message.content,
      message.toolName,
      message.toolInput,
      message.toolOutput,
      message.isError ? 1 : 0,
      message.toolUseId,
      message.isSidechain ? 1 : 0,
      message.parentId,
      message.apiMessageId,
      message.originalSize,
      message.createdAt,
      metadataJson(message.metadata),
    );
    if (info.changes === 0) return false;
    this.pendingIndex.set(Number(info.lastInsertRowid), message);
    cursor.maxSeq = seq;
    cursor.turnNumber = turnNumber;
    cursor.lastActivityAt = Math.max(cursor.lastActivityAt, message.createdAt);
    if (message.kind === "compact_boundary") cursor.contextStart = seq + 1;
    if (message.startsTurn) {
      this.closeTurn(message.sessionId, cursor, turnNumber - 1);
      cursor.newTurn = {
        id: `${message.sessionId}:turn:${turnNumber}`,
        sessionId: message.sessionId,
        turnNumber,
        userMessageId: message.id,
        content: message.content,
        contextStart: cursor.contextStart,
        seq,
        createdAt: message.createdAt,
        agentMessageId: null,
        agentMessageContent: "",
        replies: [],
      };
      return true;
    }
    if (turnNumber === 0) return true;
    const turn = cursor.newTurn;
    if (message.role === "assistant" && message.kind === "text" && message.content) {
      const reply = {
        content: message.content,
        apiMessageId: message.apiMessageId,
        messageId: message.id,
        seq,
      };
      if (turn) {
        // The turnReply UPDATE, applied to the turn row before it is inserted.
        const sameMessage = turn.agentMessageId !== null && turn.agentMessageId === reply.apiMessageId;
        turn.agentMessageContent = sameMessage
          ? `${turn.agentMessageContent}\n${reply.content}`
          : reply.content;
        turn.agentMessageId = reply.apiMessageId ?? reply.messageId;
        turn.replies.push(reply);
      } else {
        this.statements.turnReply.run({ ...reply, sessionId: message.sessionId, turnNumber });
      }
    }
    cursor.openTurnEnd = seq;
    return true;
  }

  /**
   * Ends the current turn's batch work: a turn opened in this batch is inserted once, complete; an
   * older turn is extended to the last message added to it. Once per turn, not once per message.
   */
  private closeTurn(sessionId: string, cursor: SessionCursor, turnNumber: number): void {
    const turn = cursor.newTurn;
    cursor.newTurn = null;
    if (turn) {
      const info = this.statements.insertBuiltTurn.run(
        turn.id,
        turn.sessionId,
        turn.turnNumber,
        turn.userMessageId,
        turn.content,
        turn.agentMessageId,
        turn.agentMessageContent,
        turn.contextStart,
        Math.max(turn.seq, cursor.openTurnEnd ?? turn.seq),
        turn.createdAt,
      );
      // A turn row already there keeps its own values: apply the replies to it as updates instead.
      if (info.changes === 0) {
        for (const reply of turn.replies)
          this.statements.turnReply.run({ ...reply, sessionId, turnNumber: turn.turnNumber });
      } else {
        cursor.openTurnEnd = null;
      }
    }
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

/** Metadata as stored: most rows have none, and skip the stringify. */
function metadataJson(metadata: Record<string, unknown>): string {
  for (const _key in metadata) return JSON.stringify(metadata);
  return "{}";
}
