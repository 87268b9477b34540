import type {
  InsightStore,
  LessonCounts,
  LlmPurposeUsage,
  MemoryFileCount,
  ProjectCount,
  SignalDayCount,
  SignalFilter,
} from "../insight-store.js";
import type { StoredSignal, TaskRecord } from "../learn-store.js";
import type { RecallEventRecord } from "../recall-store.js";
import type { SqliteDatabase } from "./sqlite-database.js";
import { CHARGED, FAILED, REFUSED } from "./sqlite-llm-call-log.js";

const SIGNAL_COLUMNS = `id, task_id AS taskId, session_id AS sessionId, message_seq AS messageSeq, type, source,
  evidence, confidence, detector, created_at AS createdAt`;

const RECALL_COLUMNS = `e.id, e.session_id AS sessionId, e.project_id AS projectId, e.prompt, e.context,
  e.created_at AS createdAt, e.applied_at AS appliedAt, e.outcome`;

/** {@link InsightStore} in SQLite: read-only queries over the capture, learning and recall tables. */
export class SqliteInsightStore implements InsightStore {
  constructor(private readonly db: SqliteDatabase) {}

  async listSignals(filter: SignalFilter): Promise<StoredSignal[]> {
    const { where, params } = signalWhere(filter);
    return this.db
      .prepare(
        `SELECT ${SIGNAL_COLUMNS} FROM task_feedback_signals ${where}
        ORDER BY created_at DESC, task_id DESC, message_seq DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, filter.limit, filter.offset ?? 0) as StoredSignal[];
  }

  async countSignals(filter: Omit<SignalFilter, "limit" | "offset">): Promise<number> {
    const { where, params } = signalWhere(filter);
    const row = this.db.prepare(`SELECT COUNT(*) AS n FROM task_feedback_signals ${where}`).get(...params);
    return (row as { n: number }).n;
  }

  async signalDays(): Promise<SignalDayCount[]> {
    return this.db
      .prepare(
        `SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, type, COUNT(*) AS count
        FROM task_feedback_signals GROUP BY day, type ORDER BY day, type`,
      )
      .all() as SignalDayCount[];
  }

  async listRecallEvents(filter: {
    sessionId?: string;
    lessonId?: string;
    limit: number;
  }): Promise<RecallEventRecord[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.sessionId !== undefined) {
      where.push("e.session_id = ?");
      params.push(filter.sessionId);
    }
    if (filter.lessonId !== undefined) {
      where.push(
        "EXISTS (SELECT 1 FROM recall_items i WHERE i.recall_id = e.id AND i.kind = 'lesson' AND i.item_id = ?)",
      );
      params.push(filter.lessonId);
    }
    const events = this.db
      .prepare(
        `SELECT ${RECALL_COLUMNS} FROM recall_events e ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
        ORDER BY e.created_at DESC, e.id DESC LIMIT ?`,
      )
      .all(...params, filter.limit) as Array<Omit<RecallEventRecord, "items">>;
    const items = this.db.prepare(
      "SELECT kind, item_id AS itemId, rank, score FROM recall_items WHERE recall_id = ? ORDER BY rank",
    );
    return events.map((event) => ({ ...event, items: items.all(event.id) as RecallEventRecord["items"] }));
  }

  async lessonCounts(): Promise<LessonCounts> {
    const group = (column: string) =>
      Object.fromEntries(
        (
          this.db
            .prepare(`SELECT ${column} AS key, COUNT(*) AS n FROM lessons GROUP BY ${column}`)
            .all() as Array<{
            key: string;
            n: number;
          }>
        ).map((row) => [row.key, row.n]),
      );
    const total = (this.db.prepare("SELECT COUNT(*) AS n FROM lessons").get() as { n: number }).n;
    return { total, byStatus: group("status"), byMaturity: group("maturity"), byKind: group("kind") };
  }

  async taskCounts(): Promise<Partial<Record<TaskRecord["status"], number>>> {
    const rows = this.db.prepare("SELECT status, COUNT(*) AS n FROM tasks GROUP BY status").all() as Array<{
      status: TaskRecord["status"];
      n: number;
    }>;
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  }

  async lessonsSupersededBy(lessonId: string): Promise<string[]> {
    return this.db
      .prepare(
        "SELECT id FROM lessons WHERE json_extract(data, '$.supersededById') = ? ORDER BY updated_at, pk",
      )
      .pluck()
      .all(lessonId) as string[];
  }

  async projects(): Promise<ProjectCount[]> {
    return this.db
      .prepare(
        `SELECT project_id AS projectId, SUM(sessions) AS sessions, SUM(lessons) AS lessons FROM (
           SELECT project_id, COUNT(*) AS sessions, 0 AS lessons FROM sessions WHERE project_id IS NOT NULL GROUP BY project_id
           UNION ALL
           SELECT project_id, 0, COUNT(*) FROM lessons WHERE project_id IS NOT NULL GROUP BY project_id
         ) GROUP BY project_id ORDER BY sessions DESC, lessons DESC, project_id`,
      )
      .all() as ProjectCount[];
  }

  async memoryFileCounts(): Promise<MemoryFileCount[]> {
    return this.db
      .prepare(
        `SELECT workspace, target_file AS fileName, COUNT(*) AS audits,
           SUM(CASE WHEN status = 'written' THEN 1 ELSE 0 END) AS written, MAX(updated_at) AS lastChangeAt
         FROM write_guardian_audit GROUP BY workspace, target_file
         ORDER BY lastChangeAt DESC, workspace, target_file`,
      )
      .all() as MemoryFileCount[];
  }

  async llmUsageByPurpose(since: number): Promise<LlmPurposeUsage[]> {
    return this.db
      .prepare(
        `SELECT purpose, provider || '/' || model AS model,
           SUM(CASE WHEN ${CHARGED} THEN 1 ELSE 0 END) AS calls,
           COALESCE(SUM(CASE WHEN ${CHARGED} THEN charged_tokens ELSE 0 END), 0) AS chargedTokens,
           SUM(CASE WHEN ${FAILED} THEN 1 ELSE 0 END) AS failures,
           SUM(CASE WHEN ${REFUSED} THEN 1 ELSE 0 END) AS refused
         FROM llm_calls WHERE started_at >= ? GROUP BY purpose, provider, model
         ORDER BY calls DESC, purpose, model`,
      )
      .all(since) as LlmPurposeUsage[];
  }
}

function signalWhere(filter: Omit<SignalFilter, "limit" | "offset">): { where: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    clauses.push(clause);
    params.push(value);
  };
  if (filter.sessionId !== undefined) add("session_id = ?", filter.sessionId);
  if (filter.taskId !== undefined) add("task_id = ?", filter.taskId);
  if (filter.type !== undefined) add("type = ?", filter.type);
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}
