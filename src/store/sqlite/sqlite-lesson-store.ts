import { InvalidInputError } from "../../core/errors.js";
import type { LessonEvent } from "../../core/lessons/history.js";
import type { Lesson } from "../../core/lessons/lesson.js";
import { ftsIndexText } from "../../core/recall/fts-text.js";
import {
  type LessonCommit,
  LessonConflictError,
  type LessonFilter,
  type LessonStore,
  lessonScopeKey,
  type StoredFeedback,
} from "../lesson-store.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";
import { type SqliteVectorIndexes, vectorOf } from "./sqlite-vector-indexes.js";

type Row = Record<string, unknown>;

/** Lessons, their history, feedback and sqlite-vec vectors in SQLite. */
export class SqliteLessonStore implements LessonStore {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly vectors: SqliteVectorIndexes,
  ) {}

  async getLesson(id: string): Promise<Lesson | null> {
    const row = this.db.prepare("SELECT data FROM lessons WHERE id = ?").get(id) as
      | { data: string }
      | undefined;
    return row ? (JSON.parse(row.data) as Lesson) : null;
  }

  async listLessons(filter: LessonFilter): Promise<Lesson[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    const any = (column: string, values: readonly string[] | undefined) => {
      if (!values?.length) return;
      where.push(`${column} IN (${values.map(() => "?").join(", ")})`);
      params.push(...values);
    };
    any("status", filter.status);
    any("maturity", filter.maturity);
    any("kind", filter.kind);
    if (filter.scope) any("scope", [filter.scope]);
    if (filter.projectId) {
      where.push("(project_id = ? OR scope = 'global')");
      params.push(filter.projectId);
    }
    any("scope_key", filter.scopeKeys);
    if (filter.slot !== undefined) any("slot", typeof filter.slot === "string" ? [filter.slot] : filter.slot);
    // A literal, so the partial index on conventions (migration 018) serves the query.
    if (filter.convention !== undefined) where.push(filter.convention ? "convention = 1" : "convention = 0");
    const sql = `SELECT data FROM lessons ${where.length ? `WHERE ${where.join(" AND ")}` : ""}
      ORDER BY updated_at DESC, pk DESC LIMIT ?`;
    const rows = this.db.prepare(sql).all(...params, filter.limit) as Array<{ data: string }>;
    return rows.map((row) => JSON.parse(row.data) as Lesson);
  }

  async countLessons(): Promise<number> {
    return (this.db.prepare("SELECT COUNT(*) AS n FROM lessons").get() as { n: number }).n;
  }

  async findLessonsByHash(contentHash: string, scopeKeys: string[]): Promise<Lesson[]> {
    if (scopeKeys.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT data FROM lessons WHERE content_hash = ? AND scope_key IN (${scopeKeys.map(() => "?").join(", ")})`,
      )
      .all(contentHash, ...scopeKeys) as Array<{ data: string }>;
    return rows.map((row) => JSON.parse(row.data) as Lesson);
  }

  async nearestLessons(query: {
    embedderId: string;
    vector: Float32Array;
    scopeKeys: string[];
    k: number;
  }): Promise<Array<{ lessonId: string; similarity: number; vector: Float32Array }>> {
    const table = this.vectors.table("lessons", query.embedderId, query.vector.length, false);
    if (!table || query.scopeKeys.length === 0) return [];
    const hits = this.vectors.nearest(table, "lessons", query.vector, query.k, query.scopeKeys);
    if (hits.length === 0) return [];
    const rows = this.db
      .prepare(`SELECT pk, id FROM lessons WHERE pk IN (${hits.map(() => "?").join(", ")})`)
      .all(...hits.map((hit) => hit.rowid)) as Array<{ pk: number; id: string }>;
    const ids = new Map(rows.map((row) => [row.pk, row.id]));
    return hits.flatMap((hit) => {
      const lessonId = ids.get(Number(hit.rowid));
      if (lessonId === undefined) return [];
      const similarity = hit.distance === null ? 0 : 1 - hit.distance;
      return [{ lessonId, similarity, vector: vectorOf(hit.embedding) }];
    });
  }

  async commitLessonChanges(commit: LessonCommit): Promise<void> {
    const write = this.db.transaction(() => {
      for (const { lesson, expected } of commit.writes) this.writeLesson(lesson, expected);
      for (const { expected } of commit.deletes) this.deleteLesson(expected);
      const insertEvent = this.db.prepare(
        `INSERT INTO lesson_events (id, lesson_id, type, before_state, after_state, reason, at)
        VALUES (?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const event of commit.events) {
        insertEvent.run(
          event.id,
          event.lessonId,
          event.type,
          event.before ? JSON.stringify(event.before) : null,
          event.after ? JSON.stringify(event.after) : null,
          event.reason,
          event.at,
        );
      }
      const insertFeedback = this.db.prepare(
        `INSERT INTO lesson_feedback (id, lesson_id, type, raw_value, source, session_id, task_id, at, reason,
          recall_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      for (const item of commit.feedback) {
        try {
          insertFeedback.run(
            item.id,
            item.lessonId,
            item.type,
            item.rawValue,
            item.source,
            item.sessionId ?? null,
            item.taskId ?? null,
            item.at,
            item.reason ?? null,
            item.recallId ?? null,
          );
        } catch (error) {
          if (item.recallId && (error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") {
            throw new LessonConflictError(
              `lesson ${item.lessonId} already has feedback from recall ${item.recallId}`,
              { cause: error },
            );
          }
          throw error;
        }
      }
      for (const vector of commit.vectors)
        this.writeVector(vector.lessonId, vector.embedderId, vector.vector);
    });
    withBusyRetry(() => write.immediate());
  }

  async listLessonEvents(lessonId: string): Promise<LessonEvent[]> {
    const rows = this.db
      .prepare("SELECT * FROM lesson_events WHERE lesson_id = ? ORDER BY at, rowid")
      .all(lessonId) as Row[];
    return rows.map(toLessonEvent);
  }

  async getLessonEvent(id: string): Promise<LessonEvent | null> {
    const row = this.db.prepare("SELECT * FROM lesson_events WHERE id = ?").get(id) as Row | undefined;
    return row ? toLessonEvent(row) : null;
  }

  async listLessonFeedback(lessonId: string): Promise<StoredFeedback[]> {
    const rows = this.db
      .prepare(
        `SELECT id, lesson_id AS lessonId, type, raw_value AS rawValue, source, session_id AS sessionId,
          task_id AS taskId, at, reason, recall_id AS recallId
        FROM lesson_feedback WHERE lesson_id = ? ORDER BY at, rowid`,
      )
      .all(lessonId) as StoredFeedback[];
    return rows;
  }

  private writeLesson(lesson: Lesson, expected: Lesson | null): void {
    const values = {
      id: lesson.id,
      scopeKey: lessonScopeKey(lesson),
      contentHash: lesson.contentHash,
      kind: lesson.kind,
      status: lesson.status,
      maturity: lesson.maturity,
      scope: lesson.scope,
      projectId: lesson.projectId,
      domain: lesson.domain,
      trigger: lesson.trigger,
      rule: lesson.rule,
      confidence: lesson.confidence,
      supportTaskCount: lesson.supportTaskCount,
      evidenceCount: lesson.evidenceCount,
      createdAt: lesson.createdAt,
      updatedAt: lesson.updatedAt,
      lastValidatedAt: lesson.lastValidatedAt,
      slot: lesson.slot?.id ?? null,
      convention: lesson.convention ? 1 : 0,
      data: JSON.stringify(lesson),
    };
    if (expected === null) {
      try {
        const inserted = this.db
          .prepare(
            `INSERT INTO lessons (id, scope_key, content_hash, kind, status, maturity, scope, project_id, domain,
              trigger_text, rule, confidence, support_task_count, evidence_count, created_at, updated_at,
              last_validated_at, slot, convention, data)
            VALUES (@id, @scopeKey, @contentHash, @kind, @status, @maturity, @scope, @projectId, @domain, @trigger,
              @rule, @confidence, @supportTaskCount, @evidenceCount, @createdAt, @updatedAt, @lastValidatedAt,
              @slot, @convention, @data)`,
          )
          .run(values);
        const pk = Number(inserted.lastInsertRowid);
        this.indexText(pk, lesson);
        this.indexSources(pk, lesson);
      } catch (error) {
        if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE") {
          throw new LessonConflictError(`lesson ${lesson.id} or one with the same content already exists`, {
            cause: error,
          });
        }
        throw error;
      }
      return;
    }
    const info = this.db
      .prepare(
        `UPDATE lessons SET scope_key = @scopeKey, content_hash = @contentHash, kind = @kind, status = @status,
          maturity = @maturity, scope = @scope, project_id = @projectId, domain = @domain, trigger_text = @trigger,
          rule = @rule, confidence = @confidence, support_task_count = @supportTaskCount,
          evidence_count = @evidenceCount, created_at = @createdAt, updated_at = @updatedAt,
          last_validated_at = @lastValidatedAt, slot = @slot, convention = @convention, data = @data
        WHERE id = @id AND data = @expected`,
      )
      .run({ ...values, expected: JSON.stringify(expected) });
    if (info.changes === 0) throw new LessonConflictError(`lesson ${lesson.id} changed since it was read`);
    const textChanged =
      lesson.trigger !== expected.trigger || lesson.rule !== expected.rule || lesson.why !== expected.why;
    const sourcesChanged = JSON.stringify(lesson.evidence) !== JSON.stringify(expected.evidence);
    if (!textChanged && !sourcesChanged) return;
    const { pk } = this.db.prepare("SELECT pk FROM lessons WHERE id = ?").get(lesson.id) as { pk: number };
    if (textChanged) this.indexText(pk, lesson);
    if (sourcesChanged) this.indexSources(pk, lesson);
  }

  /** (Re)writes where the lesson was learnt: the sessions and tasks of its evidence (migration 007). */
  private indexSources(pk: number, lesson: Lesson): void {
    this.db.prepare("DELETE FROM lesson_sources WHERE lesson_pk = ?").run(pk);
    const insert = this.db.prepare(
      "INSERT OR IGNORE INTO lesson_sources (lesson_pk, session_id, task_id) VALUES (?, ?, ?)",
    );
    for (const evidence of lesson.evidence) insert.run(pk, evidence.sessionId, evidence.taskId ?? "");
  }

  /** (Re)writes a lesson's full-text entry: trigger, rule and why, with CJK bigrams. */
  private indexText(pk: number, lesson: Lesson): void {
    this.db.prepare("DELETE FROM lessons_fts WHERE rowid = ?").run(pk);
    this.db
      .prepare("INSERT INTO lessons_fts (rowid, text) VALUES (?, ?)")
      .run(pk, ftsIndexText(`${lesson.trigger}\n${lesson.rule}\n${lesson.why}`));
  }

  private deleteLesson(expected: Lesson): void {
    const row = this.db
      .prepare("SELECT pk FROM lessons WHERE id = ? AND data = ?")
      .get(expected.id, JSON.stringify(expected)) as { pk: number } | undefined;
    if (!row) throw new LessonConflictError(`lesson ${expected.id} changed since it was read`);
    for (const table of this.vectors.tables("lessons"))
      this.db.prepare(`DELETE FROM ${table} WHERE rowid = ?`).run(BigInt(row.pk));
    this.db.prepare("DELETE FROM lessons_fts WHERE rowid = ?").run(row.pk);
    this.db.prepare("DELETE FROM lessons WHERE pk = ?").run(row.pk);
  }

  private writeVector(lessonId: string, embedderId: string, vector: Float32Array): void {
    const row = this.db.prepare("SELECT pk, scope_key FROM lessons WHERE id = ?").get(lessonId) as
      | { pk: number; scope_key: string }
      | undefined;
    if (!row)
      throw new InvalidInputError({
        message: `no lesson ${lessonId} to attach a vector to`,
        field: "lessonId",
      });
    const table = this.vectors.table("lessons", embedderId, vector.length, true) as string;
    this.vectors.write(table, "lessons", row.pk, row.scope_key, vector);
  }
}

function toLessonEvent(row: Row): LessonEvent {
  return {
    id: row.id as string,
    lessonId: row.lesson_id as string,
    type: row.type as LessonEvent["type"],
    before: row.before_state ? (JSON.parse(row.before_state as string) as Lesson) : null,
    after: row.after_state ? (JSON.parse(row.after_state as string) as Lesson) : null,
    reason: row.reason as string,
    at: row.at as number,
  };
}
