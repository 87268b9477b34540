import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { initialContent } from "../src/core/memory-files/memory-file-layouts.js";
import { insertFact } from "../src/core/memory-files/memory-file-text.js";
import { writeMemoryFact } from "../src/memory-files/guardian.js";
import { writeFileAtomically } from "../src/memory-files/workspace.js";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.js";
import type { BenchResult } from "./report.js";

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A MEMORY.md of `count` distinct facts (about 70 bytes each), as an agent's file looks after a while. */
function memoryFile(count: number): string {
  let text = initialContent("MEMORY.md");
  for (let index = 0; index < count; index++)
    text = insertFact(
      text,
      ["Facts"],
      `Service s${index}x answers on port ${20_000 + index} behind the gateway`,
    );
  return text;
}

/**
 * A guardian write of one fact (claim, checks, diff, snapshots, audit, atomic replace, settle)
 * against a bare atomic write (temporary file, fsync, rename, folder fsync) of the same bytes to
 * the same kind of file, interleaved so both see the same disk. 200 writes to a file of 60 facts
 * that grows by one line each, with the default snapshot cap (100), so the cap trims from the
 * 101st write on.
 */
export async function runMemoryFilesBench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "tacit-bench-memory-"));
  try {
    const workspace = join(dir, "workspace");
    const bare = join(dir, "bare");
    mkdirSync(workspace);
    mkdirSync(bare);
    writeFileSync(join(workspace, "MEMORY.md"), memoryFile(60));
    const store = new SqliteStore({ path: join(dir, "tacit.db") });
    const settings = { maxFileBytes: 1_000_000, maxFileLines: 10_000 };
    const guarded: number[] = [];
    const atomic: number[] = [];
    const statuses = new Map<string, number>();
    for (let index = 0; index < 200; index++) {
      const begin = performance.now();
      const result = await writeMemoryFact({
        store,
        workspace,
        file: "MEMORY.md",
        fact: `Worker w${index}q drains the queue q${index}z every night`,
        now: Date.now,
        settings,
      });
      guarded.push(performance.now() - begin);
      statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
      const bytes = readFileSync(join(workspace, "MEMORY.md"));
      const start = performance.now();
      writeFileAtomically(join(bare, "MEMORY.md"), bytes);
      atomic.push(performance.now() - start);
    }
    const snapshots = (store.db.prepare("SELECT COUNT(*) AS n FROM file_snapshots").get() as { n: number }).n;
    await store.close();
    const value = median(guarded);
    const baseline = median(atomic);
    return [
      {
        name: "guardian write of one fact (checks, diff, snapshots, audit, atomic replace), median of 200",
        value,
        unit: "ms",
        baselineName: "bare atomic write of the same file (temp file, fsync, rename, folder fsync), median",
        baselineValue: baseline,
        ratio: value / baseline,
        goal: "≤ 3",
        met: value / baseline <= 3,
        note: `the guardian's own work (median difference) ${(value - baseline).toFixed(2)} ms, so the ratio is highest where fsync is cheapest; statuses: ${[...statuses].map(([status, count]) => `${status} ${count}`).join(", ")}; ${snapshots} snapshots kept (cap 100); the file grew from 60 to 260 facts (${readFileSync(join(workspace, "MEMORY.md")).length} bytes); p90 guardian ${guarded.sort((a, b) => a - b)[179]?.toFixed(2)} ms, bare ${atomic.sort((a, b) => a - b)[179]?.toFixed(2)} ms`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
