/**
 * What `tacit uninstall --purge` deletes besides the hooks: tacit's own files in `$TACIT_HOME`
 * (named below, nothing else) and the database the command was pointed at, with SQLite's side files
 * and the hook spool. The folder itself goes only when nothing is left in it, so a `$TACIT_HOME`
 * that is also something else keeps what is not tacit's.
 */
import { existsSync, readdirSync, rmdirSync, rmSync } from "node:fs";
import { join } from "node:path";

/** Names tacit writes in `$TACIT_HOME`: the default database, logs, backups, the install record, … */
const HOME_ENTRIES: ReadonlyArray<{ pattern: RegExp; example: string }> = [
  { pattern: /^tacit\.db(-wal|-shm|-journal|-hook-spool)?$/, example: "tacit.db-wal" },
  { pattern: /^logs$/, example: "logs" },
  { pattern: /^backups$/, example: "backups" },
  { pattern: /^installed-hooks\.json$/, example: "installed-hooks.json" },
  { pattern: /^api-token$/, example: "api-token" },
  { pattern: /^config\.(json|ya?ml|toml)$/, example: "config.json" },
  { pattern: /^hook-[0-9a-f]+\.(sock|pid|inbox|http|fifos)$/, example: "hook-1a2b3c4d.http" },
  { pattern: /^hook-[0-9a-f]+\.pid\.\d+\.tmp$/, example: "hook-1a2b3c4d.pid.4242.tmp" },
];

/** What a purge deleted, and what it left in `$TACIT_HOME` because it is not tacit's. */
export interface PurgeResult {
  deleted: string[];
  kept: string[];
}

/** The paths a purge would delete (existing ones only), for the question asked before it. */
export function purgeTargets(home: string, database: string | null): string[] {
  const targets = new Set<string>();
  if (database !== null) {
    for (const suffix of ["", "-wal", "-shm", "-journal", "-hook-spool"]) {
      if (existsSync(`${database}${suffix}`)) targets.add(`${database}${suffix}`);
    }
  }
  if (existsSync(home)) {
    for (const name of readdirSync(home)) {
      if (HOME_ENTRIES.some((entry) => entry.pattern.test(name))) targets.add(join(home, name));
    }
  }
  return [...targets];
}

/** Deletes the targets, then `$TACIT_HOME` when nothing else is in it. */
export function purgeData(home: string, database: string | null): PurgeResult {
  const deleted = purgeTargets(home, database);
  for (const path of deleted) rmSync(path, { recursive: true, force: true });
  const kept = existsSync(home) ? readdirSync(home).map((name) => join(home, name)) : [];
  if (existsSync(home) && kept.length === 0) {
    rmdirSync(home);
    deleted.push(home);
  }
  return { deleted, kept };
}
