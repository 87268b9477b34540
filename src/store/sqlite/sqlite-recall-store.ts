import { ftsIndexText } from "../../core/recall/fts-text.js";
import type { EvidenceRow, RecallEventRecord, RecallStats, RecallStore } from "../recall-store.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";
import { type SqliteVectorIndexes, vectorOf } from "./sqlite-vector-indexes.js";

const EVIDENCE_COLUMNS = `m.pk, m.id AS messageId, m.session_id AS sessionId, m.role, m.kind, m.content,
  m.tool_name AS toolName, m.tool_output AS toolOutput, m.is_error AS isError, m.created_at AS createdAt`;

/** CJK ideographs, kana and hangul (GLOB compares code points). */
const CJK_RANGE = "\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af";

/**
 * What counts as memory evidence: what a user or assistant said (not meta lines, not thinking) and
 * failed tool calls. Successful tool output is the agent's working material, not a fact to recall.
 * Text needs 20 characters; a user's ask 12, or 4 when it holds Chinese, Japanese or Korean
 * ("启动后台管理" says as much as "start the admin portal"): short asks are the situations
 * lessons were learnt in (see `lessonsLearntAt`).
 */
const EVIDENCE_FILTER = `((m.role IN ('user', 'assistant') AND m.kind = 'text'
  AND (length(m.content) >= 20 OR (m.role = 'user' AND (length(m.content) >= 12
    OR (length(m.content) >= 4 AND m.content GLOB '*[${CJK_RANGE}]*'))))
  AND json_extract(m.metadata, '$.isMeta') IS NOT 1) OR (m.kind = 'tool_call' AND m.is_error = 1))`;

type RawEvidence = Omit<EvidenceRow, "isError"> & { isError: number };

/** Recall's queries and log in SQLite. */
export class SqliteRecallStore implements RecallStore {
  constructor(
    private readonly db: SqliteDatabase,
    private readonly vectors: SqliteVectorIndexes,
  ) {}

  async searchLessons(query: { match: string; scopeKeys: string[]; limit: number }): Promise<string[]> {
    if (query.scopeKeys.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT l.id FROM lessons_fts f JOIN lessons l ON l.pk = f.rowid
        WHERE lessons_fts MATCH ? AND l.scope_key IN (${query.scopeKeys.map(() => "?").join(", ")})
        ORDER BY bm25(lessons_fts) LIMIT ?`,
      )
      .all(query.match, ...query.scopeKeys, query.limit) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  async lessonVectors(embedderId: string, lessonIds: string[]): Promise<Map<string, Float32Array>> {
    const index = this.vectors.existing("lessons", embedderId);
    const result = new Map<string, Float32Array>();
    if (!index || lessonIds.length === 0) return result;
    const rows = this.db
      .prepare(`SELECT pk, id FROM lessons WHERE id IN (${lessonIds.map(() => "?").join(", ")})`)
      .all(...lessonIds) as Array<{ pk: number; id: string }>;
    const vectors = this.vectors.read(
      index.name,
      rows.map((row) => row.pk),
    );
    for (const row of rows) {
      const vector = vectors.get(row.pk);
      if (vector) result.set(row.id, vector);
    }
    return result;
  }

  async searchMessages(query: {
    match: string;
    projectId: string | null;
    excludeSessionId?: string;
    limit: number;
  }): Promise<EvidenceRow[]> {
    const rows = this.db
      .prepare(
        `SELECT ${EVIDENCE_COLUMNS} FROM messages_fts f JOIN messages m ON m.pk = f.rowid
        JOIN sessions s ON s.id = m.session_id
        WHERE messages_fts MATCH @match AND ${EVIDENCE_FILTER}
          AND (@projectId IS NULL OR s.project_id = @projectId)
          AND (@exclude IS NULL OR m.session_id != @exclude)
        ORDER BY bm25(messages_fts) LIMIT @limit`,
      )
      .all({
        match: query.match,
        projectId: query.projectId,
        exclude: query.excludeSessionId ?? null,
        limit: query.limit,
      }) as RawEvidence[];
    return rows.map(toEvidence);
  }

  async lessonsLearntAt(messagePks: number[]): Promise<Array<{ messagePk: number; lessonId: string }>> {
    if (messagePks.length === 0) return [];
    return this.db
      .prepare(
        `SELECT DISTINCT m.pk AS messagePk, l.id AS lessonId
        FROM messages m
        JOIN lesson_sources src ON src.session_id = m.session_id
        JOIN lessons l ON l.pk = src.lesson_pk
        WHERE m.pk IN (SELECT value FROM json_each(?))
          AND (src.task_id = '' OR EXISTS (SELECT 1 FROM tasks t WHERE t.id = src.task_id
            AND m.seq BETWEEN t.start_seq AND t.end_seq))
        ORDER BY m.pk, l.id`,
      )
      .all(JSON.stringify(messagePks)) as Array<{ messagePk: number; lessonId: string }>;
  }

  async nearestMessages(query: {
    embedderId: string;
    vector: Float32Array;
    projectId: string | null;
    excludeSessionId?: string;
    k: number;
  }): Promise<Array<{ row: EvidenceRow; similarity: number; vector: Float32Array }>> {
    const index = this.vectors.existing("messages", query.embedderId);
    if (!index || index.dimensions !== query.vector.length) return [];
    const keys = query.projectId === null ? null : [query.projectId];
    const hits = this.vectors.nearest(index.name, "messages", query.vector, query.k, keys);
    if (hits.length === 0) return [];
    const rows = this.db
      .prepare(
        `SELECT ${EVIDENCE_COLUMNS} FROM messages m WHERE m.pk IN (${hits.map(() => "?").join(", ")})
        AND (? IS NULL OR m.session_id != ?)`,
      )
      .all(
        ...hits.map((hit) => hit.rowid),
        query.excludeSessionId ?? null,
        query.excludeSessionId ?? null,
      ) as RawEvidence[];
    const byPk = new Map(rows.map((row) => [row.pk, toEvidence(row)]));
    return hits.flatMap((hit) => {
      const row = byPk.get(Number(hit.rowid));
      return row
        ? [{ row, similarity: hit.distance === null ? 0 : 1 - hit.distance, vector: vectorOf(hit.embedding) }]
        : [];
    });
  }

  async messageVectors(embedderId: string, pks: number[]): Promise<Map<number, Float32Array>> {
    const index = this.vectors.existing("messages", embedderId);
    return index ? this.vectors.read(index.name, pks) : new Map();
  }

  async messagesToEmbed(
    embedderId: string,
    limit: number,
  ): Promise<Array<{ pk: number; projectId: string | null; text: string }>> {
    const after = this.vectors.existing("messages", embedderId)?.indexedUpto ?? 0;
    const rows = this.db
      .prepare(
        `SELECT m.pk, s.project_id AS projectId, m.content, m.tool_name AS toolName, m.tool_output AS toolOutput
        FROM messages m JOIN sessions s ON s.id = m.session_id
        WHERE m.pk > ? AND ${EVIDENCE_FILTER} ORDER BY m.pk LIMIT ?`,
      )
      .all(after, limit) as Array<{
      pk: number;
      projectId: string | null;
      content: string;
      toolName: string | null;
      toolOutput: string | null;
    }>;
    return rows.map((row) => ({
      pk: row.pk,
      projectId: row.projectId,
      text:
        row.toolOutput !== null && row.toolName
          ? `${row.toolName}: ${row.toolOutput.slice(0, 1000)}`
          : row.content.slice(0, 2000),
    }));
  }

  async saveMessageVectors(
    embedderId: string,
    dimensions: number,
    vectors: Array<{ pk: number; projectId: string | null; vector: Float32Array }>,
    upto: number,
  ): Promise<void> {
    const write = this.db.transaction(() => {
      const table = this.vectors.table("messages", embedderId, dimensions, true) as string;
      for (const item of vectors)
        this.vectors.write(table, "messages", item.pk, item.projectId ?? "", item.vector);
      this.db
        .prepare("UPDATE vector_indexes SET indexed_upto = MAX(indexed_upto, ?) WHERE name = ?")
        .run(upto, table);
    });
    withBusyRetry(() => write.immediate());
  }

  async resetIndexes(): Promise<void> {
    const write = this.db.transaction(() => {
      this.vectors.dropAll();
      this.db.exec("DELETE FROM lessons_fts");
      const rows = this.db.prepare("SELECT pk, data FROM lessons").all() as Array<{
        pk: number;
        data: string;
      }>;
      const insert = this.db.prepare("INSERT INTO lessons_fts (rowid, text) VALUES (?, ?)");
      for (const row of rows) {
        const lesson = JSON.parse(row.data) as { trigger: string; rule: string; why: string };
        insert.run(row.pk, ftsIndexText(`${lesson.trigger}\n${lesson.rule}\n${lesson.why}`));
      }
    });
    withBusyRetry(() => write.immediate());
  }

  async recordRecall(event: RecallEventRecord): Promise<void> {
    const write = this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO recall_events (id, session_id, project_id, prompt, context, created_at, applied_at, outcome)
          VALUES (@id, @sessionId, @projectId, @prompt, @context, @createdAt, @appliedAt, @outcome)`,
        )
        .run(event);
      const item = this.db.prepare(
        "INSERT OR IGNORE INTO recall_items (recall_id, kind, item_id, rank, score) VALUES (?, ?, ?, ?, ?)",
      );
      for (const entry of event.items) item.run(event.id, entry.kind, entry.itemId, entry.rank, entry.score);
    });
    withBusyRetry(() => write.immediate());
  }

  async pendingRecalls(sessionId: string, from: number, to: number): Promise<RecallEventRecord[]> {
    const events = this.db
      .prepare(
        `SELECT id, session_id AS sessionId, project_id AS projectId, prompt, context, created_at AS createdAt,
          applied_at AS appliedAt, outcome FROM recall_events
        WHERE session_id = ? AND created_at >= ? AND created_at <= ? AND applied_at IS NULL ORDER BY created_at`,
      )
      .all(sessionId, from, to) as Array<Omit<RecallEventRecord, "items">>;
    const items = this.db.prepare(
      "SELECT kind, item_id AS itemId, rank, score FROM recall_items WHERE recall_id = ? ORDER BY rank",
    );
    return events.map((event) => ({ ...event, items: items.all(event.id) as RecallEventRecord["items"] }));
  }

  async markRecallApplied(id: string, outcome: string, at: number): Promise<void> {
    withBusyRetry(() =>
      this.db
        .prepare("UPDATE recall_events SET applied_at = ?, outcome = ? WHERE id = ? AND applied_at IS NULL")
        .run(at, outcome, id),
    );
  }

  async recallStats(lessonId: string): Promise<RecallStats> {
    const recalls = this.db
      .prepare("SELECT COUNT(*) AS n FROM recall_items WHERE kind = 'lesson' AND item_id = ?")
      .get(lessonId) as { n: number };
    const feedback = this.db
      .prepare(
        `SELECT SUM(type = 'helpful') AS helpful, SUM(type = 'harmful') AS harmful FROM lesson_feedback
        WHERE lesson_id = ? AND source = 'recall'`,
      )
      .get(lessonId) as { helpful: number | null; harmful: number | null };
    return { recalls: recalls.n, helpful: feedback.helpful ?? 0, harmful: feedback.harmful ?? 0 };
  }
}

function toEvidence(row: RawEvidence): EvidenceRow {
  return { ...row, isError: row.isError === 1 };
}
