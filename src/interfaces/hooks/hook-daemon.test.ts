/**
 * The resident hook daemon: the same answers and rows as the in-process hook, and every way it can
 * be missing (never started, stale socket, killed, idle) falls back to in-process handling.
 */
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { defaultConfig } from "../../config/schema.js";
import { daemonPid, hookLogText, hookPayload, hookProcess, waitUntil } from "../../testing/hook-fixtures.js";
import { stopDaemonsUnder, useTempDir } from "../../testing/temp-dir.js";
import { keepStoresOpen } from "./hook-capture.js";
import { hookSocketPath, runHookClient } from "./hook-client.js";
import { runHookDaemon } from "./hook-daemon.js";
import { stopHookDaemons } from "./hook-daemon-control.js";
import type { HookAgent } from "./hook-event.js";
import { fifoDirectory } from "./hook-fifo-client.js";
import { inboxDirectory } from "./hook-inbox.js";
import { runHook } from "./hook-main.js";

const tempDir = useTempDir("tacit-hook-daemon-");
const MAIN = fileURLToPath(new URL("../cli/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const NOW = Date.UTC(2026, 4, 1, 12);
const daemons: Array<{ socket: string; stopped: Promise<void> }> = [];
/** A health check and an idle timeout an hour away: a test that ends sooner saw something else stop the daemon. */
const NO_POLLING = { TACIT_HOOK_DAEMON_CHECK_MS: "3600000", TACIT_HOOK_DAEMON_IDLE_MS: "3600000" };
afterEach(async () => {
  // A daemon whose socket is removed notices at its next check (100 ms here) and stops.
  for (const daemon of daemons) rmSync(daemon.socket, { force: true });
  await Promise.all(daemons.splice(0).map((daemon) => daemon.stopped));
});

const SEQUENCES: Record<"claude-code" | "codex", string[]> = {
  "claude-code": [
    "SessionStart",
    "UserPromptSubmit",
    "PreToolUse",
    "PostToolUse",
    "PostToolUseFailure",
    "SubagentStop",
    "Stop",
    "PreCompact",
    "SessionEnd",
  ],
  codex: ["SessionStart", "UserPromptSubmit", "PostToolUse", "Stop"],
};

function payload(
  agent: HookAgent,
  name: string,
  project: string,
  changes: Record<string, unknown> = {},
): Buffer {
  return Buffer.from(hookPayload(agent, name, { cwd: project, ...changes }));
}

function home(): { home: string; project: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir();
  const project = join(dir, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  return {
    home: dir,
    project,
    env: {
      TACIT_HOME: dir,
      TACIT_NO_BACKGROUND_LEARN: "1",
      TACIT_HOOK_DAEMON_CHECK_MS: "100",
      HOME: dir,
    },
  };
}

/** One event through hook-client.ts, as the CLI runs it; what it printed. */
async function client(argv: string[], input: Buffer, env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  let text = "";
  const stdout = new Writable({
    write(chunk, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  await runHookClient(argv, { stdin: input, stdout, env, cwd, now: () => NOW });
  return text;
}

async function startDaemon(env: NodeJS.ProcessEnv, cwd: string): Promise<string> {
  const socket = hookSocketPath([], { env, cwd });
  if (socket === null) throw new Error("no socket path");
  // No FIFO pairs: the clients of these tests run in this process (those of real processes do not).
  const stopped = runHookDaemon({ socketPath: socket, env, now: () => NOW, fifoPairs: false });
  daemons.push({ socket, stopped });
  await until(() => existsSync(socket));
  return socket;
}

/**
 * `tacit hook-daemon` as its own process, as hook-client.ts starts it, with neither a health check
 * nor an idle timeout within a test; resolves `exited` with its exit code.
 */
function spawnDaemon(env: NodeJS.ProcessEnv): { socket: string; exited: Promise<number | null> } {
  const socket = hookSocketPath([], { env, cwd: ROOT }) as string;
  const child = spawn(process.execPath, ["--import", "tsx", MAIN, "hook-daemon", "--socket", socket], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, ...env, ...NO_POLLING },
    stdio: "ignore",
  });
  return { socket, exited: new Promise((resolve) => child.on("exit", resolve)) };
}

/** Waits for something the daemon does in the background. */
const until = (condition: () => boolean, timeoutMs?: number) => waitUntil(condition, "the daemon", timeoutMs);

/** The captured rows, in a comparable form. */
function rows(dir: string): unknown {
  const database = new Database(join(dir, "tacit.db"), { readonly: true });
  try {
    return {
      sessions: database.prepare("SELECT * FROM sessions ORDER BY id").all(),
      messages: database.prepare("SELECT * FROM messages ORDER BY id").all(),
    };
  } finally {
    database.close();
  }
}

describe("tacit hook with the resident daemon", () => {
  for (const agent of ["claude-code", "codex"] as const) {
    it(`answers every ${agent} event as the in-process hook does, with the same rows`, async () => {
      const direct = home();
      const served = home();
      const socket = await startDaemon(served.env, served.project);
      const argv = ["--agent", agent];
      for (const name of SEQUENCES[agent]) {
        const a = await client(
          argv,
          payload(agent, name, direct.project),
          { ...direct.env, TACIT_HOOK_DAEMON: "0" },
          direct.project,
        );
        const b = await client(argv, payload(agent, name, served.project), served.env, served.project);
        expect(b.replaceAll(served.project, "P")).toBe(a.replaceAll(direct.project, "P"));
      }
      // Tool events went through the inbox; the Stop after them drained it before its own rows.
      expect(readdirSync(inboxDirectory(socket))).toEqual([]);
      const normalize = (value: unknown, dir: string) =>
        JSON.parse(JSON.stringify(value).replaceAll(dir, "H"));
      expect(normalize(rows(served.home), served.home)).toEqual(normalize(rows(direct.home), direct.home));
      expect(hookLogText(served.home)).toBe("");
      expect(hookLogText(direct.home)).toBe("");
    });
  }

  it("stores a queued tool event right away, leaving the next prompt no spool to write", async () => {
    const setup = home();
    await startDaemon(setup.env, setup.project);
    const session = payload("claude-code", "SessionStart", setup.project);
    expect(await client([], session, setup.env, setup.project)).toBe("");
    expect(
      await client([], payload("claude-code", "PostToolUse", setup.project), setup.env, setup.project),
    ).toBe("");
    // No prompt-level event follows: the daemon itself moved the event from its inbox into the store.
    await until(() => (rows(setup.home) as { messages: unknown[] }).messages.length === 1);
    const spool = `${join(setup.home, "tacit.db")}-hook-spool`;
    expect(existsSync(spool) ? readdirSync(spool) : []).toEqual([]);
    expect(hookLogText(setup.home)).toBe("");
  });

  it("adds nothing when an event is handled twice (daemon and in-process)", async () => {
    const setup = home();
    await startDaemon(setup.env, setup.project);
    const events = ["SessionStart", "UserPromptSubmit", "PostToolUse", "Stop"];
    for (const name of events)
      await client([], payload("claude-code", name, setup.project), setup.env, setup.project);
    const once = rows(setup.home);
    for (const name of events) {
      await client([], payload("claude-code", name, setup.project), setup.env, setup.project);
      await client(
        [],
        payload("claude-code", name, setup.project),
        { ...setup.env, TACIT_HOOK_DAEMON: "0" },
        setup.project,
      );
    }
    await client([], payload("claude-code", "Stop", setup.project), setup.env, setup.project);
    expect(rows(setup.home)).toEqual(once);
  });

  it("logs a malformed payload and answers nothing, and keeps serving", async () => {
    const setup = home();
    const socket = await startDaemon(setup.env, setup.project);
    expect(await client([], Buffer.from("{not json"), setup.env, setup.project)).toBe("");
    expect(await client([], Buffer.from('{"hook_event_name":"PostToolUse"}'), setup.env, setup.project)).toBe(
      "",
    );
    await until(() => hookLogText(setup.home).split("invalid hook payload").length === 3);
    expect(
      await client([], payload("claude-code", "SessionStart", setup.project), setup.env, setup.project),
    ).toBe("");
    expect(existsSync(socket)).toBe(true);
    expect((rows(setup.home) as { sessions: unknown[] }).sessions).toHaveLength(1);
  });

  it("keeps serving after a client gave up waiting for its answer", async () => {
    const setup = home();
    const socket = await startDaemon(setup.env, setup.project);
    const prompt = (id: string) =>
      payload("claude-code", "UserPromptSubmit", setup.project, { prompt_id: id });
    // A client that closes as soon as its event is accepted, as one whose reply timeout ran out.
    await new Promise<void>((closed) => {
      const impatient = connect(socket);
      impatient.on("data", () => impatient.destroy());
      impatient.on("close", () => closed());
      impatient.end(
        Buffer.concat([
          Buffer.from(`${JSON.stringify({ argv: [], cwd: setup.project, env: setup.env })}\n`),
          prompt("first"),
        ]),
      );
    });
    // The next event is answered in time: a daemon stuck on the closed connection would not be.
    await client([], prompt("second"), setup.env, setup.project);
    const ids = (rows(setup.home) as { messages: Array<{ id: string }> }).messages.map((row) => row.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/:hook:prompt:first$/),
        expect.stringMatching(/:hook:prompt:second$/),
      ]),
    );
    expect(hookLogText(setup.home)).toBe("");
  }, 30_000);

  it("stops after its idle timeout and removes its socket", async () => {
    const setup = home();
    const env = { ...setup.env, TACIT_HOOK_DAEMON_IDLE_MS: "300" };
    const socket = await startDaemon(env, setup.project);
    await daemons[0]?.stopped;
    expect(existsSync(socket)).toBe(false);
    expect(existsSync(socket.replace(/\.sock$/, ".pid"))).toBe(false);
  });

  it("starts the background learner once a Stop is answered, and the learner learns the session", async () => {
    const setup = home();
    const { TACIT_NO_BACKGROUND_LEARN: _off, ...env } = setup.env;
    // As in the daemon, whose stores stay open between events (what else it defers needs that).
    const stores = keepStoresOpen();
    onTestFinished(() => stores.close());
    const argv = ["--agent", "claude-code"];
    const deferred: Array<() => void> = [];
    const io = (name: string, changes: Record<string, unknown> = {}) => ({
      stdin: payload("claude-code", name, setup.project, changes),
      stdout: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
      env,
      cwd: setup.project,
      now: () => NOW,
      afterAnswer: (work: () => void) => deferred.push(work),
    });
    await runHook(argv, io("UserPromptSubmit", { prompt: "install the dependencies for the api" }));
    await runHook(
      argv,
      io("PostToolUse", {
        tool_input: { command: "npm install" },
        tool_response: { stdout: "added 812 packages in 9s", stderr: "" },
        tool_use_id: "toolu_npm",
      }),
    );
    await runHook(argv, io("Stop", { last_assistant_message: "Installed the dependencies with npm." }));
    await runHook(
      argv,
      io("UserPromptSubmit", {
        prompt_id: "second",
        prompt: "no, don't use npm here, this repo is a pnpm workspace. use pnpm install",
      }),
    );
    await runHook(argv, io("PostToolUse", { prompt_id: "second" }));
    await runHook(argv, io("Stop", { prompt_id: "second", last_assistant_message: "Ran pnpm install." }));
    // Handed over, not done: the daemon runs it after the answer is sent (with the guard following
    // each prompt: one job per prompt and per Stop, the last the learner).
    expect(deferred).toHaveLength(4);
    const jobs = () => {
      const database = new Database(join(setup.home, "tacit.db"), { readonly: true });
      try {
        return database.prepare("SELECT status FROM learn_jobs").all() as Array<{ status: string }>;
      } finally {
        database.close();
      }
    };
    expect(jobs()).toEqual([]);
    deferred.at(-1)?.();
    await until(() => jobs().length > 0 && jobs().every((job) => job.status === "done"), 60_000);
    const database = new Database(join(setup.home, "tacit.db"), { readonly: true });
    const rules = database.prepare("SELECT data ->> '$.rule' AS rule FROM lessons").all() as Array<{
      rule: string;
    }>;
    database.close();
    expect(rules.map((row) => row.rule).join("\n")).toMatch(/pnpm/);
    expect(hookLogText(setup.home)).toBe("");
  }, 90_000);

  it("serves nobody else: the socket is 0600 in the user's TACIT_HOME", async () => {
    const setup = home();
    const socket = await startDaemon(setup.env, setup.project);
    expect(socket.startsWith(setup.home)).toBe(true);
    expect(statSync(socket).mode & 0o777).toBe(0o600);
  });
});

describe("tacit hook (process) without a daemon", () => {
  const hook = hookProcess;

  it("handles the event in process, starts the daemon, and falls back again once it is killed", async () => {
    const setup = home();
    const socket = hookSocketPath([], { env: setup.env, cwd: setup.project }) as string;
    const first = hook(payload("claude-code", "SessionStart", setup.project), setup.env);
    expect(first).toEqual({ code: 0, stdout: "", stderr: "" });
    expect((rows(setup.home) as { sessions: unknown[] }).sessions).toHaveLength(1);
    // The first prompt-level event started the daemon.
    const pidFile = socket.replace(/\.sock$/, ".pid");
    await until(() => daemonPid(pidFile) !== null && existsSync(socket), 30_000);
    const pid = daemonPid(pidFile) as number;
    // A tool event and a prompt go to it through two of its FIFO pairs: it queues the tool event
    // in its inbox and answers at once, and stores it before the prompt.
    const fifos = fifoDirectory(socket);
    const offered = () =>
      existsSync(fifos) ? readdirSync(fifos).filter((name) => name.startsWith("free-")) : [];
    await until(() => offered().length > 2, 30_000);
    const pairs = offered();
    expect(hook(payload("claude-code", "PostToolUse", setup.project), setup.env)).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    });
    expect(hook(payload("claude-code", "UserPromptSubmit", setup.project), setup.env).code).toBe(0);
    expect(pairs.filter((name) => !existsSync(join(fifos, name)))).toHaveLength(2);
    const messages = () => (rows(setup.home) as { messages: unknown[] }).messages.length;
    const served = messages();
    expect(served).toBe(2);
    // Killed mid-way: its socket stays behind, stale.
    process.kill(pid, "SIGKILL");
    await until(() => {
      try {
        process.kill(pid, 0);
        return false;
      } catch {
        return true;
      }
    });
    expect(existsSync(socket)).toBe(true);
    // A tool event still queues (its pairs have no daemon behind them, the socket file exists);
    // the next prompt falls back in process, drains what was queued first, and starts a new
    // daemon that replaces the stale socket.
    const tool = payload("claude-code", "PostToolUse", setup.project, { tool_use_id: "toolu_after_kill" });
    expect(hook(tool, setup.env)).toEqual({ code: 0, stdout: "", stderr: "" });
    const prompt = payload("claude-code", "UserPromptSubmit", setup.project, {
      prompt_id: "after-kill",
      prompt: "next",
    });
    expect(hook(prompt, setup.env)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(messages()).toBe(served + 2);
    await until(() => (daemonPid(pidFile) ?? pid) !== pid, 30_000);
    const successor = daemonPid(pidFile) as number;
    expect(hookLogText(setup.home)).toBe("");
    process.kill(successor, "SIGTERM");
  }, 120_000);

  it("exits 0 silently with a read-only TACIT_HOME (no daemon can start there)", () => {
    const setup = home();
    const readOnly = join(setup.home, "ro");
    mkdirSync(readOnly);
    chmodSync(readOnly, 0o500);
    try {
      const result = hook(payload("claude-code", "UserPromptSubmit", setup.project), {
        ...setup.env,
        TACIT_HOME: readOnly,
      });
      expect(result).toEqual({ code: 0, stdout: "", stderr: "" });
    } finally {
      chmodSync(readOnly, 0o700);
    }
  }, 60_000);

  it("exits at once when its home is removed, without waiting for a health check", async () => {
    const setup = home();
    // No health check and no idle timeout within the test: only noticing the removal stops it.
    const { socket, exited } = spawnDaemon(setup.env);
    await until(() => existsSync(socket), 30_000);
    // The daemon may still be writing (its pid file, its FIFO pairs) as the removal walks the
    // folder, and `rmSync` walks it only once: a second pass removes what came meanwhile, as a
    // user's second `rm -rf` would. What is checked is that the daemon exits and leaves it gone.
    for (let pass = 0; existsSync(setup.home) && pass < 5; pass++) {
      try {
        rmSync(setup.home, { recursive: true, force: true, maxRetries: 3, retryDelay: 20 });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOTEMPTY" || pass === 4) throw error;
      }
    }
    expect(await exited).toBe(0);
    expect(existsSync(setup.home)).toBe(false);
  }, 60_000);

  it("exits at once when a database it served is deleted", async () => {
    const setup = home();
    const elsewhere = tempDir();
    const env = { ...setup.env, ...NO_POLLING, TACIT_DATABASE_URL: join(elsewhere, "shop.db") };
    await startDaemon(env, setup.project);
    await client([], payload("claude-code", "SessionStart", setup.project), env, setup.project);
    expect(existsSync(join(elsewhere, "shop.db"))).toBe(true);
    rmSync(join(elsewhere, "shop.db"));
    await daemons[0]?.stopped;
    expect(existsSync(daemons[0]?.socket as string)).toBe(false);
  });

  it("stops when asked (tacit uninstall), removing its socket and pid file", async () => {
    const setup = home();
    const socket = await startDaemon({ ...setup.env, ...NO_POLLING }, setup.project);
    await client([], payload("claude-code", "SessionStart", setup.project), setup.env, setup.project);
    const stops = await stopHookDaemons(setup.home);
    expect(stops).toEqual([{ socket, pid: process.pid, state: "stopped" }]);
    await daemons[0]?.stopped;
    expect(
      readdirSync(setup.home).filter((name) => name.startsWith("hook-") && !name.endsWith(".inbox")),
    ).toEqual([]);
    // A socket nobody listens at any more is removed as stale.
    expect(await stopHookDaemons(setup.home)).toEqual([]);
  });

  it("exits after a short idle time, the one the integration docs give", () => {
    const minutes = defaultConfig().hooks.daemonIdleMs / 60_000;
    expect(minutes).toBeLessThanOrEqual(10);
    const docs = readFileSync(join(ROOT, "docs", "integrations.md"), "utf8");
    expect(docs).toContain(`it exits after ${minutes} min without an event`);
  });

  it("leaves no daemon behind a test: the temporary folder's cleanup stops the ones started in it", async () => {
    const setup = home();
    const { socket, exited } = spawnDaemon(setup.env);
    await until(() => daemonPid(socket.replace(/\.sock$/, ".pid")) !== null, 30_000);
    await stopDaemonsUnder(setup.home);
    expect(await exited).toBe(0);
    expect(existsSync(setup.home)).toBe(true);
  }, 60_000);
});
