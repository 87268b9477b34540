import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RECALLABLE_STATUSES } from "../core/lessons/quality.js";
import { createHashingEmbedder } from "../models/hashing-embedder.js";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";
import { useTempDir } from "../testing/temp-dir.js";
import { createLessonBook } from "./lesson-book.js";
import type { LessonInput } from "./lesson-text.js";

const tempDir = useTempDir();

function setup() {
  const store = new SqliteStore({ path: join(tempDir(), "tacit.db") });
  let counter = 0;
  const book = createLessonBook({
    store,
    embedder: createHashingEmbedder(),
    now: () => Date.UTC(2026, 5, 1) + counter * 1000,
    ids: () => `id-${String(++counter).padStart(5, "0")}`,
  });
  return { store, book };
}

const lesson = (rule: string, taskId: string): LessonInput => ({
  kind: "prefer",
  trigger: "installing dependencies",
  rule,
  why: "",
  domain: "workflow",
  scope: "project",
  projectId: "/work/shop",
  evidence: [{ quote: rule, sessionId: `s-${taskId}`, taskId, at: Date.UTC(2026, 5, 1) }],
});
const yarn = lesson("Use yarn to install packages", "t1");
const pnpm = lesson("Use pnpm, not yarn, to install packages", "t2");

describe("lesson book: a contradicting rule overturns", () => {
  it("supersedes the older rule; learning the old one again with the same evidence changes nothing", async () => {
    const { store, book } = setup();
    const old = await book.learn(yarn);
    const newer = await book.learn(pnpm);
    expect(newer.superseded.map((item) => item.id)).toEqual([old.lesson.id]);
    const replaced = await book.get(old.lesson.id);
    expect(replaced?.supersededById).toBe(newer.lesson.id);
    expect(RECALLABLE_STATUSES).not.toContain(replaced?.status);

    const events = await store.listLessonEvents(newer.lesson.id);
    const again = await book.learn(yarn);
    expect(again).toMatchObject({ action: "exact-duplicate", events: [], superseded: [] });
    expect(await book.get(newer.lesson.id)).toMatchObject({ status: "candidate", supersededById: null });
    expect(await store.listLessonEvents(newer.lesson.id)).toEqual(events);

    // Said again, in a new task, it is a new statement: the newest statement wins.
    const restated = await book.learn(lesson("Use yarn to install packages", "t3"));
    expect(restated.superseded.map((item) => item.id)).toEqual([newer.lesson.id]);
  });

  it("with overturns: false, records the rule and supersedes nothing, never merging into the rule it contradicts", async () => {
    const { book } = setup();
    const newer = await book.learn(pnpm);
    const old = await book.learn(yarn, { overturns: false });
    expect(old).toMatchObject({ action: "created", superseded: [] });
    expect(old.lesson.id).not.toBe(newer.lesson.id);
    expect(await book.get(newer.lesson.id)).toMatchObject({ status: "candidate", supersededById: null });
  });
});
