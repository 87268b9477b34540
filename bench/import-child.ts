/**
 * One measured import in its own process, so peak memory (maxRSS) belongs to it alone.
 * Usage: node --import tsx import-child.ts tacit CORPUS DB
 *        node --import tsx import-child.ts bare TACIT_DB DB   (re-inserts the rows tacit stored)
 * Prints {"messages", "ms", "maxRssMB", "peakHeapMB", "peakSampledHeapMB"} as JSON: peakHeapMB is the
 * largest heap left after a full collection (what the import holds), the sampled figure includes garbage.
 */
import { constants, PerformanceObserver } from "node:perf_hooks";
import Database from "better-sqlite3";
import { createCapture } from "../src/capture/capture.js";
import { importPaths } from "../src/capture/importers/import-runner.js";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.js";

const [mode, corpus, dbPath] = process.argv.slice(2);
if (!corpus || !dbPath || (mode !== "tacit" && mode !== "bare"))
  throw new Error("usage: import-child tacit|bare CORPUS DB");

// Peak JS heap: RSS also counts the database pages SQLite memory-maps, which grow with the file.
// Sampled heap use is mostly garbage waiting for the next collection, so it swings with GC timing;
// what an import holds on to is the heap left after a full (mark-sweep) collection, read here.
let peakHeap = 0;
let peakSampledHeap = 0;
const sampler = setInterval(() => {
  peakSampledHeap = Math.max(peakSampledHeap, process.memoryUsage().heapUsed);
}, 20);
const majorCollections = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if ((entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  }
});
majorCollections.observe({ entryTypes: ["gc"] });

if (mode === "tacit") {
  const store = new SqliteStore({ path: dbPath });
  const capture = createCapture({ store });
  const started = performance.now();
  const summary = await importPaths({
    capture,
    getImportFile: (path) => store.getImportFile(path),
    paths: [corpus],
  });
  const ms = performance.now() - started;
  await store.close();
  report(summary.messages, ms);
} else {
  // The baseline: the very rows tacit stored (every column), read back, then inserted by a bare
  // prepared statement in batches of 1,000 into a table with the same columns and only a primary key.
  const source = new Database(corpus, { readonly: true });
  const columns = (source.prepare("PRAGMA table_info(messages)").all() as Array<{ name: string }>)
    .map((column) => column.name)
    .filter((name) => name !== "pk");
  const rows = source
    .prepare(`SELECT ${columns.join(", ")} FROM messages ORDER BY pk`)
    .raw()
    .all() as unknown[][];
  source.close();
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = NORMAL");
  db.exec(`CREATE TABLE messages (pk INTEGER PRIMARY KEY, ${columns.join(", ")})`);
  const insert = db.prepare(
    `INSERT INTO messages (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  );
  const insertBatch = db.transaction((batch: unknown[][]) => {
    for (const row of batch) insert.run(...row);
  });
  const started = performance.now();
  for (let index = 0; index < rows.length; index += 1000) insertBatch(rows.slice(index, index + 1000));
  const ms = performance.now() - started;
  db.close();
  report(rows.length, ms);
}

function report(messages: number, ms: number): void {
  clearInterval(sampler);
  majorCollections.disconnect();
  // The parent runs this with --expose-gc: one last full collection, in case the run had none.
  (globalThis as { gc?: () => void }).gc?.();
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  const result = {
    messages,
    ms,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    peakHeapMB: peakHeap / 2 ** 20,
    peakSampledHeapMB: peakSampledHeap / 2 ** 20,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
