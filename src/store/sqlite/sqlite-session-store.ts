/**
 * The captured record in SQLite, read and kept: sessions and their messages, errors and outcomes,
 * the store's counts, import progress and pruning of old sessions. Capture writes go through
 * sqlite-capture-writer.ts.
 */
import type { AgentKind, ErrorEntry, ErrorStats, ErrorType, Message, Outcome } from "../../core/types.js";
import type {
  ErrorFilter,
  ImportFileState,
  PruneResult,
  SessionFilter,
  SessionSummary,
  StoreStats,
} from "../store.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";

type Row = Record<string, unknown>;

/** Sessions, messages, errors and outcomes as stored in SQLite. */
export class SqliteSessionStore {
  /** The underlying connection, for other SQLite-backed services and tests. */
  readonly db: SqliteDatabase;

  constructor(db: SqliteDatabase) {
    this.db = db;
  }

  async recordOutcome(outcome: Outcome): Promise<void> {
    withBusyRetry(() =>
      this.db
        .prepare(
          `INSERT INTO outcomes (id, session_id, task_id, duration_ms, error_count, retry_count, success,
            files_touched, strategy, failure_mode, failure_details, created_at)
          VALUES (@id, @sessionId, @taskId, @durationMs, @errorCount, @retryCount, @success, @filesTouched,
            @strategy, @failureMode, @failureDetails, @createdAt)`,
        )
        .run({
          ...outcome,
          success: outcome.success ? 1 : 0,
          filesTouched: JSON.stringify(outcome.filesTouched),
        }),
    );
  }

  async resolveError(id: string, at: number): Promise<boolean> {
    const info = withBusyRetry(() =>
      this.db
        .prepare("UPDATE errors SET resolved = 1, resolved_at = COALESCE(resolved_at, ?) WHERE id = ?")
        .run(at, id),
    );
    return info.changes > 0;
  }

  async countSessions(filter: Omit<SessionFilter, "limit">): Promise<number> {
    const where = sessionWhere(filter);
    const row = this.db.prepare(`SELECT COUNT(*) AS n FROM sessions s ${where.sql}`).get(...where.params);
    return (row as { n: number }).n;
  }

  async getSession(id: string): Promise<SessionSummary | null> {
    const row = this.db.prepare(`${SESSION_SUMMARY_SQL} WHERE s.id = ?`).get(id) as Row | undefined;
    return row ? toSessionSummary(row) : null;
  }

  async listSessions(filter: SessionFilter): Promise<SessionSummary[]> {
    const where = sessionWhere(filter);
    const sql = `${SESSION_SUMMARY_SQL} ${where.sql} ORDER BY s.last_activity_at DESC LIMIT ?`;
    return (this.db.prepare(sql).all(...where.params, filter.limit) as Row[]).map(toSessionSummary);
  }

  async listMessages(
    sessionId: string,
    options: { limit?: number; afterSeq?: number } = {},
  ): Promise<Message[]> {
    const rows = this.db
      .prepare("SELECT * FROM messages WHERE session_id = ? AND seq > ? ORDER BY seq LIMIT ?")
      .all(sessionId, options.afterSeq ?? -1, options.limit ?? -1) as Row[];
    return rows.map(toMessage);
  }

  async existingMessageIds(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = this.db
      .prepare("SELECT id FROM messages WHERE id IN (SELECT value FROM json_each(?))")
      .all(JSON.stringify(ids)) as Array<{ id: string }>;
    return new Set(rows.map((row) => row.id));
  }

  async listErrors(filter: ErrorFilter): Promise<ErrorEntry[]> {
    const where = whereClause([
      ...sessionTaskConditions(filter),
      filter.type ? ["error_type = ?", filter.type] : null,
      filter.includeResolved ? null : ["resolved = 0"],
    ]);
    const sql = `SELECT * FROM errors ${where.sql} ORDER BY created_at DESC, id LIMIT ?`;
    return (this.db.prepare(sql).all(...where.params, filter.limit) as Row[]).map(toErrorEntry).reverse();
  }

  async errorStats(filter: { sessionId?: string; taskId?: string }): Promise<ErrorStats> {
    const where = whereClause(sessionTaskConditions(filter));
    const rows = this.db
      .prepare(
        `SELECT error_type AS type, COUNT(*) AS total, SUM(resolved = 0) AS unresolved FROM errors
        ${where.sql} GROUP BY error_type`,
      )
      .all(...where.params) as Array<{ type: ErrorType; total: number; unresolved: number }>;
    const stats: ErrorStats = { total: 0, unresolved: 0, byType: {} };
    for (const row of rows) {
      stats.total += row.total;
      stats.unresolved += row.unresolved;
      stats.byType[row.type] = row.total;
    }
    return stats;
  }

  async listOutcomes(filter: { sessionId?: string; taskId?: string; limit: number }): Promise<Outcome[]> {
    const where = whereClause(sessionTaskConditions(filter));
    const rows = this.db
      .prepare(`SELECT * FROM outcomes ${where.sql} ORDER BY created_at DESC LIMIT ?`)
      .all(...where.params, filter.limit) as Row[];
    return rows.map(toOutcome);
  }

  async stats(): Promise<StoreStats> {
    const counts = this.db
      .prepare(
        `SELECT
          (SELECT COUNT(*) FROM sessions) AS sessions,
          (SELECT COUNT(*) FROM messages) AS messages,
          (SELECT COUNT(*) FROM messages WHERE kind = 'tool_call') AS toolCalls,
          (SELECT COUNT(*) FROM messages WHERE kind = 'tool_call' AND is_error = 1) AS toolErrors,
          (SELECT COUNT(*) FROM errors) AS errors,
          (SELECT COUNT(*) FROM errors WHERE resolved = 0) AS unresolvedErrors,
          (SELECT COUNT(*) FROM outcomes) AS outcomes,
          (SELECT MIN(created_at) FROM sessions) AS firstActivityAt,
          (SELECT MAX(last_activity_at) FROM sessions) AS lastActivityAt`,
      )
      .get() as Omit<StoreStats, "sessionsByAgent">;
    const byAgent = this.db
      .prepare("SELECT agent, COUNT(*) AS n FROM sessions GROUP BY agent ORDER BY agent")
      .all() as Array<{
      agent: string;
      n: number;
    }>;
    return { ...counts, sessionsByAgent: Object.fromEntries(byAgent.map((row) => [row.agent, row.n])) };
  }

  async getImportFile(path: string): Promise<ImportFileState | null> {
    const row = this.db
      .prepare(
        `SELECT path, format, head_hash AS headHash, byte_offset AS byteOffset, line_count AS lineCount, size,
          updated_at AS updatedAt FROM import_files WHERE path = ?`,
      )
      .get(path) as ImportFileState | undefined;
    return row ?? null;
  }

  async countPrunable(before: number): Promise<PruneResult> {
    const row = this.db
      .prepare(
        `SELECT COUNT(*) AS sessions,
           (SELECT COUNT(*) FROM messages WHERE session_id IN (SELECT id FROM sessions WHERE last_activity_at < @before)) AS messages
         FROM sessions WHERE last_activity_at < @before`,
      )
      .get({ before }) as { sessions: number; messages: number };
    return { sessionsDeleted: row.sessions, messagesDeleted: row.messages };
  }

  async prune(before: number): Promise<PruneResult> {
    return withBusyRetry(() =>
      this.db
        .transaction(() => {
          const messages = this.db
            .prepare(
              "SELECT COUNT(*) AS n FROM messages WHERE session_id IN (SELECT id FROM sessions WHERE last_activity_at < ?)",
            )
            .get(before) as { n: number };
          const sessions = this.db.prepare("DELETE FROM sessions WHERE last_activity_at < ?").run(before);
          return { sessionsDeleted: sessions.changes, messagesDeleted: messages.n };
        })
        .immediate(),
    );
  }
}

type Condition = [sql: string, value?: unknown] | null;

/** Joins the non-null conditions into a WHERE clause with its parameters. */
function whereClause(conditions: Condition[]): { sql: string; params: unknown[] } {
  const present = conditions.filter((condition): condition is [string, unknown?] => condition !== null);
  return {
    sql: present.length ? `WHERE ${present.map(([sql]) => sql).join(" AND ")}` : "",
    params: present.filter((condition) => condition.length > 1).map(([, value]) => value),
  };
}

function sessionWhere(filter: Omit<SessionFilter, "limit">): { sql: string; params: unknown[] } {
  return whereClause([
    filter.agent ? ["s.agent = ?", filter.agent] : null,
    filter.projectId ? ["s.project_id = ?", filter.projectId] : null,
    filter.since !== undefined ? ["s.last_activity_at >= ?", filter.since] : null,
  ]);
}

function sessionTaskConditions(filter: { sessionId?: string; taskId?: string }): Condition[] {
  return [
    filter.sessionId ? ["session_id = ?", filter.sessionId] : null,
    filter.taskId ? ["task_id = ?", filter.taskId] : null,
  ];
}

const SESSION_SUMMARY_SQL = `
  SELECT s.*,
    (SELECT COUNT(*) FROM messages m WHERE m.session_id = s.id) AS message_count,
    (SELECT COUNT(*) FROM messages m WHERE m.session_id = s.id AND m.kind = 'tool_call') AS tool_call_count,
    (SELECT COUNT(*) FROM messages m WHERE m.session_id = s.id AND m.kind = 'tool_call' AND m.is_error = 1)
      AS tool_error_count
  FROM sessions s`;

function toSessionSummary(row: Row): SessionSummary {
  return {
    id: row.id as string,
    agent: row.agent as AgentKind,
    sourceSessionId: row.source_session_id as string,
    channelId: row.channel_id as string,
    conversationTarget: (row.conversation_target as string | null) ?? null,
    accountId: (row.account_id as string | null) ?? null,
    projectId: (row.project_id as string | null) ?? null,
    cwd: (row.cwd as string | null) ?? null,
    gitBranch: (row.git_branch as string | null) ?? null,
    parentSessionId: (row.parent_session_id as string | null) ?? null,
    title: (row.title as string | null) ?? null,
    createdAt: row.created_at as number,
    lastActivityAt: row.last_activity_at as number,
    metadata: JSON.parse(row.metadata as string) as Record<string, unknown>,
    messageCount: row.message_count as number,
    toolCallCount: row.tool_call_count as number,
    toolErrorCount: row.tool_error_count as number,
  };
}

function toMessage(row: Row): Message {
  return {
    id: row.id as string,
    sessionId: row.session_id as string,
    seq: row.seq as number,
    role: row.role as Message["role"],
    kind: row.kind as Message["kind"],
    content: row.content as string,
    toolName: row.tool_name as string | null,
    toolInput: row.tool_input as string | null,
    toolOutput: row.tool_output as string | null,
    isError: row.is_error === 1,
    toolUseId: row.tool_use_id as string | null,
    isSidechain: row.is_sidechain === 1,
    parentId: row.parent_id as string | null,
    originalSize: row.original_size as number | null,
    createdAt: row.created_at as number,
    metadata: JSON.parse(row.metadata as string) as Record<string, unknown>,
  };
}

function toErrorEntry(row: Row): ErrorEntry {
  return {
    id: row.id as string,
    sessionId: row.session_id as string,
    taskId: row.task_id as string | null,
    messageId: row.message_id as string | null,
    errorType: row.error_type as ErrorType,
    message: row.message as string,
    stackTrace: row.stack_trace as string | null,
    toolName: row.tool_name as string | null,
    context: row.context as string | null,
    resolved: row.resolved === 1,
    resolvedAt: row.resolved_at as number | null,
    createdAt: row.created_at as number,
  };
}

function toOutcome(row: Row): Outcome {
  return {
    id: row.id as string,
    sessionId: row.session_id as string,
    taskId: row.task_id as string | null,
    durationMs: row.duration_ms as number,
    errorCount: row.error_count as number,
    retryCount: row.retry_count as number,
    success: row.success === 1,
    filesTouched: JSON.parse(row.files_touched as string) as string[],
    strategy: row.strategy as string | null,
    failureMode: row.failure_mode as string | null,
    failureDetails: row.failure_details as string | null,
    createdAt: row.created_at as number,
  };
}
