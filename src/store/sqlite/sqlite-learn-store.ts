import type { Outcome } from "../../core/types.js";
import type {
  CachedExperience,
  LearnJob,
  LearnStep,
  LearnStore,
  StoredFailedAttempt,
  StoredSignal,
  TaskLearning,
  TaskRecord,
} from "../learn-store.js";
import { type SqliteDatabase, withBusyRetry } from "./sqlite-database.js";

const TASK_COLUMNS = `id, session_id AS sessionId, title, summary, goal, status, start_seq AS startSeq,
  end_seq AS endSeq, fingerprint, created_at AS createdAt, updated_at AS updatedAt, learned_at AS learnedAt`;

/** The learning pipeline's tables in SQLite. */
export class SqliteLearnStore implements LearnStore {
  constructor(private readonly db: SqliteDatabase) {}

  async saveTasks(sessionId: string, tasks: TaskRecord[]): Promise<void> {
    const upsert = this.db.prepare(`
      INSERT INTO tasks (id, session_id, title, summary, goal, status, start_seq, end_seq, fingerprint, created_at, updated_at)
      VALUES (@id, @sessionId, @title, @summary, @goal, @status, @startSeq, @endSeq, @fingerprint, @createdAt, @updatedAt)
      ON CONFLICT(id) DO UPDATE SET title = excluded.title, summary = excluded.summary, goal = excluded.goal,
        status = excluded.status, end_seq = excluded.end_seq, fingerprint = excluded.fingerprint,
        updated_at = CASE WHEN fingerprint = excluded.fingerprint THEN updated_at ELSE excluded.updated_at END`);
    const write = this.db.transaction(() => {
      const keep = new Set(tasks.map((task) => task.id));
      const existing = this.db.prepare("SELECT id FROM tasks WHERE session_id = ?").all(sessionId) as Array<{
        id: string;
      }>;
      const remove = this.db.prepare("DELETE FROM tasks WHERE id = ?");
      for (const row of existing) if (!keep.has(row.id)) remove.run(row.id);
      for (const task of tasks) upsert.run(task);
    });
    withBusyRetry(() => write.immediate());
  }

  async listTasks(filter: { sessionId?: string; limit: number }): Promise<TaskRecord[]> {
    const sql = filter.sessionId
      ? `SELECT ${TASK_COLUMNS} FROM tasks WHERE session_id = ? ORDER BY start_seq LIMIT ?`
      : `SELECT ${TASK_COLUMNS} FROM tasks ORDER BY updated_at DESC LIMIT ?`;
    const params = filter.sessionId ? [filter.sessionId, filter.limit] : [filter.limit];
    return this.db.prepare(sql).all(...params) as TaskRecord[];
  }

  async getTask(id: string): Promise<TaskRecord | null> {
    return (
      (this.db.prepare(`SELECT ${TASK_COLUMNS} FROM tasks WHERE id = ?`).get(id) as TaskRecord | undefined) ??
      null
    );
  }

  async getCachedExperience(taskId: string): Promise<CachedExperience | null> {
    const row = this.db
      .prepare("SELECT fingerprint, mode, source, experience FROM task_experience_cache WHERE task_id = ?")
      .get(taskId) as (Omit<CachedExperience, "experience"> & { experience: string }) | undefined;
    return row ? { ...row, experience: JSON.parse(row.experience) as unknown } : null;
  }

  async saveTaskLearning(learning: TaskLearning): Promise<void> {
    const write = this.db.transaction(() => {
      this.db.prepare("DELETE FROM task_feedback_signals WHERE task_id = ?").run(learning.taskId);
      this.db.prepare("DELETE FROM task_failed_attempts WHERE task_id = ?").run(learning.taskId);
      const signal = this.db.prepare(`
        INSERT INTO task_feedback_signals (id, task_id, session_id, message_seq, type, source, evidence, confidence,
          detector, created_at)
        VALUES (@id, @taskId, @sessionId, @messageSeq, @type, @source, @evidence, @confidence, @detector, @createdAt)`);
      for (const item of learning.signals) signal.run(item);
      const attempt = this.db.prepare(`
        INSERT INTO task_failed_attempts (id, task_id, attempt_label, approach_summary, failure_reason, replaced_by, created_at)
        VALUES (@id, @taskId, @attemptLabel, @approachSummary, @failureReason, @replacedBy, @createdAt)`);
      for (const item of learning.failedAttempts) attempt.run(item);
      if (learning.experience) {
        this.db
          .prepare(`
            INSERT INTO task_experience_cache (task_id, fingerprint, mode, source, experience, created_at)
            VALUES (?, ?, ?, ?, ?, ?)
            ON CONFLICT(task_id) DO UPDATE SET fingerprint = excluded.fingerprint, mode = excluded.mode,
              source = excluded.source, experience = excluded.experience, created_at = excluded.created_at`)
          .run(
            learning.taskId,
            learning.experience.fingerprint,
            learning.experience.mode,
            learning.experience.source,
            JSON.stringify(learning.experience.experience),
            Date.now(),
          );
      }
      if (learning.outcome) this.saveOutcome(learning.outcome);
    });
    withBusyRetry(() => write.immediate());
  }

  private saveOutcome(outcome: Outcome): void {
    this.db
      .prepare(`
        INSERT INTO outcomes (id, session_id, task_id, duration_ms, error_count, retry_count, success, files_touched,
          strategy, failure_mode, failure_details, created_at)
        VALUES (@id, @sessionId, @taskId, @durationMs, @errorCount, @retryCount, @success, @filesTouched, @strategy,
          @failureMode, @failureDetails, @createdAt)
        ON CONFLICT(id) DO UPDATE SET duration_ms = excluded.duration_ms, error_count = excluded.error_count,
          retry_count = excluded.retry_count, success = excluded.success, files_touched = excluded.files_touched,
          strategy = excluded.strategy, failure_mode = excluded.failure_mode, failure_details = excluded.failure_details`)
      .run({
        ...outcome,
        success: outcome.success ? 1 : 0,
        filesTouched: JSON.stringify(outcome.filesTouched),
      });
  }

  async listTaskSignals(taskId: string): Promise<StoredSignal[]> {
    return this.db
      .prepare(
        `SELECT id, task_id AS taskId, session_id AS sessionId, message_seq AS messageSeq, type, source, evidence,
          confidence, detector, created_at AS createdAt FROM task_feedback_signals WHERE task_id = ? ORDER BY message_seq, id`,
      )
      .all(taskId) as StoredSignal[];
  }

  async listFailedAttempts(taskId: string): Promise<StoredFailedAttempt[]> {
    return this.db
      .prepare(
        `SELECT id, task_id AS taskId, attempt_label AS attemptLabel, approach_summary AS approachSummary,
          failure_reason AS failureReason, replaced_by AS replacedBy, created_at AS createdAt
        FROM task_failed_attempts WHERE task_id = ? ORDER BY created_at, id`,
      )
      .all(taskId) as StoredFailedAttempt[];
  }

  async getLearnJob(taskId: string): Promise<LearnJob | null> {
    const row = this.db
      .prepare(
        `SELECT task_id AS taskId, session_id AS sessionId, fingerprint, status, attempts, error, lessons,
          updated_at AS updatedAt FROM learn_jobs WHERE task_id = ?`,
      )
      .get(taskId) as (Omit<LearnJob, "lessons"> & { lessons: string }) | undefined;
    return row ? { ...row, lessons: JSON.parse(row.lessons) as string[] } : null;
  }

  async saveLearnJob(job: LearnJob): Promise<void> {
    withBusyRetry(() =>
      this.db
        .prepare(`
          INSERT INTO learn_jobs (task_id, session_id, fingerprint, status, attempts, error, lessons, updated_at)
          VALUES (@taskId, @sessionId, @fingerprint, @status, @attempts, @error, @lessons, @updatedAt)
          ON CONFLICT(task_id) DO UPDATE SET fingerprint = excluded.fingerprint, status = excluded.status,
            attempts = excluded.attempts, error = excluded.error, lessons = excluded.lessons, updated_at = excluded.updated_at`)
        .run({ ...job, lessons: JSON.stringify(job.lessons) }),
    );
    if (job.status === "done") {
      this.db.prepare("UPDATE tasks SET learned_at = ? WHERE id = ?").run(job.updatedAt, job.taskId);
    }
  }

  async listSessionIds(filter: { since?: number; sessionId?: string }): Promise<string[]> {
    if (filter.sessionId) {
      return (
        this.db.prepare("SELECT id FROM sessions WHERE id = ?").all(filter.sessionId) as Array<{ id: string }>
      ).map((row) => row.id);
    }
    const rows = this.db
      .prepare("SELECT id FROM sessions WHERE last_activity_at >= ? ORDER BY last_activity_at, id")
      .all(filter.since ?? 0) as Array<{ id: string }>;
    return rows.map((row) => row.id);
  }

  async markLearnStep(step: LearnStep, at: number): Promise<void> {
    withBusyRetry(() =>
      this.db.prepare("INSERT OR IGNORE INTO learn_pending (step, since) VALUES (?, ?)").run(step, at),
    );
  }

  async isLearnStepPending(step: LearnStep): Promise<boolean> {
    return this.db.prepare("SELECT 1 FROM learn_pending WHERE step = ?").get(step) !== undefined;
  }

  async clearLearnStep(step: LearnStep): Promise<void> {
    withBusyRetry(() => this.db.prepare("DELETE FROM learn_pending WHERE step = ?").run(step));
  }

  async inTransaction<T>(work: () => Promise<T>): Promise<T> {
    if (this.db.inTransaction) return work();
    withBusyRetry(() => this.db.exec("BEGIN IMMEDIATE"));
    try {
      const value = await work();
      this.db.exec("COMMIT");
      return value;
    } catch (error) {
      // A failed statement may already have rolled the transaction back; then there is nothing to undo.
      if (this.db.inTransaction) this.db.exec("ROLLBACK");
      throw error;
    }
  }

  async recordPatternUse(taskId: string, lessonId: string, success: boolean, at: number): Promise<boolean> {
    const info = withBusyRetry(() =>
      this.db
        .prepare(
          "INSERT OR IGNORE INTO pattern_observations (task_id, lesson_id, success, created_at) VALUES (?, ?, ?, ?)",
        )
        .run(taskId, lessonId, success ? 1 : 0, at),
    );
    return info.changes > 0;
  }
}
