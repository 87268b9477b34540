import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LessonKind } from "../src/core/lessons/lesson.js";
import { createLessonBook, type LessonInput } from "../src/lessons/index.js";
import { createHashingEmbedder } from "../src/models/hashing-embedder.js";
import { SqliteStore } from "../src/store/sqlite/sqlite-store.js";
import type { BenchResult } from "./report.js";

/** A deterministic pseudo-random generator (mulberry32), so every run benchmarks the same lessons. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Distinct synthetic lessons made of made-up identifiers (tools, files, flags), so that the set
 * grows to its full size: this benchmark measures the cost of a write, not dedup decisions (those
 * are measured on real phrasings in bench/embedder-calibration.ts).
 */
export function syntheticLessons(count: number): LessonInput[] {
  const next = random(42);
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const word = () =>
    Array.from({ length: 4 + Math.floor(next() * 5) }, () => letters[Math.floor(next() * 26)]).join("");
  const lessons: LessonInput[] = [];
  for (let index = 0; index < count; index++) {
    const [tool, target, file, flag, place] = [word(), word(), word(), word(), word()];
    lessons.push({
      kind: KINDS[index % KINDS.length] as LessonKind,
      trigger: `${target} ${place} ${word()}`,
      rule: `${tool} --${flag} ${file}.${word()} ${word()}`,
      domain: "workflow",
      scope: "global",
      evidence: [
        {
          quote: `${tool} --${flag} (${index})`,
          sessionId: `bench-${index}`,
          taskId: `task-${index}`,
          at: 0,
        },
      ],
    });
  }
  return lessons;
}

const KINDS: readonly LessonKind[] = ["prefer", "avoid", "verify", "clarify"];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** Adding 10k lessons with dedup against the growing set, against one bare sqlite-vec KNN query. */
export async function runLessonsBench(): Promise<BenchResult[]> {
  const dir = mkdtempSync(join(tmpdir(), "tacit-bench-lessons-"));
  try {
    const store = new SqliteStore({ path: join(dir, "tacit.db") });
    const embedder = createHashingEmbedder();
    const book = createLessonBook({ store, embedder });
    const inputs = syntheticLessons(10_000);
    const started = performance.now();
    const actions = new Map<string, number>();
    for (const input of inputs) {
      const result = await book.learn(input);
      actions.set(result.action, (actions.get(result.action) ?? 0) + 1);
    }
    const perLesson = (performance.now() - started) / inputs.length;

    const table = (
      store.db.prepare("SELECT name FROM vector_indexes WHERE subject = 'lessons'").get() as { name: string }
    ).name;
    const global = store.db.prepare("SELECT id FROM vector_keys WHERE key = 'global'").get() as {
      id: number;
    };
    const knn = store.db.prepare(
      `SELECT rowid, distance FROM ${table} WHERE embedding MATCH ? AND k = 8 AND scope_id = ?`,
    );
    const timings: number[] = [];
    for (let index = 0; index < 300; index++) {
      const query = inputs[(index * 31) % inputs.length] as LessonInput;
      const vector = embedder.embedSync(`${query.trigger}\n${query.rule}`);
      const begin = performance.now();
      knn.all(vector, BigInt(global.id));
      timings.push(performance.now() - begin);
    }
    const bareKnn = median(timings);
    const lessons = await store.countLessons();
    await store.close();
    return [
      {
        name: "add one lesson with dedup (10,000 added to a growing set)",
        value: perLesson * 1000,
        unit: "µs",
        baselineName: `one bare sqlite-vec KNN query (k=8) over the final ${lessons.toLocaleString("en-US")} vectors, median`,
        baselineValue: bareKnn * 1000,
        ratio: perLesson / bareKnn,
        goal: "≤ 3 (a write costs about one search plus its transaction)",
        met: perLesson / bareKnn <= 3,
        note: `decisions: ${[...actions].map(([action, count]) => `${action} ${count}`).join(", ")}; ${lessons} lessons stored`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
