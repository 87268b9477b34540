/**
 * A locked database never stalls the agent and never loses a row: another process holds the
 * write lock while hook events arrive, with and without the resident daemon. Each event returns
 * while the lock is still held (no timing is asserted: the holder keeps the lock until the test
 * releases it, so a hook that waited for the lock would never return), a prompt answers nothing,
 * and once the lock is gone every row is stored.
 */
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { defaultConfig } from "../../config/schema.js";
import { hookLogText, hookPayload, waitUntil } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { holdWriteLock } from "../../testing/write-lock.js";
import { hookSocketPath, runHookClient } from "./hook-client.js";
import { hookClientSettings } from "./hook-client-settings.js";
import { runHookDaemon } from "./hook-daemon.js";
import { DEFAULT_HOOK_DEADLINES } from "./hook-deadline.js";

const tempDir = useTempDir("tacit-hook-deadline-");
const NOW = Date.UTC(2026, 4, 1, 12);
const daemons: Array<{ socket: string; stopped: Promise<void> }> = [];
afterEach(async () => {
  for (const daemon of daemons) rmSync(daemon.socket, { force: true });
  await Promise.all(daemons.splice(0).map((daemon) => daemon.stopped));
});

function setup(daemon: boolean) {
  const home = tempDir();
  const project = join(home, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  const env: NodeJS.ProcessEnv = {
    TACIT_HOME: home,
    HOME: home,
    TACIT_NO_BACKGROUND_LEARN: "1",
    TACIT_HOOK_DAEMON_CHECK_MS: "100",
    // Short deadlines keep the test quick; the defaults are 2 s and 1 s.
    TACIT_HOOK_PROMPT_DEADLINE_MS: "300",
    TACIT_HOOK_TOOL_DEADLINE_MS: "200",
    ...(daemon ? {} : { TACIT_HOOK_DAEMON: "0" }),
  };
  return { home, project, env, database: join(home, "tacit.db") };
}

async function hook(name: string, context: ReturnType<typeof setup>, changes: Record<string, unknown> = {}) {
  let text = "";
  const stdout = new Writable({
    write(chunk, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  const input = Buffer.from(hookPayload("claude-code", name, { cwd: context.project, ...changes }));
  await runHookClient([], { stdin: input, stdout, env: context.env, cwd: context.project, now: () => NOW });
  return text;
}

/** True while some other connection holds the write lock. */
function locked(database: string): boolean {
  const probe = new Database(database, { timeout: 0 });
  try {
    probe.exec("BEGIN IMMEDIATE");
    probe.exec("ROLLBACK");
    return false;
  } catch (error) {
    if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
    return true;
  } finally {
    probe.close();
  }
}

function stored(database: string) {
  const db = new Database(database, { readonly: true });
  try {
    return {
      messages: db.prepare("SELECT id, role, kind FROM messages ORDER BY seq").all() as Array<{ id: string }>,
      outcomes: db.prepare("SELECT id FROM outcomes").all(),
    };
  } finally {
    db.close();
  }
}

describe("hook deadline", () => {
  for (const daemon of [false, true]) {
    it(`returns while another process holds the write lock, and loses nothing (${daemon ? "daemon" : "no daemon"})`, async () => {
      const context = setup(daemon);
      if (daemon) {
        const socket = hookSocketPath([], { env: context.env, cwd: context.project }) as string;
        daemons.push({
          socket,
          stopped: runHookDaemon({ socketPath: socket, env: context.env, now: () => NOW, fifoPairs: false }),
        });
        await waitUntil(() => existsSync(socket), "the daemon");
      }
      expect(await hook("SessionStart", context)).toBe("");
      const lock = await holdWriteLock(context.database);
      try {
        expect(
          await hook("UserPromptSubmit", context, { prompt_id: "p1", prompt: "Install the dependencies" }),
        ).toBe("");
        expect(await hook("PostToolUse", context, { prompt_id: "p1" })).toBe("");
        expect(await hook("Stop", context, { prompt_id: "p1", last_assistant_message: "Installed." })).toBe(
          "",
        );
        expect(locked(context.database)).toBe(true);
        await waitUntil(
          () => /database busy past the \d+ ms deadline/.test(hookLogText(context.home)),
          "the log",
        );
        expect(stored(context.database).messages).toEqual([]);
      } finally {
        await lock.release();
      }
      // Without a daemon the next event stores what waited; the daemon stores it on its own.
      if (!daemon) expect(await hook("SessionEnd", context)).toBe("");
      await waitUntil(() => stored(context.database).messages.length === 3, "the spooled rows");
      const after = stored(context.database);
      expect(after.messages.map((row) => row.id.split(":").slice(-3).join(":"))).toEqual([
        "hook:prompt:p1",
        expect.stringMatching(/^hook:tool:/),
        "hook:reply:p1",
      ]);
      await waitUntil(() => stored(context.database).outcomes.length === 1, "the turn's outcome");
      const spool = `${context.database}-hook-spool`;
      await waitUntil(() => !existsSync(spool) || readdirSync(spool).length === 0, "an empty spool");
    }, 30_000);
  }

  it("reads its settings from the config schema's defaults and the environment", () => {
    const { promptDeadlineMs, toolEventDeadlineMs } = defaultConfig().hooks;
    expect({ promptDeadlineMs, toolEventDeadlineMs }).toEqual(DEFAULT_HOOK_DEADLINES);
    expect(DEFAULT_HOOK_DEADLINES).toEqual({ promptDeadlineMs: 2_000, toolEventDeadlineMs: 1_000 });
    const home = tempDir();
    expect(
      hookClientSettings({
        TACIT_HOME: home,
        TACIT_HOOK_PROMPT_DEADLINE_MS: "500",
        TACIT_HOOK_TOOL_DEADLINE_MS: "-3",
      }),
    ).toEqual({ daemon: true, promptDeadlineMs: 500, toolEventDeadlineMs: 1_000, daemonWaitMs: 50 });
  });
});
