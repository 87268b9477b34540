import { existsSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { StoreError } from "../core/errors.js";
import { SqliteStore } from "./sqlite/sqlite-store.js";
import { tacitHome } from "./tacit-home.js";

export { tacitHome };

/** A resolved database location. */
export type DatabaseLocation = { kind: "sqlite"; path: string } | { kind: "postgres"; url: string };

/**
 * Resolves the database: `--db` first, then `TACIT_DATABASE_URL`, then `$TACIT_HOME/tacit.db`.
 * A value may be a path, `file:PATH`, `sqlite:PATH` or a `postgres://` URL.
 */
export function resolveDatabaseLocation(options: {
  db?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}): DatabaseLocation {
  const env = options.env ?? process.env;
  const raw = options.db ?? env.TACIT_DATABASE_URL;
  if (!raw) return { kind: "sqlite", path: join(tacitHome(env), "tacit.db") };
  if (/^postgres(ql)?:\/\//i.test(raw)) return { kind: "postgres", url: raw };
  const path = raw.replace(/^(sqlite|file):(\/\/)?/i, "");
  if (path === ":memory:") return { kind: "sqlite", path };
  return { kind: "sqlite", path: isAbsolute(path) ? path : resolve(options.cwd ?? process.cwd(), path) };
}

/** Opens the store at a resolved location. */
export function openStore(location: DatabaseLocation): SqliteStore {
  if (location.kind === "postgres") {
    throw new StoreError(
      "PostgreSQL is not supported by this version of tacit yet; use a SQLite path in --db or TACIT_DATABASE_URL",
    );
  }
  return new SqliteStore({ path: location.path });
}

/**
 * Opens the store for a command that only reads, read-only, so a mistyped path creates neither a
 * database nor folders. A database that is not there: one named by `--db` or `TACIT_DATABASE_URL`
 * (`named`) is an error naming the path; the default one means nothing was captured yet, and reads
 * as an empty store (in memory). A database from an older tacit is migrated first.
 */
export function openStoreForReading(location: DatabaseLocation, options: { named: boolean }): SqliteStore {
  if (location.kind === "postgres" || location.path === ":memory:") return openStore(location);
  if (!existsSync(location.path)) {
    if (options.named) {
      throw new StoreError(
        `no tacit database at ${location.path}: check --db (or TACIT_DATABASE_URL); commands that capture create it`,
      );
    }
    return new SqliteStore({ path: ":memory:", location: location.path });
  }
  return new SqliteStore({ path: location.path, readonly: true });
}
