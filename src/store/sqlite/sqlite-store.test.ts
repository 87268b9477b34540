import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { StoreError } from "../../core/errors.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { resolveDatabaseLocation } from "../open-store.js";
import { SQLITE_MIGRATIONS } from "./migrations/index.js";
import { openSqliteDatabase } from "./sqlite-database.js";
import { SqliteStore } from "./sqlite-store.js";

const tempDir = useTempDir();

describe("SQLite store setup", () => {
  it("creates the file with WAL, foreign keys, busy timeout and synchronous=NORMAL", async () => {
    const path = join(tempDir(), "nested", "dir", "tacit.db");
    const store = new SqliteStore({ path });
    expect(store.db.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(store.db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(store.db.pragma("synchronous", { simple: true })).toBe(1);
    expect(store.db.pragma("busy_timeout", { simple: true })).toBe(15000);
    expect(store.migrations.map((m) => m.status)).toEqual(SQLITE_MIGRATIONS.map(() => "applied"));
    await store.close();
    const again = new SqliteStore({ path });
    expect(again.migrations.every((m) => m.status === "already-applied")).toBe(true);
    await again.close();
  });

  it("upgrades an older database in place, keeping its rows", () => {
    const path = join(tempDir(), "old.db");
    const first = SQLITE_MIGRATIONS.slice(0, 1);
    const opened = openSqliteDatabase({ path }, first);
    opened.db
      .prepare(
        "INSERT INTO sessions (id, agent, source_session_id, channel_id, created_at, last_activity_at) VALUES ('s', 'generic', 's', 'generic', 1, 1)",
      )
      .run();
    opened.db.close();
    const next = [
      ...first,
      {
        version: first.length + 1,
        name: "test-add-column",
        sql: "ALTER TABLE sessions ADD COLUMN note TEXT",
      },
    ];
    const upgraded = openSqliteDatabase({ path }, next);
    expect(upgraded.migrations.map((m) => m.status)).toEqual(["already-applied", "applied"]);
    expect(upgraded.db.prepare("SELECT id, note FROM sessions").all()).toEqual([{ id: "s", note: null }]);
    upgraded.db.close();
  });

  it("feedback-reasons adds reasons and recall ids to an older database, keeping its feedback", () => {
    const path = join(tempDir(), "before-reasons.db");
    const reasons = SQLITE_MIGRATIONS.find((migration) => migration.name === "feedback-reasons");
    expect(reasons).toBeDefined();
    const before = SQLITE_MIGRATIONS.filter((migration) => migration.version < (reasons?.version ?? 0));
    const opened = openSqliteDatabase({ path }, before);
    opened.db
      .prepare(
        `INSERT INTO lessons (id, scope_key, content_hash, kind, status, maturity, scope, domain, trigger_text, rule,
          confidence, support_task_count, evidence_count, created_at, updated_at, data)
        VALUES ('L1', 'global', 'h', 'prefer', 'active', 'candidate', 'global', 'workflow', 't', 'r', 0.5, 1, 1, 1, 1, '{}')`,
      )
      .run();
    opened.db
      .prepare(
        "INSERT INTO lesson_feedback (id, lesson_id, type, raw_value, source, at) VALUES ('f1', 'L1', 'helpful', 1, 'user', 5)",
      )
      .run();
    opened.db.close();

    const upgraded = openSqliteDatabase({ path });
    expect(upgraded.migrations.find((migration) => migration.name === "feedback-reasons")?.status).toBe(
      "applied",
    );
    const { db } = upgraded;
    expect(db.prepare("SELECT id, reason, recall_id AS recallId FROM lesson_feedback").all()).toEqual([
      { id: "f1", reason: null, recallId: null },
    ]);
    const insert = db.prepare(
      "INSERT INTO lesson_feedback (id, lesson_id, type, raw_value, source, at, reason, recall_id) VALUES (?, 'L1', 'helpful', 1, ?, 6, ?, ?)",
    );
    insert.run("f2", "user", "it worked", null);
    insert.run("f3", "user", null, null);
    insert.run("f4", "recall", null, "R1");
    // One judgement of a lesson per recall event.
    expect(() => insert.run("f5", "recall", null, "R1")).toThrow(/UNIQUE constraint failed/);
    expect(db.prepare("SELECT COUNT(*) AS n FROM lesson_feedback").get()).toEqual({ n: 4 });
    db.close();
  });

  it("refuses a database from a newer tacit with a clear message", () => {
    const path = join(tempDir(), "new.db");
    openSqliteDatabase({ path }).db.close();
    const raw = new Database(path);
    raw.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (999, 'future', 0)").run();
    raw.close();
    expect(() => new SqliteStore({ path })).toThrow(StoreError);
    expect(() => new SqliteStore({ path })).toThrow(
      /schema version 999, but this tacit only knows up to \d+; upgrade tacit/,
    );
  });

  it("rolls back a failing migration and leaves the version unchanged", () => {
    const path = join(tempDir(), "broken.db");
    const broken = [
      ...SQLITE_MIGRATIONS,
      { version: 99, name: "broken", sql: "CREATE TABLE x (a); SELECT * FROM nope;" },
    ];
    expect(() => openSqliteDatabase({ path }, broken)).toThrow(/no such table: nope/);
    const { db } = openSqliteDatabase({ path });
    expect(db.prepare("SELECT MAX(version) AS v FROM schema_migrations").get()).toEqual({
      v: SQLITE_MIGRATIONS.at(-1)?.version,
    });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'x'").get()).toBeUndefined();
    db.close();
  });
});

describe("resolveDatabaseLocation", () => {
  it("prefers --db, then TACIT_DATABASE_URL, then TACIT_HOME", () => {
    const env = { TACIT_HOME: "/home/u/.t", TACIT_DATABASE_URL: "/data/x.db" };
    expect(resolveDatabaseLocation({ db: "rel.db", env, cwd: "/w" })).toEqual({
      kind: "sqlite",
      path: "/w/rel.db",
    });
    expect(resolveDatabaseLocation({ env, cwd: "/w" })).toEqual({ kind: "sqlite", path: "/data/x.db" });
    expect(resolveDatabaseLocation({ env: { TACIT_HOME: "/home/u/.t" } })).toEqual({
      kind: "sqlite",
      path: "/home/u/.t/tacit.db",
    });
    expect(resolveDatabaseLocation({ env: { TACIT_DATABASE_URL: "postgres://h/db" } })).toEqual({
      kind: "postgres",
      url: "postgres://h/db",
    });
    expect(resolveDatabaseLocation({ env: { TACIT_DATABASE_URL: "sqlite:///tmp/a.db" } })).toEqual({
      kind: "sqlite",
      path: "/tmp/a.db",
    });
  });
});
