import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";
import { runTacit } from "../testing/cli-harness.js";
import { useTempDir } from "../testing/temp-dir.js";
import { correctAudit } from "./corrections.js";
import { writeMemoryFact } from "./guardian.js";
import { pruneMemoryFileHistory } from "./retention.js";
import { rollbackAudit } from "./rollback.js";

const tempDir = useTempDir("tacit-retention-");
const DAY = 86_400_000;

function setup() {
  const dir = tempDir();
  const workspace = join(dir, "workspace");
  mkdirSync(workspace);
  const db = join(dir, "tacit.db");
  return { dir, db, workspace, store: new SqliteStore({ path: db }) };
}

const snapshotCount = (store: SqliteStore) =>
  (store.db.prepare("SELECT COUNT(*) AS n FROM file_snapshots").get() as { n: number }).n;

describe("retention", () => {
  it("keeps at most maxSnapshotsPerFile snapshots per file; older writes can no longer be rolled back", async () => {
    const { workspace, store } = setup();
    let clock = Date.UTC(2026, 0, 1);
    const now = () => clock++;
    const settings = { maxSnapshotsPerFile: 3 };
    const writes = [];
    for (const fact of [
      "Fact alpha one",
      "Fact bravo two",
      "Fact charlie three",
      "Fact delta four",
      "Fact echo five",
    ])
      writes.push(await writeMemoryFact({ store, workspace, file: "MEMORY.md", fact, now, settings }));
    await writeMemoryFact({ store, workspace, file: "USER.md", fact: "Prefers tea", now, settings });
    const perFile = store.db
      .prepare("SELECT file_name, COUNT(*) AS n FROM file_snapshots GROUP BY file_name ORDER BY file_name")
      .all();
    expect(perFile).toEqual([
      { file_name: "MEMORY.md", n: 3 },
      { file_name: "USER.md", n: 1 },
    ]);
    await expect(
      rollbackAudit({ store, workspace, auditId: writes[1]?.auditId ?? "", now, force: true }),
    ).rejects.toThrow(/content before it was not kept/);
    expect(await rollbackAudit({ store, workspace, auditId: writes[4]?.auditId ?? "", now })).toMatchObject({
      action: "restored",
    });
    await store.close();
  });

  it("tacit prune deletes history older than retentionDays for real, keeping corrections that apply to the future", async () => {
    const { db, workspace, store } = setup();
    const old = Date.UTC(2025, 0, 1);
    let clock = old;
    const now = () => clock++;
    const first = await writeMemoryFact({
      store,
      workspace,
      file: "MEMORY.md",
      fact: "Quokkabase runs on Postgres",
      now,
    });
    const second = await writeMemoryFact({
      store,
      workspace,
      file: "MEMORY.md",
      fact: "The queue is RabbitMQ",
      now,
    });
    await correctAudit({
      store,
      workspace,
      auditId: second.auditId,
      reason: "not durable",
      applyToFuture: true,
      now,
    });
    await correctAudit({ store, workspace, auditId: first.auditId, reason: "one-off note", now });
    clock = old + 400 * DAY;
    const recent = await writeMemoryFact({
      store,
      workspace,
      file: "MEMORY.md",
      fact: "Deploys go through Argo",
      now,
    });
    const pruned = await pruneMemoryFileHistory({ store, now, settings: { retentionDays: 365 } });
    expect(pruned).toMatchObject({ auditsDeleted: 2, rollbacksDeleted: 2, correctionsDeleted: 1 });
    expect(pruned.snapshotsDeleted).toBeGreaterThan(0);
    expect(await store.getAudit(first.auditId)).toBeNull();
    expect(await store.getAudit(recent.auditId)).toMatchObject({ status: "written" });
    expect(await store.listFutureCorrections({})).toHaveLength(1);
    const referenced = store.db
      .prepare(
        "SELECT COUNT(*) AS n FROM file_snapshots WHERE id IN (SELECT before_snapshot_id FROM write_guardian_audit UNION SELECT after_snapshot_id FROM write_guardian_audit)",
      )
      .get() as { n: number };
    expect(referenced.n).toBe(snapshotCount(store));
    await store.close();

    const cli = await runTacit(["prune", "--json", "--retention-days", "1", "--db", db], {
      now: () => old + 800 * DAY,
    });
    expect(cli.code).toBe(0);
    const summary = JSON.parse(cli.stdout);
    expect(summary).toMatchObject({ before: null, sessionsDeleted: 0, memoryFiles: { auditsDeleted: 1 } });
    for (const path of [db, `${db}-wal`])
      expect(readFileSync(path, { flag: "a+" }).toString("latin1")).not.toContain("Quokkabase");
    expect((await runTacit(["prune", "--retention-days", "0", "--db", db])).stderr).toMatch(/more than 0/);
  });
});
