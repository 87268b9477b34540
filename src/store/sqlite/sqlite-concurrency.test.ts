import { spawn } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import { SqliteStore } from "./sqlite-store.js";

const tempDir = useTempDir();
const worker = fileURLToPath(new URL("../../testing/capture-worker.ts", import.meta.url));

function runWorker(
  path: string,
  id: number,
  count: number,
): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", worker, path, String(id), String(count)], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("concurrent capture", () => {
  it("4 processes writing one database at once: every row lands, no SQLITE_BUSY reaches a caller", async () => {
    const path = join(tempDir(), "shared.db");
    // The file does not exist yet: the workers also race to create it and run the migrations.
    const count = 300;
    const results = await Promise.all([1, 2, 3, 4].map((id) => runWorker(path, id, count)));
    for (const result of results) {
      expect(result.stderr).not.toMatch(/SQLITE_BUSY|database is locked/);
      expect(result.code).toBe(0);
    }
    const store = new SqliteStore({ path });
    const stats = await store.stats();
    expect(stats.sessions).toBe(4);
    expect(stats.messages).toBe(4 * count);
    expect(stats.errors).toBe(4 * Math.ceil(count / 25));
    for (const id of [1, 2, 3, 4]) {
      const seqs = (await store.listMessages(`sdk:worker-${id}`)).map((message) => message.seq);
      expect(seqs).toEqual([...Array(count).keys()]);
    }
    expect(store.db.pragma("integrity_check", { simple: true })).toBe("ok");
    await store.close();
  });
});
