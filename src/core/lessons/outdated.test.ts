import { describe, expect, it } from "vitest";
import { createLesson, type Lesson, type LessonKind } from "./lesson.js";
import { outdatedBy, prescribedProgram, SAYS_MISSING } from "./outdated.js";

const lesson = (rule: string, overrides: Partial<Lesson> = {}, kind: LessonKind = "prefer"): Lesson => ({
  ...createLesson({
    id: "L1",
    kind,
    trigger: "installing dependencies",
    rule,
    domain: "workflow",
    scope: "project",
    projectId: "/repo",
    evidence: [{ quote: "use pnpm", sessionId: "s1", taskId: "s1:t0", at: 100 }],
    now: 100,
  }),
  status: "active",
  ...overrides,
});

const failure = {
  program: "pnpm",
  quote: "bash: pnpm: command not found",
  sessionId: "s2",
  taskId: "s2:t0",
  at: 200,
  projectId: "/repo",
};

describe("prescribedProgram", () => {
  it("is the first word of the rule's first code span, after sudo and VAR=value", () => {
    expect(prescribedProgram(lesson("Use `pnpm install`, not `npm install`"))).toBe("pnpm");
    expect(prescribedProgram(lesson("用 `pnpm install` 代替 `npm install`"))).toBe("pnpm");
    expect(prescribedProgram(lesson("Run `sudo NODE_ENV=test make migrate` first"))).toBe("make");
    expect(prescribedProgram(lesson("Use pnpm, not npm"))).toBeNull();
    expect(prescribedProgram(lesson("Never run `npm install` here", {}, "avoid"))).toBeNull();
  });
});

describe("outdatedBy", () => {
  it("outdates a recallable project lesson that prescribes the missing program", () => {
    expect(outdatedBy(lesson("Use `pnpm install`, not `npm install`"), failure)).toBe(
      '`pnpm` is no longer found: "bash: pnpm: command not found" (task s2:t0)',
    );
  });

  it("does not outdate for another program, project, task it was learnt in, or an earlier failure", () => {
    const pnpm = lesson("Use `pnpm install`, not `npm install`");
    expect(outdatedBy(pnpm, { ...failure, program: "npm" })).toBeNull();
    expect(outdatedBy(pnpm, { ...failure, projectId: "/other" })).toBeNull();
    expect(outdatedBy(pnpm, { ...failure, taskId: "s1:t0" })).toBeNull();
    expect(outdatedBy(pnpm, { ...failure, at: 100 })).toBeNull();
    expect(outdatedBy({ ...pnpm, status: "stale" }, failure)).toBeNull();
    expect(outdatedBy({ ...pnpm, scope: "global" }, failure)).toBeNull();
  });

  it("does not outdate a lesson that says the program is missing", () => {
    expect(outdatedBy(lesson("`pnpm` is not installed here: use `npm install` instead"), failure)).toBeNull();
  });

  it("has an example for each wording of a missing program that its pattern matches", () => {
    for (const { pattern, example } of SAYS_MISSING) expect(pattern.test(example), example).toBe(true);
  });
});
