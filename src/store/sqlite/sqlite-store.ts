import type { LessonEvent } from "../../core/lessons/history.js";
import type { Lesson } from "../../core/lessons/lesson.js";
import type { FutureCorrection } from "../../core/memory-files/correction-match.js";
import type { MemoryFileName } from "../../core/memory-files/memory-file-layouts.js";
import type { Skill, SkillEvent } from "../../core/skills/skill.js";
import type { AgentKind, ErrorEntry, ErrorStats, ErrorType, Message, Outcome } from "../../core/types.js";
import type {
  CachedExperience,
  LearnJob,
  LearnStep,
  StoredFailedAttempt,
  StoredSignal,
  TaskLearning,
  TaskRecord,
} from "../learn-store.js";
import type { LessonCommit, LessonFilter, StoredFeedback } from "../lesson-store.js";
import type {
  AuditFilter,
  BeginWriteInput,
  BehaviorCorrection,
  CorrectionFilter,
  FileOperation,
  FileSnapshot,
  FinishWriteInput,
  GuardianAudit,
  GuardianRollback,
  MemoryFilePruneResult,
  SnapshotWrite,
} from "../memory-file-store.js";
import type { EvidenceRow, RecallEventRecord, RecallStats } from "../recall-store.js";
import type { SkillCommit, SkillFilter } from "../skill-store.js";
import type {
  CaptureBatch,
  CaptureWriteResult,
  ErrorFilter,
  ErrorWrite,
  ImportFileState,
  PruneResult,
  SessionFilter,
  SessionSummary,
  Store,
  StoreStats,
} from "../store.js";
import { SqliteCaptureWriter } from "./sqlite-capture-writer.js";
import type { SqliteConfig } from "./sqlite-config.js";
import {
  type MigrationStatus,
  openSqliteDatabase,
  type SqliteDatabase,
  withBusyRetry,
} from "./sqlite-database.js";
import { SqliteDatasetStore } from "./sqlite-dataset-store.js";
import { SqliteGateDecisionStore } from "./sqlite-gate-decision-store.js";
import { SqliteGuardStore } from "./sqlite-guard-store.js";
import { SqliteInsightStore } from "./sqlite-insight-store.js";
import { SqliteLearnStore } from "./sqlite-learn-store.js";
import { SqliteLessonStore } from "./sqlite-lesson-store.js";
import { SqliteLlmCallLog } from "./sqlite-llm-call-log.js";
import { SqliteMemoryFileStore } from "./sqlite-memory-file-store.js";
import { SqliteRecallStore } from "./sqlite-recall-store.js";
import { SqliteSkillStore } from "./sqlite-skill-store.js";
import { SqliteVectorIndexes } from "./sqlite-vector-indexes.js";

type Row = Record<string, unknown>;

/** The SQLite implementation of {@link Store}, on better-sqlite3. */
export class SqliteStore implements Store {
  readonly dialect = "sqlite" as const;
  readonly location: string;
  readonly readOnly: boolean;
  /** What opening did to the schema. */
  readonly migrations: MigrationStatus[];
  /** The underlying connection, for other SQLite-backed services and tests. */
  readonly db: SqliteDatabase;
  private readonly writer: SqliteCaptureWriter;
  private readonly lessons: SqliteLessonStore;
  private readonly vectors: SqliteVectorIndexes;
  private readonly recall: SqliteRecallStore;
  private readonly skills: SqliteSkillStore;
  private readonly learning: SqliteLearnStore;
  private readonly memoryFiles: SqliteMemoryFileStore;
  readonly llmCalls: SqliteLlmCallLog;
  /** The memory gate's decision log. */
  readonly gateDecisions: SqliteGateDecisionStore;
  /** The training dataset. */
  readonly datasets: SqliteDatasetStore;
  readonly insights: SqliteInsightStore;
  /** The guard's events and adherence. */
  readonly guard: SqliteGuardStore;

  /** `location`: the path to report when it is not `path` (an empty in-memory stand-in for a file not created yet). */
  constructor(config: Partial<SqliteConfig> & { path: string; location?: string }) {
    const opened = openSqliteDatabase(config);
    this.db = opened.db;
    this.migrations = opened.migrations;
    this.location = config.location ?? config.path;
    this.readOnly = config.readonly === true;
    this.writer = new SqliteCaptureWriter(this.db);
    this.vectors = new SqliteVectorIndexes(this.db);
    this.lessons = new SqliteLessonStore(this.db, this.vectors);
    this.learning = new SqliteLearnStore(this.db);
    this.recall = new SqliteRecallStore(this.db, this.vectors);
    this.skills = new SqliteSkillStore(this.db);
    this.llmCalls = new SqliteLlmCallLog(this.db);
    this.memoryFiles = new SqliteMemoryFileStore(this.db);
    this.gateDecisions = new SqliteGateDecisionStore(this.db);
    this.datasets = new SqliteDatasetStore(this.db);
    this.insights = new SqliteInsightStore(this.db);
    this.guard = new SqliteGuardStore(this.db);
  }

  recordAudit(audit: GuardianAudit): Promise<void> {
    return this.memoryFiles.recordAudit(audit);
  }

  beginWrite(input: BeginWriteInput) {
    return this.memoryFiles.beginWrite(input);
  }

  finishWrite(input: FinishWriteInput): Promise<void> {
    return this.memoryFiles.finishWrite(input);
  }

  beginRollback(input: { operation: FileOperation; backup: SnapshotWrite | null }) {
    return this.memoryFiles.beginRollback(input);
  }

  finishRollback(input: { operation: FileOperation; at: number }): Promise<void> {
    return this.memoryFiles.finishRollback(input);
  }

  releaseFile(workspace: string, fileName: MemoryFileName): Promise<void> {
    return this.memoryFiles.releaseFile(workspace, fileName);
  }

  getFileOperation(workspace: string, fileName: MemoryFileName): Promise<FileOperation | null> {
    return this.memoryFiles.getFileOperation(workspace, fileName);
  }

  getAudit(id: string): Promise<GuardianAudit | null> {
    return this.memoryFiles.getAudit(id);
  }

  listAudits(filter: AuditFilter): Promise<GuardianAudit[]> {
    return this.memoryFiles.listAudits(filter);
  }

  getSnapshot(id: string): Promise<FileSnapshot | null> {
    return this.memoryFiles.getSnapshot(id);
  }

  getRollback(auditId: string): Promise<GuardianRollback | null> {
    return this.memoryFiles.getRollback(auditId);
  }

  listRollbacks(
    filter: Omit<AuditFilter, "status" | "sessionId" | "decisionId">,
  ): Promise<GuardianRollback[]> {
    return this.memoryFiles.listRollbacks(filter);
  }

  recordCorrection(correction: BehaviorCorrection): Promise<void> {
    return this.memoryFiles.recordCorrection(correction);
  }

  listCorrections(filter: CorrectionFilter) {
    return this.memoryFiles.listCorrections(filter);
  }

  listFutureCorrections(filter: { workspace?: string }): Promise<FutureCorrection[]> {
    return this.memoryFiles.listFutureCorrections(filter);
  }

  pruneMemoryFiles(input: { before: number; maxSnapshotsPerFile: number }): Promise<MemoryFilePruneResult> {
    return this.memoryFiles.pruneMemoryFiles(input);
  }

  getSkill(id: string): Promise<Skill | null> {
    return this.skills.getSkill(id);
  }

  listSkills(filter: SkillFilter): Promise<Skill[]> {
    return this.skills.listSkills(filter);
  }

  commitSkillChanges(commit: SkillCommit): Promise<void> {
    return this.skills.commitSkillChanges(commit);
  }

  listSkillEvents(skillId: string): Promise<SkillEvent[]> {
    return this.skills.listSkillEvents(skillId);
  }

  searchLessons(query: { match: string; scopeKeys: string[]; limit: number }): Promise<string[]> {
    return this.recall.searchLessons(query);
  }

  lessonVectors(embedderId: string, lessonIds: string[]): Promise<Map<string, Float32Array>> {
    return this.recall.lessonVectors(embedderId, lessonIds);
  }

  searchMessages(query: {
    match: string;
    projectId: string | null;
    excludeSessionId?: string;
    limit: number;
  }): Promise<EvidenceRow[]> {
    return this.recall.searchMessages(query);
  }

  nearestMessages(query: {
    embedderId: string;
    vector: Float32Array;
    projectId: string | null;
    excludeSessionId?: string;
    k: number;
  }) {
    return this.recall.nearestMessages(query);
  }

  lessonsLearntAt(messagePks: number[]): Promise<Array<{ messagePk: number; lessonId: string }>> {
    return this.recall.lessonsLearntAt(messagePks);
  }

  messageVectors(embedderId: string, pks: number[]): Promise<Map<number, Float32Array>> {
    return this.recall.messageVectors(embedderId, pks);
  }

  messagesToEmbed(embedderId: string, limit: number) {
    return this.recall.messagesToEmbed(embedderId, limit);
  }

  saveMessageVectors(
    embedderId: string,
    dimensions: number,
    vectors: Array<{ pk: number; projectId: string | null; vector: Float32Array }>,
    upto: number,
  ): Promise<void> {
    return this.recall.saveMessageVectors(embedderId, dimensions, vectors, upto);
  }

  resetIndexes(): Promise<void> {
    return this.recall.resetIndexes();
  }

  recordRecall(event: RecallEventRecord): Promise<void> {
    return this.recall.recordRecall(event);
  }

  pendingRecalls(sessionId: string, from: number, to: number): Promise<RecallEventRecord[]> {
    return this.recall.pendingRecalls(sessionId, from, to);
  }

  markRecallApplied(id: string, outcome: string, at: number): Promise<void> {
    return this.recall.markRecallApplied(id, outcome, at);
  }

  recallStats(lessonId: string): Promise<RecallStats> {
    return this.recall.recallStats(lessonId);
  }

  saveTasks(sessionId: string, tasks: TaskRecord[]): Promise<void> {
    return this.learning.saveTasks(sessionId, tasks);
  }

  listTasks(filter: { sessionId?: string; limit: number }): Promise<TaskRecord[]> {
    return this.learning.listTasks(filter);
  }

  getTask(id: string): Promise<TaskRecord | null> {
    return this.learning.getTask(id);
  }

  getCachedExperience(taskId: string): Promise<CachedExperience | null> {
    return this.learning.getCachedExperience(taskId);
  }

  saveTaskLearning(learning: TaskLearning): Promise<void> {
    return this.learning.saveTaskLearning(learning);
  }

  listTaskSignals(taskId: string): Promise<StoredSignal[]> {
    return this.learning.listTaskSignals(taskId);
  }

  listFailedAttempts(taskId: string): Promise<StoredFailedAttempt[]> {
    return this.learning.listFailedAttempts(taskId);
  }

  getLearnJob(taskId: string): Promise<LearnJob | null> {
    return this.learning.getLearnJob(taskId);
  }

  saveLearnJob(job: LearnJob): Promise<void> {
    return this.learning.saveLearnJob(job);
  }

  listSessionIds(filter: { since?: number; sessionId?: string }): Promise<string[]> {
    return this.learning.listSessionIds(filter);
  }

  markLearnStep(step: LearnStep, at: number): Promise<void> {
    return this.learning.markLearnStep(step, at);
  }

  isLearnStepPending(step: LearnStep): Promise<boolean> {
    return this.learning.isLearnStepPending(step);
  }

  clearLearnStep(step: LearnStep): Promise<void> {
    return this.learning.clearLearnStep(step);
  }

  inTransaction<T>(work: () => Promise<T>): Promise<T> {
    return this.learning.inTransaction(work);
  }

  recordPatternUse(taskId: string, lessonId: string, success: boolean, at: number): Promise<boolean> {
    return this.learning.recordPatternUse(taskId, lessonId, success, at);
  }

  getLesson(id: string): Promise<Lesson | null> {
    return this.lessons.getLesson(id);
  }

  listLessons(filter: LessonFilter): Promise<Lesson[]> {
    return this.lessons.listLessons(filter);
  }

  countLessons(): Promise<number> {
    return this.lessons.countLessons();
  }

  findLessonsByHash(contentHash: string, scopeKeys: string[]): Promise<Lesson[]> {
    return this.lessons.findLessonsByHash(contentHash, scopeKeys);
  }

  nearestLessons(query: { embedderId: string; vector: Float32Array; scopeKeys: string[]; k: number }) {
    return this.lessons.nearestLessons(query);
  }

  commitLessonChanges(commit: LessonCommit): Promise<void> {
    return this.lessons.commitLessonChanges(commit);
  }

  listLessonEvents(lessonId: string): Promise<LessonEvent[]> {
    return this.lessons.listLessonEvents(lessonId);
  }

  getLessonEvent(id: string): Promise<LessonEvent | null> {
    return this.lessons.getLessonEvent(id);
  }

  listLessonFeedback(lessonId: string): Promise<StoredFeedback[]> {
    return this.lessons.listLessonFeedback(lessonId);
  }

  async copyTo(path: string): Promise<void> {
    await this.db.backup(path);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }

  async writeCapture(batch: CaptureBatch): Promise<CaptureWriteResult> {
    return this.writer.write(batch);
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

  async recordError(error: ErrorWrite): Promise<void> {
    this.writer.write({ sessions: [], items: [], errors: [error] });
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
