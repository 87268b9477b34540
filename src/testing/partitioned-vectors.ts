import * as sqliteVec from "sqlite-vec";
import { migration014 } from "../store/sqlite/migrations/014-vector-keys.js";
import { SQLITE_MIGRATIONS } from "../store/sqlite/migrations/index.js";
import { openSqliteDatabase, type SqliteDatabase } from "../store/sqlite/sqlite-database.js";

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
    const later = schemaAddedAfter(migration014.version);
    for (const object of later.objects)
      db.exec(`DROP ${object.type.toUpperCase()} IF EXISTS "${object.name}"`);
    for (const column of later.columns) db.exec(`ALTER TABLE "${column.table}" DROP COLUMN "${column.name}"`);
    db.prepare("DELETE FROM schema_migrations WHERE version >= ?").run(migration014.version);
  })();
}

/** A schema object (table, index, trigger, view) by type and name, as `sqlite_master` lists it. */
interface SchemaObject {
  type: string;
  name: string;
  sql: string | null;
}

/**
 * What the migrations after `version` add to the schema: the objects they create (latest first, so
 * a trigger or index goes before its table) and the columns they add to tables that existed at
 * `version`. Found by applying the migrations to an empty database in memory up to `version`, then
 * the rest, and comparing the schema before and after, so every later migration is covered without
 * naming what it creates. Rows a later migration inserts into an older table are not undone.
 */
function schemaAddedAfter(version: number): {
  objects: SchemaObject[];
  columns: Array<{ table: string; name: string }>;
} {
  const { db } = openSqliteDatabase(
    { path: ":memory:" },
    SQLITE_MIGRATIONS.filter((migration) => migration.version <= version),
  );
  try {
    sqliteVec.load(db);
    const objects = () =>
      db
        .prepare("SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' ORDER BY rowid")
        .all() as SchemaObject[];
    const columns = (table: string) =>
      (db.prepare(`SELECT name FROM pragma_table_info(?)`).all(table) as Array<{ name: string }>).map(
        (column) => column.name,
      );
    const before = objects();
    const tablesBefore = before.filter((object) => object.type === "table");
    const columnsBefore = new Map(tablesBefore.map((table) => [table.name, columns(table.name)]));
    for (const migration of SQLITE_MIGRATIONS.filter((migration) => migration.version > version)) {
      db.exec(migration.sql);
      migration.run?.(db);
    }
    const known = new Set(before.map((object) => `${object.type}:${object.name}`));
    const added = objects().filter((object) => !known.has(`${object.type}:${object.name}`));
    // A virtual table's shadow tables go with it.
    const virtual = added
      .filter((object) => object.type === "table" && /^CREATE VIRTUAL TABLE/i.test(object.sql ?? ""))
      .map((object) => object.name);
    const owned = added.filter(
      (object) => !virtual.some((table) => object.name !== table && object.name.startsWith(`${table}_`)),
    );
    return {
      objects: [...owned].reverse(),
      columns: tablesBefore.flatMap((table) => {
        const old = new Set(columnsBefore.get(table.name));
        return columns(table.name)
          .filter((name) => !old.has(name))
          .map((name) => ({ table: table.name, name }));
      }),
    };
  } finally {
    db.close();
  }
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
