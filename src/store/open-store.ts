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
