import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createSkill, type Skill, type SkillEvent } from "../../core/skills/skill.js";
import { upgradeSkill } from "../../core/skills/upgrade-skill.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { SkillConflictError } from "../skill-store.js";
import { SqliteSkillStore } from "./sqlite-skill-store.js";
import { SqliteStore } from "./sqlite-store.js";

const tempDir = useTempDir();

function setup() {
  const store = new SqliteStore({ path: join(tempDir(), "tacit.db") });
  return { store, skills: new SqliteSkillStore(store.db) };
}

function skill(id: string, name: string, changes: Partial<Skill> = {}): Skill {
  return {
    ...createSkill({
      id,
      name,
      title: "Install dependencies with pnpm",
      description: "Install dependencies with pnpm. Use when: installing dependencies.",
      whenToUse: ["installing dependencies"],
      steps: ["Bash: pnpm install"],
      pitfalls: [],
      sourceLessonIds: [],
      sourceTaskIds: ["t1", "t2"],
      scope: "project",
      projectId: "/app",
      now: 1000,
    }),
    ...changes,
  };
}

function created(after: Skill): SkillEvent {
  return {
    id: `e-${after.id}`,
    skillId: after.id,
    type: "skill-created",
    before: null,
    after,
    reason: "made",
    at: 1000,
  };
}

describe("SqliteSkillStore", () => {
  it("stores skills and their history; an upgrade in place keeps the id and bumps the version", async () => {
    const { store, skills } = setup();
    const first = skill("s1", "install-deps");
    await skills.commitSkillChanges({ writes: [{ skill: first, expected: null }], events: [created(first)] });
    expect(await skills.getSkill("s1")).toEqual(first);

    const upgrade = upgradeSkill(
      first,
      {
        ...first,
        steps: ["Bash: pnpm install", "Bash: pnpm test"],
        failedApproaches: [],
        origin: "experiences",
        sourceTaskIds: ["t3"],
      },
      2000,
    );
    expect(upgrade.change).toBe("extend");
    const event: SkillEvent = {
      id: "e2",
      skillId: "s1",
      type: "skill-extended",
      before: first,
      after: upgrade.skill,
      reason: upgrade.reason,
      at: 2000,
    };
    await skills.commitSkillChanges({ writes: [{ skill: upgrade.skill, expected: first }], events: [event] });
    const stored = await skills.getSkill("s1");
    expect(stored).toMatchObject({ id: "s1", name: "install-deps", version: 2, updatedAt: 2000 });
    expect(stored?.sourceTaskIds).toEqual(["t1", "t2", "t3"]);
    const history = await skills.listSkillEvents("s1");
    expect(history.map((item) => [item.type, item.before?.version ?? null, item.after.version])).toEqual([
      ["skill-created", null, 1],
      ["skill-extended", 1, 2],
    ]);
    expect(history[1]?.after).toEqual(stored);
    expect(await skills.listSkills({ limit: 10 })).toEqual([stored]);
    await store.close();
  });

  it("refuses a stale write and a second skill with the same name in one scope, writing nothing", async () => {
    const { store, skills } = setup();
    const first = skill("s1", "install-deps");
    await skills.commitSkillChanges({ writes: [{ skill: first, expected: null }], events: [created(first)] });
    const changed = { ...first, version: 2, title: "Changed" };
    await skills.commitSkillChanges({ writes: [{ skill: changed, expected: first }], events: [] });
    await expect(
      skills.commitSkillChanges({
        writes: [{ skill: { ...first, version: 3 }, expected: first }],
        events: [],
      }),
    ).rejects.toBeInstanceOf(SkillConflictError);
    const twin = skill("s2", "install-deps");
    await expect(
      skills.commitSkillChanges({ writes: [{ skill: twin, expected: null }], events: [created(twin)] }),
    ).rejects.toThrow(/a skill named install-deps in project:\/app, already exists/);
    expect(await skills.listSkillEvents("s2")).toEqual([]);
    // The same name in another scope is fine.
    const global = skill("s3", "install-deps", { scope: "global", projectId: null });
    await skills.commitSkillChanges({
      writes: [{ skill: global, expected: null }],
      events: [created(global)],
    });
    expect(
      (await skills.listSkills({ limit: 10, name: "install-deps" })).map((item) => item.id).sort(),
    ).toEqual(["s1", "s3"]);
    await store.close();
  });

  it("filters by status, scope and project (a project sees its own skills and the global ones)", async () => {
    const { store, skills } = setup();
    const rows = [
      skill("a", "one", { updatedAt: 1 }),
      skill("b", "two", { projectId: "/other", updatedAt: 2 }),
      skill("c", "three", { scope: "global", projectId: null, updatedAt: 3 }),
      skill("d", "four", { status: "archived", updatedAt: 4 }),
    ];
    await skills.commitSkillChanges({
      writes: rows.map((row) => ({ skill: row, expected: null })),
      events: [],
    });
    const ids = async (filter: Parameters<SqliteSkillStore["listSkills"]>[0]) =>
      (await skills.listSkills(filter)).map((row) => row.id);
    expect(await ids({ limit: 10 })).toEqual(["d", "c", "b", "a"]);
    expect(await ids({ limit: 2 })).toEqual(["d", "c"]);
    expect(await ids({ limit: 10, projectId: "/app" })).toEqual(["d", "c", "a"]);
    expect(await ids({ limit: 10, projectId: "/app", status: ["active"] })).toEqual(["c", "a"]);
    expect(await ids({ limit: 10, scope: "global" })).toEqual(["c"]);
    await store.close();
  });
});
