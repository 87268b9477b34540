/**
 * The built `tacit` bin (dist/interfaces/cli/tacit.cjs: main.ts bundled as CommonJS by
 * scripts/build-hook.mjs) as users and agents run it. Built here from the current sources into a
 * temporary copy of the package (its package.json, node_modules linked), so the test never depends
 * on a stale dist/; every command below is a real process started from another folder.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { daemonPid, hookLogText, hookPayload, waitUntil } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SESSION = "claude-code:9f2c1a7e-4b3d-4e8f-a1c2-5d6e7f8a9b0c";
const tempDir = useTempDir("tacit-bin-");

let pkg = "";
let bin = "";

beforeAll(() => {
  // Not useTempDir's: that removes its folders after each test, this one serves them all.
  const build = mkdtempSync(join(tmpdir(), "tacit-bin-build-"));
  pkg = join(build, "tacit");
  mkdirSync(pkg);
  copyFileSync(join(ROOT, "package.json"), join(pkg, "package.json"));
  symlinkSync(join(ROOT, "node_modules"), join(pkg, "node_modules"), "dir");
  const dist = join(pkg, "dist");
  execFileSync(join(ROOT, "node_modules/.bin/tsc"), ["-p", "tsconfig.json", "--outDir", dist], {
    cwd: ROOT,
    stdio: "pipe",
  });
  execFileSync(process.execPath, ["scripts/build-hook.mjs"], {
    cwd: ROOT,
    env: { ...process.env, TACIT_HOOK_OUTDIR: join(dist, "interfaces/hooks") },
    stdio: "pipe",
  });
  bin = join(pkg, JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")).bin.tacit);
  return () => rmSync(build, { recursive: true, force: true });
}, 120_000);

const payload = (name: string, changes: Record<string, unknown>) => hookPayload("claude-code", name, changes);

describe("the built tacit bin", () => {
  it("is the CommonJS entry, and the built cliEntry() names it", async () => {
    expect(bin).toBe(join(pkg, "dist/interfaces/cli/tacit.cjs"));
    expect(readFileSync(bin, "utf8").startsWith("#!/usr/bin/env node\n")).toBe(true);
    const { cliEntry } = (await import(
      pathToFileURL(join(pkg, "dist/interfaces/hooks/cli-entry.js")).href
    )) as {
      cliEntry: () => string[];
    };
    expect(cliEntry()).toEqual([process.execPath, bin]);
  });

  it("runs commander's commands through import()", () => {
    const home = tempDir();
    const result = spawnSync(process.execPath, [bin, "lessons", "list", "--json"], {
      cwd: home,
      env: { PATH: process.env.PATH, TACIT_HOME: home },
      encoding: "utf8",
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
  });

  it("installs a hook command that works from any folder, in process and through the daemon", async () => {
    const home = tempDir();
    const project = join(home, "shop-api");
    mkdirSync(join(project, ".git"), { recursive: true });
    const env = {
      PATH: process.env.PATH,
      HOME: home,
      TACIT_HOME: home,
      TACIT_NO_BACKGROUND_LEARN: "1",
      TACIT_HOOK_DAEMON_CHECK_MS: "100",
    };
    const tacit = (args: string[]) => {
      const result = spawnSync(process.execPath, [bin, ...args], { cwd: project, env, encoding: "utf8" });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
    };
    tacit([
      "lessons",
      "add",
      "--trigger",
      "installing the dependencies",
      "--rule",
      "Use pnpm install, not npm install: this repo is a pnpm workspace",
      "--project",
      project,
    ]);
    tacit(["install", "claude-code", "--project", project]);
    const settings = JSON.parse(readFileSync(join(project, ".claude/settings.json"), "utf8"));
    const command: string = settings.hooks.UserPromptSubmit[0].hooks[0].command;
    expect(command.startsWith(`${process.execPath} ${bin} hook `)).toBe(true);
    // The agent runs the command with a shell, in whatever folder it is in: here the filesystem root.
    const hook = (input: string) => {
      const result = spawnSync("/bin/sh", ["-c", command], { cwd: "/", env, input, encoding: "utf8" });
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
      return result.stdout;
    };
    // No daemon yet: handled in the hook's process, which then starts the daemon.
    const first = hook(payload("UserPromptSubmit", { cwd: project, prompt_id: "prompt-1" }));
    expect(first, hookLogText(home)).toMatch(/<tacit-context>[\s\S]*pnpm install/);
    const daemonFile = (suffix: string) => readdirSync(home).find((name) => name.endsWith(suffix));
    const pidOf = () => daemonPid(join(home, daemonFile(".pid") ?? "none.pid"));
    await waitUntil(() => pidOf() !== null, "the hook daemon");
    const pid = pidOf() as number;
    // A tool event goes to the daemon's inbox; the next prompt, answered by the daemon, stores it first.
    expect(hook(payload("PostToolUse", { cwd: project }))).toBe("");
    const second = hook(
      payload("UserPromptSubmit", {
        cwd: project,
        prompt_id: "prompt-2",
        prompt: "install the dependencies",
      }),
    );
    expect(second, hookLogText(home)).toMatch(/<tacit-context>[\s\S]*pnpm install/);
    // The daemon served them: still running, its socket still there, nothing in the hook log.
    expect(hookLogText(home)).toBe("");
    expect(daemonFile(".sock")).toBeDefined();
    expect(process.kill(pid, 0)).toBe(true);
    const store = new SqliteStore({ path: join(home, "tacit.db") });
    try {
      const messages = await store.listMessages(SESSION);
      expect(messages.map((message) => message.kind)).toEqual(["text", "tool_call", "text"]);
    } finally {
      await store.close();
    }
  });
});
