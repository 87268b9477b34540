import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TaskExperience } from "../../core/learning/offline-experience.js";
import { parseSkillMarkdown } from "../../core/skills/skill-markdown.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir();
const PROJECT = "/work/app";

/**
 * Runs `tacit skills …` in-process exactly as `runTacit` does, on a program holding the skills
 * commands. Same signature as `runTacit`: once program.ts calls `registerSkillCommands`, this
 * can be replaced by `runTacit`.
 */

async function seed(db: string): Promise<void> {
  const store = new SqliteStore({ path: db });
  const at = Date.UTC(2026, 5, 1);
  const tasks: Array<[string, string, string]> = [
    ["t1", "Install the dependencies with pnpm in the web app", "Bash: pnpm install; Bash: pnpm build"],
    ["t2", "install dependencies for the api with pnpm", "Bash: pnpm install; Bash: pnpm build"],
    ["t3", "Write the release notes", "Write: CHANGELOG.md"],
  ];
  for (const [id, goal, workingApproach] of tasks) {
    const sessionId = `session-${id}`;
    await store.writeCapture({
      sessions: [
        {
          id: sessionId,
          agent: "claude-code",
          sourceSessionId: sessionId,
          channelId: "cli",
          projectId: PROJECT,
          createdAt: at,
          lastActivityAt: at,
        },
      ],
      items: [],
      errors: [],
    });
    await store.saveTasks(sessionId, [
      {
        id,
        sessionId,
        title: goal,
        summary: goal,
        goal,
        status: "completed",
        startSeq: 0,
        endSeq: 4,
        fingerprint: id,
        createdAt: at,
        updatedAt: at,
        learnedAt: null,
      },
    ]);
    const experience: TaskExperience = {
      goal,
      successCriteria: [],
      failedAttempts: [],
      workingApproach,
      transferableHeuristics: [],
      feedbackSignals: [],
    };
    await store.saveTaskLearning({
      taskId: id,
      signals: [],
      failedAttempts: [],
      experience: { fingerprint: id, mode: "minimal", source: "offline", experience },
      outcome: null,
    });
  }
  await store.close();
}

describe("tacit skills", () => {
  it("generates, lists, shows, exports, and keeps history", async () => {
    const dir = tempDir();
    const db = join(dir, "t.db");
    await seed(db);
    const lesson = await runTacit([
      "lessons",
      "add",
      "--db",
      db,
      "--kind",
      "avoid",
      "--trigger",
      "installing dependencies",
      "--rule",
      "Do not delete pnpm-lock.yaml",
      "--project",
      PROJECT,
      "--domain",
      "workflow",
    ]);
    expect(lesson.code).toBe(0);
    const tacit = (...argv: string[]) => runTacit([...argv, "--db", db], { cwd: dir });

    expect((await tacit("skills", "list")).stdout).toMatch(/^No skills yet/);
    const generated = await tacit("skills", "generate", "--project", PROJECT);
    expect(generated.code).toBe(0);
    expect(generated.stdout).toContain(
      "Read 3 successful task(s) of 3 and 1 lesson(s): 1 skill(s) supported by at least 2 tasks.",
    );
    expect(generated.stdout).toContain("created   install-dependencies-pnpm");
    const again = JSON.parse((await tacit("skills", "generate", "--json")).stdout);
    expect([again.created, again.upgraded, again.unchanged]).toEqual([[], [], 1]);

    const listed = JSON.parse((await tacit("skills", "list", "--json", "--project", PROJECT)).stdout);
    expect(listed.map((skill: { name: string; version: number }) => [skill.name, skill.version])).toEqual([
      ["install-dependencies-pnpm", 1],
    ]);
    const table = (await tacit("skills", "list", "--status", "active")).stdout;
    expect(table).toMatch(/^ID +NAME +STATUS +VERSION/);
    expect((await tacit("skills", "list", "--status", "bogus")).stderr).toBe(
      'tacit: --status must be one of draft, active, archived, got "bogus"\n',
    );

    const shown = await tacit("skills", "show", "install-dependencies-pnpm");
    const parsed = parseSkillMarkdown(shown.stdout);
    expect(parsed.frontMatter.name).toBe("install-dependencies-pnpm");
    expect(parsed.body).toContain("- Do not delete pnpm-lock.yaml");
    const missing = await tacit("skills", "show", "nope");
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("tacit: skill nope not found (list skills with: tacit skills list)\n");

    const exported = JSON.parse((await tacit("skills", "export", "--json")).stdout);
    const file = join(dir, ".claude", "skills", "install-dependencies-pnpm", "SKILL.md");
    expect(exported.written).toEqual([file]);
    expect(parseSkillMarkdown(readFileSync(file, "utf8")).frontMatter.description).toBe(
      listed[0].description,
    );
    expect((await tacit("skills", "export", "--dir", "out")).stdout).toMatch(
      /^wrote {5}.*out\/install-dependencies-pnpm\/SKILL.md\n1 written, 0 unchanged/,
    );

    const archived = await tacit("skills", "archive", listed[0].id, "--reason", "moved to bun");
    expect(archived.stdout).toMatch(/^Archived install-dependencies-pnpm/);
    const history = await tacit("skills", "history", "install-dependencies-pnpm");
    expect(
      history.stdout
        .trim()
        .split("\n")
        .map((line) => line.split(/\s{2,}/)[2]),
    ).toEqual(["skill-created", "skill-archived"]);
    expect(history.stdout).toContain("moved to bun");
    const cleaned = await tacit("skills", "export");
    expect(cleaned.stdout).toContain("0 written, 0 unchanged, 1 removed, 0 skipped");
    expect(existsSync(file)).toBe(false);
  });
});
