// Exploratory support for the store: proves that hashing-embedder vectors store and KNN-query
// correctly in a sqlite-vec (v0.1.9) `vec0` table through better-sqlite3, and pins the gotchas.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import * as sqliteVec from "sqlite-vec";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cosineSimilarity } from "../core/vector.js";
import { embedderId } from "./embedder.js";
import { createHashingEmbedder } from "./hashing-embedder.js";

const embedder = createHashingEmbedder();
const id = embedderId(embedder);

const LESSONS = [
  { rowid: 1n, project: "p1", text: "Use pnpm, not npm, in this repo" },
  { rowid: 2n, project: "p1", text: "Run the tests with vitest, not jest" },
  { rowid: 3n, project: "p1", text: "The dev server listens on port 5173" },
  { rowid: 4n, project: "p2", text: "This repository uses pnpm instead of npm" },
  { rowid: 5n, project: "p1", text: "不要直接推送到 main 分支" },
] as const;

interface KnnRow {
  rowid: number;
  distance: number;
}

describe("sqlite-vec vec0 with hashing-embedder vectors", () => {
  let directory: string;
  let db: Database.Database;

  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "tacit-vec-"));
    db = new Database(join(directory, "vectors.db"));
    db.pragma("journal_mode = WAL");
    sqliteVec.load(db);
    db.exec(`CREATE VIRTUAL TABLE lesson_vectors USING vec0(
      project_id TEXT PARTITION KEY,
      embedder_id TEXT,
      +lesson_id TEXT,
      embedding FLOAT[${embedder.dimensions}] DISTANCE_METRIC=cosine
    )`);
    const insert = db.prepare(
      "INSERT INTO lesson_vectors (rowid, project_id, embedder_id, lesson_id, embedding) VALUES (?, ?, ?, ?, ?)",
    );
    for (const lesson of LESSONS) {
      insert.run(lesson.rowid, lesson.project, id, `L${lesson.rowid}`, embedder.embedSync(lesson.text));
    }
  });

  afterEach(() => {
    db.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it("runs the expected sqlite-vec version", () => {
    expect(db.prepare("SELECT vec_version() AS version").get()).toEqual({ version: "v0.1.9" });
  });

  it("ranks like cosineSimilarity, with distance = 1 − cosine similarity", () => {
    const query = embedder.embedSync("In this repo use pnpm rather than npm");
    const rows = db
      .prepare(
        "SELECT rowid, distance FROM lesson_vectors WHERE embedding MATCH ? AND k = ? ORDER BY distance",
      )
      .all(query, 5) as KnnRow[];
    const expected = LESSONS.map((lesson) => ({
      rowid: Number(lesson.rowid),
      distance: 1 - cosineSimilarity(query, embedder.embedSync(lesson.text)),
    })).sort((a, b) => a.distance - b.distance);
    expect(rows.map((row) => row.rowid)).toEqual(expected.map((row) => row.rowid));
    for (const [index, row] of rows.entries()) expect(row.distance).toBeCloseTo(expected[index]!.distance, 5);
    expect(new Set(rows.slice(0, 2).map((row) => row.rowid))).toEqual(new Set([1, 4]));
  });

  it("also accepts ORDER BY distance LIMIT instead of k", () => {
    const rows = db
      .prepare("SELECT rowid FROM lesson_vectors WHERE embedding MATCH ? ORDER BY distance LIMIT 2")
      .all(embedder.embedSync("Run the tests with vitest")) as KnnRow[];
    expect(rows[0]!.rowid).toBe(2);
    expect(rows).toHaveLength(2);
  });

  it("filters on the partition key and metadata columns inside the KNN search", () => {
    const rows = db
      .prepare(
        `SELECT rowid, lesson_id AS lessonId, distance FROM lesson_vectors
         WHERE embedding MATCH ? AND k = 10 AND project_id = ? AND embedder_id = ?`,
      )
      .all(embedder.embedSync("Use pnpm"), "p2", id);
    expect(rows).toEqual([{ rowid: 4, lessonId: "L4", distance: expect.any(Number) }]);
  });

  it("applies a filter it cannot push into vec0 (OR, joined tables) after k, so rows can go missing", () => {
    const query = embedder.embedSync("Run the tests with vitest");
    const sql = `SELECT rowid FROM lesson_vectors
      WHERE embedding MATCH ? AND k = 1 AND (project_id = 'p2' OR embedder_id = 'none')`;
    expect(db.prepare(sql).all(query)).toEqual([]);
    db.exec("CREATE TABLE lessons (id INTEGER PRIMARY KEY, status TEXT NOT NULL)");
    db.exec(
      "INSERT INTO lessons VALUES (1, 'active'), (2, 'retired'), (3, 'active'), (4, 'active'), (5, 'active')",
    );
    const joined = db
      .prepare(
        `WITH knn AS (SELECT rowid, distance FROM lesson_vectors WHERE embedding MATCH ? AND k = ?)
         SELECT lessons.id FROM knn JOIN lessons ON lessons.id = knn.rowid
         WHERE lessons.status = 'active' ORDER BY knn.distance`,
      )
      .all(query, 1);
    expect(joined).toEqual([]);
  });

  it("rejects a constraint on an auxiliary (+) column in a KNN query", () => {
    const sql = "SELECT rowid FROM lesson_vectors WHERE embedding MATCH ? AND k = 10 AND lesson_id = 'L1'";
    expect(() => db.prepare(sql).all(embedder.embedSync("Use pnpm"))).toThrow(/auxiliary column/);
  });

  it("needs BigInt (or CAST(? AS INTEGER)) rowids on insert: JS numbers bind as REAL", () => {
    const vector = embedder.embedSync("Format code with biome");
    const insert = db.prepare(
      "INSERT INTO lesson_vectors (rowid, project_id, embedder_id, lesson_id, embedding) VALUES (?, 'p1', ?, 'L6', ?)",
    );
    expect(() => insert.run(6, id, vector)).toThrow(/integers/);
    insert.run(6n, id, vector);
    db.prepare(
      "INSERT INTO lesson_vectors (rowid, project_id, embedder_id, lesson_id, embedding) VALUES (CAST(? AS INTEGER), 'p1', ?, 'L7', ?)",
    ).run(7, id, vector);
    expect(db.prepare("SELECT count(*) AS count FROM lesson_vectors").get()).toEqual({ count: 7 });
  });

  it("updates a vector in place (INSERT OR REPLACE is not supported) and deletes by rowid", () => {
    const replacement = embedder.embedSync("Format code with biome");
    const upsert = db.prepare(
      "INSERT OR REPLACE INTO lesson_vectors (rowid, project_id, embedder_id, lesson_id, embedding) VALUES (?, 'p1', ?, 'L1', ?)",
    );
    expect(() => upsert.run(1n, id, replacement)).toThrow(/UNIQUE/);
    db.prepare("UPDATE lesson_vectors SET embedding = ? WHERE rowid = ?").run(replacement, 1n);
    const nearest = db
      .prepare("SELECT rowid FROM lesson_vectors WHERE embedding MATCH ? AND k = 1")
      .get(embedder.embedSync("Format code with biome")) as KnnRow;
    expect(nearest.rowid).toBe(1);
    db.prepare("DELETE FROM lesson_vectors WHERE rowid = ?").run(1n);
    expect(db.prepare("SELECT count(*) AS count FROM lesson_vectors").get()).toEqual({ count: 4 });
  });

  it("reads a stored vector back as a Buffer of float32", () => {
    const { embedding } = db.prepare("SELECT embedding FROM lesson_vectors WHERE rowid = 5").get() as {
      embedding: Buffer;
    };
    const vector = new Float32Array(embedding.buffer, embedding.byteOffset, embedding.byteLength / 4);
    expect(vector).toEqual(embedder.embedSync(LESSONS[4].text));
  });

  it("refuses a vector of the wrong dimension", () => {
    const query = db.prepare("SELECT rowid FROM lesson_vectors WHERE embedding MATCH ? AND k = 1");
    expect(() => query.all(new Float32Array(8))).toThrow(/[Dd]imension mismatch/);
  });
});
