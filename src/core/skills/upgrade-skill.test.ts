import { describe, expect, it } from "vitest";
import type { SkillCandidate } from "./plan-skills.js";
import { createSkill, type Skill } from "./skill.js";
import { hasSkillSupport, matchSkills, upgradeSkill } from "./upgrade-skill.js";

const base: Skill = createSkill({
  id: "skill-1",
  name: "install-dependencies-pnpm",
  title: "Install dependencies with pnpm",
  description: "Install dependencies with pnpm. Use when: installing dependencies.",
  whenToUse: ["Install dependencies with pnpm"],
  steps: ["Bash: pnpm install", "Bash: pnpm build"],
  pitfalls: ["Avoid Bash: npm install — it failed (ERESOLVE)"],
  sourceLessonIds: [],
  sourceTaskIds: ["t1", "t2"],
  scope: "project",
  projectId: "/app",
  now: 1,
});

function candidate(changes: Partial<SkillCandidate> = {}): SkillCandidate {
  return {
    name: base.name,
    title: base.title,
    description: base.description,
    whenToUse: [...base.whenToUse],
    steps: [...base.steps],
    pitfalls: [...base.pitfalls],
    sourceLessonIds: [],
    sourceTaskIds: ["t1", "t2"],
    scope: "project",
    projectId: "/app",
    failedApproaches: [],
    origin: "experiences",
    ...changes,
  };
}

describe("upgradeSkill", () => {
  it("changes nothing when the content is the same, even with new sources", () => {
    const result = upgradeSkill(base, candidate({ sourceTaskIds: ["t1", "t2", "t3"] }), 5);
    expect(result).toEqual({ skill: base, change: "none", reason: "no change in content" });
  });

  it("refines: reordered steps and reworded text keep the id and name and bump the version", () => {
    const result = upgradeSkill(
      base,
      candidate({
        steps: ["Bash: pnpm build", "Bash: pnpm install"],
        title: "Install the dependencies with pnpm",
      }),
      5,
    );
    expect(result.change).toBe("refine");
    expect(result.reason).toBe("title reworded, steps reworded or reordered (version 2)");
    expect(result.skill).toMatchObject({
      id: "skill-1",
      name: base.name,
      version: 2,
      updatedAt: 5,
      createdAt: 1,
    });
    expect(result.skill.steps).toEqual(["Bash: pnpm build", "Bash: pnpm install"]);
  });

  it("extends: a new step or when-to-use entry; old steps the candidate lacks are kept", () => {
    const result = upgradeSkill(
      base,
      candidate({
        steps: ["Bash: pnpm install", "Bash: pnpm test"],
        whenToUse: ["Install dependencies with pnpm", "Set up a fresh clone"],
        sourceTaskIds: ["t2", "t3"],
      }),
      5,
    );
    expect(result.change).toBe("extend");
    expect(result.reason).toBe("1 step added; 1 when-to-use entry added (version 2)");
    expect(result.skill.steps).toEqual(["Bash: pnpm install", "Bash: pnpm test", "Bash: pnpm build"]);
    expect(result.skill.sourceTaskIds).toEqual(["t1", "t2", "t3"]);
  });

  it("fixes: a new pitfall", () => {
    const result = upgradeSkill(
      base,
      candidate({ pitfalls: [...base.pitfalls, "Do not delete pnpm-lock.yaml"], sourceLessonIds: ["l1"] }),
      5,
    );
    expect(result.change).toBe("fix");
    expect(result.reason).toBe("1 pitfall added (version 2)");
    expect(result.skill.sourceLessonIds).toEqual(["l1"]);
  });

  it("fixes: a step now known to fail is removed, even when steps are added too", () => {
    const result = upgradeSkill(
      base,
      candidate({
        steps: ["Bash: pnpm install", "Bash: pnpm test"],
        pitfalls: [...base.pitfalls, "Avoid Bash: pnpm build — it failed (out of memory)"],
        failedApproaches: ["Bash: pnpm build"],
      }),
      5,
    );
    expect(result.change).toBe("fix");
    expect(result.reason).toBe("1 pitfall added; 1 failing step removed; 1 step added (version 2)");
    expect(result.skill.steps).toEqual(["Bash: pnpm install", "Bash: pnpm test"]);
  });

  it("fixes: a pitfall that has since worked as a step is removed", () => {
    const result = upgradeSkill(
      { ...base, pitfalls: ["Bash: pnpm dedupe"] },
      candidate({ steps: [...base.steps, "Bash: pnpm dedupe"], pitfalls: [] }),
      5,
    );
    expect(result.change).toBe("fix");
    expect(result.skill.pitfalls).toEqual([]);
    expect(result.skill.steps).toContain("Bash: pnpm dedupe");
  });
});

describe("matchSkills", () => {
  const other: Skill = {
    ...base,
    id: "skill-2",
    name: "write-release-notes",
    title: "Write the release notes",
    sourceTaskIds: ["t8", "t9"],
  };

  it("pairs by shared sources, then name, then title; within the same scope; each skill once", () => {
    const bySource = candidate({
      name: "another-name",
      title: "Something else",
      sourceTaskIds: ["t2", "t5"],
    });
    const byName = candidate({
      name: "write-release-notes",
      title: "Release notes",
      sourceTaskIds: ["t20", "t21"],
    });
    const byTitle = candidate({
      name: "x",
      title: "Install dependencies with pnpm",
      sourceTaskIds: ["t30", "t31"],
    });
    const elsewhere = candidate({ scope: "global", projectId: null, sourceTaskIds: ["t1", "t2"] });
    const pairs = matchSkills([bySource, byName, byTitle, elsewhere], [base, other]);
    expect(pairs.map((pair) => pair.skill?.id ?? null)).toEqual(["skill-1", "skill-2", null, null]);
  });
});

describe("hasSkillSupport", () => {
  it("loses support only on known failures that leave fewer than two tasks", () => {
    const status = new Map<string, boolean>([
      ["t1", true],
      ["t2", false],
    ]);
    expect(hasSkillSupport({ sourceTaskIds: ["t1", "t2"] }, (id) => status.get(id))).toBe(false);
    expect(hasSkillSupport({ sourceTaskIds: ["t1", "t2", "t3"] }, (id) => status.get(id))).toBe(true);
    // Pruned tasks are unknown, not failures.
    expect(hasSkillSupport({ sourceTaskIds: ["gone-1", "gone-2"] }, () => undefined)).toBe(true);
    expect(hasSkillSupport({ sourceTaskIds: ["t1"] }, (id) => status.get(id))).toBe(true);
  });
});
