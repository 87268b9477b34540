/**
 * The built `tacit` bin (dist/interfaces/cli/tacit.cjs: main.ts bundled as CommonJS by
 * scripts/build-hook.mjs) as users and agents run it. Built here from the current sources into a
 * temporary copy of the package (its package.json, node_modules linked), so the test never depends
 * on a stale dist/; every command below is a real process started from another folder.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { daemonPid, hookLogText, hookPayload, waitUntil } from "../../testing/hook-fixtures.js";
import { pnpmLessonArgs } from "../../testing/pnpm-lesson.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { runInTerminal, terminalAvailable } from "../../testing/terminal.js";

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
    tacit(pnpmLessonArgs(project));
    // Command hooks, whatever claude is on PATH (auto would pick HTTP hooks for a recent one).
    tacit(["install", "claude-code", "--project", project, "--transport", "command"]);
    const settings = JSON.parse(readFileSync(join(project, ".claude/settings.local.json"), "utf8"));
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
    // The events of tool calls and prompts go through the FIFO pairs the daemon keeps ready: each
    // takes a free one (renaming it), used once.
    // Looked up each time: the daemon may make its folder only after its pid file.
    const fifos = () => join(home, daemonFile(".fifos") ?? "none.fifos");
    const offered = () =>
      existsSync(fifos()) ? readdirSync(fifos()).filter((name) => name.startsWith("free-")) : [];
    const throughPair = async (input: string) => {
      await waitUntil(
        () => offered().length > 0,
        "a free FIFO pair",
        20_000,
        () =>
          `: ${JSON.stringify({ pairs: existsSync(fifos()) ? readdirSync(fifos()) : null, alive: alive(pid), home: readdirSync(home), log: hookLogText(home) })}`,
      );
      const before = offered();
      const output = hook(input);
      expect(
        before.filter((name) => !offered().includes(name)),
        "the pair taken",
      ).toHaveLength(1);
      return output;
    };
    // A tool event is queued in the daemon's inbox and answered at once; the next prompt, answered
    // by the daemon, comes after it.
    expect(await throughPair(payload("PostToolUse", { cwd: project }))).toBe("");
    const second = await throughPair(
      payload("UserPromptSubmit", {
        cwd: project,
        prompt_id: "prompt-2",
        prompt: "install the dependencies",
      }),
    );
    expect(second, hookLogText(home)).toMatch(/<tacit-context>[\s\S]*pnpm install/);
    // The call the lesson is about gets the lesson, and the daemon records that it reminded it.
    const reminded = await throughPair(
      payload("PreToolUse", { cwd: project, tool_input: { command: "npm install zod" } }),
    );
    expect(JSON.parse(reminded).hookSpecificOutput.additionalContext, hookLogText(home)).toMatch(
      /pnpm install/,
    );
    expect(
      await throughPair(payload("PreToolUse", { cwd: project, tool_input: { command: "pnpm test" } })),
    ).toBe("");
    await waitUntil(() => guardKinds(join(home, "tacit.db")).includes("remind"), "the reminder recorded");
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

/** The kinds of the guard's records in a database. */
function guardKinds(database: string): string[] {
  const db = new Database(database, { readonly: true });
  try {
    return db.prepare("SELECT kind FROM guard_events").pluck().all() as string[];
  } finally {
    db.close();
  }
}

/** Runs the bin in `cwd` with `env`, without a terminal; its exit code and output. */
function run(args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; input?: string }) {
  const result = spawnSync(process.execPath, [bin, ...args], { ...options, encoding: "utf8" });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const SAMPLES = fileURLToPath(new URL("../../../examples/transcripts/tacit-samples", import.meta.url));

/** Whether a process with this pid still runs. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("the built tacit bin, as a person runs it", () => {
  it("prints help for `tacit hook --help`, and logs nothing", () => {
    const home = tempDir();
    const result = run(["hook", "--help"], { cwd: home, env: { PATH: process.env.PATH, TACIT_HOME: home } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: tacit hook \[options\]/);
    expect(result.stdout).toMatch(/JSON on stdin/);
    expect(hookLogText(home)).toBe("");
  });

  it("stops quietly when the reader of its output goes away (`| head`)", () => {
    const dir = tempDir();
    const conversation = JSON.stringify({
      id: "c",
      messages: [
        { role: "user", content: "Install deps" },
        { role: "user", content: "No, not npm, use pnpm" },
      ],
    });
    writeFileSync(join(dir, "in.jsonl"), `${`${conversation}\n`.repeat(20_000)}`);
    const piped = spawnSync(
      "/bin/sh",
      ["-c", `${process.execPath} ${bin} signals detect < in.jsonl | head -c 10`],
      { cwd: dir, env: { PATH: process.env.PATH, TACIT_HOME: dir }, encoding: "utf8" },
    );
    expect(piped.stdout).toBe('{"id":"c",');
    expect(piped.stderr).toBe("");
  });

  it.skipIf(!terminalAvailable())(
    "gives the terminal back on Ctrl-C and says how to resume, and the re-run finishes",
    async () => {
      const dir = tempDir();
      const env = { PATH: process.env.PATH, TACIT_HOME: dir };
      const lines = Array.from({ length: 40_000 }, (_, index) =>
        JSON.stringify({
          type: "user",
          sessionId: "big-import",
          uuid: `u${index}`,
          timestamp: new Date(Date.UTC(2026, 9, 1) + index * 1000).toISOString(),
          cwd: "/work/shop",
          message: { role: "user", content: `message ${index} about the dependencies ${"x".repeat(200)}` },
        }),
      );
      writeFileSync(join(dir, "big.jsonl"), `${lines.join("\n")}\n`);
      // Ctrl-C as soon as the progress bar shows.
      const interrupted = await runInTerminal([process.execPath, bin, "import", "big.jsonl"], {
        cwd: dir,
        env,
        type: (output) => (output.includes("importing") ? "\u0003" : null),
      });
      expect(interrupted.code).toBe(130);
      expect(interrupted.output).toContain("interrupted; re-run to resume");
      // The bar hid the cursor and turned line wrap off; both are back on after it.
      const hidden = interrupted.output.lastIndexOf("\u001b[?25l");
      expect(hidden).toBeGreaterThanOrEqual(0);
      const after = interrupted.output.slice(hidden);
      expect(after).toContain("\u001b[?25h");
      expect(after.lastIndexOf("\u001b[?7h")).toBeGreaterThan(after.lastIndexOf("\u001b[?7l"));
      const resumed = run(["import", "big.jsonl", "--json"], { cwd: dir, env });
      expect(resumed.code).toBe(0);
      const stats = JSON.parse(run(["stats", "--json"], { cwd: dir, env }).stdout);
      expect(stats.messages).toBe(40_000);
    },
    120_000,
  );

  it.skipIf(!terminalAvailable())(
    "stops `tacit learn` on Ctrl-C between two tasks, and the re-run learns only the rest",
    async () => {
      const dir = tempDir();
      const env = { PATH: process.env.PATH, TACIT_HOME: dir };
      // 300 sessions, each a task with a correction: learning them takes seconds, offline.
      const conversations = Array.from({ length: 300 }, (_, index) =>
        JSON.stringify({
          id: `learn-${index}`,
          messages: [
            { role: "user", content: `Install the dependencies of service ${index}` },
            { role: "assistant", content: "Running npm install." },
            { role: "user", content: "No, not npm: this repo uses pnpm. Use pnpm install." },
            { role: "assistant", content: "Done with pnpm install." },
            { role: "user", content: "Thanks, that works." },
          ],
        }),
      );
      writeFileSync(join(dir, "many.jsonl"), `${conversations.join("\n")}\n`);
      expect(run(["import", "many.jsonl"], { cwd: dir, env }).code).toBe(0);
      // Ctrl-C as soon as the bar shows: offline learning never waited on anything, so Node never
      // ran the handler and the run went on to the end.
      const interrupted = await runInTerminal([process.execPath, bin, "learn"], {
        cwd: dir,
        env,
        type: (output) => (output.includes("learning") ? "\u0003" : null),
      });
      expect(interrupted.output).toContain("interrupted; re-run to resume");
      expect(interrupted.code).toBe(130);
      expect(interrupted.output).not.toMatch(/Learnt \d+ task/);
      const after = interrupted.output.slice(interrupted.output.lastIndexOf("\u001b[?25l"));
      expect(after).toContain("\u001b[?25h");
      const resumed = run(["learn", "--json"], { cwd: dir, env });
      expect(resumed.code, resumed.stderr).toBe(0);
      const summary = JSON.parse(resumed.stdout);
      // What was learnt before the interrupt stays learnt; the re-run does the rest.
      expect(summary.tasksUnchanged).toBeGreaterThan(0);
      expect(summary.tasksLearned).toBeGreaterThan(0);
      expect(summary.tasksUnchanged + summary.tasksLearned).toBe(300);
    },
    120_000,
  );

  it.skipIf(!terminalAvailable())("asks before pruning on a terminal, and prunes only on yes", async () => {
    const dir = tempDir();
    const env = { PATH: process.env.PATH, TACIT_HOME: dir };
    expect(run(["import", SAMPLES], { cwd: dir, env }).code).toBe(0);
    const sessions = () => JSON.parse(run(["stats", "--json"], { cwd: dir, env }).stdout).sessions;
    const count = sessions();
    expect(count).toBeGreaterThan(0);
    const prune = (answer: string) =>
      runInTerminal([process.execPath, bin, "prune", "--older-than", "0"], {
        cwd: dir,
        env,
        type: (output) => (output.includes("[y/N]") ? answer : null),
      });
    const declined = await prune("n\r");
    expect(declined.output).toMatch(
      new RegExp(`Delete ${count} sessions \\(\\d+ messages\\) inactive since`),
    );
    expect(declined.output).toContain("nothing deleted");
    expect(declined.code).toBe(1);
    expect(sessions()).toBe(count);
    const accepted = await prune("y\r");
    expect(accepted.code).toBe(0);
    expect(accepted.output).toContain(`Pruned ${count} sessions`);
    expect(sessions()).toBe(0);
  });

  it("uninstall removes only what install added, keeps backups in TACIT_HOME, and stops the hook daemon", async () => {
    const home = tempDir();
    const project = join(home, "shop-api");
    mkdirSync(join(project, ".git", "info"), { recursive: true });
    const env = { PATH: process.env.PATH, HOME: home, TACIT_HOME: home, TACIT_NO_BACKGROUND_LEARN: "1" };
    const install = ["install", "claude-code", "--project", project, "--transport", "command"];
    expect(run(install, { cwd: project, env }).code).toBe(0);
    const local = join(project, ".claude", "settings.local.json");
    const command: string = JSON.parse(readFileSync(local, "utf8")).hooks.UserPromptSubmit[0].hooks[0]
      .command;
    // A prompt starts the hook daemon.
    spawnSync("/bin/sh", ["-c", command], {
      cwd: project,
      env,
      input: payload("UserPromptSubmit", { cwd: project, prompt_id: "p1" }),
    });
    const pidFile = () => readdirSync(home).find((name) => name.endsWith(".pid"));
    await waitUntil(
      () => pidFile() !== undefined && daemonPid(join(home, pidFile() as string)) !== null,
      "the daemon",
    );
    const pid = daemonPid(join(home, pidFile() as string)) as number;
    expect(alive(pid)).toBe(true);

    const removed = run(["uninstall", "claude-code", "--project", project], { cwd: project, env });
    expect(removed.stderr).toBe("");
    expect(removed.code).toBe(0);
    expect(removed.stdout).toContain(
      `Removed ${local} (tacit created it, and only tacit's hooks were in it).`,
    );
    expect(removed.stdout).toContain("Stopped 1 hook daemon(s).");
    // Stopped by the time uninstall returned, not minutes later.
    expect(alive(pid)).toBe(false);
    // The project is as it was: no settings file, no .claude folder, no backup, no exclude line.
    expect(readdirSync(project).sort()).toEqual([".git"]);
    expect(readdirSync(join(project, ".git", "info"))).toEqual([]);
    expect(readdirSync(join(home, "backups"))).toHaveLength(1);

    // --purge: asks, or needs --yes without a terminal; then tacit's data is gone too.
    const refused = run(["uninstall", "--purge"], { cwd: project, env });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/add --yes/);
    expect(existsSync(join(home, "tacit.db"))).toBe(true);
    // What a killed daemon leaves: its FIFO pairs' folder.
    mkdirSync(join(home, "hook-0123abcd.fifos", "free-0"), { recursive: true });
    const purged = run(["uninstall", "--purge", "--yes"], { cwd: project, env });
    expect(purged.stderr).toBe("");
    expect(purged.code).toBe(0);
    expect(readdirSync(home).sort()).toEqual(["shop-api"]);
    expect(purged.stdout).toContain(`Kept ${project} (not tacit's).`);
  }, 120_000);
});
