/**
 * End to end with the real agent: Claude Code (the pinned npm package's native binary) runs offline
 * against a loopback server speaking the Anthropic Messages streaming API, with tacit's hooks
 * installed in a temporary project. In a first session the user corrects the agent (npm → pnpm);
 * tacit captures it through the hooks and learns a lesson; in a second session, a related prompt's
 * request to the model carries that lesson inside <tacit-context>.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import {
  type AnthropicStreamServer,
  type MessagesRequestBody,
  requestText,
  type ScriptedReply,
  startAnthropicStreamServer,
} from "../../src/testing/anthropic-stream-server.js";
import { runTacit } from "../../src/testing/cli-harness.js";
import { claudeRuns, offlineClaudeEnv, runClaude } from "../../src/testing/claude-binary.js";
import { cleanUpE2e, installCommandHooks, writePackageManagerStubs } from "../../src/testing/claude-e2e.js";

const runnable = claudeRuns("the Claude Code end-to-end test");

/** The text the user typed in a request's last user message (not the reminders Claude Code adds). */
function lastPrompt(body: MessagesRequestBody): {
  prompt: string | null;
  toolResult: { isError: boolean } | null;
} {
  const last = [...(body.messages ?? [])].reverse().find((message) => message.role !== "system");
  if (last?.role !== "user") return { prompt: null, toolResult: null };
  const blocks =
    typeof last.content === "string" ? [{ type: "text", text: last.content }] : (last.content as unknown[]);
  const result = blocks.find((block) => (block as { type?: string }).type === "tool_result") as
    | { is_error?: boolean }
    | undefined;
  if (result) return { prompt: null, toolResult: { isError: result.is_error === true } };
  const texts = blocks
    .map((block) => (block as { text?: unknown }).text)
    .filter((text): text is string => typeof text === "string" && !text.startsWith("<system-reminder>"));
  return { prompt: texts.at(-1) ?? null, toolResult: null };
}

/** The scripted model: runs the install command the prompt implies, then reports. */
function script(body: MessagesRequestBody): ScriptedReply {
  if (!(body.tools ?? []).some((tool) => tool.name === "Bash"))
    return { content: [{ type: "text", text: "ok" }] };
  const { prompt, toolResult } = lastPrompt(body);
  if (toolResult) {
    return {
      content: [{ type: "text", text: toolResult.isError ? "npm install failed." : "works now" }],
    };
  }
  if (prompt && /install/i.test(prompt)) {
    const command = /pnpm/i.test(prompt) ? "pnpm install" : "npm install";
    return {
      content: [
        { type: "text", text: `Running ${command}.` },
        { type: "tool_use", name: "Bash", input: { command, description: "Install the dependencies" } },
      ],
    };
  }
  return { content: [{ type: "text", text: "ok" }] };
}

describe.skipIf(!runnable.ok)("Claude Code with tacit's hooks (real binary, loopback model)", () => {
  let server: AnthropicStreamServer;
  let root: string;
  let project: string;
  let env: NodeJS.ProcessEnv;
  let tacitEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    server = await startAnthropicStreamServer({ script });
    root = mkdtempSync(join(tmpdir(), "tacit-e2e-claude-"));
    const home = join(root, "home");
    project = join(root, "shop-api");
    const bin = join(root, "bin");
    for (const dir of [home, project, bin]) mkdirSync(dir, { recursive: true });
    spawnSync("git", ["init", "-q"], { cwd: project });
    writePackageManagerStubs(bin);
    tacitEnv = {
      TACIT_HOME: join(root, "tacit"),
      TACIT_DATABASE_URL: join(root, "tacit", "tacit.db"),
      // Learning runs below, in the test, so the result does not depend on a background process.
      TACIT_NO_BACKGROUND_LEARN: "1",
    };
    env = offlineClaudeEnv({ bin, home, baseUrl: server.url, extra: tacitEnv });
    expect(installCommandHooks(project, env).changed).toBe(true);
  });

  // The hooks started a daemon in tacit's folder: it is stopped before the folder goes.
  afterAll(() => cleanUpE2e(server, root));

  const claude = (args: string[]) => runClaude(args, project, env);

  it("learns from a correction in one session and recalls it into the next", async () => {
    const first = await claude(["-p", "install the dependencies", "--allowedTools", "Bash"]);
    expect(first, first.stderr).toMatchObject({ code: 0 });
    expect(first.stdout).toContain("npm install failed.");
    // The session's first prompt-level hook started the resident hook daemon: the hooks of the
    // next two sessions go through it (tool events via its inbox, prompts over its socket).
    const tacitHome = tacitEnv.TACIT_HOME as string;
    const daemonPid = async () => {
      for (let waited = 0; waited < 30_000; waited += 100) {
        const pidFile = readdirSync(tacitHome).find((name) => /^hook-[0-9a-f]{8}\.pid$/.test(name));
        if (pidFile) return Number(readFileSync(join(tacitHome, pidFile), "utf8"));
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return null;
    };
    const pid = await daemonPid();
    expect(pid, "the hook daemon did not start").toBeGreaterThan(0);
    const correction = await claude([
      "-p",
      "no, not npm — this repo uses pnpm: use pnpm install, never npm install",
      "--continue",
      "--allowedTools",
      "Bash",
    ]);
    expect(correction, correction.stderr).toMatchObject({ code: 0 });
    expect(correction.stdout).toContain("works now");

    // The hooks captured the session: prompts, both tool calls (the failed one as an error), replies.
    const store = new SqliteStore({ path: tacitEnv.TACIT_DATABASE_URL as string });
    try {
      const [session] = await store.listSessions({ limit: 5 });
      expect(session?.id).toMatch(/^claude-code:/);
      expect(session?.projectId).toBe(project);
      const messages = await store.listMessages(session?.id as string);
      expect(messages.map((message) => [message.role, message.toolName, message.isError])).toEqual([
        ["user", null, false],
        ["tool", "Bash", true],
        ["assistant", null, false],
        ["user", null, false],
        ["tool", "Bash", false],
        ["assistant", null, false],
      ]);
      expect(messages[1]?.toolOutput).toContain("npm ERR!");
      expect(await store.listOutcomes({ sessionId: session?.id as string, limit: 5 })).toHaveLength(2);
    } finally {
      await store.close();
    }

    const learnt = await runTacit(["learn", "--json"], { env: tacitEnv });
    expect(learnt.code, learnt.stderr).toBe(0);
    const lessons = await runTacit(["lessons", "list", "--json"], { env: tacitEnv });
    const rules = (JSON.parse(lessons.stdout) as Array<{ rule: string }>).map((lesson) => lesson.rule);
    expect(rules.join("\n")).toMatch(/pnpm/);

    const before = server.requests.length;
    const second = await claude([
      "-p",
      "install the dependencies for the api package",
      "--allowedTools",
      "Bash",
    ]);
    expect(second, second.stderr).toMatchObject({ code: 0 });
    const sent = server.requests
      .slice(before)
      .filter((request) => request.path.endsWith("/v1/messages"))
      .map((request) => requestText(request.body));
    expect(sent.length).toBeGreaterThan(0);
    const context = /<tacit-context>[\s\S]*?<\/tacit-context>/.exec(sent[0] as string)?.[0];
    expect(context, "the second session's first request carries no <tacit-context>").toBeDefined();
    expect(context).toMatch(/pnpm/);
    // The same daemon served throughout, and nothing fell back with an error.
    expect(await daemonPid()).toBe(pid);
    const logs = join(tacitHome, "logs");
    const logged = existsSync(logs)
      ? readdirSync(logs)
          .map((file) => readFileSync(join(logs, file), "utf8"))
          .join("")
      : "";
    expect(logged).not.toMatch(/hook (daemon|client):/);
  }, 600_000);
});
