/**
 * `lesson_sources` (migration 007): where each lesson was learnt, kept in step with its evidence,
 * backfilled for lessons stored before it existed, and read by `lessonsLearntAt`. Real SQLite files.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createCapture } from "../../capture/capture.js";
import { createLesson, type Lesson, type LessonEvidence } from "../../core/lessons/lesson.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { SQLITE_MIGRATIONS } from "./migrations/index.js";
import { openSqliteDatabase } from "./sqlite-database.js";
import { SqliteStore } from "./sqlite-store.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 1, 2, 9);

function lesson(id: string, evidence: LessonEvidence[]): Lesson {
  return createLesson({
    id,
    kind: "prefer",
    trigger: "Starting the app",
    rule: `Use pnpm dev --port ${id.length + 5170}`,
    why: "",
    evidence,
    domain: "project",
    scope: "project",
    projectId: "/work/web",
    now: T0,
  });
}

async function withSession(store: SqliteStore, id: string, asks: string[]): Promise<string> {
  const capture = createCapture({ store });
  const sessionId = await capture.upsertSession({
    agent: "sdk",
    sourceSessionId: id,
    cwd: "/work/web",
    createdAt: T0,
  });
  await capture.appendMessages(
    sessionId,
    asks.map((content, index) => ({
      id: `${id}-m${index}`,
      role: "user",
      content,
      createdAt: T0 + index * 60_000,
    })),
  );
  return sessionId;
}

function pks(store: SqliteStore, sessionId: string): number[] {
  return (
    store.db.prepare("SELECT pk FROM messages WHERE session_id = ? ORDER BY seq").all(sessionId) as Array<{
      pk: number;
    }>
  ).map((row) => row.pk);
}

describe("lesson sources", () => {
  it("links a message to the lessons of its task, or of its session when the evidence names no task", async () => {
    const store = new SqliteStore({ path: join(tempDir(), "tacit.db") });
    try {
      const sessionId = await withSession(store, "s", [
        "start the frontend",
        "rename the helper",
        "deploy it",
      ]);
      const [first, second, third] = pks(store, sessionId) as [number, number, number];
      await store.saveTasks(sessionId, [task("task-a", sessionId, 0, 0), task("task-b", sessionId, 1, 2)]);
      const byTask = lesson("by-task", [
        { quote: "start the frontend", sessionId, taskId: "task-a", at: T0 },
      ]);
      const bySession = lesson("by-session", [{ quote: "deploy it", sessionId, at: T0 }]);
      await store.commitLessonChanges({
        writes: [
          { lesson: byTask, expected: null },
          { lesson: bySession, expected: null },
        ],
        deletes: [],
        events: [],
        feedback: [],
        vectors: [],
      });
      expect(await store.lessonsLearntAt([first, second, third, 999_999])).toEqual([
        { messagePk: first, lessonId: "by-session" },
        { messagePk: first, lessonId: "by-task" },
        { messagePk: second, lessonId: "by-session" },
        { messagePk: third, lessonId: "by-session" },
      ]);
      expect(await store.lessonsLearntAt([])).toEqual([]);

      // New evidence from task-b moves with the lesson; deleting the lesson removes its sources.
      const moved = {
        ...byTask,
        evidence: [{ quote: "rename the helper", sessionId, taskId: "task-b", at: T0 }],
      };
      await store.commitLessonChanges({
        writes: [{ lesson: moved, expected: byTask }],
        deletes: [{ expected: bySession }],
        events: [],
        feedback: [],
        vectors: [],
      });
      expect(await store.lessonsLearntAt([first, second, third])).toEqual([
        { messagePk: second, lessonId: "by-task" },
        { messagePk: third, lessonId: "by-task" },
      ]);
    } finally {
      await store.close();
    }
  });

  it("backfills the sources of lessons stored before migration 007", async () => {
    const path = join(tempDir(), "old.db");
    const before = openSqliteDatabase({ path }, SQLITE_MIGRATIONS.slice(0, 6));
    const stored = lesson("old", [
      { quote: "a", sessionId: "s-1", taskId: "t-1", at: T0 },
      { quote: "b", sessionId: "s-1", taskId: "t-1", at: T0 },
      { quote: "c", sessionId: "s-2", at: T0 },
    ]);
    before.db
      .prepare(
        `INSERT INTO lessons (id, scope_key, content_hash, kind, status, maturity, scope, project_id, domain,
          trigger_text, rule, confidence, support_task_count, evidence_count, created_at, updated_at, data)
        VALUES (?, 'project:/work/web', ?, 'prefer', 'candidate', 'candidate', 'project', '/work/web', 'project',
          ?, ?, 0.7, 2, 3, ?, ?, ?)`,
      )
      .run(stored.id, stored.contentHash, stored.trigger, stored.rule, T0, T0, JSON.stringify(stored));
    before.db.close();
    const store = new SqliteStore({ path });
    try {
      expect(store.migrations.find((migration) => migration.version === 7)).toMatchObject({
        name: "lesson-sources",
        status: "applied",
      });
      expect(
        store.db.prepare("SELECT session_id, task_id FROM lesson_sources ORDER BY session_id").all(),
      ).toEqual([
        { session_id: "s-1", task_id: "t-1" },
        { session_id: "s-2", task_id: "" },
      ]);
    } finally {
      await store.close();
    }
  });
});

function task(id: string, sessionId: string, startSeq: number, endSeq: number) {
  return {
    id,
    sessionId,
    title: id,
    summary: "",
    status: "completed" as const,
    startSeq,
    endSeq,
    goal: id,
    fingerprint: id,
    createdAt: T0,
    updatedAt: T0,
    learnedAt: null,
  };
}
