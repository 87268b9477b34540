/**
 * The guard through the hooks: `runHook` in process with the reference payloads (the same handler
 * the daemon runs), and once as the agent runs it, a real `tacit hook` process.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { createHashingEmbedder } from "../../models/hashing-embedder.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { hookLogText, hookPayload } from "../../testing/hook-fixtures.js";
import { NPM_PROHIBITION, npmProhibitionLesson } from "../../testing/pnpm-lesson.js";
import { storeLessons } from "../../testing/stored-lessons.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { keepStoresOpen } from "./hook-capture.js";
import type { HookAgent } from "./hook-event.js";
import { type HookIo, runHook } from "./hook-main.js";

const tempDir = useTempDir("tacit-hook-guard-");
const MAIN = fileURLToPath(new URL("../cli/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const NOW = Date.UTC(2026, 10, 22, 9, 30, 0);

/** A project whose user said "never use npm here, use pnpm" in an earlier session, learnt as a lesson. */
async function project(agent: HookAgent = "claude-code", options: { quoteSession?: string } = {}) {
  const home = tempDir();
  const dir = join(home, "shop-api");
  mkdirSync(join(dir, ".git"), { recursive: true });
  const env: NodeJS.ProcessEnv = { TACIT_HOME: home, TACIT_NO_BACKGROUND_LEARN: "1", TACIT_HOOK_DAEMON: "0" };
  const said = await send(agent, "UserPromptSubmit", dir, env, {
    session_id: "earlier",
    prompt: NPM_PROHIBITION,
  });
  expect(said).toBe("");
  const store = new SqliteStore({ path: join(home, "tacit.db") });
  try {
    const lesson = npmProhibitionLesson({
      project: dir,
      quoteSession: `${agent}:${options.quoteSession ?? "earlier"}`,
      at: NOW,
    });
    await storeLessons(store, createHashingEmbedder(), [lesson]);
  } finally {
    await store.close();
  }
  return { home, dir, env };
}

/** Runs one hook event in process; returns what it printed. */
async function send(
  agent: HookAgent,
  name: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  changes: Record<string, unknown> = {},
  io: Pick<HookIo, "afterAnswer"> = {},
): Promise<string> {
  let text = "";
  const stdout = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  const stdin = Buffer.from(hookPayload(agent, name, { cwd, ...changes }));
  await runHook(agent === "codex" ? ["--agent", "codex"] : [], {
    stdin,
    stdout,
    env,
    cwd,
    now: () => NOW,
    ...io,
  });
  return text;
}

/** What the guard recorded of the npm lesson, read from the store. */
async function adherence(home: string) {
  const store = new SqliteStore({ path: join(home, "tacit.db"), readonly: true });
  try {
    return await store.guard.adherenceCounts("lesson-npm");
  } finally {
    await store.close();
  }
}

describe("the guard through the hooks", () => {
  it("answers Claude Code's PreToolUse with a denial that names the lesson, the user's words and what to run", async () => {
    const { dir, env, home } = await project();
    const output = await send("claude-code", "PreToolUse", dir, env, {
      tool_input: { command: "npm install zod" },
    });
    expect(output, hookLogText(home)).not.toBe("");
    const answer = JSON.parse(output).hookSpecificOutput;
    expect(answer).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "deny" });
    expect(answer.permissionDecisionReason).toContain("Use `pnpm`, not `npm`");
    expect(answer.permissionDecisionReason).toContain('The user said: "never use npm here, use pnpm"');
    expect(answer.permissionDecisionReason).toContain("Instead: pnpm add zod");
    expect(
      await send("claude-code", "PreToolUse", dir, env, { tool_input: { command: "pnpm add zod" } }),
    ).toBe("");
    const store = new SqliteStore({ path: join(home, "tacit.db"), readonly: true });
    try {
      expect(await store.guard.adherenceCounts("lesson-npm")).toMatchObject({ denied: 1, followed: 1 });
    } finally {
      await store.close();
    }
    expect(hookLogText(home)).toBe("");
  });

  it("denies for Codex too, and gives it a reminder where Claude Code's user would be asked", async () => {
    const explicit = await project("codex");
    const denied = JSON.parse(
      await send("codex", "PreToolUse", explicit.dir, explicit.env),
    ).hookSpecificOutput;
    expect(denied).toMatchObject({ hookEventName: "PreToolUse", permissionDecision: "deny" });
    // Its evidence names a session where the user never said it: not an explicit prohibition.
    for (const agent of ["claude-code", "codex"] as const) {
      const { dir, env } = await project(agent, { quoteSession: "elsewhere" });
      const asking = { ...env, TACIT_GUARD_UNCONFIRMED: "ask" };
      const answer = JSON.parse(await send(agent, "PreToolUse", dir, asking)).hookSpecificOutput;
      if (agent === "claude-code") expect(answer).toMatchObject({ permissionDecision: "ask" });
      else
        expect(answer).toEqual({
          hookEventName: "PreToolUse",
          additionalContext: expect.stringContaining("<tacit-context>"),
        });
    }
  });

  it("says nothing when the project turned the guard off in its own config file", async () => {
    const { dir, env } = await project();
    mkdirSync(join(dir, ".tacit"));
    writeFileSync(join(dir, ".tacit", "config.json"), JSON.stringify({ guard: { mode: "off" } }));
    expect(
      await send("claude-code", "PreToolUse", dir, env, { tool_input: { command: "npm install zod" } }),
    ).toBe("");
  });

  it("lets the call through once after the user overrides the denial", async () => {
    const { dir, env } = await project();
    const npm = { tool_input: { command: "npm install zod" } };
    expect(
      JSON.parse(await send("claude-code", "PreToolUse", dir, env, npm)).hookSpecificOutput
        .permissionDecision,
    ).toBe("deny");
    await send("claude-code", "UserPromptSubmit", dir, env, {
      prompt: "yes, run npm this once",
      prompt_id: "p2",
    });
    expect(await send("claude-code", "PreToolUse", dir, env, npm)).toBe("");
    expect(await send("claude-code", "PreToolUse", dir, env, npm)).not.toBe("");
  });

  it("exits 0 with no output for a malformed PreToolUse, as the agent runs it", () => {
    const home = tempDir();
    for (const input of ['{"hook_event_name":"PreToolUse","session_id":"s"}', "{not json"]) {
      const result = spawnSync(process.execPath, ["--import", "tsx", MAIN, "hook"], {
        cwd: ROOT,
        input,
        env: { PATH: process.env.PATH, TACIT_HOME: home, TACIT_HOOK_DAEMON: "0" },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(result).toMatchObject({ status: 0, stdout: "", stderr: "" });
    }
    expect(hookLogText(home)).toMatch(/invalid hook payload: PreToolUse: tool_name/);
  });

  // Last: the stores this process keeps open from here on are the daemon's way, not the others'.
  it("answers first and records next in a process that keeps its stores open (the hook daemon)", async () => {
    const { dir, env, home } = await project();
    const stores = keepStoresOpen();
    onTestFinished(() => stores.close());
    const deferred: Array<() => void | Promise<void>> = [];
    const afterAnswer = (work: () => void | Promise<void>) => {
      deferred.push(work);
    };
    const npm = { tool_input: { command: "npm install zod" } };
    const denied = await send("claude-code", "PreToolUse", dir, env, npm, { afterAnswer });
    expect(JSON.parse(denied).hookSpecificOutput.permissionDecision).toBe("deny");
    // The answer is out; the denial is not recorded yet.
    expect(deferred).toHaveLength(1);
    expect(await adherence(home)).toMatchObject({ denied: 0 });
    for (const work of deferred.splice(0)) await work();
    expect(await adherence(home)).toMatchObject({ denied: 1, followed: 0 });
    // The next call is judged against the recorded denial; its judgement is written after its answer too.
    const pnpm = { tool_input: { command: "pnpm add zod" } };
    expect(await send("claude-code", "PreToolUse", dir, env, pnpm, { afterAnswer })).toBe("");
    expect(await adherence(home)).toMatchObject({ denied: 1, followed: 0 });
    for (const work of deferred.splice(0)) await work();
    expect(await adherence(home)).toMatchObject({ denied: 1, followed: 1 });
    expect(hookLogText(home)).toBe("");
  });
});
