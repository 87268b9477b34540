import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { FailedAttempt, TaskExperience } from "../core/learning/offline-experience.js";
import { isValidSkillName } from "../core/skills/skill.js";
import { parseSkillMarkdown, readSkillMarker } from "../core/skills/skill-markdown.js";
import { createLessonBook } from "../lessons/index.js";
import { createHashingEmbedder } from "../models/hashing-embedder.js";
import type { TaskRecord } from "../store/learn-store.js";
import { SqliteSkillStore } from "../store/sqlite/sqlite-skill-store.js";
import { SqliteStore } from "../store/sqlite/sqlite-store.js";
import { useTempDir } from "../testing/temp-dir.js";
import { createSkillBook } from "./skill-book.js";

const tempDir = useTempDir();
const PROJECT = "/work/app";
const DAY = 86_400_000;

function setup() {
  const dir = tempDir();
  const store = new SqliteStore({ path: join(dir, "tacit.db") });
  let clock = Date.UTC(2026, 5, 1);
  let counter = 0;
  const ids = () => `id-${String(++counter).padStart(5, "0")}`;
  const now = () => clock;
  const lessons = createLessonBook({ store, embedder: createHashingEmbedder(), now, ids });
  const skills = new SqliteSkillStore(store.db);
  const book = createSkillBook({ store, skills, now, ids });
  return { dir, store, skills, lessons, book, advance: (ms: number) => (clock += ms), now };
}

type Setup = ReturnType<typeof setup>;

/** Writes one session with one task and its cached experience, through the real store APIs. */
async function learnTask(
  context: Setup,
  taskId: string,
  goal: string,
  workingApproach: string,
  options: { status?: TaskRecord["status"]; failedAttempts?: FailedAttempt[]; projectId?: string } = {},
): Promise<void> {
  const { store, now } = context;
  const sessionId = `session-${taskId}`;
  await store.writeCapture({
    sessions: [
      {
        id: sessionId,
        agent: "claude-code",
        sourceSessionId: sessionId,
        channelId: "cli",
        projectId: options.projectId ?? PROJECT,
        cwd: options.projectId ?? PROJECT,
        createdAt: now(),
        lastActivityAt: now(),
      },
    ],
    items: [],
    errors: [],
  });
  const task: TaskRecord = {
    id: taskId,
    sessionId,
    title: goal,
    summary: goal,
    goal,
    status: options.status ?? "completed",
    startSeq: 0,
    endSeq: 10,
    fingerprint: `fp-${taskId}`,
    createdAt: now(),
    updatedAt: now(),
    learnedAt: null,
  };
  await store.saveTasks(sessionId, [task]);
  const experience: TaskExperience = {
    goal,
    successCriteria: [],
    failedAttempts: options.failedAttempts ?? [],
    workingApproach,
    transferableHeuristics: [],
    feedbackSignals: [],
  };
  await store.saveTaskLearning({
    taskId,
    signals: [],
    failedAttempts: [],
    experience: { fingerprint: task.fingerprint, mode: "minimal", source: "offline", experience },
    outcome: null,
  });
}

const npmFailed: FailedAttempt = {
  attemptLabel: "npm install",
  approachSummary: "Bash: npm install",
  failureReason: "npm ERR! code ERESOLVE",
  replacedBy: "pnpm install",
};

async function learnTwoTasks(context: Setup): Promise<void> {
  await learnTask(
    context,
    "t1",
    "Install the dependencies with pnpm in the web app",
    "Bash: pnpm install; Bash: pnpm build",
  );
  await learnTask(
    context,
    "t2",
    "install dependencies for the api with pnpm",
    "Bash: pnpm install\nBash: pnpm build",
  );
  await learnTask(context, "t3", "Write the release notes for 2.0", "Write: CHANGELOG.md");
  const avoid = await context.lessons.learn({
    kind: "avoid",
    trigger: "installing dependencies",
    rule: "Do not delete pnpm-lock.yaml to fix a conflict",
    why: "it upgraded every package",
    domain: "workflow",
    scope: "project",
    projectId: PROJECT,
    evidence: [
      { quote: "never delete the lockfile", sessionId: "session-t1", taskId: "t1", at: context.now() },
    ],
  });
  expect(avoid.action).toBe("created");
}

describe("skill book: generate, upgrade in place, export", () => {
  it("makes skills only from evidence of two tasks, exports them as SKILL.md files that parse back", async () => {
    const context = setup();
    const { book, dir, lessons, store } = context;
    await learnTask(context, "t1", "Install the dependencies with pnpm in the web app", "Bash: pnpm install");
    expect((await book.generate()).created).toEqual([]);

    await learnTwoTasks(context);
    // A proven lesson with two supporting tasks seeds a skill of its own.
    const migrate = {
      kind: "prefer" as const,
      trigger: "running the database migrations",
      rule: "Run make migrate inside the api container",
      domain: "workflow" as const,
      scope: "project" as const,
      projectId: PROJECT,
    };
    const first = await lessons.learn({
      ...migrate,
      evidence: [{ quote: "in the container", sessionId: "session-m1", taskId: "m1", at: 1 }],
    });
    await lessons.learn({
      ...migrate,
      evidence: [{ quote: "container again", sessionId: "session-m2", taskId: "m2", at: 2 }],
    });
    expect((await lessons.promote(first.lesson.id)).ok).toBe(true);

    const generated = await book.generate({ projectId: PROJECT });
    expect(generated.warnings).toEqual([]);
    expect(generated.considered).toMatchObject({ tasks: 3, successfulTasks: 3, candidates: 2 });
    expect(
      generated.created.map((skill) => [skill.name, skill.sourceTaskIds, skill.version, skill.status]),
    ).toEqual([
      ["install-dependencies-pnpm", ["t1", "t2"], 1, "active"],
      ["running-database-migrations", ["m1", "m2"], 1, "active"],
    ]);
    const [deps, migrations] = generated.created;
    expect(deps?.steps).toEqual(["Bash: pnpm install", "Bash: pnpm build"]);
    expect(deps?.pitfalls).toEqual([
      "Do not delete pnpm-lock.yaml to fix a conflict (it upgraded every package)",
    ]);
    // The lessons a skill is made from are adopted by it and link it.
    const [pitfall] = await store.listLessons({ limit: 5, kind: ["avoid"] });
    expect(deps?.sourceLessonIds).toEqual([pitfall?.id]);
    expect(pitfall).toMatchObject({ adopted: true, status: "active", relatedSkillIds: [deps?.id] });
    expect((await lessons.history(pitfall?.id as string)).at(-1)).toMatchObject({
      type: "lesson-activated",
      reason: `taken up by skill install-dependencies-pnpm (${deps?.id})`,
    });
    expect(await lessons.get(first.lesson.id)).toMatchObject({ relatedSkillIds: [migrations?.id] });
    expect(generated.adoptedLessons.sort()).toEqual([pitfall?.id, first.lesson.id].sort());

    const skillsDir = join(dir, ".claude", "skills");
    const exported = await book.export({ dir: skillsDir, projectId: PROJECT });
    expect(exported.written).toEqual([
      join(skillsDir, "install-dependencies-pnpm", "SKILL.md"),
      join(skillsDir, "running-database-migrations", "SKILL.md"),
    ]);
    for (const path of exported.written) {
      const parsed = parseSkillMarkdown(readFileSync(path, "utf8"), path);
      const skill = generated.created.find((item) => item.name === parsed.frontMatter.name);
      expect(skill).toBeDefined();
      expect(isValidSkillName(parsed.frontMatter.name)).toBe(true);
      expect(path.split("/").at(-2)).toBe(parsed.frontMatter.name);
      expect(parsed.frontMatter.description).toBe(skill?.description);
      expect(readSkillMarker(parsed.body)).toEqual({ skillId: skill?.id, version: 1 });
      expect(parsed.body).toContain("## Steps\n\n1. ");
    }
    // Nothing new: nothing changes, nothing is rewritten.
    const again = await book.generate({ projectId: PROJECT });
    expect([again.created, again.upgraded, again.unchanged, again.adoptedLessons]).toEqual([[], [], 2, []]);
    expect((await book.export({ dir: skillsDir, projectId: PROJECT })).unchanged).toHaveLength(2);
    await store.close();
  });

  it("upgrades a skill in place with history: a third task adds a pitfall (fix), a fourth a step (extend)", async () => {
    const context = setup();
    const { book, store } = context;
    await learnTwoTasks(context);
    const [created] = (await book.generate()).created;
    context.advance(DAY);
    await learnTask(context, "t4", "Install dependencies with pnpm for the docs site", "Bash: pnpm install", {
      failedAttempts: [npmFailed],
    });
    const fixed = await book.generate();
    expect(fixed.created).toEqual([]);
    expect(fixed.upgraded.map((item) => [item.skill.id, item.change, item.skill.version])).toEqual([
      [created?.id, "fix", 2],
    ]);
    expect(fixed.upgraded[0]?.reason).toBe("1 pitfall added; 1 when-to-use entry added (version 2)");
    context.advance(DAY);
    await learnTask(
      context,
      "t5",
      "install the dependencies with pnpm",
      "Bash: pnpm install; Bash: pnpm test",
    );
    const extended = await book.generate();
    expect(extended.upgraded.map((item) => [item.change, item.skill.version])).toEqual([["extend", 3]]);
    const { skill, markdown } = await book.show("install-dependencies-pnpm");
    expect(skill).toMatchObject({ id: created?.id, name: created?.name, version: 3 });
    expect(skill.steps).toEqual(["Bash: pnpm install", "Bash: pnpm build", "Bash: pnpm test"]);
    expect(skill.sourceTaskIds).toEqual(["t1", "t2", "t4", "t5"]);
    expect(markdown).toContain("version 3");
    const history = await book.history(created?.id ?? "");
    expect(history.map((event) => [event.type, event.before?.version ?? null, event.after.version])).toEqual([
      ["skill-created", null, 1],
      ["skill-fixed", 1, 2],
      ["skill-extended", 2, 3],
    ]);
    await store.close();
  });

  it("sends a skill back to draft when its tasks turn out to have failed, and activates it again", async () => {
    const context = setup();
    const { book, store } = context;
    await learnTwoTasks(context);
    const [created] = (await book.generate()).created;
    await learnTask(context, "t2", "install dependencies for the api with pnpm", "Bash: pnpm install", {
      status: "failed",
    });
    const drafted = await book.generate();
    expect(drafted.drafted.map((skill) => [skill.id, skill.status, skill.version])).toEqual([
      [created?.id, "draft", 1],
    ]);
    await learnTask(
      context,
      "t6",
      "Install dependencies with pnpm in the api",
      "Bash: pnpm install; Bash: pnpm build",
    );
    const back = await book.generate();
    expect(back.activated.map((skill) => [skill.id, skill.status])).toEqual([[created?.id, "active"]]);
    const types = (await book.history(created?.id ?? "")).map((event) => event.type);
    expect(types[0]).toBe("skill-created");
    expect(types.slice(1, 2)).toEqual(["skill-drafted"]);
    expect(types.at(-1)).toBe("skill-activated");
    await store.close();
  });
});

describe("skill book: concurrent generators", () => {
  it("two generators at once make one skill, with one creation event", async () => {
    const context = setup();
    const { store, skills } = context;
    await learnTwoTasks(context);
    let counter = 0;
    const other = createSkillBook({ store, skills, now: context.now, ids: () => `other-${++counter}` });
    const [mine, theirs] = await Promise.all([context.book.generate(), other.generate()]);
    expect(mine.created.length + theirs.created.length).toBe(1);
    expect(mine.unchanged + theirs.unchanged).toBe(1);
    const all = await skills.listSkills({ limit: 10 });
    expect(all.map((skill) => [skill.name, skill.version])).toEqual([["install-dependencies-pnpm", 1]]);
    expect((await skills.listSkillEvents(all[0]?.id ?? "")).map((event) => event.type)).toEqual([
      "skill-created",
    ]);
    await store.close();
  });
});

describe("skill book: export safety", () => {
  it("never overwrites or deletes what it did not write, and removes its own files of archived skills", async () => {
    const context = setup();
    const { book, dir, store } = context;
    await learnTwoTasks(context);
    await learnTask(context, "t7", "Deploy the site to staging", "Bash: make deploy-staging");
    await learnTask(context, "t8", "deploy the site to staging again", "Bash: make deploy-staging");
    const created = (await book.generate()).created;
    expect(created.map((skill) => skill.name)).toEqual(["install-dependencies-pnpm", "deploy-site-staging"]);
    const skillsDir = join(dir, "skills");
    mkdirSync(join(skillsDir, "my-own-skill"), { recursive: true });
    writeFileSync(
      join(skillsDir, "my-own-skill", "SKILL.md"),
      "---\nname: my-own-skill\ndescription: mine\n---\n",
    );
    mkdirSync(join(skillsDir, "deploy-site-staging"), { recursive: true });
    const handWritten = "---\nname: deploy-site-staging\ndescription: hand-written\n---\nMine.\n";
    writeFileSync(join(skillsDir, "deploy-site-staging", "SKILL.md"), handWritten);

    const first = await book.export({ dir: skillsDir });
    expect(first.written).toEqual([join(skillsDir, "install-dependencies-pnpm", "SKILL.md")]);
    expect(first.skipped).toEqual([
      {
        name: "deploy-site-staging",
        path: join(skillsDir, "deploy-site-staging", "SKILL.md"),
        reason: "SKILL.md exists and was not written by tacit",
      },
    ]);
    expect(readFileSync(join(skillsDir, "deploy-site-staging", "SKILL.md"), "utf8")).toBe(handWritten);

    // Archived: its file goes, its folder too once empty; a folder with other files stays.
    writeFileSync(join(skillsDir, "install-dependencies-pnpm", "notes.txt"), "keep me");
    const archived = await book.archive("install-dependencies-pnpm", "replaced by the monorepo script");
    expect(archived.status).toBe("archived");
    const second = await book.export({ dir: skillsDir });
    expect(second.removed).toEqual([join(skillsDir, "install-dependencies-pnpm", "SKILL.md")]);
    expect((await readdir(skillsDir)).sort()).toEqual([
      "deploy-site-staging",
      "install-dependencies-pnpm",
      "my-own-skill",
    ]);
    expect(await readdir(join(skillsDir, "install-dependencies-pnpm"))).toEqual(["notes.txt"]);
    // An archived skill is not made again from the same evidence.
    const regenerated = await book.generate();
    expect(regenerated.created).toEqual([]);
    expect(regenerated.skipped.map((item) => item.name)).toEqual(["install-dependencies-pnpm"]);
    await store.close();
  });

  it("creates no folder when there is no skill to export", async () => {
    const { book, dir } = setup();
    const skillsDir = join(dir, "repo", ".claude", "skills");
    expect(await book.export({ dir: skillsDir })).toMatchObject({ written: [], removed: [], skipped: [] });
    expect(existsSync(join(dir, "repo"))).toBe(false);
  });

  it("never writes through a symbolic link: a linked skill folder is skipped, a linked folder on the way refuses", async () => {
    const context = setup();
    const { book, dir, store } = context;
    await learnTwoTasks(context);
    const [skill] = (await book.generate()).created;
    const name = skill?.name ?? "";
    const outside = join(dir, "outside");
    mkdirSync(outside);
    // A repository plants .claude/skills/<predictable-name> → a folder outside the export.
    const project = join(dir, "repo");
    const skillsDir = join(project, ".claude", "skills");
    mkdirSync(skillsDir, { recursive: true });
    symlinkSync(outside, join(skillsDir, name));
    const result = await book.export({ dir: skillsDir, root: project });
    expect(result.written).toEqual([]);
    expect(result.skipped).toEqual([
      {
        name,
        path: join(skillsDir, name, "SKILL.md"),
        reason: "the folder is a symbolic link (not followed)",
      },
    ]);
    expect(readdirSync(outside)).toEqual([]);

    // A linked SKILL.md is skipped too; the file it points at is untouched.
    rmSync(join(skillsDir, name));
    mkdirSync(join(skillsDir, name));
    writeFileSync(join(outside, "target.md"), "theirs");
    symlinkSync(join(outside, "target.md"), join(skillsDir, name, "SKILL.md"));
    expect((await book.export({ dir: skillsDir, root: project })).skipped[0]?.reason).toBe(
      "SKILL.md is a symbolic link (not followed)",
    );
    expect(readFileSync(join(outside, "target.md"), "utf8")).toBe("theirs");

    // A linked .claude (or skills) folder below the root refuses the whole export.
    const linkedProject = join(dir, "repo2");
    mkdirSync(linkedProject);
    symlinkSync(outside, join(linkedProject, ".claude"));
    await expect(
      book.export({ dir: join(linkedProject, ".claude", "skills"), root: linkedProject }),
    ).rejects.toThrow(/\.claude: is a symbolic link/);
    expect(readdirSync(outside)).toEqual(["target.md"]);
    await store.close();
  });
});
