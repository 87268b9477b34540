import { describe, expect, it } from "vitest";
import type { FailedAttempt } from "../learning/offline-experience.js";
import { createLesson, type Lesson, type NewLesson } from "../lessons/lesson.js";
import { planSkills, type SkillExperience } from "./plan-skills.js";
import { isValidSkillName } from "./skill.js";

const PROJECT = "/work/app";

function experience(
  taskId: string,
  goal: string,
  workingApproach: string,
  options: { failedAttempts?: FailedAttempt[]; success?: boolean; projectId?: string | null } = {},
): SkillExperience {
  return {
    taskId,
    projectId: options.projectId === undefined ? PROJECT : options.projectId,
    success: options.success ?? true,
    at: Number(taskId.replace(/\D/g, "")) || 0,
    experience: { goal, workingApproach, failedAttempts: options.failedAttempts ?? [] },
  };
}

function lesson(
  id: string,
  fields: Partial<NewLesson> & Pick<NewLesson, "kind" | "trigger" | "rule">,
  state: Partial<Lesson> = {},
): Lesson {
  return {
    ...createLesson({ domain: "workflow", scope: "project", projectId: PROJECT, now: 1, ...fields, id }),
    ...state,
  };
}

const npmFailed: FailedAttempt = {
  attemptLabel: "npm install",
  approachSummary: "Bash: npm install",
  failureReason: "npm ERR! code ERESOLVE",
  replacedBy: "pnpm install",
};

describe("planSkills: no skill from a single lucky run", () => {
  it("one successful task makes no skill; a second one on the same topic does", () => {
    const first = experience("t1", "Install the dependencies with pnpm in the web app", "Bash: pnpm install");
    expect(planSkills({ lessons: [], experiences: [first] })).toEqual([]);
    // The same task twice is still one task.
    expect(planSkills({ lessons: [], experiences: [first, first] })).toEqual([]);
    const second = experience(
      "t2",
      "install dependencies for the api using pnpm",
      "Bash: pnpm install; Bash: pnpm test",
    );
    const [skill, ...rest] = planSkills({ lessons: [], experiences: [first, second] });
    expect(rest).toEqual([]);
    expect(skill).toMatchObject({
      name: "install-dependencies-pnpm",
      steps: ["Bash: pnpm install", "Bash: pnpm test"],
      sourceTaskIds: ["t1", "t2"],
      scope: "project",
      projectId: PROJECT,
      origin: "experiences",
    });
    expect(skill?.whenToUse).toEqual([
      "Install the dependencies with pnpm in the web app",
      "install dependencies for the api using pnpm",
    ]);
    expect(skill?.description).toBe(
      "Install the dependencies with pnpm in the web app. Use when: install dependencies for the api using pnpm. Learnt by tacit from 2 successful tasks.",
    );
  });

  it("ignores failed tasks and tasks with no working approach", () => {
    const skills = planSkills({
      lessons: [],
      experiences: [
        experience("t1", "Deploy the site to staging", "Bash: make deploy-staging"),
        experience("t2", "Deploy the site to staging again", "Bash: make deploy-staging", { success: false }),
        experience("t3", "deploy the site to staging", ""),
      ],
    });
    expect(skills).toEqual([]);
  });

  it("a proven lesson seeds a skill only with at least two supporting tasks", () => {
    const fields = {
      kind: "prefer" as const,
      trigger: "running the database migrations",
      rule: "Run `make migrate` inside the api container",
      why: "the host has no database driver",
      evidence: [{ quote: "use make migrate in the container", sessionId: "s1", taskId: "t1", at: 1 }],
    };
    const single = lesson("l1", fields, { maturity: "proven", supportTaskCount: 1 });
    expect(planSkills({ lessons: [single], experiences: [] })).toEqual([]);
    const unproven = lesson("l1", fields, { maturity: "established", supportTaskCount: 3 });
    expect(planSkills({ lessons: [unproven], experiences: [] })).toEqual([]);
    const proven = lesson("l1", fields, { maturity: "proven", supportTaskCount: 2, status: "active" });
    const [skill] = planSkills({ lessons: [proven], experiences: [] });
    expect(skill).toMatchObject({
      origin: "lesson",
      title: "Run `make migrate` inside the api container",
      steps: ["Run `make migrate` inside the api container"],
      whenToUse: ["running the database migrations"],
      sourceLessonIds: ["l1"],
      sourceTaskIds: ["t1"],
    });
    expect(skill?.description).toBe(
      "Run `make migrate` inside the api container. Use when: running the database migrations. The host has no database driver. Learnt by tacit from 2 successful tasks.",
    );
    expect(isValidSkillName(skill?.name ?? "")).toBe(true);
  });
});

describe("planSkills: grouping by topic", () => {
  it("groups English tasks by goal and keeps unrelated ones apart", () => {
    const skills = planSkills({
      lessons: [],
      experiences: [
        experience("t1", "Fix the flaky login test", "Edit: src/login.test.ts; Bash: npm test -- login"),
        experience("t2", "Install the dependencies with pnpm", "Bash: pnpm install"),
        experience(
          "t3",
          "fix the flaky login tests in CI",
          "Edit: src/login.test.ts; Bash: npm test -- login",
        ),
        experience("t4", "Write the release notes", "Write: CHANGELOG.md"),
        experience("t5", "install dependencies using pnpm", "Bash: pnpm install"),
      ],
    });
    expect(skills.map((skill) => skill.sourceTaskIds)).toEqual([
      ["t1", "t3"],
      ["t2", "t5"],
    ]);
    // Near-identical steps of the two runs are merged.
    expect(skills[0]?.steps).toEqual(["Edit: src/login.test.ts", "Bash: npm test -- login"]);
    expect(skills[0]?.name).toBe("fix-flaky-login-test");
  });

  it("groups Chinese tasks by character bigrams", () => {
    const skills = planSkills({
      lessons: [],
      experiences: [
        experience("t1", "用 pnpm 安装项目依赖", "Bash: pnpm install"),
        experience("t2", "修复登录页面的样式", "Edit: src/login.css"),
        experience("t3", "安装依赖，用 pnpm", "Bash: pnpm install\nBash: pnpm build"),
      ],
    });
    expect(skills).toHaveLength(1);
    expect(skills[0]).toMatchObject({
      sourceTaskIds: ["t1", "t3"],
      steps: ["Bash: pnpm install", "Bash: pnpm build"],
      title: "用 pnpm 安装项目依赖",
    });
    expect(skills[0]?.name).toMatch(/^pnpm-[0-9a-f]{6}$/);
    expect(skills[0]?.description).toBe(
      "用 pnpm 安装项目依赖。适用于：安装依赖，用 pnpm。tacit 从 2 个成功任务中学到。",
    );
  });

  it("accepts a similarity function (an embedder, say) in place of word overlap", () => {
    const experiences = [
      experience("t1", "ship it", "Bash: make release"),
      experience("t2", "cut a release", "Bash: make release"),
    ];
    expect(planSkills({ lessons: [], experiences })).toEqual([]);
    const always = planSkills({ lessons: [], experiences, similarity: () => 0.9 });
    expect(always.map((skill) => skill.sourceTaskIds)).toEqual([["t1", "t2"]]);
  });

  it("makes a global skill from tasks of different projects, using only global lessons", () => {
    const local = lesson("l1", {
      kind: "avoid",
      trigger: "installing dependencies with pnpm",
      rule: "Do not delete pnpm-lock.yaml",
    });
    const skills = planSkills({
      lessons: [local],
      experiences: [
        experience("t1", "Install dependencies with pnpm", "Bash: pnpm install", { projectId: "/a" }),
        experience("t2", "install the dependencies with pnpm", "Bash: pnpm install", { projectId: "/b" }),
      ],
    });
    expect(skills[0]).toMatchObject({ scope: "global", projectId: null, pitfalls: [], sourceLessonIds: [] });
  });
});

describe("planSkills: pitfalls", () => {
  const runs = [
    experience("t1", "Install the dependencies with pnpm", "Bash: pnpm install", {
      failedAttempts: [npmFailed],
    }),
    experience("t2", "install dependencies using pnpm", "Bash: pnpm install"),
  ];

  it("come from failed attempts", () => {
    const [skill] = planSkills({ lessons: [], experiences: runs });
    expect(skill?.pitfalls).toEqual([
      "Avoid Bash: npm install — it failed (npm ERR! code ERESOLVE); pnpm install worked instead",
    ]);
    expect(skill?.failedApproaches).toEqual(["Bash: npm install"]);
  });

  it("come from an anti-pattern linked by topic, and from one linked through invertedFromId", () => {
    const byTopic = lesson(
      "l-anti",
      {
        kind: "anti_pattern",
        trigger: "installing dependencies",
        rule: "Avoid: npm install. Failed 4/5 times (80% failure rate)",
      },
      { successCount: 1, failureCount: 4 },
    );
    const pattern = lesson(
      "l-pattern",
      {
        kind: "pattern",
        trigger: "split the work by package",
        rule: "split by package",
        evidence: [{ quote: "split by package", sessionId: "s2", taskId: "t2", at: 1 }],
      },
      { status: "stale", invertedToId: "l-inverted" },
    );
    const inverted = lesson(
      "l-inverted",
      {
        kind: "anti_pattern",
        trigger: "split the work by package",
        rule: "Avoid: split by package. Failed 3/4 times (75% failure rate)",
        invertedFromId: "l-pattern",
      },
      {},
    );
    const unrelated = lesson("l-other", {
      kind: "avoid",
      trigger: "writing release notes",
      rule: "Do not list chores",
    });
    const [skill] = planSkills({ lessons: [byTopic, pattern, inverted, unrelated], experiences: runs });
    expect(skill?.pitfalls).toEqual([
      "Avoid: npm install. Failed 4/5 times (80% failure rate)",
      "Avoid: split by package. Failed 3/4 times (75% failure rate)",
      "Avoid Bash: npm install — it failed (npm ERR! code ERESOLVE); pnpm install worked instead",
    ]);
    expect(skill?.sourceLessonIds).toEqual(["l-anti", "l-inverted"]);
    expect(skill?.failedApproaches).toEqual(["Bash: npm install", "npm install", "split by package"]);
  });

  it("come from an avoid lesson learnt in one of the tasks, with its reason; active prefer lessons add steps", () => {
    const avoid = lesson("l-avoid", {
      kind: "avoid",
      trigger: "anything touching the lockfile",
      rule: "Do not run `pnpm update` without asking",
      why: "it rewrote every version",
      evidence: [{ quote: "don't update everything", sessionId: "s1", taskId: "t1", at: 1 }],
    });
    const prefer = lesson(
      "l-prefer",
      {
        kind: "prefer",
        trigger: "installing dependencies with pnpm",
        rule: "Use `pnpm install --frozen-lockfile` in CI",
      },
      { status: "active" },
    );
    const candidatePrefer = lesson("l-weak", {
      kind: "prefer",
      trigger: "installing dependencies with pnpm",
      rule: "Use a mirror registry",
    });
    const [skill] = planSkills({ lessons: [avoid, prefer, candidatePrefer], experiences: runs });
    expect(skill?.pitfalls[0]).toBe("Do not run `pnpm update` without asking (it rewrote every version)");
    expect(skill?.steps).toEqual(["Bash: pnpm install", "Use `pnpm install --frozen-lockfile` in CI"]);
    // The second goal and the prefer lesson's trigger say what the first goal says: one entry.
    expect(skill?.whenToUse).toEqual(["Install the dependencies with pnpm"]);
    expect(skill?.sourceLessonIds).toEqual(["l-avoid", "l-prefer"]);
  });

  it("ignore archived and deprecated lessons", () => {
    const archived = lesson(
      "l1",
      { kind: "avoid", trigger: "installing dependencies", rule: "Do not use yarn" },
      { status: "archived" },
    );
    const deprecated = lesson(
      "l2",
      { kind: "avoid", trigger: "installing dependencies", rule: "Do not use bun" },
      { maturity: "deprecated" },
    );
    const [skill] = planSkills({ lessons: [archived, deprecated], experiences: runs });
    expect(skill?.sourceLessonIds).toEqual([]);
  });
});
