/**
 * `tacit hook` as the agent runs it: a real process (`node --import tsx …/main.ts hook`) with the
 * payload on stdin. Whatever goes wrong, it exits 0 and prints nothing but the agent's JSON.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { runTacit } from "../../testing/cli-harness.js";
import { hookLogText, hookPayload } from "../../testing/hook-fixtures.js";
import { pnpmLessonArgs } from "../../testing/pnpm-lesson.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-hook-cli-");
const MAIN = fileURLToPath(new URL("../cli/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const SESSION = "claude-code:9f2c1a7e-4b3d-4e8f-a1c2-5d6e7f8a9b0c";

const payload = (name: string, changes: Record<string, unknown> = {}) =>
  hookPayload("claude-code", name, changes);

function hook(input: string, env: NodeJS.ProcessEnv, args: string[] = []) {
  const result = spawnSync(process.execPath, ["--import", "tsx", MAIN, "hook", ...args], {
    cwd: ROOT,
    input,
    env: { PATH: process.env.PATH, TACIT_NO_BACKGROUND_LEARN: "1", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("tacit hook (process)", () => {
  it("captures the reference payloads and answers a prompt with the recalled lesson", async () => {
    const home = tempDir();
    const project = join(home, "shop-api");
    mkdirSync(join(project, ".git"), { recursive: true });
    const env = { TACIT_HOME: home };
    const added = await runTacit(pnpmLessonArgs(project), { env });
    expect(added.code).toBe(0);
    const names = ["SessionStart", "UserPromptSubmit", "PostToolUseFailure", "PostToolUse", "Stop"];
    const outputs = names.map((name) => hook(payload(name, { cwd: project }), env));
    for (const output of outputs) expect(output).toMatchObject({ code: 0, stderr: "" });
    expect(outputs[1]?.stdout, hookLogText(home)).not.toBe("");
    const answer = JSON.parse(outputs[1]?.stdout ?? "");
    expect(answer.hookSpecificOutput.hookEventName).toBe("UserPromptSubmit");
    expect(answer.hookSpecificOutput.additionalContext).toMatch(/<tacit-context>[\s\S]*pnpm install/);
    expect(outputs[2]?.stdout).toBe("");

    const store = new SqliteStore({ path: join(home, "tacit.db") });
    try {
      const messages = await store.listMessages(SESSION);
      expect(messages.map((message) => message.kind)).toEqual(["text", "tool_call", "tool_call", "text"]);
      expect(await store.listOutcomes({ sessionId: SESSION, limit: 5 })).toHaveLength(1);
    } finally {
      await store.close();
    }
    expect(hookLogText(home)).toBe("");
  });

  it("exits 0 without output on a malformed payload, and logs why", () => {
    const home = tempDir();
    for (const input of ["{not json", "", '{"hook_event_name":"UserPromptSubmit","session_id":"s"}']) {
      expect(hook(input, { TACIT_HOME: home })).toEqual({ code: 0, stdout: "", stderr: "" });
    }
    const log = hookLogText(home);
    expect(log).toMatch(/invalid hook payload: stdin is not JSON/);
    expect(log).toMatch(/invalid hook payload: UserPromptSubmit: prompt/);
  });

  it("exits 0 without output on an unknown option", () => {
    const home = tempDir();
    expect(hook(payload("Stop"), { TACIT_HOME: home }, ["--agent", "cursor"])).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    });
    expect(hookLogText(home)).toMatch(/--agent/);
  });

  it("creates a missing database directory and still prints nothing", async () => {
    const home = tempDir();
    const database = join(home, "not", "there", "yet", "tacit.db");
    const env = { TACIT_HOME: join(home, "home"), TACIT_DATABASE_URL: database };
    for (const name of ["PostToolUse", "UserPromptSubmit", "Stop"]) {
      expect(hook(payload(name), env)).toEqual({ code: 0, stdout: "", stderr: "" });
    }
    const store = new SqliteStore({ path: database });
    try {
      expect(await store.listMessages(SESSION)).toHaveLength(3);
    } finally {
      await store.close();
    }
  });

  it("exits 0 without output when TACIT_HOME is read-only", () => {
    const home = tempDir();
    let readOnly = join(home, "read-only");
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o555);
    // Permission bits do not bind root; sysfs refuses new folders to everyone.
    if (process.getuid?.() === 0) readOnly = "/sys/tacit-home";
    for (const name of ["SessionStart", "UserPromptSubmit", "PostToolUse", "Stop"]) {
      expect(hook(payload(name), { TACIT_HOME: readOnly }), name).toEqual({
        code: 0,
        stdout: "",
        stderr: "",
      });
    }
    chmodSync(join(home, "read-only"), 0o755);
  });
});
