/**
 * End to end with the real agent and HTTP hooks: Claude Code (the pinned binary) runs offline
 * against the loopback Anthropic server, with tacit installed by `tacit install claude-code`, which
 * asks that binary for its version and so installs the per-event hooks (prompt, tool calls) as HTTP
 * hooks to the hook daemon. The tests check that a session is captured through the daemon over
 * HTTP, that a daemon killed mid-session loses nothing (the Stop hook fills it in from the
 * transcript), and that an unreachable daemon neither blocks nor breaks the agent.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Message } from "../../src/core/types.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import {
  type AnthropicStreamServer,
  type MessagesRequestBody,
  requestText,
  type ScriptedReply,
  startAnthropicStreamServer,
} from "../../src/testing/anthropic-stream-server.js";
import { claudeRuns, offlineClaudeEnv, runClaude } from "../../src/testing/claude-binary.js";
import { cleanUpE2e, installWithTacit, writePackageManagerStubs } from "../../src/testing/claude-e2e.js";
import { runTacit } from "../../src/testing/cli-harness.js";
import { daemonPid, hookLogText, waitUntil } from "../../src/testing/hook-fixtures.js";
import { pnpmLessonArgs } from "../../src/testing/pnpm-lesson.js";
import { stopDaemonsUnder } from "../../src/testing/temp-dir.js";

const runnable = claudeRuns("the Claude Code HTTP hooks end-to-end test");

/** The tool results in a request's last user message, in order. */
function toolResults(body: MessagesRequestBody): Array<{ isError: boolean }> {
  const last = body.messages?.at(-1);
  if (last?.role !== "user" || typeof last.content === "string") return [];
  return (last.content as Array<{ type?: string; is_error?: boolean }>)
    .filter((block) => block.type === "tool_result")
    .map((block) => ({ isError: block.is_error === true }));
}

describe.skipIf(!runnable.ok)("Claude Code with tacit's HTTP hooks (real binary, loopback model)", () => {
  let server: AnthropicStreamServer;
  let root: string;
  let project: string;
  let tacitHome: string;
  let database: string;
  let env: NodeJS.ProcessEnv;
  /** Called when the model gets the result of the session's first tool call (the npm failure). */
  let onFirstResult: () => void = () => undefined;

  /**
   * The scripted model: `npm install` first; after its failure, `pnpm install` (once a test has
   * done what it does between the two); after that, "works now".
   */
  const script = (body: MessagesRequestBody): ScriptedReply => {
    if (!(body.tools ?? []).some((tool) => tool.name === "Bash")) return { content: [{ type: "text", text: "ok" }] };
    const results = (body.messages ?? []).flatMap((message) =>
      message.role === "user" ? toolResults({ messages: [message] }) : [],
    );
    if (results.length === 0) {
      return {
        content: [
          { type: "text", text: "Running npm install." },
          { type: "tool_use", name: "Bash", input: { command: "npm install", description: "Install" } },
        ],
      };
    }
    if (results.length === 1) {
      onFirstResult();
      return {
        content: [{ type: "tool_use", name: "Bash", input: { command: "pnpm install", description: "Install" } }],
      };
    }
    return { content: [{ type: "text", text: "works now" }] };
  };

  beforeAll(async () => {
    server = await startAnthropicStreamServer({ script });
    root = mkdtempSync(join(tmpdir(), "tacit-e2e-http-"));
    const home = join(root, "home");
    project = join(root, "shop-api");
    tacitHome = join(root, "tacit");
    database = join(tacitHome, "tacit.db");
    const bin = join(root, "bin");
    for (const dir of [home, project, bin, tacitHome]) mkdirSync(dir, { recursive: true });
    spawnSync("git", ["init", "-q"], { cwd: project });
    writePackageManagerStubs(bin);
    const tacitEnv = {
      TACIT_HOME: tacitHome,
      TACIT_DATABASE_URL: database,
      TACIT_NO_BACKGROUND_LEARN: "1",
      // The hooks and the daemon run from source here (tsx), which starts far slower than the built
      // bundle: SessionStart may wait this long for the daemon to listen.
      TACIT_HOOK_PROMPT_DEADLINE_MS: "60000",
    };
    env = offlineClaudeEnv({ bin, home, baseUrl: server.url, extra: tacitEnv });
    const lesson = await runTacit(pnpmLessonArgs(project), { env: tacitEnv });
    expect(lesson.code, lesson.stderr).toBe(0);
    // auto: the transport follows the pinned binary's own `--version`.
    const installed = await installWithTacit(project, tacitEnv);
    expect(installed.code, installed.stderr).toBe(0);
    expect(installed.json).toMatchObject({ transport: "http", agentVersion: "2.1.328" });
  }, 120_000);

  afterAll(() => cleanUpE2e(server, root));

  const pidFile = () => {
    const name = readdirSync(tacitHome).find((file) => /^hook-[0-9a-f]{8}\.pid$/.test(file));
    return name ? join(tacitHome, name) : null;
  };
  const daemon = () => {
    const file = pidFile();
    return file ? daemonPid(file) : null;
  };

  /** The rows of the newest session. */
  async function lastSession(): Promise<{ id: string; messages: Message[]; outcomes: number }> {
    const store = new SqliteStore({ path: database });
    try {
      const [session] = await store.listSessions({ limit: 1 });
      const id = session?.id as string;
      return {
        id,
        messages: await store.listMessages(id),
        outcomes: (await store.listOutcomes({ sessionId: id, limit: 10 })).length,
      };
    } finally {
      await store.close();
    }
  }

  /** The prompt, the failed npm call, the pnpm call, the reply: the whole turn, in order. */
  const expectWholeTurn = (messages: Message[]) =>
    expect(messages.map((message) => [message.role, message.toolName, message.isError])).toEqual([
      ["user", null, false],
      ["tool", "Bash", true],
      ["tool", "Bash", false],
      ["assistant", null, false],
    ]);

  it("captures a session's prompt, tool calls and outcome through the daemon over HTTP", async () => {
    const settings = JSON.parse(readFileSync(join(project, ".claude", "settings.local.json"), "utf8"));
    expect(settings.hooks.UserPromptSubmit[0].hooks[0].type).toBe("http");
    const before = server.requests.length;
    const run = await runClaude(["-p", "install the dependencies", "--allowedTools", "Bash"], project, env);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(run.stdout).toContain("works now");
    // The first request to the model carries the lesson: only the HTTP UserPromptSubmit hook,
    // answered by the daemon, puts it there in a session's first turn.
    const first = server.requests.slice(before).find((request) => request.path.endsWith("/v1/messages"));
    expect(requestText(first?.body)).toMatch(/<tacit-context>[\s\S]*pnpm install[\s\S]*<\/tacit-context>/);
    expect(daemon(), "the SessionStart hook did not start the daemon").toBeGreaterThan(0);
    const session = await lastSession();
    expectWholeTurn(session.messages);
    // Stored from the PostToolUse(Failure) hooks (which give the call's duration), not filled in.
    for (const call of session.messages.filter((message) => message.kind === "tool_call")) {
      expect(call.metadata.durationMs, call.id).toEqual(expect.any(Number));
    }
    expect(session.outcomes).toBe(1);
    expect(hookLogText(tacitHome)).toBe("");
  }, 600_000);

  it("loses nothing when the daemon is killed mid-session: the Stop hook fills it in", async () => {
    await waitUntil(() => daemon() !== null, "the daemon");
    const killed = daemon() as number;
    onFirstResult = () => {
      // Between the two tool calls: the second one's PreToolUse and PostToolUse find nobody.
      process.kill(killed, "SIGKILL");
      onFirstResult = () => undefined;
    };
    const run = await runClaude(["-p", "set the project up", "--allowedTools", "Bash"], project, env);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(run.stdout).toContain("works now");
    const session = await lastSession();
    const calls = session.messages.filter((message) => message.kind === "tool_call");
    expect(calls.map((call) => [call.toolInput, call.isError])).toEqual([
      [expect.stringContaining("npm install"), true],
      [expect.stringContaining("pnpm install"), false],
    ]);
    // The first call came over HTTP; the second only the transcript had.
    expect(calls[0]?.metadata.durationMs).toEqual(expect.any(Number));
    expect(calls[1]?.metadata.durationMs).toBeUndefined();
    expect(calls[1]?.toolOutput).toContain("Done in 0.8s");
    expect(new Set(session.messages.map((message) => message.id)).size).toBe(session.messages.length);
    expect(session.messages.filter((message) => message.role === "user")).toHaveLength(1);
    expect(session.outcomes).toBe(1);
    // The Stop hook started a new daemon for the next turn.
    await waitUntil(() => daemon() !== null && daemon() !== killed, "a new daemon");
  }, 600_000);

  it("neither blocks nor breaks the agent when the daemon is unreachable, and still captures the session", async () => {
    await stopDaemonsUnder(root);
    // No daemon at all: the hooks run in their own process and start none, so every HTTP hook
    // meets a refused connection.
    const offline = { ...env, TACIT_HOOK_DAEMON: "0" };
    const run = await runClaude(["-p", "install the dependencies again", "--allowedTools", "Bash"], project, offline);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(run.stdout).toContain("works now");
    expect(pidFile()).toBeNull();
    // The Stop hook (a command) filled the prompt and both calls in from the transcript.
    const session = await lastSession();
    expectWholeTurn(session.messages);
    expect(session.outcomes).toBe(1);
    expect(existsSync(join(tacitHome, "logs")) ? hookLogText(tacitHome) : "").not.toMatch(/Error/);
  }, 600_000);
});
