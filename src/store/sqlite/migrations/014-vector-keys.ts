import type Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { StoreError } from "../../../core/errors.js";
import type { SqliteMigration } from "./index.js";

/**
 * Vector tables that grow with the vectors, not with the number of projects. The lesson and message
 * vector tables were partitioned by scope and by project, and sqlite-vec allocates a whole chunk
 * (1,024 vectors: 2 MiB at 512 dimensions) for a partition's first vector, so 200 small projects
 * cost about 400 MiB per table. The new tables share chunks of 128 vectors between every scope and
 * keep whose a vector is in an integer metadata column (its key's id in `vector_keys`) that the KNN
 * search filters on. This step copies every stored vector into the new layout (same rowids, keys
 * and indexing watermark; no embedder needed) and drops the old tables, then gives their pages back
 * to the disk when they were most of the file.
 */
export const migration014: SqliteMigration = {
  version: 14,
  name: "vector-keys",
  sql: `
CREATE TABLE vector_keys (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE
);
`,
  run: moveVectorsToSharedChunks,
  after: vacuumWhenMostlyFree,
};

/** The partition column of the old tables and the key column of the new ones, by subject. */
const COLUMNS: Record<string, { old: string; key: string }> = {
  lessons: { old: "scope_key", key: "scope_id" },
  messages: { old: "project_key", key: "project_id" },
};

function moveVectorsToSharedChunks(db: Database.Database): void {
  const indexes = db
    .prepare("SELECT name, subject, dimensions FROM vector_indexes ORDER BY name")
    .all() as Array<{ name: string; subject: string; dimensions: number }>;
  if (indexes.length === 0) return;
  sqliteVec.load(db);
  for (const index of indexes) {
    const columns = COLUMNS[index.subject];
    if (!columns)
      throw new StoreError(`vector index ${index.name} has an unknown subject "${index.subject}"`);
    const present = db
      .prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(index.name) as { n: number };
    if (present.n === 0) {
      // Listed but gone, so recall already had no vectors here: forgetting the entry resets its
      // watermark, and the next indexing run embeds the messages again.
      db.prepare("DELETE FROM vector_indexes WHERE name = ?").run(index.name);
      continue;
    }
    const name = index.name.replace("_vectors_", "_embeddings_");
    db.exec(
      `CREATE VIRTUAL TABLE ${name} USING vec0(${columns.key} INTEGER,
        embedding float[${index.dimensions}] distance_metric=cosine, chunk_size=128)`,
    );
    db.exec(
      `INSERT INTO vector_keys (key) SELECT DISTINCT ${columns.old} FROM ${index.name} WHERE true
      ON CONFLICT (key) DO NOTHING`,
    );
    db.exec(
      `INSERT INTO ${name} (rowid, ${columns.key}, embedding)
      SELECT v.rowid, (SELECT k.id FROM vector_keys k WHERE k.key = v.${columns.old}), v.embedding
      FROM ${index.name} v ORDER BY v.rowid`,
    );
    db.exec(`DROP TABLE ${index.name}`);
    db.prepare("UPDATE vector_indexes SET name = ? WHERE name = ?").run(name, index.name);
  }
}

/**
 * VACUUM when free pages are most of the file: the stores this migration is for, where the old
 * chunks dwarfed the data, so rewriting what is live is quick. Elsewhere the pages stay free for
 * reuse (a VACUUM of a large store would hold up the open that migrates it).
 */
function vacuumWhenMostlyFree(db: Database.Database): void {
  const pages = db.pragma("page_count", { simple: true }) as number;
  const free = db.pragma("freelist_count", { simple: true }) as number;
  if (free * 2 <= pages) return;
  try {
    db.exec("VACUUM");
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    // Other connections kept it busy past the busy timeout: the pages stay free for reuse, nothing is lost.
    if (!code.startsWith("SQLITE_BUSY") && !code.startsWith("SQLITE_LOCKED")) throw error;
  }
}
