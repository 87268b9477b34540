/**
 * One measured import in its own process, so peak memory (maxRSS) belongs to it alone.
 * Usage: node --import tsx import-child.ts tacit CORPUS DB
 *        node --import tsx import-child.ts bare TACIT_DB DB   (re-inserts the rows tacit stored)
 * Prints {"messages", "ms", "maxRssMB", "peakHeapMB"} as JSON.
 */
import Database from "better-sqlite3";
import { createCapture } from "../src/capture/capture.js";
import { importPaths } from "../src/capture/importers/import-runner.js";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.js";

const [mode, corpus, dbPath] = process.argv.slice(2);
if (!corpus || !dbPath || (mode !== "tacit" && mode !== "bare"))
  throw new Error("usage: import-child tacit|bare CORPUS DB");

// Peak JS heap, sampled: RSS also counts the database pages SQLite memory-maps, which grow with the file.
let peakHeap = 0;
const sampler = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 20);

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
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  const result = {
    messages,
    ms,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    peakHeapMB: peakHeap / 2 ** 20,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
