import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { invalidInput } from "../testing/invalid-input.js";
import { useTempDir } from "../testing/temp-dir.js";
import { resolveConfig } from "./load-config.js";
import { defaultConfig } from "./schema.js";

const tempDir = useTempDir("tacit-config-");

/** A TACIT_HOME and a project folder (a git root), each with the config file given (if any). */
function setup(files: { user?: unknown; project?: unknown } = {}) {
  const home = tempDir();
  const project = tempDir();
  mkdirSync(join(project, ".git"));
  const write = (file: string, content: unknown) => {
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, typeof content === "string" ? content : JSON.stringify(content, null, 2));
  };
  const userFile = join(home, "config.json");
  const projectFile = join(project, ".tacit", "config.json");
  if (files.user !== undefined) write(userFile, files.user);
  if (files.project !== undefined) write(projectFile, files.project);
  mkdirSync(join(project, "src", "deep"), { recursive: true });
  return {
    env: { TACIT_HOME: home },
    home,
    project,
    userFile,
    projectFile,
    cwd: join(project, "src", "deep"),
  };
}

describe("resolveConfig", () => {
  it("gives every default, each from the default, when nothing is configured", () => {
    const { env, cwd } = setup();
    const resolved = resolveConfig({ env, cwd });
    expect(resolved.values).toEqual(defaultConfig());
    expect(resolved.values.recall.weights).toEqual({
      topic: 0.45,
      trigger: 0.35,
      quality: 0.2,
      triggerSignalBoost: 0.2,
    });
    expect(resolved.values.lessons.dedup).toEqual({
      updateThreshold: 0.85,
      appendThreshold: 0.6,
      neighbours: 8,
    });
    expect(new Set([...resolved.origins.values()].map((origin) => origin.source))).toEqual(
      new Set(["default"]),
    );
    expect(resolved.files.read).toEqual([]);
  });

  it("layers defaults < user file < project file < environment, and remembers each source", () => {
    const { env, cwd, userFile, projectFile } = setup({
      user: {
        recall: { budget: { maxLessons: 2 }, topK: 10 },
        learning: { mode: "minimal" },
        capture: { redact: { patterns: ["corp-[0-9]+"] } },
      },
      project: {
        recall: { budget: { maxLessons: 1 } },
        capture: { redact: { patterns: ["proj-[a-z]+", "corp-[0-9]+"] } },
      },
    });
    const resolved = resolveConfig({ env: { ...env, TACIT_RECALL_TOP_K: "7" }, cwd });
    expect(resolved.values.recall.budget.maxLessons).toBe(1);
    expect(resolved.values.recall.budget.maxSkills).toBe(2);
    expect(resolved.values.recall.topK).toBe(7);
    expect(resolved.values.learning.mode).toBe("minimal");
    // Lists of redaction patterns are joined, so a project can add but never drop one.
    expect(resolved.values.capture.redact.patterns).toEqual(["corp-[0-9]+", "proj-[a-z]+"]);
    expect(resolved.origins.get("recall.budget.maxLessons")).toEqual({
      source: "project",
      from: projectFile,
    });
    expect(resolved.origins.get("recall.topK")).toEqual({ source: "env", from: "TACIT_RECALL_TOP_K" });
    expect(resolved.origins.get("learning.mode")).toEqual({ source: "user", from: userFile });
    expect(resolved.origins.get("recall.budget.maxSkills")).toEqual({ source: "default" });
    expect(resolved.files).toEqual({ user: userFile, project: projectFile, read: [userFile, projectFile] });
    // No project file without a working directory (or with projectDir null).
    expect(resolveConfig({ env, projectDir: null }).values.recall.budget.maxLessons).toBe(2);
  });

  it("keeps the existing variable names, including the inverted and legacy ones", () => {
    const { env } = setup();
    const values = resolveConfig({
      env: {
        ...env,
        TACIT_LLM_MAX_CALLS_PER_DAY: "5",
        TACIT_LEARN_INSTINCTS: "off",
        TACIT_RECALL_LLM_FILTER: "1",
        TACIT_NO_BACKGROUND_LEARN: "1",
        TACIT_HOOK_DAEMON: "off",
        TACIT_HOOK_DAEMON_IDLE_MS: "300",
        TACIT_CAPTURE_REDACT_PATTERNS: '["a+", "b+"]',
        TACIT_LLM_MODEL: "  ",
      },
      projectDir: null,
    }).values;
    expect(values.llm.ceiling.maxCallsPerDay).toBe(5);
    expect(values.learning.instincts).toBe("off");
    expect(values.recall.llmFilter).toBe(true);
    expect(values.hooks.backgroundLearn).toBe(false);
    expect(values.hooks.daemon).toBe(false);
    expect(values.hooks.daemonIdleMs).toBe(300);
    expect(values.capture.redact.patterns).toEqual(["a+", "b+"]);
    // An empty variable is unset.
    expect(values.llm.model).toBeUndefined();
  });

  it("names the file, line and key of an unknown setting, with the closest key", () => {
    const { env, cwd, userFile } = setup({
      user: '{\n  "recall": {\n    "budget": { "maxLesson": 2 }\n  }\n}\n',
    });
    const error = invalidInput(() => resolveConfig({ env, cwd }));
    expect(error.file).toBe(userFile);
    expect(error.line).toBe(3);
    expect(error.field).toBe("recall.budget.maxLesson");
    expect(error.message).toBe(
      `${userFile}:3, field recall.budget.maxLesson: unknown setting (did you mean "recall.budget.maxLessons"?); \`tacit config list\` shows them all`,
    );
    const section = invalidInput(() =>
      resolveConfig({ env: setup({ user: { recal: {} } }).env, projectDir: null }),
    );
    expect(section.message).toContain('(did you mean "recall"?)');
  });

  it("names the key, line and expected type of a bad value", () => {
    const { env, cwd } = setup({
      user: '{\n  "recall": {\n    "weights": {\n      "topic": "high"\n    }\n  }\n}\n',
    });
    const error = invalidInput(() => resolveConfig({ env, cwd }));
    expect(error.line).toBe(4);
    expect(error.field).toBe("recall.weights.topic");
    expect(error.message).toContain('recall.weights.topic must be a number from 0 to 10, got "high"');
    const group = invalidInput(() =>
      resolveConfig({ env: setup({ user: { recall: { budget: 3 } } }).env, cwd }),
    );
    expect(group.message).toContain("recall.budget: expected an object of settings (maxLessons, maxSkills");
    const pattern = invalidInput(() =>
      resolveConfig({ env: setup({ user: { capture: { redact: { patterns: ["(unclosed"] } } } }).env, cwd }),
    );
    expect(pattern.message).toMatch(
      /capture\.redact\.patterns must be .*"\(unclosed" is not a valid regular expression/,
    );
  });

  it("names the file and line of malformed JSON, and refuses a file that is not an object", () => {
    const { env, cwd, projectFile } = setup({ project: '{\n  "recall": {\n    "topK": 5,\n  }\n}\n' });
    const error = invalidInput(() => resolveConfig({ env, cwd }));
    expect(error.file).toBe(projectFile);
    expect(error.line).toBe(4);
    expect(error.message).toContain("not valid JSON");
    // A config file holds API keys: the error says where the JSON broke, never what is there.
    const keyed = setup({ user: `{\n  "llm": {\n    "apiKey": sk-unquoted-${"k".repeat(20)}\n  }\n}\n` });
    const unquoted = invalidInput(() => resolveConfig({ env: keyed.env, projectDir: null }));
    expect(unquoted.line).toBe(3);
    expect(unquoted.message).toContain("line 3, column 15");
    expect(unquoted.message).not.toContain("sk-");
    expect(
      invalidInput(() => resolveConfig({ env: setup({ user: "[1, 2]" }).env, projectDir: null })).message,
    ).toContain("expected a JSON object of settings");
    expect(resolveConfig({ env: setup({ user: "\n" }).env, projectDir: null }).files.read).toHaveLength(1);
  });

  it("lets a project file set neither secrets nor the user's sections", () => {
    const secret = setup({ project: { llm: { apiKey: "sk-from-a-cloned-repo" } } });
    const error = invalidInput(() => resolveConfig({ env: secret.env, cwd: secret.cwd }));
    expect(error.file).toBe(secret.projectFile);
    expect(error.field).toBe("llm.apiKey");
    expect(error.message).toContain("a secret is read only from the user file");
    expect(error.message).not.toContain("sk-from");
    const endpoint = setup({ project: { embeddings: { baseURL: "http://attacker.example/v1" } } });
    expect(invalidInput(() => resolveConfig({ env: endpoint.env, cwd: endpoint.cwd })).message).toContain(
      "a project file may not set embeddings settings",
    );
  });

  it("names the variable and the key of a bad environment value", () => {
    const { env } = setup();
    const error = invalidInput(() =>
      resolveConfig({ env: { ...env, TACIT_RECALL_BUDGET_MAX_LESSONS: "two" }, projectDir: null }),
    );
    expect(error.field).toBe("TACIT_RECALL_BUDGET_MAX_LESSONS");
    expect(error.message).toContain('recall.budget.maxLessons must be a whole number ≥ 0, got "two"');
    expect(
      invalidInput(() => resolveConfig({ env: { ...env, TACIT_HOOK_DAEMON: "maybe" }, projectDir: null }))
        .message,
    ).toContain("hooks.daemon must be true or false");
  });
});
