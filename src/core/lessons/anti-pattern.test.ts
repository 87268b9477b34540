import { describe, expect, it } from "vitest";
import { formatAntiPatternsForPrompt, recordPatternObservation, renderAntiPattern } from "./anti-pattern.js";
import type { ChangeContext } from "./history.js";
import { createLesson, type Lesson, lessonContentHash } from "./lesson.js";

const NOW = 7_000;

function context(now = NOW): ChangeContext {
  let next = 0;
  return { now, ids: () => `id${++next}` };
}

function pattern(overrides: Partial<Lesson> = {}, rule = "split by file type"): Lesson {
  return {
    ...createLesson({
      id: "pattern-123",
      kind: "pattern",
      trigger: "decomposing a feature into subtasks",
      rule,
      domain: "workflow",
      scope: "project",
      projectId: "/repo",
      evidence: [{ quote: "the types and tests conflicted", sessionId: "s1", taskId: "bd-1", at: 1 }],
      now: 0,
    }),
    ...overrides,
  };
}

describe("renderAntiPattern", () => {
  it("renders the documented 5/7 example in English and Chinese", () => {
    expect(renderAntiPattern("split by file type", 2, 5)).toEqual({
      text: "Avoid: split by file type. Failed 5/7 times (71% failure rate)",
      reason: "Failed 5/7 times (71% failure rate)",
      language: "en",
    });
    expect(renderAntiPattern("按文件类型拆分", 2, 5)).toEqual({
      text: "避免:按文件类型拆分。失败5/7次(71%失败率)",
      reason: "失败5/7次(71%失败率)",
      language: "zh",
    });
  });

  it("renders the prompt examples", () => {
    expect(renderAntiPattern("按文件类型拆分", 3, 12).text).toBe(
      "避免:按文件类型拆分。失败12/15次(80%失败率)",
    );
    expect(renderAntiPattern("每个子任务一个文件", 2, 8).text).toBe(
      "避免:每个子任务一个文件。失败8/10次(80%失败率)",
    );
  });

  it("tidies the rule: trailing punctuation, sentence-case first letter, acronyms kept", () => {
    expect(renderAntiPattern("Split by file type.", 0, 3).text).toBe(
      "Avoid: split by file type. Failed 3/3 times (100% failure rate)",
    );
    expect(renderAntiPattern("API routes in one subtask", 1, 2).text).toBe(
      "Avoid: API routes in one subtask. Failed 2/3 times (67% failure rate)",
    );
    expect(renderAntiPattern("按文件类型拆分。", 2, 5).text).toBe(
      "避免:按文件类型拆分。失败5/7次(71%失败率)",
    );
  });

  it("uses a configured prefix", () => {
    expect(renderAntiPattern("x", 0, 3, { en: "Don't: ", zh: "不要:" }).text).toMatch(/^Don't: x\. /);
  });
});

describe("recordPatternObservation (anti-pattern inversion)", () => {
  it("inverts 2 successes / 5 failures into the documented anti-pattern, linked both ways", () => {
    const start = pattern({ successCount: 2, failureCount: 4 });
    const result = recordPatternObservation(start, { success: false, ref: "bd-123.1" }, context());
    expect(result.inversion).toBeDefined();
    const inverted = result.inversion?.inverted as Lesson;
    expect(inverted).toMatchObject({
      id: "id2",
      kind: "anti_pattern",
      rule: "Avoid: split by file type. Failed 5/7 times (71% failure rate)",
      why: "Failed 5/7 times (71% failure rate)",
      trigger: start.trigger,
      domain: "workflow",
      scope: "project",
      projectId: "/repo",
      successCount: 2,
      failureCount: 5,
      confidence: 0.71,
      invertedFromId: "pattern-123",
      status: "candidate",
      maturity: "candidate",
      evidence: start.evidence,
      createdAt: NOW,
    });
    expect(inverted.contentHash).toBe(lessonContentHash(inverted));
    expect(result.inversion?.reason).toBe("Failed 5/7 times (71% failure rate)");
    expect(result.lesson).toMatchObject({
      successCount: 2,
      failureCount: 5,
      invertedToId: "id2",
      status: "stale",
      statusReason: "inverted into anti-pattern id2: Failed 5/7 times (71% failure rate)",
    });
    expect(result.inversion?.original).toEqual(result.lesson);
    expect(result.events.map((event) => [event.type, event.lessonId])).toEqual([
      ["lesson-feedback", "pattern-123"],
      ["lesson-inverted", "pattern-123"],
      ["lesson-created", "id2"],
    ]);
    expect(result.events[0]?.reason).toBe("failure observed on bd-123.1 (2 successes, 5 failures)");
    expect(result.events[1]?.before).toEqual(result.events[0]?.after);
  });

  it("inverts a Chinese pattern with the Chinese text", () => {
    const result = recordPatternObservation(
      pattern({ successCount: 2, failureCount: 4 }, "按文件类型拆分"),
      { success: false, ref: "bd-1" },
      context(),
    );
    expect(result.inversion?.inverted.rule).toBe("避免:按文件类型拆分。失败5/7次(71%失败率)");
    expect(result.inversion?.reason).toBe("失败5/7次(71%失败率)");
  });

  it("waits for 3 observations", () => {
    const two = recordPatternObservation(
      pattern({ failureCount: 1 }),
      { success: false, ref: "r" },
      context(),
    );
    expect(two.inversion).toBeUndefined();
    expect(two.lesson.failureCount).toBe(2);
    expect(two.events.map((event) => event.type)).toEqual(["lesson-feedback"]);
    const three = recordPatternObservation(two.lesson, { success: false, ref: "r" }, context());
    expect(three.inversion?.inverted.rule).toBe(
      "Avoid: split by file type. Failed 3/3 times (100% failure rate)",
    );
  });

  it("inverts at a failure ratio of exactly 0.6 but not below", () => {
    expect(
      recordPatternObservation(
        pattern({ successCount: 2, failureCount: 2 }),
        { success: false, ref: "r" },
        context(),
      ).inversion,
    ).toBeDefined();
    expect(
      recordPatternObservation(
        pattern({ successCount: 3, failureCount: 2 }),
        { success: false, ref: "r" },
        context(),
      ).inversion,
    ).toBeUndefined();
    expect(
      recordPatternObservation(
        pattern({ successCount: 1, failureCount: 4 }),
        { success: true, ref: "r" },
        context(),
      ).inversion,
    ).toBeDefined(); // 4/6
  });

  it("takes thresholds from config", () => {
    const lenient = recordPatternObservation(
      pattern({ failureCount: 4 }),
      { success: false, ref: "r" },
      context(),
      {
        minObservations: 10,
      },
    );
    expect(lenient.inversion).toBeUndefined();
  });

  it("inverts once, and only recommendations (pattern / prefer) that are not archived", () => {
    const already = pattern({ failureCount: 5, invertedToId: "anti-1" });
    expect(
      recordPatternObservation(already, { success: false, ref: "r" }, context()).inversion,
    ).toBeUndefined();
    expect(
      recordPatternObservation(
        pattern({ kind: "avoid", failureCount: 5 }),
        { success: false, ref: "r" },
        context(),
      ).inversion,
    ).toBeUndefined();
    expect(
      recordPatternObservation(
        pattern({ kind: "prefer", failureCount: 5 }),
        { success: false, ref: "r" },
        context(),
      ).inversion,
    ).toBeDefined();
    expect(
      recordPatternObservation(
        pattern({ status: "archived", failureCount: 5 }),
        { success: false, ref: "r" },
        context(),
      ).inversion,
    ).toBeUndefined();
  });

  it("activates the anti-pattern when the carried evidence already meets promotion", () => {
    const evidence = ["bd-1", "bd-2", "bd-3"].map((taskId) => ({
      quote: `split ${taskId} by file type`,
      sessionId: "s1",
      taskId,
      at: 1,
    }));
    const supported = pattern({ failureCount: 5, evidence, evidenceCount: 3, supportTaskCount: 3 });
    const result = recordPatternObservation(supported, { success: false, ref: "r" }, context());
    expect(result.inversion?.inverted.status).toBe("active");
    expect(result.events.map((event) => event.type)).toEqual([
      "lesson-feedback",
      "lesson-inverted",
      "lesson-created",
      "lesson-activated",
    ]);
  });
});

describe("formatAntiPatternsForPrompt", () => {
  const anti = (id: string, rule: string, status: Lesson["status"] = "active"): Lesson => ({
    ...pattern({ id, kind: "anti_pattern", status }),
    rule,
  });

  it("formats the Chinese prompt block", () => {
    expect(
      formatAntiPatternsForPrompt([
        anti("a", "避免:按文件类型拆分。失败12/15次(80%失败率)"),
        anti("b", "避免:每个子任务一个文件。失败8/10次(80%失败率)"),
        pattern(),
      ]),
    ).toBe(
      [
        "## 要避免的反模式",
        "",
        "基于过去失败,避免这些策略:",
        "- 避免:按文件类型拆分。失败12/15次(80%失败率)",
        "- 避免:每个子任务一个文件。失败8/10次(80%失败率)",
      ].join("\n"),
    );
  });

  it("formats English, skips archived, and is empty without anti-patterns", () => {
    const text = formatAntiPatternsForPrompt([
      anti("a", "Avoid: split by file type. Failed 5/7 times (71% failure rate)"),
      anti("b", "Avoid: old thing. Failed 3/3 times (100% failure rate)", "archived"),
    ]);
    expect(text).toBe(
      "## Anti-Patterns to Avoid\n\nBased on past failures, avoid these strategies:\n- Avoid: split by file type. Failed 5/7 times (71% failure rate)",
    );
    expect(formatAntiPatternsForPrompt([pattern()])).toBe("");
    expect(formatAntiPatternsForPrompt([anti("a", "Avoid: x")], { language: "zh" })).toMatch(
      /^## 要避免的反模式/,
    );
  });
});
