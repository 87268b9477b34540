import { dirname } from "node:path";
import Database from "better-sqlite3";
import { StoreBusyError, StoreError } from "../../core/errors.js";
import { makePrivateDatabase, makePrivateDirectory, tightenDatabaseFiles } from "../private-files.js";
import { SQLITE_MIGRATIONS, type SqliteMigration } from "./migrations/index.js";
import { DEFAULT_SQLITE_CONFIG, type SqliteConfig } from "./sqlite-config.js";

/**
 * A better-sqlite3 connection whose `prepare` keeps statements (see {@link cacheStatements}): a
 * statement it returns is shared by every caller with the same SQL text, so never change its mode
 * (`pluck`, `raw`, `expand`, `safeIntegers`, `bind`) and never hold it across an `iterate`.
 */
export type SqliteDatabase = Database.Database;

/** Statements a connection keeps, least recently used out first. */
export const STATEMENT_CACHE_SIZE = 256;

/**
 * Makes `db.prepare(sql)` return the statement already prepared for the same text. Compiling SQL
 * costs more than running most of tacit's queries, and a long-lived connection (the hook daemon's)
 * runs the same ones event after event. better-sqlite3's own transaction and pragma statements do
 * not go through this method.
 */
function cacheStatements(db: SqliteDatabase): void {
  const prepare = db.prepare.bind(db);
  const statements = new Map<string, Database.Statement>();
  db.prepare = ((sql: string) => {
    let statement = statements.get(sql);
    if (statement) statements.delete(sql);
    else statement = prepare(sql);
    statements.set(sql, statement);
    if (statements.size > STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value as string);
    return statement;
  }) as SqliteDatabase["prepare"];
}

/** What happened to one migration when the store opened (Kysely-style: a result, not a throw). */
export interface MigrationStatus {
  version: number;
  name: string;
  status: "applied" | "already-applied";
}

/**
 * Opens (creating if needed) a SQLite database with tacit's pragmas and brings its schema up to
 * date. Refuses a database written by a newer tacit.
 */
export function openSqliteDatabase(
  config: Partial<SqliteConfig> & { path: string },
  migrations: readonly SqliteMigration[] = SQLITE_MIGRATIONS,
): { db: SqliteDatabase; migrations: MigrationStatus[] } {
  const settings = { ...DEFAULT_SQLITE_CONFIG, ...config };
  // Captured conversations: a new folder is 0700, the database and its -wal and -shm files 0600.
  // Read-only never creates anything (a missing file is an error, not a new database); it only
  // tightens the files that are there.
  if (settings.path !== ":memory:" && !settings.readonly) {
    makePrivateDirectory(dirname(settings.path));
    makePrivateDatabase(settings.path);
  } else if (settings.path !== ":memory:") tightenDatabaseFiles(settings.path);
  let db: SqliteDatabase;
  try {
    db = new Database(settings.path, { readonly: settings.readonly, timeout: settings.busyTimeoutMs });
    cacheStatements(db);
  } catch (error) {
    throw new StoreError(`cannot open database ${settings.path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    if (!settings.readonly) {
      // Switching a new file to WAL needs the write lock, and SQLite may refuse it without waiting
      // when other processes open the same new file at once: retry like a lock upgrade.
      withBusyRetry(() => db.pragma("journal_mode = WAL"));
      db.pragma("synchronous = NORMAL");
    }
    db.pragma("foreign_keys = ON");
    db.pragma(`busy_timeout = ${Math.trunc(settings.busyTimeoutMs)}`);
    db.pragma(`cache_size = ${Math.trunc(settings.cacheSizePages)}`);
    db.pragma(`mmap_size = ${Math.trunc(settings.mmapSizeMB) * 1024 * 1024}`);
    if (settings.readonly && readOnlyBehind(db, migrations, settings.path)) {
      // A database from an older tacit: bring it up to date once, then read it as usual.
      db.close();
      return openSqliteDatabase({ ...config, readonly: false }, migrations);
    }
    const statuses = settings.readonly ? [] : migrate(db, migrations, settings.path);
    return { db, migrations: statuses };
  } catch (error) {
    db.close();
    if (StoreError.isInstance(error)) throw error;
    throw new StoreError(`cannot use database ${settings.path}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

function migrate(
  db: SqliteDatabase,
  migrations: readonly SqliteMigration[],
  path: string,
): MigrationStatus[] {
  // An up-to-date database opens without the write lock: a hook must not wait behind a writer
  // (a long import, another agent's hook) just to find that there is nothing to migrate.
  const latest = migrations.at(-1)?.version ?? 0;
  const known = readVersion(db);
  if (known !== null && known >= latest) {
    if (known > latest) newerSchema(path, known, latest);
    return migrations.map((migration) => ({
      version: migration.version,
      name: migration.name,
      status: "already-applied",
    }));
  }
  withBusyRetry(() =>
    db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)`),
  );
  const current = currentVersion(db);
  if (current > latest) newerSchema(path, current, latest);
  const statuses: MigrationStatus[] = [];
  for (const migration of migrations) {
    const applied = withBusyRetry(() =>
      db
        .transaction(() => {
          // Re-check inside the write lock: another process may have migrated meanwhile.
          if (currentVersion(db) >= migration.version) return false;
          db.exec(migration.sql);
          migration.run?.(db);
          db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
            migration.version,
            migration.name,
            Date.now(),
          );
          return true;
        })
        .immediate(),
    );
    if (applied) migration.after?.(db);
    statuses.push({
      version: migration.version,
      name: migration.name,
      status: applied ? "applied" : "already-applied",
    });
  }
  return statuses;
}

function newerSchema(path: string, current: number, latest: number): never {
  throw new StoreError(
    `database ${path} has schema version ${current}, but this tacit only knows up to ${latest}; upgrade tacit to use it`,
  );
}

/** The schema version, or null when the database has no migrations table yet. */
function readVersion(db: SqliteDatabase): number | null {
  const table = db
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'")
    .get();
  return table === undefined ? null : currentVersion(db);
}

/**
 * For a read-only connection: true when the schema is older than this tacit's (it must be migrated
 * before it can be read); an error naming the file when it is newer or not a tacit database.
 */
function readOnlyBehind(db: SqliteDatabase, migrations: readonly SqliteMigration[], path: string): boolean {
  const current = readVersion(db);
  if (current === null) throw new StoreError(`${path} is not a tacit database (no schema_migrations table)`);
  const latest = migrations.at(-1)?.version ?? 0;
  if (current > latest) newerSchema(path, current, latest);
  return current < latest;
}

function currentVersion(db: SqliteDatabase): number {
  const row = db.prepare("SELECT MAX(version) AS version FROM schema_migrations").get() as {
    version: number | null;
  };
  return row.version ?? 0;
}

/**
 * The moment (`performance.now()` ms) after which a busy database is given up on, or null: set by
 * {@link withBusyDeadline} around a hook event, whose agent must never wait longer than that.
 */
let busyDeadline: number | null = null;

/**
 * Runs `work` with a deadline for every wait on a busy database inside it: past `deadline`
 * (`performance.now()` ms), {@link withBusyRetry} stops retrying and throws {@link StoreBusyError}.
 * Pair it with a short `busyTimeoutMs` on the store, so no single wait inside SQLite outlasts the
 * deadline by much. Meant for work that runs one at a time (a hook process, the hook daemon's
 * queue); nested calls keep the earlier deadline.
 */
export async function withBusyDeadline<T>(deadline: number, work: () => Promise<T>): Promise<T> {
  const previous = busyDeadline;
  busyDeadline = previous === null ? deadline : Math.min(previous, deadline);
  try {
    return await work();
  } finally {
    busyDeadline = previous;
  }
}

/**
 * Runs `work`, retrying while SQLite reports the database busy or locked. busy_timeout covers
 * most waits; this covers the cases where SQLite returns BUSY without waiting (lock upgrades).
 * Inside {@link withBusyDeadline} it retries until the deadline instead, and then throws
 * {@link StoreBusyError}; it always tries at least once.
 */
export function withBusyRetry<T>(work: () => T, attempts = 50): T {
  const started = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return work();
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (!code.startsWith("SQLITE_BUSY") && !code.startsWith("SQLITE_LOCKED")) throw error;
      const pause = Math.min(200, 5 * attempt);
      if (busyDeadline !== null) {
        const left = busyDeadline - performance.now();
        if (left <= 0) {
          throw new StoreBusyError(
            `database busy: another connection holds the lock; gave up after ${Math.round(performance.now() - started)} ms (deadline)`,
            { cause: error },
          );
        }
        sleepSync(Math.min(pause, left));
        continue;
      }
      if (attempt >= attempts) throw error;
      sleepSync(pause);
    }
  }
}

const sleepBuffer = new Int32Array(new SharedArrayBuffer(4));
function sleepSync(ms: number): void {
  Atomics.wait(sleepBuffer, 0, 0, ms);
}
