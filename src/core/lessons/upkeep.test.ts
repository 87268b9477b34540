import { describe, expect, it } from "vitest";
import { DAY_MS, type FeedbackEvent } from "./decay.js";
import type { ChangeContext } from "./history.js";
import { createLesson, type Lesson, type LessonEvidence } from "./lesson.js";
import { recomputeLesson } from "./upkeep.js";

const NOW = 500 * DAY_MS;

function context(now = NOW): ChangeContext {
  let next = 0;
  return { now, ids: () => `e${++next}` };
}

const quote = (text: string, taskId?: string): LessonEvidence => ({
  quote: text,
  sessionId: "s1",
  ...(taskId ? { taskId } : {}),
  at: 1,
});

function lesson(evidence: LessonEvidence[], overrides: Partial<Lesson> = {}): Lesson {
  return {
    ...createLesson({
      id: "L1",
      kind: "prefer",
      trigger: "installing dependencies",
      rule: "use pnpm install",
      domain: "workflow",
      scope: "global",
      evidence,
      now: 0,
    }),
    ...overrides,
  };
}

const helpful = (at: number, index: number): FeedbackEvent => ({
  id: `f${index}`,
  lessonId: "L1",
  type: "helpful",
  rawValue: 1,
  source: "user",
  at,
});

describe("recomputeLesson", () => {
  it("changes nothing when nothing has moved", () => {
    const current = lesson([quote("use pnpm", "t1")]);
    expect(recomputeLesson(current, [], context())).toEqual({ lesson: current, events: [] });
  });

  it("lets a proven lesson that was not revalidated fade as its feedback decays", () => {
    const events = Array.from({ length: 6 }, (_, index) => helpful(NOW, index));
    const proven = lesson([quote("use pnpm", "t1")], {
      status: "active",
      maturity: "proven",
      lastValidatedAt: NOW,
    });
    expect(recomputeLesson(proven, events, context()).events).toEqual([]);
    const later = recomputeLesson(proven, events, context(NOW + 30 * DAY_MS));
    expect(later.lesson.maturity).toBe("established");
    expect(later.events.map((event) => event.type)).toEqual(["lesson-feedback"]);
    expect(later.events[0]?.reason).toMatch(/^maturity recomputed: 4\.7\d+ helpful/);
    const much = recomputeLesson(proven, events, context(NOW + 200 * DAY_MS));
    expect(much.lesson.maturity).toBe("candidate");
  });

  it("recounts support a lesson stored with an inflated count, and promotes one that now qualifies", () => {
    const inflated = lesson([quote("use pnpm", "t1")], {
      status: "active",
      statusReason: "supported by 2 tasks",
      supportTaskCount: 2,
    });
    const fixed = recomputeLesson(inflated, [], context());
    expect(fixed.lesson.supportTaskCount).toBe(1);
    expect(fixed.events.map((event) => event.reason)).toEqual([
      "support recounted from the evidence: 2 → 1 distinct task(s), 1 piece(s) of evidence",
    ]);

    const evidence = [quote("use pnpm", "t1"), quote("pnpm, not npm", "t2"), quote("pnpm again", "t2")];
    const undercounted = lesson(evidence, { supportTaskCount: 1 });
    const promoted = recomputeLesson(undercounted, [], context());
    expect(promoted.lesson).toMatchObject({ supportTaskCount: 2, status: "active" });
    expect(promoted.events.map((event) => event.type)).toEqual(["lesson-edited", "lesson-activated"]);
  });

  it("leaves an archived lesson as it is", () => {
    const archived = lesson([quote("use pnpm", "t1")], { status: "archived", supportTaskCount: 5 });
    expect(recomputeLesson(archived, [], context())).toEqual({ lesson: archived, events: [] });
  });
});
