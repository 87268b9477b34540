import { createHash } from "node:crypto";
import * as sqliteVec from "sqlite-vec";
import { InvalidInputError } from "../../core/errors.js";
import type { SqliteDatabase } from "./sqlite-database.js";

/** What a vector index holds: lesson vectors (rowid = lessons.pk) or message vectors (rowid = messages.pk). */
export type VectorSubject = "lessons" | "messages";

/** The partition column of each subject: lessons by scope key, messages by project. */
const PARTITION: Record<VectorSubject, string> = { lessons: "scope_key", messages: "project_key" };

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
    const name = `${subject === "lessons" ? "lesson" : "message"}_vectors_${hash}`;
    this.db.exec(
      `CREATE VIRTUAL TABLE ${name} USING vec0(
        ${PARTITION[subject]} TEXT PARTITION KEY, embedder_id TEXT, embedding float[${dimensions}] distance_metric=cosine)`,
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
