import type { AnnotationStatus, DatasetSample, SampleType } from "../../core/dataset/sample-types.js";
import type {
  Annotation,
  DatasetCounts,
  DatasetExportRecord,
  DatasetStore,
  FailedAttemptRow,
  FollowingSignal,
  LessonFeedbackRow,
  SampleFilter,
  SampleOrder,
  SourceFilter,
} from "../dataset-store.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";
import { exportParams, sampleParams, toExport, toSample } from "./sqlite-dataset-rows.js";

type Row = Record<string, unknown>;

const SAMPLE_COLUMNS = `id, sample_type, source_key, polarity, turn_id, decision_id, audit_id, session_id, task_id,
  lesson_id, content, quality_score, quality_factors, annotation_status, annotated_by, annotated_at,
  annotation_notes, review_reasons, privacy_checked, contains_pii, pii_redacted_content, privacy_findings,
  collection_strategy, pattern_key, source_at, created_at, updated_at`;
const SAMPLE_VALUES = `@id, @type, @sourceKey, @polarity, @turnId, @decisionId, @auditId, @sessionId, @taskId,
  @lessonId, @content, @score, @factors, @status, @annotatedBy, @annotatedAt, @notes, @reviewReasons,
  @privacyChecked, @containsPii, @masked, @findings, @strategy, @patternKey, @sourceAt, @createdAt, @updatedAt`;

/** Source keys looked up per query (SQLite's parameter limit is far above). */
const LOOKUP_CHUNK = 500;

/** A sample filter as SQL. */
function whereOf(filter: SampleFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const list = (column: string, values: readonly string[] | undefined) => {
    if (values === undefined) return;
    clauses.push(values.length === 0 ? "0" : `${column} IN (${values.map(() => "?").join(", ")})`);
    params.push(...values);
  };
  list("annotation_status", filter.statuses);
  list("sample_type", filter.types);
  if (filter.minQuality !== undefined) {
    clauses.push("quality_score >= ?");
    params.push(filter.minQuality);
  }
  const window = windowClauses(filter, "created_at", "session_id");
  clauses.push(...window.clauses);
  params.push(...window.params);
  return { sql: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params };
}

/** Clauses of a time window and a session on the given columns. */
function windowClauses(
  filter: SourceFilter,
  time: string,
  session: string,
): { clauses: string[]; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (filter.since !== undefined) {
    clauses.push(`${time} >= ?`);
    params.push(filter.since);
  }
  if (filter.until !== undefined) {
    clauses.push(`${time} < ?`);
    params.push(filter.until);
  }
  if (filter.sessionId !== undefined) {
    clauses.push(`${session} = ?`);
    params.push(filter.sessionId);
  }
  return { clauses, params };
}

/** A source filter as `AND …` after a WHERE. */
function sourceWhere(
  filter: SourceFilter,
  time: string,
  session: string,
): { sql: string; params: unknown[] } {
  const { clauses, params } = windowClauses(filter, time, session);
  return { sql: clauses.map((clause) => `AND ${clause}`).join(" "), params };
}

const ORDERS: Readonly<Record<SampleOrder, string>> = {
  quality: "CASE annotation_status WHEN 'needs_review' THEN 0 ELSE 1 END, quality_score DESC, id",
  newest: "created_at DESC, id DESC",
};

/** The dataset in SQLite (tables dataset_samples and dataset_exports). */
export class SqliteDatasetStore implements DatasetStore {
  constructor(private readonly db: SqliteDatabase) {}

  async getSample(id: string): Promise<DatasetSample | null> {
    const row = this.db.prepare("SELECT * FROM dataset_samples WHERE id = ?").get(id) as Row | undefined;
    return row === undefined ? null : toSample(row);
  }

  async samplesBySource(sourceKeys: readonly string[]): Promise<Map<string, DatasetSample>> {
    const found = new Map<string, DatasetSample>();
    for (let start = 0; start < sourceKeys.length; start += LOOKUP_CHUNK) {
      const chunk = sourceKeys.slice(start, start + LOOKUP_CHUNK);
      const rows = this.db
        .prepare(`SELECT * FROM dataset_samples WHERE source_key IN (${chunk.map(() => "?").join(", ")})`)
        .all(...chunk) as Row[];
      for (const row of rows) found.set(String(row.source_key), toSample(row));
    }
    return found;
  }

  async saveSamples(changes: {
    inserts: readonly DatasetSample[];
    updates: readonly DatasetSample[];
  }): Promise<void> {
    const insert = this.db.prepare(
      `INSERT INTO dataset_samples (${SAMPLE_COLUMNS}) VALUES (${SAMPLE_VALUES})`,
    );
    const update = this.db.prepare(`
      UPDATE dataset_samples SET sample_type = @type, polarity = @polarity, turn_id = @turnId,
        decision_id = @decisionId, audit_id = @auditId, session_id = @sessionId, task_id = @taskId,
        lesson_id = @lessonId, content = @content, quality_score = @score, quality_factors = @factors,
        annotation_status = @status, review_reasons = @reviewReasons, privacy_checked = @privacyChecked,
        contains_pii = @containsPii, pii_redacted_content = @masked, privacy_findings = @findings,
        collection_strategy = @strategy, pattern_key = @patternKey, source_at = @sourceAt, updated_at = @updatedAt
      WHERE id = @id AND annotation_status NOT IN ('approved', 'rejected')`);
    withBusyRetry(() =>
      this.db
        .transaction(() => {
          for (const sample of changes.inserts) insert.run(sampleParams(sample));
          for (const sample of changes.updates) update.run(sampleParams(sample));
        })
        .immediate(),
    );
  }

  async listSamples(
    filter: SampleFilter & { limit: number; offset?: number; order?: SampleOrder },
  ): Promise<DatasetSample[]> {
    const where = whereOf(filter);
    const rows = this.db
      .prepare(
        `SELECT * FROM dataset_samples ${where.sql} ORDER BY ${ORDERS[filter.order ?? "newest"]} LIMIT ? OFFSET ?`,
      )
      .all(...where.params, filter.limit, filter.offset ?? 0) as Row[];
    return rows.map(toSample);
  }

  async countSamples(filter: SampleFilter): Promise<number> {
    const where = whereOf(filter);
    const row = this.db
      .prepare(`SELECT COUNT(*) AS n FROM dataset_samples ${where.sql}`)
      .get(...where.params) as {
      n: number;
    };
    return row.n;
  }

  async annotate(id: string, annotation: Annotation): Promise<DatasetSample | null> {
    const keepNotes = annotation.notes === undefined;
    withBusyRetry(() =>
      this.db
        .prepare(
          `UPDATE dataset_samples SET annotation_status = ?, annotated_by = ?, annotated_at = ?, updated_at = ?,
            annotation_notes = CASE WHEN ? THEN annotation_notes ELSE ? END
          WHERE id = ?`,
        )
        .run(
          annotation.status,
          annotation.by,
          annotation.at,
          annotation.at,
          keepNotes ? 1 : 0,
          annotation.notes ?? null,
          id,
        ),
    );
    return this.getSample(id);
  }

  async noteSample(id: string, notes: string, at: number): Promise<DatasetSample | null> {
    withBusyRetry(() =>
      this.db
        .prepare("UPDATE dataset_samples SET annotation_notes = ?, updated_at = ? WHERE id = ?")
        .run(notes, at, id),
    );
    return this.getSample(id);
  }

  async approvedPatterns(): Promise<Set<string>> {
    const rows = this.db
      .prepare(
        "SELECT DISTINCT sample_type, pattern_key FROM dataset_samples WHERE annotation_status = 'approved'",
      )
      .all() as Array<{ sample_type: string; pattern_key: string }>;
    return new Set(rows.map((row) => `${row.sample_type}\u0000${row.pattern_key}`));
  }

  async recordExport(record: DatasetExportRecord): Promise<void> {
    withBusyRetry(() =>
      this.db
        .prepare(`
          INSERT INTO dataset_exports (id, export_name, export_format, sample_types, filters, total_samples,
            approved_samples, rejected_samples, avg_quality_score, train_samples, validation_samples, file_path,
            file_size_bytes, checksum, validation_file_path, validation_file_size_bytes, validation_checksum,
            exported_by, exported_at)
          VALUES (@id, @name, @format, @sampleTypes, @filters, @total, @approved, @rejected, @avgQuality,
            @trainSamples, @validationSamples, @path, @bytes, @checksum, @validationPath, @validationBytes,
            @validationChecksum, @exportedBy, @exportedAt)`)
        .run(exportParams(record)),
    );
  }

  async listExports(limit: number): Promise<DatasetExportRecord[]> {
    const rows = this.db
      .prepare("SELECT * FROM dataset_exports ORDER BY exported_at DESC, id DESC LIMIT ?")
      .all(limit) as Row[];
    return rows.map(toExport);
  }

  async datasetCounts(filter: SampleFilter): Promise<DatasetCounts> {
    const where = whereOf(filter);
    const grouped = (expression: string) =>
      this.db
        .prepare(
          `SELECT ${expression} AS key, COUNT(*) AS n FROM dataset_samples ${where.sql} GROUP BY key ORDER BY key`,
        )
        .all(...where.params) as Array<{ key: string | number; n: number }>;
    const byType = Object.fromEntries(grouped("sample_type").map((row) => [row.key, row.n])) as Partial<
      Record<SampleType, number>
    >;
    const byStatus = Object.fromEntries(
      grouped("annotation_status").map((row) => [row.key, row.n]),
    ) as Partial<Record<AnnotationStatus, number>>;
    const daily = grouped("strftime('%Y-%m-%d', created_at / 1000, 'unixepoch')").map((row) => ({
      day: String(row.key),
      count: row.n,
    }));
    const qualityBins = new Array<number>(10).fill(0);
    for (const row of grouped("MIN(9, MAX(0, CAST(COALESCE(quality_score, 0) * 10 AS INTEGER)))"))
      qualityBins[Number(row.key)] = row.n;
    const total = Object.values(byType).reduce((sum, count) => sum + (count ?? 0), 0);
    return { total, byType, byStatus, daily, qualityBins };
  }

  async signalsAfterTurn(turnId: string): Promise<FollowingSignal[]> {
    return this.db
      .prepare(`
        SELECT s.type, s.evidence FROM conversation_turns t
        JOIN conversation_turns n ON n.session_id = t.session_id AND n.turn_number = t.turn_number + 1
        JOIN task_feedback_signals s ON s.session_id = t.session_id AND s.source = 'user'
          AND s.message_seq > t.end_seq AND s.message_seq <= n.end_seq
        WHERE t.id = ? ORDER BY s.message_seq, s.id`)
      .all(turnId) as FollowingSignal[];
  }

  async memoryFileContentAt(workspace: string, fileName: string, at: number): Promise<string | null> {
    const row = this.db
      .prepare(`
        SELECT snapshot_id FROM (
          SELECT a.created_at AS at, a.after_snapshot_id AS snapshot_id FROM write_guardian_audit a
          WHERE a.workspace = @workspace AND a.target_file = @fileName AND a.after_snapshot_id IS NOT NULL
            AND a.status IN ('written', 'rolled_back') AND a.created_at < @at
          UNION ALL
          SELECT r.rolled_back_at, r.restored_snapshot_id FROM guardian_rollbacks r
          WHERE r.workspace = @workspace AND r.file_name = @fileName AND r.rolled_back_at < @at
        ) ORDER BY at DESC LIMIT 1`)
      .get({ workspace, fileName, at }) as { snapshot_id: string | null } | undefined;
    if (row === undefined) return null;
    if (row.snapshot_id === null) return "";
    const snapshot = this.db
      .prepare("SELECT content FROM file_snapshots WHERE id = ?")
      .get(row.snapshot_id) as { content: Buffer } | undefined;
    return snapshot === undefined ? null : snapshot.content.toString("utf8");
  }

  async failedAttempts(filter: SourceFilter): Promise<FailedAttemptRow[]> {
    const where = sourceWhere(filter, "f.created_at", "t.session_id");
    const rows = this.db
      .prepare(`
        SELECT f.id, f.task_id, t.session_id, t.goal, t.title, t.status, f.attempt_label, f.approach_summary,
          f.failure_reason, f.replaced_by, c.experience, f.created_at
        FROM task_failed_attempts f JOIN tasks t ON t.id = f.task_id
        LEFT JOIN task_experience_cache c ON c.task_id = f.task_id
        WHERE 1 ${where.sql} ORDER BY f.created_at, f.id`)
      .all(...where.params) as Row[];
    return rows.map((row) => ({
      id: String(row.id),
      taskId: String(row.task_id),
      sessionId: String(row.session_id),
      goal: String(row.goal),
      title: String(row.title),
      status: String(row.status),
      label: String(row.attempt_label),
      approach: String(row.approach_summary),
      failureReason: String(row.failure_reason),
      replacedBy: (row.replaced_by as string | null) ?? null,
      experience: parseLenient(row.experience),
      createdAt: Number(row.created_at),
    }));
  }

  async lessonFeedback(filter: SourceFilter): Promise<LessonFeedbackRow[]> {
    const where = sourceWhere(filter, "f.at", "f.session_id");
    const rows = this.db
      .prepare(`
        SELECT f.id, f.lesson_id, l.kind, l.trigger_text, l.rule, f.type, f.raw_value, f.source, f.reason,
          f.session_id, f.task_id, COALESCE(NULLIF(t.goal, ''), t.title, r.prompt, '') AS situation, f.at
        FROM lesson_feedback f JOIN lessons l ON l.id = f.lesson_id
        LEFT JOIN tasks t ON t.id = f.task_id
        LEFT JOIN recall_events r ON r.id = f.recall_id
        WHERE f.type IN ('helpful', 'harmful') ${where.sql} ORDER BY f.at, f.id`)
      .all(...where.params) as Row[];
    return rows.map((row) => ({
      id: String(row.id),
      lessonId: String(row.lesson_id),
      kind: String(row.kind),
      trigger: String(row.trigger_text),
      rule: String(row.rule),
      type: row.type === "harmful" ? "harmful" : "helpful",
      rawValue: Number(row.raw_value),
      source: String(row.source),
      reason: (row.reason as string | null) ?? null,
      sessionId: (row.session_id as string | null) ?? null,
      taskId: (row.task_id as string | null) ?? null,
      situation: String(row.situation),
      at: Number(row.at),
    }));
  }
}

/** A cached experience's JSON, or null when it is not JSON (the collector then uses the attempt alone). */
function parseLenient(text: unknown): unknown {
  if (typeof text !== "string") return null;
  try {
    return JSON.parse(text);
  } catch (error) {
    // A cache row written by a broken run: the sample is built from the attempt without it.
    if (error instanceof SyntaxError) return null;
    throw error;
  }
}
