import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { importPaths } from "../src/capture/importers/import-runner.js";
import { compactHistory, fromClaudeCodeTranscript } from "../src/core/compaction/index.js";
import { createLesson } from "../src/core/lessons/lesson.js";
import { ftsMatchQuery } from "../src/core/recall/fts-text.js";
import { embedLessons } from "../src/lessons/index.js";
import { recall } from "../src/recall/recall.js";
import { indexEvidence } from "../src/recall/reindex.js";
import { openRuntime } from "../src/runtime.js";
import { writeClaudeCorpus } from "../src/testing/corpus.js";
import { syntheticLessons } from "./lessons-bench.js";
import type { BenchResult } from "./report.js";

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
}

/**
 * Recall latency over 10k lessons and 100k messages, against the two primitives it is built on
 * measured bare on the same data: a sqlite-vec KNN over the message vectors (the largest vector
 * set) plus an FTS5 query over the messages. And compaction's token savings on the longest fixture.
 */
export async function runRecallBench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "tacit-bench-recall-"));
  try {
    const runtime = await openRuntime({ db: join(dir, "tacit.db"), env: { TACIT_HOME: dir } });
    const { store, embedder } = runtime;
    const inputs = syntheticLessons(10_000);
    for (let start = 0; start < inputs.length; start += 500) {
      const batch = inputs
        .slice(start, start + 500)
        .map((input, index) =>
          createLesson({ ...input, id: `bench-${start + index}`, now: Date.UTC(2026, 0, 1) }),
        );
      await store.commitLessonChanges({
        writes: batch.map((lesson) => ({ lesson, expected: null })),
        deletes: [],
        events: [],
        feedback: [],
        vectors: await embedLessons(embedder, batch),
      });
    }
    const corpus = join(dir, "corpus.jsonl");
    await writeClaudeCorpus(corpus, 100_000);
    await importPaths({
      capture: runtime.capture,
      getImportFile: (file) => store.getImportFile(file),
      paths: [corpus],
    });
    const evidence = await indexEvidence({ store, embedder });

    const queries = Array.from({ length: 200 }, (_, index) => {
      const lesson = inputs[(index * 37) % inputs.length];
      return index % 2 === 0
        ? `${lesson?.trigger} ${lesson?.rule}`
        : `please run the tests for module ${index} and fix failures`;
    });
    const messageIndex = (
      store.db.prepare("SELECT name FROM vector_indexes WHERE subject = 'messages'").get() as { name: string }
    ).name;
    const knn = store.db.prepare(
      `SELECT rowid, distance FROM ${messageIndex} WHERE embedding MATCH ? AND k = 30`,
    );
    const fts = store.db.prepare(
      "SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY bm25(messages_fts) LIMIT 30",
    );
    const bare: number[] = [];
    const full: number[] = [];
    for (const query of queries) {
      const started = performance.now();
      knn.all((await embedder.embed({ values: [query] })).embeddings[0] as Float32Array);
      const match = ftsMatchQuery(query);
      if (match) fts.all(match);
      bare.push(performance.now() - started);
      const begin = performance.now();
      await recall({ store, embedder, now: Date.now }, { query, projectId: null, log: false });
      full.push(performance.now() - begin);
    }
    const lessons = await store.countLessons();
    await runtime.close();

    const transcript = fileURLToPath(
      new URL(
        "../examples/transcripts/claude-code/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
        import.meta.url,
      ),
    );
    const records = readFileSync(transcript, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as unknown);
    const compacted = compactHistory({ messages: fromClaudeCodeTranscript(records) });
    const savings = compacted.stats.savedRatio;
    const sizes = `${lessons.toLocaleString("en-US")} lessons, ${evidence.toLocaleString("en-US")} evidence vectors of 100k messages`;
    return [
      {
        name: `recall latency p50 (${sizes})`,
        value: percentile(full, 0.5),
        unit: "ms",
        baselineName: "bare sqlite-vec KNN (k=30, message vectors) + bare FTS5 query (messages), p50",
        baselineValue: percentile(bare, 0.5),
        ratio: percentile(full, 0.5) / percentile(bare, 0.5),
        goal: "≤ 2",
        met: percentile(full, 0.5) / percentile(bare, 0.5) <= 2,
      },
      {
        name: `recall latency p95 (${sizes})`,
        value: percentile(full, 0.95),
        unit: "ms",
        baselineName: "the same bare queries, p95",
        baselineValue: percentile(bare, 0.95),
        ratio: percentile(full, 0.95) / percentile(bare, 0.95),
        goal: "≤ 2",
        met: percentile(full, 0.95) / percentile(bare, 0.95) <= 2,
      },
      {
        name: "compaction of the longest fixture transcript (5c0375b4, four-message skeleton)",
        value: compacted.stats.outputTokens,
        unit: "tokens",
        baselineName: "the uncompacted history",
        baselineValue: compacted.stats.inputTokens,
        ratio: compacted.stats.outputTokens / compacted.stats.inputTokens,
        goal: "≥ 60% saved (ratio ≤ 0.40), window of 8 intact",
        met: savings >= 0.6 && compacted.stats.windowRecords === Math.min(8, compacted.stats.loopRecords),
        note: `${Math.round(savings * 1000) / 10}% saved; ${compacted.stats.loopRecords} tool records, ${compacted.stats.windowRecords} in the window, ${compacted.stats.trimmedObservations} older same-tool observations trimmed`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
