import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyDedupDecision,
  type DedupNeighbour,
  decideDedup,
  keepsAllEvidence,
  mergeLessons,
} from "./dedup.js";
import type { ChangeContext } from "./history.js";
import { createLesson, type Lesson, type LessonEvidence, type NewLesson } from "./lesson.js";

const NOW = 9_000;

function context(now = NOW): ChangeContext {
  let next = 0;
  return { now, ids: () => `e${++next}` };
}

const quote = (taskId: string, text: string, sessionId = "s1"): LessonEvidence => ({
  quote: text,
  sessionId,
  taskId,
  at: 1,
});

function lesson(id: string, overrides: Partial<NewLesson> = {}, state: Partial<Lesson> = {}): Lesson {
  return {
    ...createLesson({
      id,
      kind: "avoid",
      trigger: "installing dependencies",
      rule: "do not use npm in this repo",
      domain: "project",
      scope: "project",
      projectId: "/repo",
      evidence: [quote("t1", "we use pnpm here")],
      now: 0,
      ...overrides,
    }),
    ...state,
  };
}

const candidate = lesson("C", { rule: "prefer pnpm over npm", evidence: [quote("t2", "pnpm please")] });
const near = (similarity: number, id = "N", state: Partial<Lesson> = {}): DedupNeighbour => ({
  lesson: lesson(id, {}, state),
  similarity,
});

describe("decideDedup (0.85 update, 0.60 append)", () => {
  it("updates at similarity 0.85 exactly", () => {
    expect(decideDedup({ candidate, neighbours: [near(0.85)] })).toMatchObject({
      action: "update",
      similarity: 0.85,
    });
  });

  it("appends evidence from 0.60 (inclusive) to below 0.85", () => {
    expect(decideDedup({ candidate, neighbours: [near(0.8499)] }).action).toBe("append-evidence");
    expect(decideDedup({ candidate, neighbours: [near(0.6)] })).toMatchObject({
      action: "append-evidence",
      similarity: 0.6,
    });
  });

  it("creates below 0.60 and without neighbours", () => {
    expect(decideDedup({ candidate, neighbours: [near(0.5999)] })).toEqual({
      action: "create",
      similarity: 0.5999,
    });
    expect(decideDedup({ candidate, neighbours: [] })).toEqual({ action: "create", similarity: null });
  });

  it("checks the exact hash first, whatever the similarity or status", () => {
    const twin = lesson("T", { rule: "Prefer  PNPM over npm." }, { status: "archived" });
    const decision = decideDedup({ candidate, neighbours: [near(0.99), { lesson: twin, similarity: 0.1 }] });
    expect(decision).toMatchObject({ action: "exact-duplicate", similarity: 0.1 });
    expect(decision.action !== "create" && decision.target.id).toBe("T");
  });

  it("follows the most similar live neighbour, skipping archived ones, itself and NaN", () => {
    const decision = decideDedup({
      candidate,
      neighbours: [
        near(0.7, "A"),
        near(0.95, "Archived", { status: "archived" }),
        near(0.9, "B"),
        { lesson: { ...candidate, contentHash: "other" }, similarity: 1 },
        near(Number.NaN, "X"),
      ],
    });
    expect(decision).toMatchObject({ action: "update", similarity: 0.9 });
    expect(decision.action !== "create" && decision.target.id).toBe("B");
  });

  it("takes thresholds from config and rejects inverted ones", () => {
    expect(
      decideDedup({ candidate, neighbours: [near(0.85)], config: { updateThreshold: 0.9 } }).action,
    ).toBe("append-evidence");
    expect(
      decideDedup({ candidate, neighbours: [near(0.55)], config: { appendThreshold: 0.5 } }).action,
    ).toBe("append-evidence");
    expect(() =>
      decideDedup({ candidate, neighbours: [], config: { appendThreshold: 0.9, updateThreshold: 0.8 } }),
    ).toThrow(/appendThreshold/);
  });
});

describe("mergeLessons", () => {
  const existing = lesson("E", {
    evidence: [quote("t1", "we use pnpm here"), quote("t1", "lockfile is pnpm-lock.yaml")],
    relatedSkillIds: ["skill-a"],
    confidence: 0.6,
  });

  it("unions evidence, dedups identical quotes and bumps support for new tasks", () => {
    const incoming = lesson("C", {
      evidence: [quote("t1", "We use pnpm here."), quote("t2", "npm broke the lockfile")],
      relatedSkillIds: ["skill-b", "skill-a"],
      confidence: 0.9,
    });
    const merged = mergeLessons(existing, incoming, { now: NOW });
    expect(merged.evidence.map((item) => item.quote)).toEqual([
      "we use pnpm here",
      "lockfile is pnpm-lock.yaml",
      "npm broke the lockfile",
    ]);
    expect(merged).toMatchObject({
      id: "E",
      rule: existing.rule,
      evidenceCount: 3,
      supportTaskCount: 2,
      confidence: 0.9,
      relatedSkillIds: ["skill-a", "skill-b"],
      updatedAt: NOW,
    });
  });

  it("makes a lesson a convention when the same rule is stated as one: its trigger and slot, the lesson's own rule", () => {
    const correction = lesson("E", {
      trigger: "When working in this project",
      rule: "Use @guarded_io on service methods, not `@sensor_safe`",
      evidence: [quote("t1", "use @guarded_io, not @sensor_safe")],
    });
    const stated = lesson("C", {
      trigger: "When writing code",
      rule: "From now on use @guarded_io on service methods instead of @sensor_safe",
      convention: true,
      slot: { id: "decorator.method", value: "@guarded_io" },
      evidence: [quote("t1", "from now on use @guarded_io on service methods instead of @sensor_safe")],
    });
    expect(mergeLessons(correction, stated, { now: NOW })).toMatchObject({
      id: "E",
      rule: "Use @guarded_io on service methods, not `@sensor_safe`",
      trigger: "When writing code",
      convention: true,
      slot: { id: "decorator.method", value: "@guarded_io" },
    });
    // A convention merged into a convention keeps its own trigger.
    const already = { ...correction, convention: true };
    expect(mergeLessons(already, stated, { now: NOW }).trigger).toBe("When working in this project");
  });

  it("does not bump support for a task it already has", () => {
    const sameTask = lesson("C", { evidence: [quote("t1", "another quote")] });
    expect(mergeLessons(existing, sameTask, { now: NOW }).supportTaskCount).toBe(1);
  });

  it("does not count an instinct's task-less quote of a session whose task already supports it", () => {
    const instinct = lesson("C", { evidence: [{ quote: "we use pnpm here", sessionId: "s1", at: 2 }] });
    const merged = mergeLessons(existing, instinct, { now: NOW });
    expect(merged).toMatchObject({ supportTaskCount: 1, evidenceCount: 2 });
    const other = lesson("C", { evidence: [{ quote: "Bash: pnpm install", sessionId: "s1", at: 2 }] });
    expect(mergeLessons(existing, other, { now: NOW })).toMatchObject({
      supportTaskCount: 1,
      evidenceCount: 3,
    });
    const elsewhere = lesson("C", { evidence: [{ quote: "Bash: pnpm install", sessionId: "s2", at: 2 }] });
    expect(mergeLessons(existing, elsewhere, { now: NOW }).supportTaskCount).toBe(2);
  });

  it("keeps one quote said again in another task of the same session as a second piece of evidence", () => {
    const again = lesson("C", { evidence: [quote("t2", "we use pnpm here")] });
    expect(mergeLessons(existing, again, { now: NOW })).toMatchObject({
      supportTaskCount: 2,
      evidenceCount: 3,
    });
  });

  it("never loses evidence and keeps evidenceCount = evidence length", () => {
    // A task belongs to one session, so its id names the session (as learnt tasks' ids do).
    const evidence = fc
      .record({
        quote: fc.constantFrom("a", "A.", "b", "c c", "C  c"),
        sessionId: fc.constantFrom("s1", "s2"),
        task: fc.option(fc.constantFrom("t1", "t2", "t3"), { nil: undefined }),
        at: fc.nat({ max: 10 }),
      })
      .map(
        ({ task, ...item }): LessonEvidence =>
          task === undefined ? item : { ...item, taskId: `${item.sessionId}:${task}` },
      );
    fc.assert(
      fc.property(
        fc.array(evidence, { maxLength: 8 }),
        fc.array(evidence, { maxLength: 8 }),
        (left, right) => {
          const a = lesson("E", { evidence: left });
          const b = lesson("C", { evidence: right });
          const merged = mergeLessons(a, b, { now: NOW });
          expect(keepsAllEvidence(a, merged)).toBe(true);
          expect(keepsAllEvidence(b, merged)).toBe(true);
          expect(merged.evidenceCount).toBe(merged.evidence.length);
          expect(merged.supportTaskCount).toBeGreaterThanOrEqual(a.supportTaskCount);
          expect(merged.evidence.length).toBeLessThanOrEqual(a.evidence.length + b.evidence.length);
        },
      ),
    );
  });
});

describe("supportTaskCount", () => {
  /** The tasks among evidence, counted independently: task ids, plus sessions none of whose quotes names a task. */
  function distinctTasks(evidence: readonly LessonEvidence[]): number {
    const tasks = new Set(evidence.flatMap((item) => (item.taskId === undefined ? [] : [item.taskId])));
    const sessionsWithTasks = new Set(
      evidence.flatMap((item) => (item.taskId === undefined ? [] : [item.sessionId])),
    );
    const sessionsOnly = new Set(
      evidence.flatMap((item) =>
        item.taskId === undefined && !sessionsWithTasks.has(item.sessionId) ? [item.sessionId] : [],
      ),
    );
    return tasks.size + sessionsOnly.size;
  }

  it("equals the number of distinct tasks among the evidence, through any sequence of writes", () => {
    const evidence = fc
      .record({
        quote: fc.constantFrom("use pnpm", "Use pnpm.", "npm broke it", "Bash: pnpm install"),
        sessionId: fc.constantFrom("s1", "s2", "s3"),
        task: fc.option(fc.constantFrom("t0", "t1"), { nil: undefined }),
        at: fc.nat({ max: 10 }),
      })
      .map(
        ({ task, ...item }): LessonEvidence =>
          task === undefined ? item : { ...item, taskId: `${item.sessionId}:${task}` },
      );
    const action = fc.constantFrom("exact-duplicate", "update", "append-evidence") as fc.Arbitrary<
      "exact-duplicate" | "update" | "append-evidence"
    >;
    fc.assert(
      fc.property(
        fc.array(evidence, { maxLength: 4 }),
        fc.array(fc.tuple(action, fc.array(evidence, { maxLength: 4 })), { maxLength: 6 }),
        (first, writes) => {
          let current = lesson("L", { evidence: first });
          expect(current.supportTaskCount).toBe(distinctTasks(current.evidence));
          for (const [index, [kind, quotes]] of writes.entries()) {
            const incoming = lesson(`C${index}`, { evidence: quotes });
            const write = applyDedupDecision(
              kind === "exact-duplicate"
                ? { action: kind, target: current, similarity: 1 }
                : { action: kind, target: current, similarity: kind === "update" ? 0.9 : 0.7 },
              incoming,
              context(),
            );
            if (write.events.length === 0) expect(write.lesson).toBe(current);
            else expect(write.lesson.evidence.length).toBeGreaterThanOrEqual(current.evidence.length);
            current = write.lesson;
            expect(current.supportTaskCount).toBe(distinctTasks(current.evidence));
            expect(current.evidenceCount).toBe(current.evidence.length);
          }
        },
      ),
    );
  });

  it("does not grow when a merge adds no evidence", () => {
    const target = lesson("N", { evidence: [quote("t1", "never force-push to main")] });
    const instinct = {
      ...candidate,
      evidence: [{ quote: "Never force-push to main.", sessionId: "s1", at: 5 }],
    };
    const write = applyDedupDecision(
      { action: "exact-duplicate", target, similarity: 1 },
      instinct,
      context(),
    );
    expect(write.lesson.evidence).toEqual(target.evidence);
    expect(write.lesson.supportTaskCount).toBe(1);
    expect(write.lesson.status).toBe("candidate");
  });
});

describe("applyDedupDecision", () => {
  it("creates a candidate with a lesson-created event", () => {
    const write = applyDedupDecision({ action: "create", similarity: null }, candidate, context());
    expect(write.created).toBe(true);
    expect(write.lesson).toEqual(candidate);
    expect(write.events).toEqual([
      {
        id: "e1",
        lessonId: "C",
        type: "lesson-created",
        before: null,
        after: candidate,
        reason: "new lesson",
        at: NOW,
      },
    ]);
  });

  it("updates: merges with support, and activates once 2 tasks give 3 pieces of evidence", () => {
    const target = lesson("N");
    const write = applyDedupDecision({ action: "update", target, similarity: 0.9 }, candidate, context());
    expect(write.created).toBe(false);
    expect(write.lesson).toMatchObject({
      id: "N",
      supportTaskCount: 2,
      evidenceCount: 2,
      status: "candidate",
    });
    expect(write.events.map((event) => event.type)).toEqual(["lesson-merged"]);
    expect(write.events[0]?.before).toBe(target);

    const third = { ...candidate, evidence: [quote("t2", "npm again broke the lockfile")] };
    const more = applyDedupDecision(
      { action: "update", target: write.lesson, similarity: 0.9 },
      third,
      context(),
    );
    expect(more.lesson).toMatchObject({ supportTaskCount: 2, evidenceCount: 3, status: "active" });
    expect(more.events.map((event) => event.type)).toEqual(["lesson-merged", "lesson-activated"]);
    expect(more.events[1]?.after).toEqual(more.lesson);
  });

  it("appends the evidence of a related lesson; support is the tasks among the evidence", () => {
    const target = lesson("N");
    const write = applyDedupDecision(
      { action: "append-evidence", target, similarity: 0.7 },
      candidate,
      context(),
    );
    expect(write.lesson).toMatchObject({ supportTaskCount: 2, evidenceCount: 2, status: "candidate" });
    expect(write.events.map((event) => event.type)).toEqual(["lesson-evidence-added"]);
  });

  it("refines an active lesson learnt again from a new task, not from a task it already has", () => {
    const active: Lesson = { ...lesson("N"), status: "active", statusReason: "adopted", adopted: true };
    const sameTask = { ...candidate, evidence: [quote("t1", "pnpm, really")] };
    const unchanged = applyDedupDecision(
      { action: "update", target: active, similarity: 0.9 },
      sameTask,
      context(),
    );
    expect(unchanged.lesson.status).toBe("active");
    expect(unchanged.events.map((event) => event.type)).toEqual(["lesson-merged"]);

    const write = applyDedupDecision(
      { action: "update", target: active, similarity: 0.9 },
      candidate,
      context(),
    );
    expect(write.lesson).toMatchObject({ status: "refined", supportTaskCount: 2 });
    expect(write.lesson.statusReason).toBe("learnt again after activation, from task t2");
    expect(write.events.map((event) => event.type)).toEqual(["lesson-merged", "lesson-refined"]);

    const related = applyDedupDecision(
      { action: "append-evidence", target: active, similarity: 0.7 },
      candidate,
      context(),
    );
    expect(related.lesson.status).toBe("active");
  });

  it("never makes a second lesson from an exact duplicate, and re-learning it changes nothing", () => {
    const target = lesson("N", { rule: "prefer pnpm over npm", evidence: [quote("t2", "pnpm please")] });
    const decision = decideDedup({ candidate, neighbours: [{ lesson: target, similarity: 1 }] });
    expect(decision.action).toBe("exact-duplicate");
    const write = applyDedupDecision(decision, candidate, context());
    expect(write).toEqual({ lesson: target, events: [], created: false });

    const fromNewTask = { ...candidate, evidence: [quote("t3", "pnpm again")] };
    const merged = applyDedupDecision(decision, fromNewTask, context());
    expect(merged.created).toBe(false);
    expect(merged.lesson).toMatchObject({ id: "N", supportTaskCount: 2, evidenceCount: 2 });
    expect(merged.events[0]?.type).toBe("lesson-merged");
  });
});
