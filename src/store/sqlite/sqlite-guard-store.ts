import type { AdherenceOutcome, GuardEventKind } from "../../core/guard/adherence.js";
import type { GuardCheck } from "../../core/guard/checks.js";
import { harnessOrigin } from "../../core/harness-text.js";
import type {
  AdherenceCounts,
  AdherenceDay,
  DeniedCallRecord,
  GuardEventRecord,
  GuardEventUpdate,
  GuardStore,
} from "../guard-store.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";

type Row = Record<string, unknown>;

/** The guard's events in SQLite (table guard_events, migration 016). */
export class SqliteGuardStore implements GuardStore {
  constructor(private readonly db: SqliteDatabase) {}

  async lessonsVersion(): Promise<number> {
    const row = this.db.prepare("SELECT version FROM store_versions WHERE name = 'lessons'").get() as
      | { version: number }
      | undefined;
    return row?.version ?? 0;
  }

  async recordGuardEvents(events: readonly GuardEventRecord[]): Promise<void> {
    if (events.length === 0) return;
    const insert = this.db.prepare(`
      INSERT OR IGNORE INTO guard_events (id, call_id, session_id, project_id, lesson_id, kind, check_json,
        suggestion, tool_name, tool_input, reason, created_at, calls_seen, closed_at, adherence,
        adherence_detail, pass_used_at)
      VALUES (@id, @callId, @sessionId, @projectId, @lessonId, @kind, @check, @suggestion, @toolName,
        @toolInput, @reason, @createdAt, @callsSeen, @closedAt, @adherence, @adherenceDetail, @passUsedAt)`);
    const all = this.db.transaction((rows: readonly GuardEventRecord[]) => {
      for (const row of rows) insert.run({ ...row, check: JSON.stringify(row.check) });
    });
    withBusyRetry(() => all.immediate(events));
  }

  async updateGuardEvents(updates: readonly GuardEventUpdate[]): Promise<void> {
    if (updates.length === 0) return;
    const update = this.db.prepare(`
      UPDATE guard_events SET
        calls_seen = COALESCE(@callsSeen, calls_seen),
        closed_at = COALESCE(@closedAt, closed_at),
        adherence = CASE WHEN @setAdherence THEN @adherence ELSE adherence END,
        adherence_detail = CASE WHEN @setAdherence THEN @adherenceDetail ELSE adherence_detail END,
        pass_used_at = COALESCE(@passUsedAt, pass_used_at)
      WHERE id = @id`);
    const all = this.db.transaction((rows: readonly GuardEventUpdate[]) => {
      for (const row of rows) {
        update.run({
          id: row.id,
          callsSeen: row.callsSeen ?? null,
          closedAt: row.closedAt ?? null,
          setAdherence: row.adherence !== undefined ? 1 : 0,
          adherence: row.adherence ?? null,
          adherenceDetail: row.adherenceDetail ?? null,
          passUsedAt: row.passUsedAt ?? null,
        });
      }
    });
    withBusyRetry(() => all.immediate(updates));
  }

  async openGuardEvents(sessionId: string): Promise<GuardEventRecord[]> {
    const rows = this.db
      .prepare(
        "SELECT * FROM guard_events WHERE session_id = ? AND closed_at IS NULL ORDER BY created_at, id",
      )
      .all(sessionId) as Row[];
    return rows.map(toRecord);
  }

  async overridePasses(sessionId: string): Promise<GuardEventRecord[]> {
    const rows = this.db
      .prepare(
        `SELECT * FROM guard_events WHERE session_id = ? AND adherence = 'overridden' AND pass_used_at IS NULL
         ORDER BY created_at, id`,
      )
      .all(sessionId) as Row[];
    return rows.map(toRecord);
  }

  async remindedLessons(sessionId: string): Promise<string[]> {
    const rows = this.db
      .prepare(
        "SELECT DISTINCT lesson_id FROM guard_events WHERE session_id = ? AND kind IN ('remind', 'recall')",
      )
      .all(sessionId) as Array<{ lesson_id: string }>;
    return rows.map((row) => row.lesson_id);
  }

  async countOverrides(lessonId: string, since: number): Promise<number> {
    const row = this.db
      .prepare(
        "SELECT COUNT(*) AS n FROM guard_events WHERE lesson_id = ? AND adherence = 'overridden' AND closed_at >= ?",
      )
      .get(lessonId, since) as { n: number };
    return row.n;
  }

  async userSaid(sessionId: string, quote: string): Promise<boolean> {
    const needle = quote.replace(/…$/, "").trim().slice(0, 120).toLowerCase();
    if (needle === "") return false;
    const rows = this.db
      .prepare(
        `SELECT content, metadata FROM messages
         WHERE session_id = ? AND role = 'user' AND kind = 'text' AND is_sidechain = 0
           AND instr(lower(content), ?) > 0
         LIMIT 5`,
      )
      .all(sessionId, needle) as Array<{ content: string; metadata: string }>;
    return rows.some((row) => {
      const metadata = JSON.parse(row.metadata || "{}") as { isMeta?: unknown };
      return metadata.isMeta !== true && harnessOrigin(row.content) === null;
    });
  }

  async adherenceCounts(lessonId: string): Promise<AdherenceCounts> {
    const row = this.db
      .prepare(
        `SELECT
           SUM(adherence = 'followed') AS followed, SUM(adherence = 'ignored') AS ignored,
           SUM(adherence = 'overridden') AS overridden, SUM(kind = 'deny') AS denied, SUM(kind = 'ask') AS asked,
           SUM(kind = 'remind') AS reminded, SUM(kind = 'recall') AS recalled
         FROM guard_events WHERE lesson_id = ?`,
      )
      .get(lessonId) as Record<keyof AdherenceCounts, number | null>;
    return {
      followed: row.followed ?? 0,
      ignored: row.ignored ?? 0,
      overridden: row.overridden ?? 0,
      denied: row.denied ?? 0,
      asked: row.asked ?? 0,
      reminded: row.reminded ?? 0,
      recalled: row.recalled ?? 0,
    };
  }

  async listGuardEvents(filter: {
    lessonId?: string;
    sessionId?: string;
    kinds?: readonly GuardEventKind[];
    limit: number;
  }): Promise<GuardEventRecord[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.lessonId) {
      where.push("lesson_id = ?");
      params.push(filter.lessonId);
    }
    if (filter.sessionId) {
      where.push("session_id = ?");
      params.push(filter.sessionId);
    }
    if (filter.kinds?.length) {
      where.push(`kind IN (${filter.kinds.map(() => "?").join(", ")})`);
      params.push(...filter.kinds);
    }
    const rows = this.db
      .prepare(
        `SELECT * FROM guard_events ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
         ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .all(...params, filter.limit) as Row[];
    return rows.map(toRecord);
  }

  async deniedCalls(filter: {
    since?: number;
    until?: number;
    sessionId?: string;
  }): Promise<DeniedCallRecord[]> {
    const where = ["g.kind = 'deny'"];
    const params: unknown[] = [];
    if (filter.since !== undefined) {
      where.push("g.created_at >= ?");
      params.push(filter.since);
    }
    if (filter.until !== undefined) {
      where.push("g.created_at < ?");
      params.push(filter.until);
    }
    if (filter.sessionId !== undefined) {
      where.push("g.session_id = ?");
      params.push(filter.sessionId);
    }
    const rows = this.db
      .prepare(
        `SELECT g.*, l.rule AS lesson_rule, n.tool_name AS next_tool_name, n.tool_input AS next_tool_input
         FROM guard_events g
         JOIN lessons l ON l.id = g.lesson_id
         LEFT JOIN messages n ON n.pk = (
           SELECT m.pk FROM messages m
           WHERE m.session_id = g.session_id AND m.kind = 'tool_call' AND m.is_sidechain = 0
             AND m.created_at >= g.created_at
             AND NOT (m.is_error = 1 AND m.tool_input IS g.tool_input)
           ORDER BY m.created_at, m.seq LIMIT 1)
         WHERE ${where.join(" AND ")}
         ORDER BY g.created_at, g.id`,
      )
      .all(...params) as Row[];
    return rows.map((row) => ({
      event: toRecord(row),
      lessonRule: row.lesson_rule as string,
      next:
        row.next_tool_name == null
          ? null
          : {
              toolName: row.next_tool_name as string,
              toolInput: (row.next_tool_input as string | null) ?? "",
            },
    }));
  }

  async adherenceByDay(since: number): Promise<AdherenceDay[]> {
    const rows = this.db
      .prepare(
        `SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day,
           SUM(adherence = 'followed') AS followed, SUM(adherence = 'ignored') AS ignored,
           SUM(adherence = 'overridden') AS overridden, SUM(kind = 'deny') AS denied
         FROM guard_events WHERE created_at >= ? GROUP BY day ORDER BY day`,
      )
      .all(since) as Array<Record<keyof AdherenceDay, string | number | null>>;
    return rows.map((row) => ({
      day: String(row.day),
      followed: Number(row.followed ?? 0),
      ignored: Number(row.ignored ?? 0),
      overridden: Number(row.overridden ?? 0),
      denied: Number(row.denied ?? 0),
    }));
  }
}

function toRecord(row: Row): GuardEventRecord {
  return {
    id: row.id as string,
    callId: row.call_id as string,
    sessionId: row.session_id as string,
    projectId: (row.project_id as string | null) ?? null,
    lessonId: row.lesson_id as string,
    kind: row.kind as GuardEventKind,
    check: JSON.parse(row.check_json as string) as GuardCheck,
    suggestion: (row.suggestion as string | null) ?? null,
    toolName: (row.tool_name as string | null) ?? null,
    toolInput: (row.tool_input as string | null) ?? null,
    reason: row.reason as string,
    createdAt: row.created_at as number,
    callsSeen: row.calls_seen as number,
    closedAt: (row.closed_at as number | null) ?? null,
    adherence: (row.adherence as AdherenceOutcome | null) ?? null,
    adherenceDetail: (row.adherence_detail as string | null) ?? null,
    passUsedAt: (row.pass_used_at as number | null) ?? null,
  };
}
