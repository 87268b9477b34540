import { describe, expect, it } from "vitest";
import type { LessonEvidence } from "../core/lessons/lesson.js";
import { createHashingEmbedder } from "../models/hashing-embedder.js";
import { LessonConflictError } from "../store/lesson-store.js";
import { lessonBookOnTempStore } from "../testing/lesson-book-store.js";
import { useTempDir } from "../testing/temp-dir.js";
import type { LessonInput } from "./lesson-text.js";

const tempDir = useTempDir();
const DAY = 86_400_000;

function setup() {
  return lessonBookOnTempStore(tempDir(), Date.UTC(2026, 5, 1));
}

function evidence(quote: string, taskId: string): LessonEvidence {
  return { quote, sessionId: `s-${taskId}`, taskId, at: Date.UTC(2026, 5, 1) };
}

/** A task that went well: quick, no errors, no retries (score 1.0 when it succeeded). */
const quick = (success: boolean) => ({ success, durationMs: 60_000, errorCount: 0, retryCount: 0 });
/** A task that went badly: failed after three errors and two retries (score 0.3, harmful). */
const bad = { success: false, durationMs: 60_000, errorCount: 3, retryCount: 2 };

const pnpm: LessonInput = {
  kind: "prefer",
  trigger: "installing dependencies in this repository",
  rule: "Use pnpm install, not npm install",
  why: "the repo has a pnpm-lock.yaml; npm broke the lockfile",
  domain: "workflow",
  scope: "project",
  projectId: "/work/app",
  evidence: [evidence("no, use pnpm here", "t1")],
};

describe("lesson book: dedup on write", () => {
  it("an exact duplicate never makes a second lesson; it adds its evidence and support", async () => {
    const { store, book } = setup();
    const first = await book.learn(pnpm);
    expect(first.action).toBe("created");
    const again = await book.learn({
      ...pnpm,
      rule: "use  PNPM install, not npm install!",
      evidence: [evidence("pnpm please", "t2")],
    });
    expect(again.action).toBe("exact-duplicate");
    expect(again.lesson.id).toBe(first.lesson.id);
    expect(again.lesson.supportTaskCount).toBe(2);
    expect(again.lesson.evidence.map((item) => item.quote)).toEqual(["no, use pnpm here", "pnpm please"]);
    // Two tasks with a quote each are not enough yet: promotion needs 3 pieces of evidence too.
    expect(again.lesson.status).toBe("candidate");
    const third = await book.learn({ ...pnpm, evidence: [evidence("pnpm, as I said", "t2")] });
    expect(third.lesson).toMatchObject({ supportTaskCount: 2, evidenceCount: 3, status: "active" });
    expect(await store.countLessons()).toBe(1);
  });

  it("merges a near-duplicate phrasing in English and in Chinese, and keeps a clear non-duplicate apart", async () => {
    const { store, book } = setup();
    await book.learn(pnpm);
    const near = await book.learn({
      ...pnpm,
      trigger: "when installing the dependencies of this repository",
      rule: "Use pnpm install instead of npm install",
      evidence: [evidence("again: pnpm, not npm", "t3")],
    });
    expect(["update", "append-evidence"]).toContain(near.action);
    expect(near.similarity).toBeGreaterThanOrEqual(0.6);

    const zh = await book.learn({
      ...pnpm,
      trigger: "在这个仓库安装依赖时",
      rule: "用 pnpm 安装依赖，不要用 npm",
      evidence: [evidence("不是 npm，应该用 pnpm", "t4")],
    });
    expect(zh.action).toBe("created");
    const zhNear = await book.learn({
      ...pnpm,
      trigger: "在这个仓库里安装依赖的时候",
      rule: "要用 pnpm 安装依赖，别用 npm",
      evidence: [evidence("我说了用 pnpm", "t5")],
    });
    expect(["update", "append-evidence"]).toContain(zhNear.action);
    expect(zhNear.lesson.id).toBe(zh.lesson.id);

    const other = await book.learn({
      kind: "verify",
      trigger: "before pushing to the main branch",
      rule: "Run the full test suite with npm test first",
      domain: "git",
      scope: "project",
      projectId: "/work/app",
      evidence: [evidence("you pushed without running tests", "t6")],
    });
    expect(other.action).toBe("created");
    expect(other.similarity ?? 0).toBeLessThan(0.6);
    expect(await store.countLessons()).toBe(3);
  });

  it("does not merge lessons of different projects", async () => {
    const { store, book } = setup();
    await book.learn(pnpm);
    const elsewhere = await book.learn({ ...pnpm, projectId: "/work/other" });
    expect(elsewhere.action).toBe("created");
    expect(await store.countLessons()).toBe(2);
  });
});

describe("lesson book: track record", () => {
  it("moves maturity on feedback, refuses to promote a deprecated lesson until reset", async () => {
    const { book } = setup();
    const { lesson } = await book.learn(pnpm);
    for (let index = 0; index < 3; index++)
      await book.feedback(lesson.id, { type: "helpful", source: "user" });
    expect((await book.get(lesson.id))?.maturity).toBe("established");
    for (let index = 0; index < 2; index++)
      await book.feedback(lesson.id, { type: "helpful", source: "user" });
    expect((await book.get(lesson.id))?.maturity).toBe("proven");
    for (let index = 0; index < 3; index++)
      await book.feedback(lesson.id, { type: "harmful", source: "user" });
    expect((await book.get(lesson.id))?.maturity).toBe("deprecated");
    const refused = await book.promote(lesson.id);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.code).toBe("deprecated-needs-reset");
    expect((await book.reset(lesson.id)).ok).toBe(true);
    expect((await book.promote(lesson.id)).ok).toBe(true);
    expect((await book.get(lesson.id))?.maturity).toBe("proven");
    const details = await book.details(lesson.id);
    expect(details.feedback).toHaveLength(8);
    expect(details.weight.weight).toBeGreaterThanOrEqual(0.1);
  });

  it("scores a task outcome into helpful or harmful feedback on the lessons in play", async () => {
    const { book } = setup();
    const { lesson } = await book.learn(pnpm);
    const fast = await book.scoreOutcome([lesson.id], {
      sessionId: "s",
      taskId: null,
      durationMs: 120_000,
      errorCount: 0,
      retryCount: 0,
      success: true,
    });
    expect(fast.scored.type).toBe("helpful");
    const failed = await book.scoreOutcome([lesson.id], {
      sessionId: "s",
      taskId: null,
      durationMs: 3_600_000,
      errorCount: 4,
      retryCount: 3,
      success: false,
    });
    expect(failed.scored.type).toBe("harmful");
    const feedback = (await book.details(lesson.id)).feedback;
    expect(feedback.map((item) => [item.type, item.source])).toEqual([
      ["helpful", "outcome"],
      ["harmful", "outcome"],
    ]);
  });

  it("stores a feedback reason redacted, a blank one as none, and refuses one that is too long", async () => {
    const { store, book } = setup();
    const { lesson } = await book.learn(pnpm);
    const given = await book.feedback(lesson.id, {
      type: "harmful",
      source: "user",
      reason: "  it failed with api_key=sk-live-0123456789abcdef in the log  ",
    });
    expect(given.feedback?.reason).toBe("it failed with api_key=[REDACTED:api-key] in the log");
    expect(given.events[0]?.reason).toContain('"it failed with api_key=[REDACTED:api-key] in the log"');
    const blank = await book.feedback(lesson.id, { type: "helpful", source: "user", reason: "   " });
    expect(blank.feedback?.reason).toBeNull();
    await expect(
      book.feedback(lesson.id, { type: "helpful", source: "user", reason: "x".repeat(2001) }),
    ).rejects.toThrow("field reason: is 2001 characters long; at most 2000 are kept");

    const stored = await store.listLessonFeedback(lesson.id);
    expect(stored.map((item) => item.reason)).toEqual([
      "it failed with api_key=[REDACTED:api-key] in the log",
      null,
    ]);
    const raw = store.db.prepare("SELECT group_concat(reason) AS reasons FROM lesson_feedback").get() as {
      reasons: string;
    };
    expect(raw.reasons).not.toContain("sk-live");
    const history = await book.history(lesson.id);
    expect(JSON.stringify(history)).not.toContain("sk-live");
  });

  it("judges a recall by the task outcome's score, not by its success flag alone", async () => {
    const { store, book } = setup();
    const { lesson } = await book.learn(pnpm);
    // A slow success with three errors and two retries scores 0.54: neutral, not helpful.
    const slow = { success: true, durationMs: 40 * 60_000, errorCount: 3, retryCount: 2 };
    const judged = await book.recallOutcome(lesson.id, { outcome: slow, recallId: "R1" });
    expect(judged.scored).toMatchObject({ type: "neutral", rawScore: 0.54 });
    // A quick failure with one error scores 0.52: neutral too, so it is not a misleading recall.
    const quickFailure = { success: false, durationMs: 60_000, errorCount: 1, retryCount: 0 };
    await book.recallOutcome(lesson.id, { outcome: quickFailure, recallId: "R2" });
    expect((await book.get(lesson.id))?.misleadingRecallCount).toBe(0);
    const harmful = await book.recallOutcome(lesson.id, { outcome: bad, recallId: "R3" });
    expect(harmful.scored.type).toBe("harmful");
    expect(harmful.lesson.misleadingRecallCount).toBe(1);
    const feedback = await store.listLessonFeedback(lesson.id);
    expect(feedback.map((item) => [item.type, item.rawValue])).toEqual([
      ["neutral", 0.54],
      ["neutral", 0.52],
      ["harmful", 0.7],
    ]);
  });

  it("judges a lesson once per recall event, whichever path comes second", async () => {
    const { store, book } = setup();
    const { lesson } = await book.learn(pnpm);
    const first = await book.recallOutcome(lesson.id, {
      outcome: quick(true),
      recallId: "R1",
      sessionId: "s",
    });
    expect(first).toMatchObject({ ok: true, applied: true });
    const again = await book.recallOutcome(lesson.id, { outcome: bad, recallId: "R1", sessionId: "s" });
    expect(again).toMatchObject({ ok: true, applied: false, events: [] });
    const other = await book.recallOutcome(lesson.id, {
      outcome: quick(true),
      recallId: "R2",
      sessionId: "s",
    });
    expect(other.applied).toBe(true);
    const feedback = await store.listLessonFeedback(lesson.id);
    expect(feedback.map((item) => [item.type, item.source, item.recallId])).toEqual([
      ["helpful", "recall", "R1"],
      ["helpful", "recall", "R2"],
    ]);

    // Two writers that both read the lesson before either wrote: the store refuses the second.
    const current = (await store.getLesson(lesson.id)) as NonNullable<
      Awaited<ReturnType<typeof store.getLesson>>
    >;
    const duplicate = {
      id: "dup",
      lessonId: lesson.id,
      type: "helpful" as const,
      rawValue: 1,
      source: "recall" as const,
      at: 1,
      recallId: "R1",
    };
    await expect(
      store.commitLessonChanges({
        writes: [{ lesson: { ...current, updatedAt: current.updatedAt + 1 }, expected: current }],
        deletes: [],
        events: [],
        feedback: [duplicate],
        vectors: [],
      }),
    ).rejects.toThrow(LessonConflictError);
    expect(await store.getLesson(lesson.id)).toEqual(current);
  });

  it("inverts a pattern that fails 5 of 7 times into an anti-pattern linked to it", async () => {
    const { store, book } = setup();
    const { lesson } = await book.learn({
      kind: "pattern",
      trigger: "decomposing a feature into subtasks",
      rule: "Split by file type",
      domain: "workflow",
      scope: "global",
      evidence: [evidence("split by file type", "t1")],
    });
    const outcomes = [true, false, false, true, false, false, false];
    let inverted: string | undefined;
    for (const [index, success] of outcomes.entries()) {
      const observed = await book.observe(lesson.id, { success, ref: `task-${index}` });
      if (observed.inversion) inverted = observed.inversion.inverted.id;
    }
    expect(inverted).toBeDefined();
    const anti = await store.getLesson(inverted as string);
    expect(anti?.kind).toBe("anti_pattern");
    expect(anti?.invertedFromId).toBe(lesson.id);
    expect((await store.getLesson(lesson.id))?.invertedToId).toBe(inverted);
    // The inversion fires at the first point the thresholds are met (3/5 failures ≥ 60%).
    expect(anti?.rule).toMatch(/^Avoid: split by file type\. Failed \d\/\d times \(\d+% failure rate\)$/);
  });
});

describe("lesson book: history and revert", () => {
  it("records every change and reverts the last one exactly", async () => {
    const { book, advance } = setup();
    const { lesson } = await book.learn(pnpm);
    advance(DAY);
    const before = await book.get(lesson.id);
    await book.edit(lesson.id, { rule: "Always use pnpm, never npm" }, "clearer wording");
    const history = await book.history(lesson.id);
    expect(history.map((event) => event.type)).toEqual(["lesson-created", "lesson-edited"]);
    const edited = history.at(-1);
    expect(edited?.reason).toBe("clearer wording");
    expect(edited?.before?.rule).toBe(pnpm.rule);
    const reverted = await book.revert(edited?.id as string);
    expect(reverted.ok).toBe(true);
    expect(await book.get(lesson.id)).toEqual(before);
    expect((await book.history(lesson.id)).at(-1)?.type).toBe("lesson-reverted");
  });

  it("reverting the creation removes the lesson, and a stale revert is refused", async () => {
    const { store, book } = setup();
    const { lesson, events } = await book.learn(pnpm);
    await book.archive(lesson.id, "obsolete");
    const stale = await book.revert(events[0]?.id as string);
    expect(stale.ok).toBe(false);
    if (!stale.ok) expect(stale.error.code).toBe("revert-conflict");
    const archived = (await book.history(lesson.id)).at(-1);
    expect((await book.revert(archived?.id as string)).ok).toBe(true);
    expect((await book.revert(events[0]?.id as string)).ok).toBe(true);
    expect(await store.getLesson(lesson.id)).toBeNull();
    expect(
      await store.nearestLessons({
        embedderId: book.embedderId,
        vector: createHashingEmbedder().embedSync(pnpm.rule),
        scopeKeys: ["project:/work/app"],
        k: 5,
      }),
    ).toEqual([]);
  });

  it("refuses a write based on a stale read", async () => {
    const { store, book } = setup();
    const { lesson } = await book.learn(pnpm);
    await book.promote(lesson.id);
    await expect(
      store.commitLessonChanges({
        writes: [{ lesson: { ...lesson, rule: "x" }, expected: lesson }],
        deletes: [],
        events: [],
        feedback: [],
        vectors: [],
      }),
    ).rejects.toBeInstanceOf(LessonConflictError);
  });
});
