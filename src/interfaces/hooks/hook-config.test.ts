/**
 * The hooks run with the configuration: the project file of the event's folder, the user file, the
 * environment; an invalid one is logged and the event is still captured; the client reads
 * `hooks.daemon` and the event deadlines from the user file without zod.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { hookLogText, hookPayload } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { runHookClient } from "./hook-client.js";
import { DEFAULT_DAEMON_WAIT_MS, hookClientSettings } from "./hook-client-settings.js";
import { hookConfig } from "./hook-config.js";
import { mayBeConfigured } from "./hook-config-probe.js";
import { DEFAULT_HOOK_DEADLINES } from "./hook-deadline.js";
import { runHook } from "./hook-main.js";

const tempDir = useTempDir("tacit-hook-config-");
const NOW = Date.UTC(2026, 4, 1, 12);

function setup(files: { user?: string; project?: unknown } = {}) {
  const home = tempDir();
  const project = join(home, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  if (files.user !== undefined) writeFileSync(join(home, "config.json"), files.user);
  if (files.project !== undefined) {
    mkdirSync(join(project, ".tacit"));
    writeFileSync(join(project, ".tacit", "config.json"), JSON.stringify(files.project));
  }
  return { home, project, env: { TACIT_HOME: home, TACIT_NO_BACKGROUND_LEARN: "1", HOME: home } };
}

const discard = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

async function prompt(setupResult: ReturnType<typeof setup>, text: string, env = setupResult.env) {
  const stdin = Buffer.from(
    hookPayload("claude-code", "UserPromptSubmit", { cwd: setupResult.project, prompt: text }),
  );
  await runHook([], { stdin, stdout: discard(), env, cwd: setupResult.project, now: () => NOW });
}

function storedPrompts(home: string): string[] {
  const database = new Database(join(home, "tacit.db"), { readonly: true });
  try {
    return database
      .prepare("SELECT content FROM messages WHERE role = 'user' ORDER BY seq")
      .pluck()
      .all() as string[];
  } finally {
    database.close();
  }
}

describe("hooks and the configuration", () => {
  it("capture with the event's project settings: its limits and the joined redaction patterns", async () => {
    const context = setup({
      user: JSON.stringify({ capture: { redact: { patterns: ["acme-[0-9]{6}"] } } }),
      project: { capture: { maxContentChars: 60, redact: { patterns: ["shop-key-[a-z]+"] } } },
    });
    await prompt(
      context,
      "use acme-123456 and shop-key-secret, then install the dependencies with pnpm please",
    );
    const [stored] = storedPrompts(context.home);
    expect(stored).toMatch(/^use \[REDACTED:custom\] and \[REDACTED:custom\]/);
    expect(stored).toMatch(/…\[tacit: truncated, original \d+ bytes\]$/);
    expect(hookLogText(context.home)).toBe("");
  });

  it("log an invalid configuration and still capture the event, with the default settings", async () => {
    const context = setup({ user: '{\n  "capture": { "maxContentChar": 10 }\n}\n' });
    await prompt(context, "install the dependencies");
    expect(storedPrompts(context.home)).toEqual(["install the dependencies"]);
    const log = hookLogText(context.home);
    expect(log).toContain(
      `configuration: ${join(context.home, "config.json")}:2, field capture.maxContentChar: unknown setting (did you mean "capture.maxContentChars"?)`,
    );
    expect(log).toContain("this event used the default settings");
  });

  it("start no daemon when the user file turns it off", async () => {
    const context = setup({ user: JSON.stringify({ hooks: { daemon: false } }) });
    const stdin = Buffer.from(hookPayload("claude-code", "SessionStart", { cwd: context.project }));
    await runHookClient([], {
      stdin,
      stdout: discard(),
      env: context.env,
      cwd: context.project,
      now: () => NOW,
    });
    expect(existsSync(join(context.home, "tacit.db"))).toBe(true);
    expect(readdirSync(context.home).filter((name) => /^hook-.*\.(sock|pid)$/.test(name))).toEqual([]);
  });

  it("give the client its settings from the environment, else the user file, else the defaults", () => {
    const { home, env } = setup({
      user: JSON.stringify({
        hooks: { daemon: false, promptDeadlineMs: 2500, toolEventDeadlineMs: 400, daemonWaitMs: 120 },
      }),
    });
    const defaults = { daemon: true, ...DEFAULT_HOOK_DEADLINES, daemonWaitMs: DEFAULT_DAEMON_WAIT_MS };
    expect(hookClientSettings(env)).toEqual({
      daemon: false,
      promptDeadlineMs: 2500,
      toolEventDeadlineMs: 400,
      daemonWaitMs: 120,
    });
    expect(
      hookClientSettings({
        ...env,
        TACIT_HOOK_DAEMON: "1",
        TACIT_HOOK_PROMPT_DEADLINE_MS: "900",
        TACIT_HOOK_TOOL_DEADLINE_MS: "300",
        TACIT_HOOK_DAEMON_WAIT_MS: "75",
      }),
    ).toEqual({ daemon: true, promptDeadlineMs: 900, toolEventDeadlineMs: 300, daemonWaitMs: 75 });
    expect(hookClientSettings({ ...env, TACIT_HOOK_PROMPT_DEADLINE_MS: "900" })).toEqual({
      daemon: false,
      promptDeadlineMs: 900,
      toolEventDeadlineMs: 400,
      daemonWaitMs: 120,
    });
    expect(hookClientSettings({ TACIT_HOME: join(home, "nowhere") })).toEqual(defaults);
    writeFileSync(join(home, "config.json"), '{ "hooks": { "daemon": "no", "promptDeadlineMs": -1 }');
    expect(hookClientSettings(env)).toEqual(defaults);
    writeFileSync(
      join(home, "config.json"),
      '{ "hooks": { "daemon": "no", "toolEventDeadlineMs": "fast", "daemonWaitMs": 0 } }',
    );
    expect(hookClientSettings(env)).toEqual(defaults);
  });
});

describe("hookConfig", () => {
  it("remembers a configuration between events, and resolves it again when a file or a variable changes", () => {
    const context = setup({ project: { guard: { mode: "remind" } } });
    const io = { env: context.env, now: () => NOW };
    const first = hookConfig(io, context.project);
    expect(first.guard.mode).toBe("remind");
    // The hook daemon's next event: the same variables and files, so not checked against the schema again.
    expect(hookConfig(io, join(context.project, "src"))).toBe(first);
    expect(hookConfig({ ...io, env: { ...context.env } }, context.project)).toBe(first);
    writeFileSync(join(context.project, ".tacit", "config.json"), JSON.stringify({ guard: { mode: "off" } }));
    expect(hookConfig(io, context.project).guard.mode).toBe("off");
    writeFileSync(join(context.home, "config.json"), JSON.stringify({ guard: { adherenceWindow: 5 } }));
    expect(hookConfig(io, context.project).guard).toMatchObject({ mode: "off", adherenceWindow: 5 });
    const variable = { ...io, env: { ...context.env, TACIT_GUARD_ADHERENCE_WINDOW: "7" } };
    expect(hookConfig(variable, context.project).guard).toMatchObject({ mode: "off", adherenceWindow: 7 });
    // Another project has its own file (here none).
    const other = join(context.home, "other");
    mkdirSync(join(other, ".git"), { recursive: true });
    expect(hookConfig(io, other).guard).toMatchObject({ mode: "enforce", adherenceWindow: 5 });
    expect(hookLogText(context.home)).toBe("");
  });

  it("reports an invalid configuration for every event, not once", () => {
    const context = setup({ user: '{ "guard": { "mode": "sometimes" } }' });
    const io = { env: context.env, now: () => NOW };
    expect(hookConfig(io, context.project).guard.mode).toBe("enforce");
    expect(hookConfig(io, context.project).guard.mode).toBe("enforce");
    expect(hookLogText(context.home).match(/this event used the default settings/g)).toHaveLength(2);
  });
});

describe("mayBeConfigured", () => {
  it("loads the configuration only when a file or a variable an event reads may set something", () => {
    const { home, project, env } = setup();
    const bare = {
      TACIT_HOME: home,
      TACIT_HOOK_DAEMON: "0",
      TACIT_HOOK_TOOL_DEADLINE_MS: "500",
      TACIT_LLM_MODEL: "qwen",
      TACIT_LEARN_INSTINCTS: "off",
    };
    expect(mayBeConfigured(bare, project)).toBe(false);
    expect(mayBeConfigured(env, project)).toBe(true);
    expect(mayBeConfigured({ ...bare, TACIT_RECALL_TOP_K: "5" }, project)).toBe(true);
    expect(mayBeConfigured({ ...bare, TACIT_SOMETHING_NEW: "1" }, project)).toBe(true);
    mkdirSync(join(project, ".tacit"));
    writeFileSync(join(project, ".tacit", "config.json"), "{}");
    expect(mayBeConfigured(bare, join(project, "src"))).toBe(true);
    expect(mayBeConfigured(bare, undefined)).toBe(false);
    writeFileSync(join(home, "config.json"), "{}");
    expect(mayBeConfigured(bare, undefined)).toBe(true);
  });
});
