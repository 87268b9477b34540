import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { writeMemoryFact } from "../memory-files/guardian.js";
import { rollbackAudit } from "../memory-files/rollback.js";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";

/**
 * A workspace folder and a real SQLite store in a fresh temporary directory, a clock that moves one
 * millisecond per reading, and the guardian's write and rollback bound to them.
 */
export function guardianFixture(
  tempDir: () => string,
  options: { settings?: Parameters<typeof writeMemoryFact>[0]["settings"]; start?: number } = {},
) {
  const dir = tempDir();
  const workspace = join(dir, "workspace");
  mkdirSync(workspace);
  const db = join(dir, "tacit.db");
  const store = new SqliteStore({ path: db });
  let clock = options.start ?? Date.UTC(2026, 10, 1);
  const now = () => clock++;
  const write = (file: string, fact: string, extra: Partial<Parameters<typeof writeMemoryFact>[0]> = {}) =>
    writeMemoryFact({ store, workspace, file, fact, now, settings: options.settings, ...extra });
  const rollback = (auditId: string, extra: Partial<Parameters<typeof rollbackAudit>[0]> = {}) =>
    rollbackAudit({ store, workspace, auditId, now, ...extra });
  return { dir, db, workspace, store, now, write, rollback };
}
