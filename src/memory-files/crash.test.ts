import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";
import { useTempDir } from "../testing/temp-dir.js";
import { sha256 } from "./file-claims.js";
import { writeMemoryFact } from "./guardian.js";
import { resolveWorkspace } from "./workspace.js";

const tempDir = useTempDir("tacit-guardian-crash-");
const worker = fileURLToPath(new URL("../testing/guardian-worker.ts", import.meta.url));
const ROOMY = { maxFileBytes: 10_000_000, maxFileLines: 100_000 };

function countAudits(db: string): number {
  try {
    const handle = new Database(db, { readonly: true, timeout: 1000 });
    try {
      return (handle.prepare("SELECT COUNT(*) AS n FROM write_guardian_audit").get() as { n: number }).n;
    } finally {
      handle.close();
    }
  } catch (error) {
    // Before the worker has created the schema there is nothing to count yet.
    if (/no such table|unable to open/.test(String(error))) return 0;
    throw error;
  }
}

/** Starts a worker and kills it with SIGKILL once it has audited `after` more candidates, plus a random delay. */
async function killMidway(db: string, workspace: string, first: number, after: number): Promise<void> {
  const start = countAudits(db);
  const child = spawn(process.execPath, ["--import", "tsx", worker, db, workspace, String(first), "5000"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  for (let waited = 0; waited < 30_000 && countAudits(db) < start + after; waited += 10)
    await new Promise((resolve) => setTimeout(resolve, 10));
  await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 40)));
  child.kill("SIGKILL");
  await exited;
  expect(stderr).toBe("");
  expect(countAudits(db)).toBeGreaterThan(start);
}

describe("a guardian write killed with SIGKILL", () => {
  it("leaves the old file or the new one, never a mix, and the next call settles the audit", async () => {
    const dir = tempDir();
    const workspace = join(dir, "workspace");
    mkdirSync(workspace);
    const db = join(dir, "tacit.db");
    const real = resolveWorkspace(workspace);
    for (let round = 0; round < 4; round++) {
      await killMidway(db, workspace, round * 5000, 20 + round * 15);
      const bytes = readFileSync(join(workspace, "MEMORY.md"));
      const store = new SqliteStore({ path: db });
      const hashes = store.db
        .prepare(
          `SELECT after_hash AS hash FROM write_guardian_audit WHERE status IN ('written', 'pending')
          UNION SELECT before_hash FROM write_guardian_audit WHERE status = 'pending'`,
        )
        .all() as Array<{ hash: string }>;
      expect(hashes.map((row) => row.hash)).toContain(sha256(bytes));
      expect(bytes.toString("utf8")).toMatch(/^# Memory\n[\s\S]*\n$/);

      const next = await writeMemoryFact({
        store,
        workspace,
        file: "MEMORY.md",
        fact: `Round ${round} ended with a kill`,
        now: Date.now,
        settings: ROOMY,
      });
      expect(next.status).toBe("written");
      expect(
        store.db.prepare("SELECT COUNT(*) AS n FROM write_guardian_audit WHERE status = 'pending'").get(),
      ).toEqual({ n: 0 });
      expect(await store.getFileOperation(real, "MEMORY.md")).toBeNull();
      const written = store.db
        .prepare(
          "SELECT before_hash, after_hash FROM write_guardian_audit WHERE status = 'written' ORDER BY id",
        )
        .all() as Array<{ before_hash: string | null; after_hash: string }>;
      for (let index = 1; index < written.length; index++)
        expect(written[index]?.before_hash, `write ${index}`).toBe(written[index - 1]?.after_hash);
      expect(written.at(-1)?.after_hash).toBe(sha256(readFileSync(join(workspace, "MEMORY.md"))));
      expect(readdirSync(workspace)).toEqual(["MEMORY.md"]);
      expect(store.db.pragma("integrity_check", { simple: true })).toBe("ok");
      await store.close();
    }
  });

  it("settles an abandoned claim: written when the file was replaced, failed when it was not", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, "workspace"));
    const workspace = resolveWorkspace(join(dir, "workspace"));
    const db = join(dir, "tacit.db");
    const store = new SqliteStore({ path: db });
    const path = join(workspace, "USER.md");
    const write = (fact: string) =>
      writeMemoryFact({ store, workspace, file: "USER.md", fact, now: Date.now });
    await write("Prefers tea");
    for (const replaced of [true, false]) {
      const before = readFileSync(path);
      const after = Buffer.from(`${before.toString("utf8")}- Lives in Leeds ${replaced}\n`);
      const auditId = `01CRASHED${replaced ? "A" : "B"}`;
      const at = Date.now();
      await store.beginWrite({
        operation: {
          workspace,
          fileName: "USER.md",
          kind: "write",
          auditId,
          priorHash: sha256(before),
          expectedHash: sha256(after),
          pid: 999_999,
          host: hostname(),
          startedAt: at,
          rollback: null,
        },
        audit: {
          ...(await store.listAudits({ limit: 1 }))[0]!,
          id: auditId,
          candidateFact: `Lives in Leeds ${replaced}`,
          beforeHash: sha256(before),
          afterHash: sha256(after),
          createdAt: at,
          updatedAt: at,
        },
        before: null,
        after: null,
      });
      if (replaced) writeFileSync(path, after);
      writeFileSync(join(workspace, ".USER.md.tacit-999999-00ff00ff.tmp"), "half a file");
      const next = await write(`Works in nursing ${replaced}`);
      expect(next.status).toBe("written");
      expect(await store.getAudit(auditId)).toMatchObject(
        replaced
          ? { status: "written", reason: expect.stringMatching(/completed after an interrupted run/) }
          : {
              status: "failed",
              reason: "interrupted before the file was replaced; the file is unchanged",
              diff: null,
            },
      );
      expect(readdirSync(workspace)).toEqual(["USER.md"]);
    }
    await store.close();
  });
});

describe("two processes writing one memory file", () => {
  it("take turns: every written fact is in the file, and the audits chain", async () => {
    const dir = tempDir();
    const workspace = join(dir, "workspace");
    mkdirSync(workspace);
    const db = join(dir, "tacit.db");
    await new SqliteStore({ path: db }).close();
    const run = (first: number) =>
      new Promise<number | null>((resolve) => {
        const child = spawn(
          process.execPath,
          ["--import", "tsx", worker, db, workspace, String(first), "25"],
          {
            stdio: "ignore",
          },
        );
        child.on("exit", resolve);
      });
    expect(await Promise.all([run(0), run(1000)])).toEqual([0, 0]);
    const store = new SqliteStore({ path: db });
    const audits = store.db
      .prepare("SELECT status, candidate_fact, before_hash, after_hash FROM write_guardian_audit ORDER BY id")
      .all() as Array<{
      status: string;
      candidate_fact: string;
      before_hash: string | null;
      after_hash: string;
    }>;
    expect(audits).toHaveLength(50);
    const text = readFileSync(join(workspace, "MEMORY.md"), "utf8");
    const written = audits.filter((audit) => audit.status === "written");
    expect(written.length).toBeGreaterThan(40);
    for (const audit of written) expect(text).toContain(`- ${audit.candidate_fact}\n`);
    for (const audit of audits.filter((item) => item.status !== "written"))
      expect(audit.status).toBe("failed");
    const byBefore = new Map(written.map((audit) => [audit.before_hash, audit]));
    expect(byBefore.size).toBe(written.length);
    await store.close();
  });
});
