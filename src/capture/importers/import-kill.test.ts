import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { writeClaudeCorpus } from "../../testing/corpus.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir();
const cli = fileURLToPath(new URL("../../interfaces/cli/main.ts", import.meta.url));

function countMessages(path: string): number {
  try {
    const db = new Database(path, { readonly: true, timeout: 1000 });
    try {
      return (db.prepare("SELECT COUNT(*) AS n FROM messages").get() as { n: number }).n;
    } finally {
      db.close();
    }
  } catch (error) {
    // Before the import has created the schema there is nothing to count yet.
    if (/no such table|unable to open/.test(String(error))) return 0;
    throw error;
  }
}

function importProcess(corpus: string, db: string) {
  return spawn(
    process.execPath,
    ["--import", "tsx", cli, "import", corpus, "--db", db, "--no-progress", "--json"],
    {
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
}

describe("an import killed with SIGKILL", () => {
  it("leaves a consistent database, and re-running completes it with no duplicates", async () => {
    const dir = tempDir();
    const corpus = join(dir, "corpus.jsonl");
    const db = join(dir, "tacit.db");
    const expected = await writeClaudeCorpus(corpus, 60_000);

    const child = importProcess(corpus, db);
    const exited = new Promise((resolve) => child.on("exit", resolve));
    let seen = 0;
    for (let waited = 0; waited < 30_000 && seen === 0; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = countMessages(db);
    }
    child.kill("SIGKILL");
    await exited;
    expect(seen).toBeGreaterThan(0);
    const afterKill = countMessages(db);
    expect(afterKill).toBeLessThan(expected);

    const check = new Database(db);
    expect(check.pragma("integrity_check", { simple: true })).toBe("ok");
    check.close();

    const rerun = importProcess(corpus, db);
    let output = "";
    rerun.stdout.on("data", (chunk) => {
      output += chunk;
    });
    const code = await new Promise((resolve) => rerun.on("exit", resolve));
    expect(code).toBe(0);
    const summary = JSON.parse(output) as { messages: number };
    expect(summary.messages).toBe(expected - afterKill);

    const store = new SqliteStore({ path: db });
    expect((await store.stats()).messages).toBe(expected);
    const gaps = store.db
      .prepare(
        "SELECT session_id, COUNT(*) AS n, MAX(seq) AS top FROM messages GROUP BY session_id HAVING n != top + 1",
      )
      .all();
    expect(gaps).toEqual([]);
    expect(store.db.pragma("integrity_check", { simple: true })).toBe("ok");
    await store.close();
  });
});
