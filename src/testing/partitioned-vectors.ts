import * as sqliteVec from "sqlite-vec";
import { migration014 } from "../store/sqlite/migrations/014-vector-keys.js";
import type { SqliteDatabase } from "../store/sqlite/sqlite-database.js";

/** The column each subject was partitioned by before migration 014, and its key column since. */
const COLUMNS = {
  lessons: { partition: "scope_key", key: "scope_id" },
  messages: { partition: "project_key", key: "project_id" },
} as const;

/**
 * Puts a store's vectors back in the layout tacit wrote before migration 014 — one `vec0` table per
 * subject and embedder, partitioned by scope key or project, with an `embedder_id` column, under
 * the same names and in the same rowid order — and takes the schema back to the version before it
 * (what later migrations created is dropped), so that the next open migrates it as it would an old
 * store. The connection must be the only one.
 */
export function rewindToPartitionedVectors(db: SqliteDatabase): void {
  sqliteVec.load(db);
  db.transaction(() => {
    const indexes = db
      .prepare("SELECT name, subject, embedder_id AS embedderId, dimensions FROM vector_indexes")
      .all() as Array<{
      name: string;
      subject: keyof typeof COLUMNS;
      embedderId: string;
      dimensions: number;
    }>;
    for (const index of indexes) {
      const columns = COLUMNS[index.subject];
      const old = index.name.replace("_embeddings_", "_vectors_");
      db.exec(
        `CREATE VIRTUAL TABLE ${old} USING vec0(
          ${columns.partition} TEXT PARTITION KEY, embedder_id TEXT, embedding float[${index.dimensions}] distance_metric=cosine)`,
      );
      const rows = db
        .prepare(
          `SELECT v.rowid AS rowid, (SELECT k.key FROM vector_keys k WHERE k.id = v.${columns.key}) AS key,
            v.embedding AS embedding FROM ${index.name} v ORDER BY v.rowid`,
        )
        .all() as Array<{ rowid: number; key: string; embedding: Buffer }>;
      const insert = db.prepare(
        `INSERT INTO ${old} (rowid, ${columns.partition}, embedder_id, embedding) VALUES (?, ?, ?, ?)`,
      );
      for (const row of rows) insert.run(BigInt(row.rowid), row.key, index.embedderId, row.embedding);
      db.exec(`DROP TABLE ${index.name}`);
      db.prepare("UPDATE vector_indexes SET name = ? WHERE name = ?").run(old, index.name);
    }
    db.exec("DROP TABLE vector_keys");
    // What the migrations after 014 created goes too, so they apply again after it.
    db.exec(`DROP TRIGGER IF EXISTS lessons_version_insert; DROP TRIGGER IF EXISTS lessons_version_update;
      DROP TRIGGER IF EXISTS lessons_version_delete; DROP TABLE IF EXISTS store_versions;
      DROP TABLE IF EXISTS guard_events;`);
    db.prepare("DELETE FROM schema_migrations WHERE version >= ?").run(migration014.version);
  })();
}

/**
 * The nearest messages as tacit queried the partitioned layout: the project's partition (every
 * partition when `projectId` is null), nearest first.
 */
export function partitionedNearestMessages(
  db: SqliteDatabase,
  table: string,
  query: { vector: Float32Array; projectId: string | null; k: number },
): Array<{ rowid: number; distance: number }> {
  const partition = query.projectId === null ? "" : "AND project_key = @projectKey";
  return db
    .prepare(
      `SELECT rowid, distance FROM ${table} WHERE embedding MATCH @vector AND k = @k ${partition} ORDER BY distance`,
    )
    .all({ vector: query.vector, k: Math.min(4096, query.k), projectKey: query.projectId ?? "" }) as Array<{
    rowid: number;
    distance: number;
  }>;
}

/** The nearest lessons as tacit queried the partitioned layout: k in each scope key's partition. */
export function partitionedNearestLessons(
  db: SqliteDatabase,
  table: string,
  query: { vector: Float32Array; scopeKeys: string[]; k: number },
): Array<{ lessonId: string; distance: number }> {
  return db
    .prepare(
      `SELECT l.id AS lessonId, v.distance AS distance
      FROM (SELECT rowid, distance, embedding FROM ${table}
            WHERE embedding MATCH ? AND k = ? AND scope_key IN (${query.scopeKeys.map(() => "?").join(", ")})) v
      JOIN lessons l ON l.pk = v.rowid
      ORDER BY v.distance`,
    )
    .all(query.vector, Math.min(4096, query.k), ...query.scopeKeys) as Array<{
    lessonId: string;
    distance: number;
  }>;
}
