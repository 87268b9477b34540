/**
 * A look at a tacit SQLite database without changing it, for `tacit doctor`: its schema version and
 * today's model use. It never creates the file or its folder, never migrates, and writes nothing
 * (`query_only`); connecting read-write when it may lets SQLite remove its WAL companion files on
 * close, as a read-only connection cannot.
 */
import { existsSync, statSync } from "node:fs";
import Database from "better-sqlite3";
import type { LlmDailySpend } from "../../models/llm-call-log.js";
import { SQLITE_MIGRATIONS } from "./migrations/index.js";
import { SqliteLlmCallLog } from "./sqlite-llm-call-log.js";

/** What {@link inspectSqliteDatabase} found. */
export interface SqliteInspection {
  path: string;
  exists: boolean;
  sizeBytes: number | null;
  /** The highest migration applied; null when unknown. */
  schemaVersion: number | null;
  /** The highest migration this tacit knows. */
  latestSchemaVersion: number;
  /**
   * `ok`; `missing` (not created yet: the first command that captures creates it); `outdated` (the
   * next command migrates it); `newer` (written by a newer tacit, which this one refuses);
   * `unreadable` (not SQLite, not tacit's, or no access).
   */
  status: "ok" | "missing" | "outdated" | "newer" | "unreadable";
  /** Why, for `unreadable`. */
  problem: string | null;
  /** Model use on the UTC day of `now` (null when the database was not read). */
  today: LlmDailySpend | null;
  /** Model breakers that are open or half-open, by key (provider/model). */
  openBreakers: string[];
}

/** Inspects the database at `path` (see the module comment). Never throws for a bad database: it says so. */
export async function inspectSqliteDatabase(path: string, now: number): Promise<SqliteInspection> {
  const latestSchemaVersion = SQLITE_MIGRATIONS.at(-1)?.version ?? 0;
  const base = { path, latestSchemaVersion, schemaVersion: null, today: null, openBreakers: [] };
  if (!existsSync(path)) {
    return { ...base, exists: false, sizeBytes: null, status: "missing", problem: null };
  }
  const sizeBytes = statSync(path).size;
  let db: Database.Database | undefined;
  try {
    db = openQueryOnly(path);
    const hasMigrations = db
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
      .get();
    if (!hasMigrations) {
      return {
        ...base,
        exists: true,
        sizeBytes,
        status: "unreadable",
        problem: "not a tacit database (no schema_migrations table)",
      };
    }
    const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as {
      version: number | null;
    };
    const schemaVersion = row.version ?? 0;
    const hasCalls = schemaVersion >= 3;
    const [today] = hasCalls ? await new SqliteLlmCallLog(db).dailySpend(1, now) : [null];
    const openBreakers = hasCalls
      ? (db
          .prepare("SELECT key FROM model_breakers WHERE status != 'closed' ORDER BY key")
          .pluck()
          .all() as string[])
      : [];
    return {
      ...base,
      exists: true,
      sizeBytes,
      schemaVersion,
      status:
        schemaVersion > latestSchemaVersion
          ? "newer"
          : schemaVersion < latestSchemaVersion
            ? "outdated"
            : "ok",
      problem: null,
      today: today ?? null,
      openBreakers,
    };
  } catch (error) {
    return { ...base, exists: true, sizeBytes, status: "unreadable", problem: (error as Error).message };
  } finally {
    db?.close();
  }
}

/** A connection that cannot write; read-write when the file allows it (see the module comment). */
function openQueryOnly(path: string): Database.Database {
  let db: Database.Database;
  try {
    db = new Database(path, { fileMustExist: true, timeout: 2_000 });
  } catch (error) {
    // No write access to the file or its folder: read-only (SQLite may leave -wal/-shm behind).
    void error;
    db = new Database(path, { fileMustExist: true, readonly: true, timeout: 2_000 });
  }
  db.pragma("query_only = ON");
  return db;
}
