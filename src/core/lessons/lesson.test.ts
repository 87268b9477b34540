import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { TacitError } from "../errors.js";
import { languageOf } from "../lexicon/language.js";
import {
  createLesson,
  evidenceTaskKey,
  LessonChangeError,
  lessonContentHash,
  type NewLesson,
  uniqueEvidence,
} from "./lesson.js";
import { fnv1a64, normalizeLessonText } from "./lesson-text.js";

const base: NewLesson = {
  id: "L1",
  kind: "avoid",
  trigger: "splitting a refactor into subtasks",
  rule: "split by file type",
  domain: "workflow",
  scope: "project",
  projectId: "/repo",
  now: 1000,
};

describe("createLesson", () => {
  it("starts as a candidate with defaults", () => {
    const lesson = createLesson(base);
    expect(lesson).toMatchObject({
      status: "candidate",
      maturity: "candidate",
      why: "",
      confidence: 0.5,
      evidence: [],
      evidenceCount: 0,
      supportTaskCount: 0,
      successCount: 0,
      failureCount: 0,
      adopted: false,
      misleadingRecallCount: 0,
      maturityManual: false,
      maturityResetAt: null,
      lastValidatedAt: null,
      createdAt: 1000,
      updatedAt: 1000,
      invertedFromId: null,
      invertedToId: null,
      supersededById: null,
    });
    expect(lesson.contentHash).toBe(lessonContentHash(base));
  });

  it("keeps each quote once and counts distinct tasks (session stands in for a missing task)", () => {
    const lesson = createLesson({
      ...base,
      evidence: [
        { quote: "It broke again.", sessionId: "s1", taskId: "t1", at: 1 },
        { quote: "it broke   again", sessionId: "s1", taskId: "t1", at: 2 },
        { quote: "wrong file", sessionId: "s1", taskId: "t2", at: 3 },
        { quote: "no task here", sessionId: "s2", at: 4 },
      ],
    });
    expect(lesson.evidence.map((item) => item.at)).toEqual([1, 3, 4]);
    expect(lesson.evidenceCount).toBe(3);
    expect(lesson.supportTaskCount).toBe(3);
  });

  it("throws InvalidInputError for input the boundary should have rejected", () => {
    expect(() => createLesson({ ...base, rule: "  " })).toThrow(/rule is empty/);
    expect(() => createLesson({ ...base, trigger: "" })).toThrow(/trigger is empty/);
    expect(() => createLesson({ ...base, confidence: 1.5 })).toThrow(/outside 0..1/);
    expect(() => createLesson({ ...base, projectId: null })).toThrow(/projectId/);
    try {
      createLesson({ ...base, confidence: Number.NaN });
      expect.unreachable();
    } catch (error) {
      expect(TacitError.isInstance(error)).toBe(true);
    }
  });

  it("allows a global lesson without a project", () => {
    expect(createLesson({ ...base, scope: "global", projectId: null }).projectId).toBeNull();
  });
});

describe("LessonChangeError", () => {
  it("is a TacitError carrying code and lesson id", () => {
    const error = new LessonChangeError({ code: "no-change", lessonId: "L1", message: "nothing" });
    expect(TacitError.isInstance(error)).toBe(true);
    expect(error.name).toBe("LessonChangeError");
    expect(error.code).toBe("no-change");
    expect(error.message).toBe("lesson L1: nothing");
  });
});

describe("normalizeLessonText", () => {
  it("folds case, whitespace and sentence punctuation", () => {
    expect(normalizeLessonText("  Split   by File\tType. ")).toBe("split by file type");
    expect(normalizeLessonText("Avoid: split by file type!")).toBe("avoid split by file type");
  });

  it("turns full-width characters into half-width", () => {
    expect(normalizeLessonText("ＵＳＥ　ｐｎｐｍ，ＮＯＴ　ｎｐｍ")).toBe("use pnpm not npm");
    expect(normalizeLessonText("ＡＰＩ路由")).toBe("api路由");
  });

  it("normalizes Chinese punctuation and spacing", () => {
    expect(normalizeLessonText("避免：按文件类型拆分。")).toBe(normalizeLessonText("避免:按文件类型拆分"));
    expect(normalizeLessonText("按 文件 类型 拆分")).toBe("按文件类型拆分");
    expect(normalizeLessonText("用 pnpm 代替 npm。")).toBe("用pnpm代替npm");
    expect(normalizeLessonText("「先处理共享类型」")).toBe("先处理共享类型");
  });

  it("keeps punctuation inside words and unifies quotes and dashes", () => {
    expect(normalizeLessonText("Edit config.ts, not snake_case.py")).toBe("edit config.ts not snake_case.py");
    expect(normalizeLessonText("Don’t force-push")).toBe(normalizeLessonText("don't force–push"));
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 60 }), (text) => {
        const once = normalizeLessonText(text);
        expect(normalizeLessonText(once)).toBe(once);
      }),
    );
  });
});

describe("fnv1a64", () => {
  it("matches the FNV-1a 64 reference vectors over UTF-8", () => {
    expect(fnv1a64("")).toBe("cbf29ce484222325");
    expect(fnv1a64("a")).toBe("af63dc4c8601ec8c");
    expect(fnv1a64("foobar")).toBe("85944171f73967e8");
    expect(fnv1a64("按文件类型拆分")).toBe("5496ee739ed32d5b");
    expect(fnv1a64("😀x")).toBe("4d5c34eed26afdd0");
  });

  it("always gives 16 hex digits", () => {
    fc.assert(fc.property(fc.string({ unit: "binary" }), (text) => /^[0-9a-f]{16}$/.test(fnv1a64(text))));
  });
});

describe("lessonContentHash", () => {
  it("is equal for texts that normalize the same and differs by kind", () => {
    const a = lessonContentHash({ kind: "avoid", trigger: "Refactor.", rule: "Split by file type" });
    const b = lessonContentHash({ kind: "avoid", trigger: "refactor", rule: "split  by  FILE type." });
    const c = lessonContentHash({ kind: "prefer", trigger: "refactor", rule: "split by file type" });
    expect(a).toBe(b);
    expect(a).not.toBe(c);
  });

  it("separates trigger from rule", () => {
    expect(lessonContentHash({ kind: "avoid", trigger: "a b", rule: "c" })).not.toBe(
      lessonContentHash({ kind: "avoid", trigger: "a", rule: "b c" }),
    );
  });
});

describe("helpers", () => {
  it("detects Chinese by Han characters", () => {
    expect(languageOf("按文件类型拆分")).toBe("zh");
    expect(languageOf("use pnpm 吧")).toBe("zh");
    expect(languageOf("split by file type")).toBe("en");
  });

  it("keys tasks by task id, else session", () => {
    expect(evidenceTaskKey({ quote: "q", sessionId: "s", taskId: "t", at: 0 })).toBe("task:t");
    expect(evidenceTaskKey({ quote: "q", sessionId: "s", at: 0 })).toBe("session:s");
  });

  it("treats the same quote in another session as other evidence", () => {
    const evidence = uniqueEvidence([
      { quote: "same", sessionId: "s1", at: 1 },
      { quote: "same", sessionId: "s2", at: 2 },
    ]);
    expect(evidence).toHaveLength(2);
  });
});
