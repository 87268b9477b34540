import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeClaudeCorpus } from "../src/testing/corpus.js";
import type { BenchResult } from "./report.js";

const child = fileURLToPath(new URL("./import-child.ts", import.meta.url));

interface ChildResult {
  messages: number;
  ms: number;
  maxRssMB: number;
  /** Largest JS heap left after a full collection: what the import holds on to. */
  peakHeapMB: number;
  /** Largest heap use sampled every 20 ms, garbage included: swings with GC timing. */
  peakSampledHeapMB: number;
}

function measure(mode: "tacit" | "bare", corpus: string, db: string): ChildResult {
  const output = execFileSync(process.execPath, ["--expose-gc", "--import", "tsx", child, mode, corpus, db], {
    encoding: "utf8",
  });
  return JSON.parse(output.trim().split("\n").at(-1) ?? "{}") as ChildResult;
}

/** Import throughput against a bare batch insert, and peak memory as the corpus grows. */
export async function runImportBench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "tacit-bench-import-"));
  try {
    const sizes = [25_000, 100_000, 200_000];
    const runs: Array<{ size: number; tacit: ChildResult; bare: ChildResult }> = [];
    for (const size of sizes) {
      const corpus = join(dir, `corpus-${size}.jsonl`);
      await writeClaudeCorpus(corpus, size);
      const tacitDb = join(dir, `tacit-${size}.db`);
      const tacit = measure("tacit", corpus, tacitDb);
      const bare = measure("bare", tacitDb, join(dir, `bare-${size}.db`));
      runs.push({ size, tacit, bare });
    }
    const main = runs.find((run) => run.size === 100_000) ?? runs[0];
    if (!main) throw new Error("no import runs");
    const rate = (run: ChildResult) => run.messages / (run.ms / 1000);
    const smallest = runs[0];
    const largest = runs.at(-1);
    const results: BenchResult[] = [
      {
        name: `import throughput, ${main.tacit.messages.toLocaleString("en-US")} messages`,
        value: rate(main.tacit),
        unit: "messages/s",
        baselineName: "bare better-sqlite3 batch insert of the same message rows (all columns)",
        baselineValue: rate(main.bare),
        ratio: rate(main.tacit) / rate(main.bare),
        goal: "≥ 0.5",
        met: rate(main.tacit) / rate(main.bare) >= 0.5,
      },
    ];
    if (smallest && largest) {
      const growth = largest.tacit.peakHeapMB / smallest.tacit.peakHeapMB;
      results.push({
        name: `peak live JS heap importing ${largest.size.toLocaleString("en-US")} vs ${smallest.size.toLocaleString("en-US")} messages`,
        value: largest.tacit.peakHeapMB,
        unit: "MB",
        baselineName: `same import of ${smallest.size.toLocaleString("en-US")} messages`,
        baselineValue: smallest.tacit.peakHeapMB,
        ratio: growth,
        goal: "flat (≤ 1.2 for 8× the corpus)",
        met: growth <= 1.2,
        note: `live heap = heap left after full collections; sampled peak heap (garbage included) ${runs.map((run) => `${run.size / 1000}k: ${run.tacit.peakSampledHeapMB.toFixed(0)} MB`).join(", ")}; maxRSS ${runs.map((run) => `${run.size / 1000}k: ${run.tacit.maxRssMB.toFixed(0)} MB`).join(", ")} (RSS includes the database pages SQLite memory-maps, which grow with the file); throughput ${runs.map((run) => `${run.size / 1000}k: ${Math.round(rate(run.tacit))} msg/s`).join(", ")}`,
      });
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
