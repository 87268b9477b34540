import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { recordPatternObservation } from "./anti-pattern.js";
import { DAY_MS, type FeedbackEvent } from "./decay.js";
import { applyDedupDecision } from "./dedup.js";
import {
  type ChangeContext,
  type LessonEvent,
  lessonsEqual,
  makeLessonEvent,
  revertEvent,
} from "./history.js";
import { createLesson, type Lesson } from "./lesson.js";
import {
  adoptLesson,
  archiveLesson,
  demoteLesson,
  editLesson,
  recordRecallOutcome,
  refineLesson,
} from "./lifecycle.js";
import { applyFeedback, deprecateLesson, promoteLesson, resetLesson } from "./maturity.js";

const NOW = 400 * DAY_MS;

function context(now = NOW): ChangeContext {
  let next = 0;
  return { now, ids: () => `e${now}-${++next}` };
}

function lesson(overrides: Partial<Lesson> = {}): Lesson {
  return {
    ...createLesson({
      id: "L1",
      kind: "prefer",
      trigger: "adding a dependency",
      rule: "use pnpm add",
      domain: "project",
      scope: "project",
      projectId: "/repo",
      evidence: [{ quote: "we use pnpm", sessionId: "s1", taskId: "t1", at: 1 }],
      now: 0,
    }),
    ...overrides,
  };
}

describe("makeLessonEvent", () => {
  it("takes the lesson id from after, else before", () => {
    const base = lesson();
    expect(
      makeLessonEvent({ id: "e", type: "lesson-created", before: null, after: base, reason: "r", at: 1 })
        .lessonId,
    ).toBe("L1");
    expect(
      makeLessonEvent({ id: "e", type: "lesson-reverted", before: base, after: null, reason: "r", at: 1 })
        .lessonId,
    ).toBe("L1");
  });

  it("throws for an event about nothing or about two lessons", () => {
    expect(() =>
      makeLessonEvent({ id: "e", type: "lesson-edited", before: null, after: null, reason: "r", at: 1 }),
    ).toThrow();
    expect(() =>
      makeLessonEvent({
        id: "e",
        type: "lesson-edited",
        before: lesson(),
        after: lesson({ id: "L2" }),
        reason: "r",
        at: 1,
      }),
    ).toThrow(/different lessons/);
  });
});

describe("lessonsEqual", () => {
  it("compares structurally and treats undefined keys as absent", () => {
    const base = lesson();
    expect(
      lessonsEqual(base, {
        ...base,
        evidence: base.evidence.map((item) => ({ ...item, turnId: undefined })),
      }),
    ).toBe(true);
    expect(lessonsEqual(base, { ...base, evidence: [] })).toBe(false);
    expect(lessonsEqual(null, null)).toBe(true);
    expect(lessonsEqual(base, null)).toBe(false);
  });
});

describe("revertEvent", () => {
  const base = lesson();
  const edited = editLesson(base, { rule: "use pnpm add -w" }, { ...context(), reason: "workspace root" });
  if (!edited.ok) throw edited.error;

  it("restores the state before the change, exactly, and records a lesson-reverted event", () => {
    const result = revertEvent(edited.event, edited.lesson, { ...context(NOW + 1), isLatest: true });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.restore).toBe(base);
    expect(result.event).toMatchObject({
      type: "lesson-reverted",
      lessonId: "L1",
      before: edited.lesson,
      after: base,
      reason: `revert ${edited.event.id} (lesson-edited)`,
      at: NOW + 1,
    });
  });

  it("reverts a creation into deleting the lesson", () => {
    const created = makeLessonEvent({
      id: "c",
      type: "lesson-created",
      before: null,
      after: base,
      reason: "new",
      at: 0,
    });
    const result = revertEvent(created, base, context());
    expect(result.ok && result.restore).toBeNull();
    expect(result.ok && result.event.after).toBeNull();
  });

  it("refuses when the lesson changed since, unless the event is the latest", () => {
    const later = archiveLesson(edited.lesson, { ...context(), reason: "gone" });
    if (!later.ok) throw later.error;
    const refused = revertEvent(edited.event, later.lesson, context());
    expect(refused.ok ? undefined : refused.error.code).toBe("revert-conflict");
    const forced = revertEvent(edited.event, later.lesson, { ...context(), isLatest: true });
    expect(forced.ok && forced.restore).toBe(base);
  });

  it("refuses to undo twice", () => {
    const result = revertEvent(edited.event, base, { ...context(), isLatest: true });
    expect(result.ok ? undefined : result.error.code).toBe("no-change");
  });

  it("throws when given another lesson", () => {
    expect(() => revertEvent(edited.event, lesson({ id: "L9" }), context())).toThrow(/L9/);
  });
});

type Step =
  | "edit"
  | "refine"
  | "adopt"
  | "demote"
  | "archive"
  | "promote"
  | "deprecate"
  | "reset"
  | "misleading"
  | "helpful-recall"
  | "feedback-helpful"
  | "feedback-harmful"
  | "observe-failure"
  | "observe-success"
  | "merge";

const STEPS: Step[] = [
  "edit",
  "refine",
  "adopt",
  "demote",
  "archive",
  "promote",
  "deprecate",
  "reset",
  "misleading",
  "helpful-recall",
  "feedback-helpful",
  "feedback-harmful",
  "observe-failure",
  "observe-success",
  "merge",
];

/** Apply one step; returns the lesson's own events (an inversion's new lesson is ignored here). */
function apply(
  current: Lesson,
  step: Step,
  index: number,
  feedback: FeedbackEvent[],
): { lesson: Lesson; events: LessonEvent[] } {
  const change = { ...context(NOW + index * DAY_MS), reason: `step ${index}` };
  const single = (result: { ok: true; lesson: Lesson; event: LessonEvent } | { ok: false }) =>
    result.ok ? { lesson: result.lesson, events: [result.event] } : { lesson: current, events: [] };
  switch (step) {
    case "edit":
      return single(editLesson(current, { why: `why ${index}` }, change));
    case "refine":
      return single(refineLesson(current, { rule: `use pnpm add (v${index})` }, change));
    case "adopt":
      return single(adoptLesson(current, change));
    case "demote":
      return single(demoteLesson(current, { kind: "superseded", supersededById: `L${index}` }, change));
    case "archive":
      return single(archiveLesson(current, change));
    case "promote":
      return single(promoteLesson(current, change));
    case "deprecate":
      return single(deprecateLesson(current, change));
    case "reset":
      return single(resetLesson(current, change));
    case "misleading":
    case "helpful-recall":
      return recordRecallOutcome(current, { misleading: step === "misleading" }, change);
    case "feedback-helpful":
    case "feedback-harmful": {
      const event: FeedbackEvent = {
        id: `f${index}`,
        lessonId: current.id,
        type: step === "feedback-helpful" ? "helpful" : "harmful",
        rawValue: 1,
        source: "user",
        at: change.now,
      };
      feedback.push(event);
      const result = applyFeedback(current, event, feedback, change);
      return { lesson: result.lesson, events: [result.event] };
    }
    case "observe-failure":
    case "observe-success": {
      const result = recordPatternObservation(
        current,
        { success: step === "observe-success", ref: `t${index}` },
        change,
      );
      return {
        lesson: result.lesson,
        events: result.events.filter((event) => event.lessonId === current.id),
      };
    }
    case "merge": {
      const incoming = createLesson({
        id: `C${index}`,
        kind: current.kind,
        trigger: current.trigger,
        rule: current.rule,
        domain: current.domain,
        scope: current.scope,
        projectId: current.projectId,
        evidence: [{ quote: `quote ${index}`, sessionId: `s${index}`, at: change.now }],
        now: change.now,
      });
      const write = applyDedupDecision(
        { action: "update", target: current, similarity: 0.9 },
        incoming,
        change,
      );
      return { lesson: write.lesson, events: write.events };
    }
  }
}

describe("property: reverting the last event restores the previous state exactly", () => {
  it("holds after any sequence of changes, all the way back to creation", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STEPS), { minLength: 1, maxLength: 25 }), (steps) => {
        const start = lesson();
        const history: LessonEvent[] = [
          makeLessonEvent({
            id: "created",
            type: "lesson-created",
            before: null,
            after: start,
            reason: "new",
            at: 0,
          }),
        ];
        const states: (Lesson | null)[] = [null];
        const feedback: FeedbackEvent[] = [];
        let current: Lesson | null = start;
        steps.forEach((step, index) => {
          const result = apply(current as Lesson, step, index, feedback);
          for (const event of result.events) {
            expect(lessonsEqual(event.before, current)).toBe(true);
            states.push(current);
            history.push(event);
            current = event.after;
          }
          expect(lessonsEqual(current, result.lesson)).toBe(true);
        });
        for (let index = history.length - 1; index >= 0; index--) {
          const event = history[index] as LessonEvent;
          const result = revertEvent(event, current, context(NOW * 2));
          if (!result.ok) throw result.error;
          expect(result.restore).toBe(states[index]);
          expect(lessonsEqual(result.restore, event.before)).toBe(true);
          current = result.restore;
        }
        expect(current).toBeNull();
      }),
      { numRuns: 300 },
    );
  });

  it("refuses to revert an older event while later ones stand", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...STEPS), { minLength: 2, maxLength: 15 }), (steps) => {
        const history: LessonEvent[] = [];
        const feedback: FeedbackEvent[] = [];
        let current = lesson();
        steps.forEach((step, index) => {
          const result = apply(current, step, index, feedback);
          history.push(...result.events);
          current = result.lesson;
        });
        const first = history[0];
        fc.pre(
          first !== undefined && !lessonsEqual(current, first.after) && !lessonsEqual(current, first.before),
        );
        const result = revertEvent(first as LessonEvent, current, context());
        expect(result.ok ? undefined : result.error.code).toBe("revert-conflict");
      }),
    );
  });
});
