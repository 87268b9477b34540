import { describe, expect, it } from "vitest";
import type { ChangeContext, LessonChangeResult } from "./history.js";
import { createLesson, type Lesson, type LessonEvidence, lessonContentHash } from "./lesson.js";
import {
  adoptLesson,
  archiveLesson,
  demoteLesson,
  editLesson,
  evaluatePromotion,
  promotionReasons,
  recordRecallOutcome,
  refineLesson,
} from "./lifecycle.js";

const NOW = 50_000;

function context(now = NOW): ChangeContext {
  let next = 0;
  return { now, ids: () => `e${++next}` };
}

const quote = (taskId: string, text = `quote from ${taskId}`): LessonEvidence => ({
  quote: text,
  sessionId: "s1",
  taskId,
  at: 1,
});

function lesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    ...createLesson({
      id: "L1",
      kind: "verify",
      trigger: "before pushing",
      rule: "run the type checker",
      why: "CI failed twice on types",
      domain: "testing",
      scope: "project",
      projectId: "/repo",
      evidence: [quote("t1")],
      now: 0,
    }),
    ...overrides,
  };
}

function expectOk(result: LessonChangeResult) {
  if (!result.ok) throw result.error;
  return result;
}

function expectRefused(result: LessonChangeResult) {
  if (result.ok) throw new Error("expected a refusal");
  return result.error;
}

describe("evaluatePromotion (candidate → active)", () => {
  const twoTasks = [quote("t1", "a"), quote("t2", "b"), quote("t2", "c")];

  it("promotes at supportTaskCount ≥ 2 and evidenceCount ≥ 3 together", () => {
    const result = evaluatePromotion(
      lesson({ evidence: twoTasks, evidenceCount: 3, supportTaskCount: 2 }),
      context(),
    );
    const reason = "supported by 2 tasks with 3 pieces of evidence";
    expect(result.lesson).toMatchObject({ status: "active", statusReason: reason, updatedAt: NOW });
    expect(result.event).toMatchObject({ type: "lesson-activated", reason, at: NOW });
    expect(result.event?.before?.status).toBe("candidate");
  });

  it("does not promote on support alone or on evidence alone", () => {
    const twoQuotes = lesson({ evidence: twoTasks.slice(0, 2), evidenceCount: 2, supportTaskCount: 2 });
    expect(evaluatePromotion(twoQuotes, context())).toEqual({ lesson: twoQuotes, event: null });
    const oneTask = [quote("t1", "a"), quote("t1", "b"), quote("t1", "c")];
    const repeated = lesson({ evidence: oneTask, evidenceCount: 3, supportTaskCount: 1 });
    expect(evaluatePromotion(repeated, context())).toEqual({ lesson: repeated, event: null });
  });

  it("promotes an adopted lesson", () => {
    expect(evaluatePromotion(lesson({ adopted: true }), context()).lesson.status).toBe("active");
  });

  it("leaves a lesson that meets no condition, and non-candidates, unchanged", () => {
    const weak = lesson({ supportTaskCount: 1, evidenceCount: 2 });
    expect(evaluatePromotion(weak, context())).toEqual({ lesson: weak, event: null });
    const stale = lesson({ status: "stale", supportTaskCount: 9, evidenceCount: 9 });
    expect(evaluatePromotion(stale, context())).toEqual({ lesson: stale, event: null });
  });

  it("takes thresholds from config", () => {
    const supported = lesson({ evidence: twoTasks, evidenceCount: 3, supportTaskCount: 2 });
    expect(evaluatePromotion(supported, context(), { minSupportTasks: 3 }).event).toBeNull();
    expect(evaluatePromotion(supported, context(), { minEvidence: 4 }).event).toBeNull();
    expect(promotionReasons(lesson(), { minEvidence: 1, minSupportTasks: 1 })).toEqual([
      "supported by 1 task with 1 piece of evidence",
    ]);
  });
});

describe("adoptLesson", () => {
  it("activates a candidate", () => {
    const result = expectOk(adoptLesson(lesson(), { ...context(), reason: "used in skill deploy" }));
    expect(result.lesson).toMatchObject({
      adopted: true,
      status: "active",
      statusReason: "used in skill deploy",
    });
    expect(result.event.type).toBe("lesson-activated");
  });

  it("marks an active lesson adopted without moving it", () => {
    const result = expectOk(adoptLesson(lesson({ status: "refined" }), context()));
    expect(result.lesson).toMatchObject({ adopted: true, status: "refined" });
    expect(result.event.type).toBe("lesson-edited");
  });

  it("refuses archived and already adopted lessons", () => {
    expect(expectRefused(adoptLesson(lesson({ status: "archived" }), context())).code).toBe("archived");
    expect(expectRefused(adoptLesson(lesson({ adopted: true }), context())).code).toBe("no-change");
  });

  it("links the skill that adopts it, once", () => {
    const first = expectOk(adoptLesson(lesson(), { ...context(), skillId: "skill-1" }));
    expect(first.lesson).toMatchObject({
      adopted: true,
      status: "active",
      relatedSkillIds: ["skill-1"],
      statusReason: "adopted by skill skill-1",
    });
    const second = expectOk(adoptLesson(first.lesson, { ...context(), skillId: "skill-2" }));
    expect(second.lesson.relatedSkillIds).toEqual(["skill-1", "skill-2"]);
    expect(second.event.type).toBe("lesson-edited");
    const again = adoptLesson(second.lesson, { ...context(), skillId: "skill-1" });
    expect(expectRefused(again).code).toBe("no-change");
  });
});

describe("editLesson and refineLesson", () => {
  it("edits content, keeps status and recomputes the hash", () => {
    const result = expectOk(
      editLesson(lesson(), { rule: "run tsc --noEmit" }, { ...context(), reason: "more exact" }),
    );
    expect(result.lesson).toMatchObject({ rule: "run tsc --noEmit", status: "candidate", updatedAt: NOW });
    expect(result.lesson.contentHash).toBe(lessonContentHash(result.lesson));
    expect(result.lesson.contentHash).not.toBe(lesson().contentHash);
    expect(result.event).toMatchObject({ type: "lesson-edited", reason: "more exact" });
  });

  it("refuses no-op, invalid and archived edits", () => {
    const reason = { ...context(), reason: "x" };
    expect(expectRefused(editLesson(lesson(), { rule: "run the type checker" }, reason)).code).toBe(
      "no-change",
    );
    expect(expectRefused(editLesson(lesson(), { rule: " " }, reason)).code).toBe("invalid-transition");
    expect(expectRefused(editLesson(lesson(), { confidence: 2 }, reason)).code).toBe("invalid-transition");
    expect(expectRefused(editLesson(lesson({ status: "archived" }), { why: "y" }, reason)).code).toBe(
      "archived",
    );
  });

  it("refines an active lesson into refined", () => {
    const result = expectOk(
      refineLesson(
        lesson({ status: "active" }),
        { why: "CI fails on types" },
        { ...context(), reason: "new evidence" },
      ),
    );
    expect(result.lesson).toMatchObject({
      status: "refined",
      why: "CI fails on types",
      statusReason: "new evidence",
    });
    expect(result.event.type).toBe("lesson-refined");
    expect(
      expectOk(refineLesson(result.lesson, { domain: "workflow" }, { ...context(), reason: "r" })).lesson
        .status,
    ).toBe("refined");
  });

  it("refuses to refine a candidate", () => {
    expect(expectRefused(refineLesson(lesson(), { why: "z" }, { ...context(), reason: "r" })).code).toBe(
      "invalid-transition",
    );
  });
});

describe("demoteLesson (→ stale)", () => {
  it("demotes when superseded, recording the newer lesson", () => {
    const result = expectOk(
      demoteLesson(lesson({ status: "active" }), { kind: "superseded", supersededById: "L2" }, context()),
    );
    expect(result.lesson).toMatchObject({
      status: "stale",
      supersededById: "L2",
      statusReason: "superseded by L2",
    });
    expect(result.event.type).toBe("lesson-staled");
  });

  it("demotes when the environment is outdated", () => {
    const result = expectOk(
      demoteLesson(
        lesson({ status: "refined" }),
        { kind: "environment-outdated", detail: "moved off webpack" },
        context(),
      ),
    );
    expect(result.lesson.statusReason).toBe("environment outdated: moved off webpack");
  });

  it("refuses stale and archived lessons", () => {
    expect(
      expectRefused(demoteLesson(lesson({ status: "stale" }), { kind: "misleading" }, context())).code,
    ).toBe("invalid-transition");
    expect(
      expectRefused(demoteLesson(lesson({ status: "archived" }), { kind: "misleading" }, context())).code,
    ).toBe("invalid-transition");
  });
});

describe("recordRecallOutcome (misleading after recall)", () => {
  it("demotes after 3 consecutive misleading recalls", () => {
    let current = lesson({ status: "active" });
    const first = recordRecallOutcome(current, { misleading: true }, context());
    expect(first.lesson.misleadingRecallCount).toBe(1);
    expect(first.events.map((event) => event.type)).toEqual(["lesson-feedback"]);
    current = recordRecallOutcome(first.lesson, { misleading: true }, context()).lesson;
    const third = recordRecallOutcome(
      current,
      { misleading: true, detail: "suggested npm in a pnpm repo" },
      context(),
    );
    expect(third.lesson).toMatchObject({
      status: "stale",
      misleadingRecallCount: 3,
      statusReason: "misleading after recall: 3 consecutive misleading recalls",
    });
    expect(third.events.map((event) => event.type)).toEqual(["lesson-feedback", "lesson-staled"]);
    expect(third.events[1]?.before).toEqual(third.events[0]?.after);
  });

  it("keeps a convention however many tasks it was shown in fail: the user changes it, not outcomes", () => {
    let current = lesson({ status: "active", convention: true });
    for (let index = 0; index < 4; index++)
      current = recordRecallOutcome(current, { misleading: true }, context()).lesson;
    expect(current).toMatchObject({ status: "active", misleadingRecallCount: 4 });
  });

  it("resets the streak on a helpful recall", () => {
    const twice = lesson({ status: "active", misleadingRecallCount: 2 });
    const helpful = recordRecallOutcome(twice, { misleading: false }, context());
    expect(helpful.lesson.misleadingRecallCount).toBe(0);
    expect(recordRecallOutcome(helpful.lesson, { misleading: true }, context()).lesson.status).toBe("active");
    expect(recordRecallOutcome(helpful.lesson, { misleading: false }, context())).toEqual({
      lesson: helpful.lesson,
      events: [],
    });
  });

  it("uses the configured threshold and does not demote stale lessons again", () => {
    expect(
      recordRecallOutcome(lesson({ status: "active" }), { misleading: true }, context(), {
        misleadingRecallThreshold: 1,
      }).lesson.status,
    ).toBe("stale");
    const stale = recordRecallOutcome(
      lesson({ status: "stale", misleadingRecallCount: 5 }),
      { misleading: true },
      context(),
    );
    expect(stale.events).toHaveLength(1);
    expect(stale.lesson.status).toBe("stale");
  });
});

describe("archiveLesson", () => {
  it("archives from any status once", () => {
    for (const status of ["candidate", "active", "refined", "stale"] as const) {
      const result = expectOk(archiveLesson(lesson({ status }), { ...context(), reason: "obsolete" }));
      expect(result.lesson).toMatchObject({ status: "archived", statusReason: "obsolete" });
      expect(result.event.type).toBe("lesson-archived");
      expect(expectRefused(archiveLesson(result.lesson, { ...context(), reason: "again" })).code).toBe(
        "no-change",
      );
    }
  });
});
