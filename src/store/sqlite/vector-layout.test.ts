import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { createLesson } from "../../core/lessons/lesson.js";
import { embedderId } from "../../models/embedder.js";
import { createHashingEmbedder } from "../../models/hashing-embedder.js";
import { recall } from "../../recall/recall.js";
import { indexEvidence } from "../../recall/reindex.js";
import { openRuntime } from "../../runtime.js";
import {
  partitionedNearestLessons,
  partitionedNearestMessages,
  rewindToPartitionedVectors,
} from "../../testing/partitioned-vectors.js";
import { captureSession } from "../../testing/session-builder.js";
import { storeLessons, TOPIC_WORDS } from "../../testing/stored-lessons.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { visibleScopeKeys } from "../lesson-store.js";
import { migration014 } from "./migrations/014-vector-keys.js";
import { SQLITE_MIGRATIONS } from "./migrations/index.js";
import { openSqliteDatabase, type SqliteDatabase } from "./sqlite-database.js";
import { SqliteStore } from "./sqlite-store.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 9, 1, 9);
const HOUR = 3_600_000;
/** Small vectors keep the files small; the old layout still cost a 1,024-vector chunk per project. */
const embedder = createHashingEmbedder({ dimensions: 64 });
const EMBEDDER = embedderId(embedder);
const WORDS = TOPIC_WORDS;
const LESSONS = 30;

/** The schema a store's migrations made (not the vector tables, which indexing creates), by name. */
function schemaOf(db: SqliteDatabase): Array<{ type: string; name: string; sql: string | null }> {
  return db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
       WHERE name NOT LIKE 'sqlite_%' AND name NOT LIKE '%_embeddings_%' ORDER BY type, name`,
    )
    .all() as Array<{ type: string; name: string; sql: string | null }>;
}

/** Captures 60 sessions spread over `projects` projects, stores 30 project lessons and one global, indexes. */
async function fill(path: string, projects: number): Promise<void> {
  const rt = await openRuntime({ db: path, env: { TACIT_HOME: dirname(path) }, embedder });
  try {
    for (let session = 0; session < 60; session++) {
      const word = (step: number) => WORDS[(session * step) % WORDS.length];
      await captureSession(rt.capture, {
        id: `s${session}`,
        project: `/work/project-${session % projects}`,
        start: T0 + session * HOUR,
        turns: [
          ["user", `Please fix the ${word(1)} failure in module ${session} before the release`],
          ["assistant", `I will look at module ${session} and its ${word(3)} configuration first.`],
          [
            "tool",
            "Bash",
            `npm test -- module-${session}`,
            `FAIL module-${session}: ${word(5)} timed out`,
            true,
          ],
          ["user", `No, use ${word(7)} for module ${session}, the ${word(11)} setup is deprecated`],
          ["assistant", `Switched module ${session} to ${word(7)}; the ${word(13)} checks pass now.`],
        ],
      });
    }
    // Straight into the store: dedup is not what this measures, so every lesson is kept.
    const lessons = Array.from({ length: LESSONS + 1 }, (_, index) => {
      const word = (step: number) => WORDS[(index + step) % WORDS.length];
      return createLesson({
        id: `lesson-${index}`,
        kind: "prefer",
        trigger: `when the ${word(0)} and ${word(11)} builds break`,
        rule: `Prefer ${word(5)} over ${word(23)} here`,
        domain: "workflow",
        ...(index === LESSONS
          ? { scope: "global" as const }
          : { scope: "project" as const, projectId: `/work/project-${index % projects}` }),
        evidence: [{ quote: `${word(5)} is better`, sessionId: `s${index}`, at: T0 }],
        now: T0,
      });
    });
    await storeLessons(rt.store, embedder, lessons);
    expect(await indexEvidence({ store: rt.store, embedder })).toBe(300);
  } finally {
    await rt.close();
  }
}

function bytes(path: string): number {
  return statSync(path).size + (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);
}

const QUERIES = [
  "the kafka tests time out in module 7",
  "switch the build to vite",
  "rebuild the postgres cache",
  "run the tests before pushing",
  "why does terraform fail",
];
const PROJECTS = [null, "/work/project-0", "/work/project-3", "/work/unknown"];

type Hit = { id: string | number; distance: number };

/** Nearest first; vectors at the same distance (same text) in rowid order, whichever layout found them. */
function canonical(hits: Hit[]): Hit[] {
  return [...hits].sort((a, b) => a.distance - b.distance || String(a.id).localeCompare(String(b.id)));
}

/** Every nearest-neighbour query recall makes, through the store. */
async function nearestThroughStore(store: SqliteStore): Promise<Hit[][]> {
  const results: Hit[][] = [];
  for (const text of QUERIES) {
    const vector = embedder.embedSync(text);
    for (const projectId of PROJECTS) {
      for (const k of [5, 500]) {
        const messages = await store.nearestMessages({ embedderId: EMBEDDER, vector, projectId, k });
        results.push(canonical(messages.map((hit) => ({ id: hit.row.pk, distance: 1 - hit.similarity }))));
        const scopeKeys = visibleScopeKeys(projectId);
        const lessons = await store.nearestLessons({ embedderId: EMBEDDER, vector, scopeKeys, k });
        results.push(canonical(lessons.map((hit) => ({ id: hit.lessonId, distance: 1 - hit.similarity }))));
      }
    }
  }
  return results;
}

/** The same queries as tacit made them on the partitioned tables. */
function nearestPartitioned(db: SqliteStore["db"]): Hit[][] {
  const table = (subject: string) =>
    (db.prepare("SELECT name FROM vector_indexes WHERE subject = ?").get(subject) as { name: string }).name;
  const results: Hit[][] = [];
  for (const text of QUERIES) {
    const vector = embedder.embedSync(text);
    for (const projectId of PROJECTS) {
      for (const k of [5, 500]) {
        const messages = partitionedNearestMessages(db, table("messages"), { vector, projectId, k });
        results.push(canonical(messages.map((hit) => ({ id: hit.rowid, distance: hit.distance }))));
        const scopeKeys = visibleScopeKeys(projectId);
        const lessons = partitionedNearestLessons(db, table("lessons"), { vector, scopeKeys, k });
        results.push(canonical(lessons.map((hit) => ({ id: hit.lessonId, distance: hit.distance }))));
      }
    }
  }
  return results;
}

/** What recall gives for a prompt about a project lesson of project-0. */
async function recalled(store: SqliteStore) {
  const result = await recall(
    { store, embedder, now: () => T0 + 100 * HOUR },
    { query: "the webpack and redis builds break again", projectId: "/work/project-0", log: false },
  );
  return result.items;
}

function storedVectors(db: SqliteStore["db"]) {
  const indexes = db
    .prepare("SELECT name, subject, indexed_upto AS indexedUpto FROM vector_indexes ORDER BY subject")
    .all() as Array<{ name: string; subject: string; indexedUpto: number }>;
  return indexes.map((index) => ({
    subject: index.subject,
    indexedUpto: index.indexedUpto,
    vectors: db.prepare(`SELECT rowid, embedding FROM ${index.name} ORDER BY rowid`).all(),
  }));
}

describe("vector tables", () => {
  it("grow with the vectors, not with the number of projects", async () => {
    const one = join(tempDir(), "tacit.db");
    const many = join(tempDir(), "tacit.db");
    await fill(one, 1);
    await fill(many, 30);
    // The same messages and lessons: in 30 projects the file may not cost more than 1.5× one project's.
    expect(bytes(many)).toBeLessThanOrEqual(1.5 * bytes(one));
  });

  it("move to the shared layout on open, finding the same neighbours as the partitioned tables did", async () => {
    const path = join(tempDir(), "tacit.db");
    await fill(path, 4);
    const store = new SqliteStore({ path });
    const current = await nearestThroughStore(store);
    const recalledBefore = await recalled(store);
    expect(recalledBefore.map((item) => item.text).join("\n")).toContain("webpack");
    const vectors = storedVectors(store.db);
    await store.close();

    const { db } = openSqliteDatabase({ path });
    rewindToPartitionedVectors(db);
    const partitioned = nearestPartitioned(db);
    db.close();
    const partitionedBytes = bytes(path);
    expect(partitioned.flat().length).toBeGreaterThan(100);
    expect(current).toEqual(partitioned);

    const migrated = new SqliteStore({ path });
    try {
      expect(migrated.migrations.find((m) => m.version === migration014.version)?.status).toBe("applied");
      // Every migration after 014 applied again, to the same schema a new store has.
      expect(
        migrated.migrations.filter((m) => m.version > migration014.version).map((m) => m.status),
      ).toEqual(SQLITE_MIGRATIONS.filter((m) => m.version > migration014.version).map(() => "applied"));
      const fresh = openSqliteDatabase({ path: join(tempDir(), "fresh.db") }).db;
      try {
        expect(schemaOf(migrated.db)).toEqual(schemaOf(fresh));
      } finally {
        fresh.close();
      }
      const names = migrated.db
        .prepare("SELECT name FROM sqlite_master WHERE name LIKE '%vectors%' OR name LIKE '%embeddings%'")
        .all() as Array<{ name: string }>;
      expect(names.filter((row) => row.name.includes("_vectors_"))).toEqual([]);
      expect(names.length).toBeGreaterThan(0);
      expect(await nearestThroughStore(migrated)).toEqual(partitioned);
      expect(storedVectors(migrated.db)).toEqual(vectors);
      // The watermark moved with the vectors: nothing is embedded again, and recall works at once.
      expect(await indexEvidence({ store: migrated, embedder })).toBe(0);
      expect(await recalled(migrated)).toEqual(recalledBefore);
      // The old chunks were most of the file: their pages went back to the disk.
      expect(migrated.db.pragma("freelist_count", { simple: true })).toBe(0);
    } finally {
      await migrated.close();
    }
    expect(bytes(path)).toBeLessThan(partitionedBytes / 2);
  });

  it("forget a listed table that no longer exists, and index its vectors again", async () => {
    const path = join(tempDir(), "tacit.db");
    await fill(path, 2);
    const { db } = openSqliteDatabase({ path });
    rewindToPartitionedVectors(db);
    const table = (
      db.prepare("SELECT name FROM vector_indexes WHERE subject = 'messages'").get() as { name: string }
    ).name;
    db.exec(`DROP TABLE ${table}`);
    db.close();

    const store = new SqliteStore({ path });
    try {
      expect(store.db.prepare("SELECT subject FROM vector_indexes").all()).toEqual([{ subject: "lessons" }]);
      expect(await indexEvidence({ store, embedder })).toBe(300);
    } finally {
      await store.close();
    }
  });
});
