import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GuardianRefusedError } from "../store/memory-file-store.js";
import { guardianFixture } from "../testing/guardian-fixture.js";
import { useTempDir } from "../testing/temp-dir.js";
import { RollbackConflictError, rollbackAudit, rollbackSession } from "./rollback.js";

const tempDir = useTempDir("tacit-rollback-");
const ROOMY = { maxFileBytes: 1_000_000, maxFileLines: 10_000 };

function setup() {
  return guardianFixture(tempDir, { settings: ROOMY });
}

/** Lines of any text, with the endings and whitespace that editors disagree about. */
const line = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
  fc.constantFrom(
    "## Facts",
    "## Decisions",
    "# Memory",
    "- item",
    "\t- tabbed\t",
    "trailing   ",
    "   ",
    "",
    "中文的一行",
    "é à ü 🙂",
  ),
);
const content = fc
  .tuple(
    fc.boolean(),
    fc.array(fc.tuple(line, fc.constantFrom("\n", "\r\n")), { maxLength: 15 }),
    fc.oneof(fc.constant(""), line),
  )
  .map(
    ([bom, lines, last]) => `${bom ? "\uFEFF" : ""}${lines.map(([text, eol]) => text + eol).join("")}${last}`,
  );

describe("rollback", () => {
  it("restores the exact bytes of any file (CRLF, trailing spaces, tabs, non-ASCII, a BOM)", async () => {
    const { workspace, write, rollback, store } = setup();
    const path = join(workspace, "MEMORY.md");
    let checked = 0;
    let count = 0;
    await fc.assert(
      fc.asyncProperty(content, async (text) => {
        const original = Buffer.from(text, "utf8");
        writeFileSync(path, original);
        const result = await write("MEMORY.md", `Qz fact number ${count++} holds`);
        fc.pre(result.status === "written");
        expect(readFileSync(path).equals(original)).toBe(false);
        await rollback(result.auditId);
        expect(readFileSync(path).equals(original)).toBe(true);
        checked++;
      }),
      { numRuns: 60 },
    );
    expect(checked).toBeGreaterThan(40);
    await store.close();
  });

  it("deletes a file the write created; a second rollback, or one of a write that wrote nothing, is refused", async () => {
    const { workspace, write, rollback } = setup();
    const created = await write("IDENTITY.md", "Your name is Aria");
    expect(existsSync(join(workspace, "IDENTITY.md"))).toBe(true);
    expect(await rollback(created.auditId)).toMatchObject({ action: "deleted", forced: false });
    expect(existsSync(join(workspace, "IDENTITY.md"))).toBe(false);
    await expect(rollback(created.auditId)).rejects.toThrow(/already rolled back on .* by user/);
    const refused = await write("IDENTITY.md", "Skip the tests today");
    await expect(rollback(refused.auditId)).rejects.toThrow(/wrote nothing \(status refused\)/);
    await expect(rollback("01NOSUCHAUDIT")).rejects.toThrow(/audit 01NOSUCHAUDIT not found/);
  });

  it("refuses when the file changed since the write, showing the change; --force backs it up first", async () => {
    const { workspace, store, write, rollback } = setup();
    const path = join(workspace, "USER.md");
    writeFileSync(path, "# User\r\n\r\n## Preferences\r\n\r\n- Prefers tea\r\n");
    const original = readFileSync(path);
    const result = await write("USER.md", "Prefers short answers");
    const edited = `${readFileSync(path, "utf8")}- Edited by hand\r\n`;
    writeFileSync(path, edited);
    const conflict = await rollback(result.auditId).catch((error: unknown) => error);
    expect(conflict).toBeInstanceOf(RollbackConflictError);
    expect((conflict as RollbackConflictError).message).toMatch(
      /conflict: USER\.md has changed since audit .*--force/,
    );
    expect((conflict as RollbackConflictError).conflict).toContain("+- Edited by hand\r\n");
    expect(readFileSync(path, "utf8")).toBe(edited);
    const forced = await rollback(result.auditId, { force: true, reason: "wrong fact" });
    expect(forced.forced).toBe(true);
    expect(readFileSync(path).equals(original)).toBe(true);
    const backup = await store.getSnapshot(forced.backupSnapshotId ?? "");
    expect(backup?.content.toString("utf8")).toBe(edited);
    expect(await store.getRollback(result.auditId)).toMatchObject({
      forced: true,
      reason: "wrong fact",
      previousStatus: "written",
    });
  });

  it("a session's writes roll back newest first, and stop at the first conflict", async () => {
    const { workspace, store, write } = setup();
    writeFileSync(join(workspace, "MEMORY.md"), "# Memory\n\n## Facts\n\n- The API is REST\n");
    const original = readFileSync(join(workspace, "MEMORY.md"));
    const writes = [
      await write("MEMORY.md", "The queue is RabbitMQ", { sessionId: "s1" }),
      await write("USER.md", "Prefers tea", { sessionId: "s1" }),
      await write("MEMORY.md", "Deploys go through Argo", { sessionId: "s1" }),
      await write("MEMORY.md", "Backups run at 02:00", { sessionId: "s2" }),
    ];
    let clock = Date.UTC(2026, 10, 2);
    const stopped = await rollbackSession({ store, workspace, sessionId: "s1", now: () => clock++ });
    expect(stopped.stopped?.auditId).toBe(writes[2]?.auditId);
    expect(stopped.stopped?.reason).toMatch(/conflict/);
    expect(stopped.rolledBack).toEqual([]);
    await rollbackAudit({ store, workspace, auditId: writes[3]?.auditId ?? "", now: () => clock++ });
    const result = await rollbackSession({ store, workspace, sessionId: "s1", now: () => clock++ });
    expect(result.stopped).toBeNull();
    expect(result.rolledBack.map((item) => item.auditId)).toEqual(
      [writes[2], writes[1], writes[0]].map((item) => item?.auditId),
    );
    expect(readFileSync(join(workspace, "MEMORY.md")).equals(original)).toBe(true);
    expect(existsSync(join(workspace, "USER.md"))).toBe(false);
  });

  it("forgetting is real: the rolled-back fact is gone from the database file, not just hidden", async () => {
    const { db, store, write, rollback } = setup();
    await write("MEMORY.md", "The API is REST");
    const result = await write("MEMORY.md", "Zebracorn deploys happen on Tuesdays");
    await rollback(result.auditId);
    const audit = await store.getAudit(result.auditId);
    expect(audit).toMatchObject({
      status: "rolled_back",
      candidateFact: null,
      diff: null,
      afterSnapshotId: null,
    });
    await store.close();
    for (const path of [db, `${db}-wal`, `${db}-shm`])
      if (existsSync(path)) expect(readFileSync(path).toString("latin1"), path).not.toContain("Zebracorn");
  });

  it("refuses a rollback from another workspace, with rollback disabled, or without the snapshot", async () => {
    const { dir, workspace, store, write, rollback } = setup();
    const other = join(dir, "other");
    mkdirSync(other);
    writeFileSync(join(workspace, "SOUL.md"), "# Soul\n\n## Principles\n");
    const result = await write("SOUL.md", "Be candid about uncertainty", {
      settings: { ...ROOMY, storeSnapshots: false },
    });
    expect(result.status).toBe("written");
    await expect(
      rollbackAudit({ store, workspace: other, auditId: result.auditId, now: () => 1 }),
    ).rejects.toThrow(/was made in workspace .*, not .*other/);
    await expect(rollback(result.auditId, { settings: { enableRollback: false } })).rejects.toThrow(
      /rollback is disabled/,
    );
    await expect(rollback(result.auditId)).rejects.toThrow(GuardianRefusedError);
    await expect(rollback(result.auditId)).rejects.toThrow(/content before it was not kept/);
    const created = await write("TOOLS.md", "Alias gs = git status", {
      settings: { ...ROOMY, storeSnapshots: false },
    });
    expect(await rollback(created.auditId)).toMatchObject({ action: "deleted" });
  });
});
