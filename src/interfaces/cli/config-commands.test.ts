import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-config-cli-");

function setup() {
  const home = join(tempDir(), "home");
  const project = tempDir();
  mkdirSync(join(project, ".git"));
  return { env: { TACIT_HOME: home }, home, project, userFile: join(home, "config.json") };
}

describe("tacit config", () => {
  it("sets, gets, lists and unsets a setting in the user file, written 0600", async () => {
    const { env, project, userFile } = setup();
    const set = await runTacit(["config", "set", "recall.budget.maxLessons", "2"], { env, cwd: project });
    expect(set).toEqual({
      code: 0,
      stdout: `Set recall.budget.maxLessons = 2 in ${userFile}.\n`,
      stderr: "",
    });
    expect(JSON.parse(readFileSync(userFile, "utf8"))).toEqual({ recall: { budget: { maxLessons: 2 } } });
    expect(statSync(userFile).mode & 0o777).toBe(0o600);

    const got = await runTacit(["config", "get", "recall.budget.maxLessons"], { env, cwd: project });
    expect(got.stdout).toBe("2\n");
    const detail = JSON.parse(
      (await runTacit(["config", "get", "recall.budget.maxLessons", "--json"], { env, cwd: project })).stdout,
    );
    expect(detail).toMatchObject({
      key: "recall.budget.maxLessons",
      value: 2,
      source: "user",
      from: userFile,
      default: 3,
      type: "a whole number ≥ 0",
      env: "TACIT_RECALL_BUDGET_MAX_LESSONS",
      project: true,
    });

    const listed = JSON.parse(
      (
        await runTacit(["config", "list", "--json"], {
          env: { ...env, TACIT_RECALL_TOP_K: "9" },
          cwd: project,
        })
      ).stdout,
    );
    const byKey = new Map(listed.settings.map((entry: { key: string }) => [entry.key, entry]));
    expect(byKey.get("recall.budget.maxLessons")).toMatchObject({ value: 2, source: "user" });
    expect(byKey.get("recall.topK")).toMatchObject({ value: 9, source: "env", from: "TACIT_RECALL_TOP_K" });
    expect(byKey.get("recall.budget.maxSkills")).toMatchObject({ value: 2, source: "default" });
    expect(listed.files).toEqual([
      { kind: "user", path: userFile, read: true },
      { kind: "project", path: join(project, ".tacit", "config.json"), read: false },
    ]);
    const table = await runTacit(["config", "list"], { env, cwd: project });
    expect(table.stdout).toMatch(/^recall\.budget\.maxLessons +2 +user \(/m);

    const unset = await runTacit(["config", "unset", "recall.budget.maxLessons"], { env, cwd: project });
    expect(unset.stdout).toBe(`Unset recall.budget.maxLessons in ${userFile}.\n`);
    expect(JSON.parse(readFileSync(userFile, "utf8"))).toEqual({});
    expect(
      (await runTacit(["config", "get", "recall.budget.maxLessons"], { env, cwd: project })).stdout,
    ).toBe("3\n");
    const again = await runTacit(["config", "unset", "recall.budget.maxLessons"], { env, cwd: project });
    expect(again.stdout).toBe(`recall.budget.maxLessons is not set in ${userFile}.\n`);
  });

  it("writes a project's file with --project, which wins over the user's in that project only", async () => {
    const { env, project } = setup();
    await runTacit(["config", "set", "recall.minRelevance.lesson", "0.5"], { env, cwd: project });
    const sub = join(project, "packages", "web");
    mkdirSync(sub, { recursive: true });
    const set = await runTacit(["config", "set", "recall.minRelevance.lesson", "0.6", "--project"], {
      env,
      cwd: sub,
    });
    const projectFile = join(project, ".tacit", "config.json");
    expect(set.stdout).toBe(`Set recall.minRelevance.lesson = 0.6 in ${projectFile}.\n`);
    expect(statSync(projectFile).mode & 0o777).toBe(0o600);
    expect((await runTacit(["config", "get", "recall.minRelevance.lesson"], { env, cwd: sub })).stdout).toBe(
      "0.6\n",
    );
    const elsewhere = tempDir();
    expect(
      (await runTacit(["config", "get", "recall.minRelevance.lesson"], { env, cwd: elsewhere })).stdout,
    ).toBe("0.5\n");
    expect(
      (
        await runTacit(["config", "get", "recall.minRelevance.lesson", "--project", sub], {
          env,
          cwd: elsewhere,
        })
      ).stdout,
    ).toBe("0.6\n");
    // Setting the user file where a project overrides it says so.
    const shadowed = await runTacit(["config", "set", "recall.minRelevance.lesson", "0.4"], {
      env,
      cwd: sub,
    });
    expect(shadowed.stderr).toBe(`note: ${projectFile} overrides it in this project\n`);
    const refused = await runTacit(["config", "set", "llm.apiKey", "sk-abc", "--project"], { env, cwd: sub });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("llm.apiKey cannot be set in a project file (a secret)");
  });

  it("names an unknown key with the closest one, and a bad value with the type expected; writes nothing", async () => {
    const { env, project, userFile } = setup();
    const unknown = await runTacit(["config", "set", "recall.weight.topic", "0.5"], { env, cwd: project });
    expect(unknown).toEqual({
      code: 1,
      stdout: "",
      stderr:
        'tacit: unknown setting "recall.weight.topic" (did you mean "recall.weights.topic"?); `tacit config list` shows them all\n',
    });
    const bad = await runTacit(["config", "set", "recall.weights.topic", "heavy"], { env, cwd: project });
    expect(bad.stderr).toBe('tacit: recall.weights.topic must be a number from 0 to 10, got "heavy"\n');
    expect((await runTacit(["config", "get", "recal.topK"], { env, cwd: project })).stderr).toContain(
      'did you mean "recall.topK"?',
    );
    expect(() => statSync(userFile)).toThrow();
  });

  it("refuses to change a malformed file, naming file:line, and leaves it as it was", async () => {
    const { env, home, project, userFile } = setup();
    // 0700, as tacit makes its home (a looser one is tightened, and said so on stderr).
    mkdirSync(home, { recursive: true, mode: 0o700 });
    const broken = '{\n  "recall": {\n    "topK": 5,\n  }\n}\n';
    writeFileSync(userFile, broken);
    const result = await runTacit(["config", "set", "recall.topK", "6"], { env, cwd: project });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(new RegExp(`^tacit: ${userFile}:4: not valid JSON`));
    expect(readFileSync(userFile, "utf8")).toBe(broken);
    const listed = await runTacit(["config", "list"], { env, cwd: project });
    expect(listed.code).toBe(1);
    expect(listed.stderr).toContain(`${userFile}:4`);
  });

  it("reads a secret from stdin with '-', and never prints it", async () => {
    const { env, project, userFile } = setup();
    const set = await runTacit(["config", "set", "llm.apiKey", "-"], {
      env,
      cwd: project,
      stdin: "sk-live-abcdefghijklmnop\n",
    });
    expect(set.stdout).toBe(`Set llm.apiKey = [set] in ${userFile}.\n`);
    expect(JSON.parse(readFileSync(userFile, "utf8"))).toEqual({
      llm: { apiKey: "sk-live-abcdefghijklmnop" },
    });
    const listed = await runTacit(["config", "list", "--json"], { env, cwd: project });
    expect(listed.stdout).not.toContain("sk-live");
    expect((await runTacit(["config", "get", "llm.apiKey"], { env, cwd: project })).stdout).toBe("[set]\n");
  });
});
