import { createHash } from "node:crypto";
import * as sqliteVec from "sqlite-vec";
import { InvalidInputError } from "../../core/errors.js";
import type { SqliteDatabase } from "./sqlite-database.js";

/** What a vector index holds: lesson vectors (rowid = lessons.pk) or message vectors (rowid = messages.pk). */
export type VectorSubject = "lessons" | "messages";

/**
 * The column that says whose a vector is: a lesson's scope key (`global`, `project:<id>`), a
 * message's project id ("" for none). It holds the key's id in `vector_keys`, as an integer
 * metadata column: sqlite-vec filters on it inside the KNN search, and an integer compares in the
 * chunk itself where a long text (project ids are paths) would be looked up row by row.
 */
const KEY_COLUMN: Record<VectorSubject, string> = { lessons: "scope_id", messages: "project_id" };

/**
 * Vectors per sqlite-vec chunk. A chunk is allocated whole when its first vector arrives (128 of
 * the offline embedder's 512 dimensions: 256 KiB), and every scope shares the chunks, so the tables
 * grow with the vectors, not with the number of projects.
 */
export const VECTOR_CHUNK_SIZE = 128;

/** The largest k sqlite-vec accepts. */
const MAX_K = 4096;

/** One nearest neighbour: its rowid, cosine distance (null for a zero vector) and stored bytes. */
export interface VectorHit {
  rowid: number;
  distance: number | null;
  embedding: Buffer;
}

/**
 * The sqlite-vec `vec0` tables, one per subject and embedder (their dimension comes from the
 * embedder, so they are created on first use and listed in `vector_indexes`). sqlite-vec is loaded
 * into the connection only when vectors are first touched, never on the capture path.
 */
export class SqliteVectorIndexes {
  private loaded = false;

  constructor(private readonly db: SqliteDatabase) {}

  /** The table of a subject and embedder; created when `create` is true and it does not exist. */
  table(subject: VectorSubject, embedderId: string, dimensions: number, create: boolean): string | null {
    this.load();
    const known = this.db
      .prepare("SELECT name, dimensions FROM vector_indexes WHERE subject = ? AND embedder_id = ?")
      .get(subject, embedderId) as { name: string; dimensions: number } | undefined;
    if (known) {
      if (known.dimensions !== dimensions) {
        throw new InvalidInputError({
          message: `embedder ${embedderId} gave ${dimensions} dimensions, but its ${subject} index has ${known.dimensions}; run tacit reindex`,
          field: "vector",
        });
      }
      return known.name;
    }
    if (!create) return null;
    const hash = createHash("sha256").update(embedderId).digest("hex").slice(0, 12);
    const name = `${subject === "lessons" ? "lesson" : "message"}_embeddings_${hash}`;
    this.db.exec(
      `CREATE VIRTUAL TABLE ${name} USING vec0(${KEY_COLUMN[subject]} INTEGER,
        embedding float[${dimensions}] distance_metric=cosine, chunk_size=${VECTOR_CHUNK_SIZE})`,
    );
    this.db
      .prepare(
        "INSERT INTO vector_indexes (name, subject, embedder_id, dimensions, created_at) VALUES (?, ?, ?, ?, ?)",
      )
      .run(name, subject, embedderId, dimensions, Date.now());
    return name;
  }

  /** The table of a subject and embedder, whatever its dimension, or null. */
  existing(
    subject: VectorSubject,
    embedderId: string,
  ): { name: string; dimensions: number; indexedUpto: number } | null {
    this.load();
    const row = this.db
      .prepare(
        "SELECT name, dimensions, indexed_upto AS indexedUpto FROM vector_indexes WHERE subject = ? AND embedder_id = ?",
      )
      .get(subject, embedderId) as { name: string; dimensions: number; indexedUpto: number } | undefined;
    return row ?? null;
  }

  /** Every table of a subject. */
  tables(subject: VectorSubject): string[] {
    this.load();
    const rows = this.db.prepare("SELECT name FROM vector_indexes WHERE subject = ?").all(subject) as Array<{
      name: string;
    }>;
    return rows.map((row) => row.name);
  }

  /** Drops every vector table (a new embedder, or `tacit reindex`). */
  dropAll(): void {
    this.load();
    const rows = this.db.prepare("SELECT name FROM vector_indexes").all() as Array<{ name: string }>;
    for (const row of rows) this.db.exec(`DROP TABLE IF EXISTS ${row.name}`);
    this.db.prepare("DELETE FROM vector_indexes").run();
  }

  /** Stores (or replaces) the vector of a rowid under its key; the caller holds the write transaction. */
  write(table: string, subject: VectorSubject, rowid: number, key: string, vector: Float32Array): void {
    this.db.prepare(`DELETE FROM ${table} WHERE rowid = ?`).run(BigInt(rowid));
    this.db
      .prepare(`INSERT INTO ${table} (rowid, ${KEY_COLUMN[subject]}, embedding) VALUES (?, ?, ?)`)
      .run(BigInt(rowid), BigInt(this.keyId(key)), vector);
  }

  /**
   * The k nearest vectors under each of the keys (k per key, nearest first overall), or in the
   * whole table when `keys` is null. Each key is its own KNN search, so a key with many close
   * vectors never crowds out another's.
   */
  nearest(
    table: string,
    subject: VectorSubject,
    vector: Float32Array,
    k: number,
    keys: readonly string[] | null,
  ): VectorHit[] {
    const knn = `SELECT rowid, distance, embedding FROM ${table} WHERE embedding MATCH ? AND k = ?`;
    const limit = Math.min(MAX_K, k);
    if (keys === null) return this.db.prepare(`${knn} ORDER BY distance`).all(vector, limit) as VectorHit[];
    const ids = [...new Set(keys)].flatMap((key) => {
      const row = this.db.prepare("SELECT id FROM vector_keys WHERE key = ?").get(key) as
        | { id: number }
        | undefined;
      return row ? [row.id] : [];
    });
    if (ids.length === 0) return [];
    const sql = ids.map(() => `${knn} AND ${KEY_COLUMN[subject]} = ?`).join(" UNION ALL ");
    return this.db
      .prepare(`${sql} ORDER BY distance`)
      .all(...ids.flatMap((id) => [vector, limit, BigInt(id)])) as VectorHit[];
  }

  /** Reads stored vectors by rowid. */
  read(table: string, rowids: number[]): Map<number, Float32Array> {
    const vectors = new Map<number, Float32Array>();
    if (rowids.length === 0) return vectors;
    const rows = this.db
      .prepare(`SELECT rowid, embedding FROM ${table} WHERE rowid IN (${rowids.map(() => "?").join(", ")})`)
      .all(...rowids.map((rowid) => BigInt(rowid))) as Array<{ rowid: number; embedding: Buffer }>;
    for (const row of rows) vectors.set(Number(row.rowid), vectorOf(row.embedding));
    return vectors;
  }

  /** The id of a key in `vector_keys`, added on first use (ids are never reused: keys are never deleted). */
  private keyId(key: string): number {
    this.db.prepare("INSERT INTO vector_keys (key) VALUES (?) ON CONFLICT (key) DO NOTHING").run(key);
    return (this.db.prepare("SELECT id FROM vector_keys WHERE key = ?").get(key) as { id: number }).id;
  }

  private load(): void {
    if (this.loaded) return;
    sqliteVec.load(this.db);
    this.loaded = true;
  }
}

/** A stored vector as a Float32Array of its own (the driver's buffer is not kept). */
export function vectorOf(embedding: Buffer): Float32Array {
  return new Float32Array(embedding.buffer, embedding.byteOffset, embedding.byteLength / 4).slice();
}
