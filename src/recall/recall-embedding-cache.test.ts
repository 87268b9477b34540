/**
 * The hook daemon recalls through an EmbeddingCache (hook-recall.ts): recall must give exactly the
 * answer it gives without one, on a cold cache and on a warm one.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createCapture } from "../capture/capture.js";
import { createLesson, type NewLesson } from "../core/lessons/lesson.js";
import { embedLessons } from "../lessons/index.js";
import { EmbeddingCache } from "../models/embedding-cache.js";
import { createHashingEmbedder } from "../models/hashing-embedder.js";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";
import { captureSession } from "../testing/session-builder.js";
import { useTempDir } from "../testing/temp-dir.js";
import { recall } from "./recall.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 9, 1, 9);
const PROJECT = "/work/shop";
const stores: SqliteStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

const LESSONS: Array<Omit<NewLesson, "id" | "now">> = [
  {
    kind: "prefer",
    trigger: "installing the dependencies",
    rule: "Use pnpm install, not npm install: this repo is a pnpm workspace",
    domain: "workflow",
    scope: "project",
    projectId: PROJECT,
  },
  {
    kind: "verify",
    trigger: "before pushing a branch",
    rule: "Run pnpm test and pnpm lint before git push",
    domain: "workflow",
    scope: "global",
  },
  {
    kind: "avoid",
    trigger: "editing the database schema",
    rule: "Never edit applied migrations; add a new migration file instead",
    domain: "project",
    scope: "global",
  },
];

describe("recall through an EmbeddingCache", () => {
  it("answers exactly as without it, cold and warm", async () => {
    const store = new SqliteStore({ path: join(tempDir(), "tacit.db") });
    stores.push(store);
    const embedder = createHashingEmbedder();
    const lessons = LESSONS.map((input, index) =>
      createLesson({
        ...input,
        id: `lesson-${index}`,
        evidence: [{ quote: input.rule, sessionId: "past", at: T0 }],
        now: T0,
      }),
    );
    await store.commitLessonChanges({
      writes: lessons.map((lesson) => ({ lesson, expected: null })),
      deletes: [],
      events: [],
      feedback: [],
      vectors: await embedLessons(embedder, lessons),
    });
    const capture = createCapture({ store, now: () => T0 });
    await captureSession(capture, {
      id: "past",
      project: PROJECT,
      start: T0,
      turns: [
        ["user", "Install the dependencies and start the dev server please"],
        ["tool", "Bash", "npm install", 'npm ERR! Unsupported URL Type "workspace:"', true],
        ["user", "No, not npm. This repo uses pnpm: run pnpm install, never npm install."],
      ],
    });
    const sessionId = await captureSession(capture, {
      id: "now",
      project: PROJECT,
      start: T0 + 3_600_000,
      turns: [["user", "let's get the api running locally"]],
    });
    const queries = [
      "install the dependencies for the api package",
      "push my branch, then open a pull request",
      "add a column to the users table and install the deps",
      "what is the capital of France?",
    ];
    const ask = (withEmbedder: typeof embedder | ReturnType<EmbeddingCache["wrap"]>, query: string) =>
      recall(
        { store, embedder: withEmbedder, now: () => T0 + 7_200_000 },
        { query, projectId: PROJECT, sessionId, log: false },
      );
    const cache = new EmbeddingCache();
    for (const query of queries) {
      const plain = await ask(embedder, query);
      expect(await ask(cache.wrap(embedder), query)).toEqual(plain);
      expect(await ask(cache.wrap(embedder), query)).toEqual(plain);
    }
    expect(cache.size).toBeGreaterThan(0);
    // Something is recalled, so the comparison covers scored lessons, not only empty answers.
    expect((await ask(cache.wrap(embedder), queries[0] as string)).context).toMatch(/pnpm install/);
  });
});
