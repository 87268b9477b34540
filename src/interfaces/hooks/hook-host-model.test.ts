/**
 * tacit's hooks never fire for tacit's own model runs (the user's agent run as tacit's model):
 * `tacit hook` as the agent runs it (a real process) does nothing at all when the guard variable
 * is set, and captures nothing from a session working in `$TACIT_HOME/host-model`. Each case has a
 * control: the same events without the guard, from the user's project, are captured.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { hookLogText, hookPayload } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-hook-host-model-");
const MAIN = fileURLToPath(new URL("../cli/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const EVENTS = ["SessionStart", "UserPromptSubmit", "PostToolUse", "Stop"];

function hook(input: string, env: NodeJS.ProcessEnv) {
  const result = spawnSync(process.execPath, ["--import", "tsx", MAIN, "hook"], {
    cwd: ROOT,
    input,
    env: { PATH: process.env.PATH, TACIT_NO_BACKGROUND_LEARN: "1", TACIT_HOOK_DAEMON: "0", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

async function sessionCount(home: string): Promise<number> {
  const db = join(home, "tacit.db");
  if (!existsSync(db)) return 0;
  const store = new SqliteStore({ path: db });
  try {
    return (await store.listSessions({ limit: 10 })).length;
  } finally {
    await store.close();
  }
}

function runEvents(env: NodeJS.ProcessEnv, cwd: string) {
  return EVENTS.map((name) => hook(hookPayload("claude-code", name, { cwd }), env));
}

describe("tacit hook in tacit's own model runs", () => {
  it("does nothing at all when the guard variable is set", async () => {
    const home = tempDir();
    const project = join(home, "shop-api");
    mkdirSync(project);
    for (const output of runEvents({ TACIT_HOME: home, TACIT_HOST_MODEL: "1" }, project)) {
      expect(output).toEqual({ code: 0, stdout: "", stderr: "" });
    }
    // No database, no log, no spool, no daemon: nothing of tacit's was even created.
    expect(readdirSync(home)).toEqual(["shop-api"]);

    runEvents({ TACIT_HOME: home }, project);
    expect(await sessionCount(home)).toBe(1);
  });

  it("captures nothing from a session working in the host-model folder", async () => {
    const home = tempDir();
    const own = join(home, "host-model");
    mkdirSync(own);
    for (const output of runEvents({ TACIT_HOME: home }, own)) {
      expect(output).toEqual({ code: 0, stdout: "", stderr: "" });
    }
    expect(await sessionCount(home)).toBe(0);
    expect(hookLogText(home)).toBe("");

    runEvents({ TACIT_HOME: home }, join(home, "elsewhere"));
    expect(await sessionCount(home)).toBe(1);
  });
});
