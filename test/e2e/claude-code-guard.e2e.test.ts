/**
 * The guard at the tool call with the real agent: Claude Code (the pinned npm package's native
 * binary) runs offline against the loopback Anthropic server, with tacit's hooks installed in a
 * temporary project. In a first session the user says "never use npm here, use pnpm"; tacit learns
 * it. In a second session the scripted model first calls `npm install zod`; tacit's PreToolUse
 * denies it with the pnpm lesson; the scripted model reads the denial in the tool result of its
 * next request and calls `pnpm add zod`, which runs. tacit records that the lesson was followed.
 *
 * It runs over both transports: command hooks (`tacit hook` per event), and HTTP hooks as `tacit
 * install` writes them for this binary, where the PreToolUse is a POST to the resident hook daemon
 * and the daemon's answer is the guard's decision.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AnthropicStreamServer,
  type MessagesRequestBody,
  requestText,
  type ScriptedReply,
  startAnthropicStreamServer,
} from "../../src/testing/anthropic-stream-server.js";
import { claudeRuns, offlineClaudeEnv, runClaude } from "../../src/testing/claude-binary.js";
import { cleanUpE2e, installCommandHooks, installWithTacit } from "../../src/testing/claude-e2e.js";
import { runTacit } from "../../src/testing/cli-harness.js";

const runnable = claudeRuns("the Claude Code guard end-to-end test");

/** The text of a content value: a string, or the text of its blocks (nested tool_result content too). */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => {
      const record = block as { text?: unknown; content?: unknown };
      return typeof record.text === "string" ? record.text : textOf(record.content);
    })
    .join("\n");
}

/** The last user message of a request: the prompt the user typed, or the tool result it carries. */
function lastTurn(body: MessagesRequestBody): {
  prompt: string | null;
  toolResult: { text: string; isError: boolean } | null;
} {
  const last = [...(body.messages ?? [])].reverse().find((message) => message.role !== "system");
  if (last?.role !== "user") return { prompt: null, toolResult: null };
  const blocks =
    typeof last.content === "string" ? [{ type: "text", text: last.content }] : (last.content as unknown[]);
  const result = blocks.find((block) => (block as { type?: string }).type === "tool_result") as
    | { is_error?: boolean; content?: unknown }
    | undefined;
  if (result) return { prompt: null, toolResult: { text: textOf(result.content), isError: result.is_error === true } };
  const texts = blocks
    .map((block) => (block as { text?: unknown }).text)
    .filter((text): text is string => typeof text === "string" && !text.startsWith("<system-reminder>"));
  return { prompt: texts.at(-1) ?? null, toolResult: null };
}

/**
 * The scripted model. Asked to add zod it runs `npm install zod` (it does not heed recalled
 * context: the failure the guard is for). When the tool result it reads names a command to run
 * instead ("Instead: pnpm add zod"), it runs that; after a result without one, it reports.
 */
function script(body: MessagesRequestBody): ScriptedReply {
  if (!(body.tools ?? []).some((tool) => tool.name === "Bash")) return { content: [{ type: "text", text: "ok" }] };
  const { prompt, toolResult } = lastTurn(body);
  if (toolResult) {
    const instead = /Instead: (pnpm [^\n.]+)/.exec(toolResult.text)?.[1]?.trim();
    if (toolResult.isError && instead) {
      return {
        content: [
          { type: "text", text: `The project uses pnpm: running ${instead}.` },
          { type: "tool_use", name: "Bash", input: { command: instead, description: "Add the dependency" } },
        ],
      };
    }
    return { content: [{ type: "text", text: toolResult.isError ? "That failed." : "Added zod with pnpm." }] };
  }
  if (prompt && /\badd zod\b/i.test(prompt)) {
    return {
      content: [
        { type: "text", text: "Adding zod." },
        { type: "tool_use", name: "Bash", input: { command: "npm install zod", description: "Add zod" } },
      ],
    };
  }
  return { content: [{ type: "text", text: "Understood." }] };
}

/** How the hooks reach tacit: a `tacit hook` process per event, or HTTP hooks to the daemon. */
type Transport = "command" | "http";

describe.skipIf(!runnable.ok).each<Transport>(["command", "http"])(
  "Claude Code with tacit's guard at the tool call, %s hooks (real binary, loopback model)",
  (transport) => {
  let server: AnthropicStreamServer;
  let root: string;
  let project: string;
  let bin: string;
  let env: NodeJS.ProcessEnv;
  let tacitEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    server = await startAnthropicStreamServer({ script });
    root = mkdtempSync(join(tmpdir(), "tacit-e2e-guard-"));
    const home = join(root, "home");
    project = join(root, "shop-api");
    bin = join(root, "bin");
    for (const dir of [home, project, bin]) mkdirSync(dir, { recursive: true });
    spawnSync("git", ["init", "-q"], { cwd: project });
    // Each package manager leaves a mark when it runs, so the test sees which ones did.
    for (const manager of ["npm", "pnpm"]) {
      writeFileSync(
        join(bin, manager),
        `#!/bin/sh\necho "$0 $*" >> "${join(root, `${manager}-ran`)}"\necho "Done in 0.4s"\n`,
      );
      chmodSync(join(bin, manager), 0o755);
    }
    tacitEnv = {
      TACIT_HOME: join(root, "tacit"),
      TACIT_DATABASE_URL: join(root, "tacit", "tacit.db"),
      TACIT_NO_BACKGROUND_LEARN: "1",
      // The hooks and the daemon run from source here (tsx), which starts far slower than the
      // built bundle: SessionStart may wait this long for the daemon to listen.
      ...(transport === "http" ? { TACIT_HOOK_PROMPT_DEADLINE_MS: "60000" } : {}),
    };
    env = offlineClaudeEnv({ bin, home, baseUrl: server.url, extra: tacitEnv });
    if (transport === "command") {
      const change = installCommandHooks(project, env);
      expect(change.changed).toBe(true);
      expect(change.events).toContain("PreToolUse");
    } else {
      // As a user installs it: `tacit install` asks the pinned binary its version and writes HTTP hooks.
      const installed = await installWithTacit(project, tacitEnv);
      expect(installed.code, installed.stderr).toBe(0);
      expect(installed.json).toMatchObject({ transport: "http" });
      const settings = JSON.parse(readFileSync(join(project, ".claude", "settings.local.json"), "utf8"));
      expect(settings.hooks.PreToolUse[0].hooks[0]).toMatchObject({
        type: "http",
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/tacit-hook\/claude-code$/),
      });
    }
  }, 120_000);

  // The hooks started a daemon in tacit's folder: it is stopped before the folder goes.
  afterAll(() => cleanUpE2e(server, root));

  const claude = (args: string[]) => runClaude(args, project, env);
  let lessonId = "";

  it("denies npm with the user's pnpm lesson; the model reads the denial and runs pnpm; adherence: followed", async () => {
    const first = await claude(["-p", "never use npm here, use pnpm", "--allowedTools", "Bash"]);
    expect(first, first.stderr).toMatchObject({ code: 0 });
    const learnt = await runTacit(["learn", "--json"], { env: tacitEnv });
    expect(learnt.code, learnt.stderr).toBe(0);
    const lessons = JSON.parse((await runTacit(["lessons", "list", "--json"], { env: tacitEnv })).stdout) as Array<{
      id: string;
      rule: string;
      evidence: Array<{ quote: string }>;
    }>;
    const lesson = lessons.find((candidate) => /pnpm/.test(candidate.rule) && /npm/.test(candidate.rule));
    expect(lesson, JSON.stringify(lessons)).toBeDefined();
    expect(lesson?.evidence.map((item) => item.quote)).toContain("never use npm here, use pnpm");
    lessonId = lesson?.id as string;

    const before = server.requests.length;
    const second = await claude(["-p", "add zod to the project", "--allowedTools", "Bash"]);
    expect(second, second.stderr).toMatchObject({ code: 0 });
    expect(second.stdout).toContain("Added zod with pnpm.");

    // The denial's reason reached the model: the request after the npm call carries it as the
    // call's (failed) result, and the model's next call is the one it names.
    const requests = server.requests
      .slice(before)
      .filter((request) => request.path.endsWith("/v1/messages"))
      .map((request) => lastTurn(request.body as MessagesRequestBody));
    const denial = requests.find((turn) => turn.toolResult?.text.includes("tacit blocked"))?.toolResult;
    expect(denial, JSON.stringify(requests)).toBeDefined();
    expect(denial?.isError).toBe(true);
    expect(denial?.text).toContain("tacit blocked `npm install zod`");
    expect(denial?.text).toContain('The user said: "never use npm here, use pnpm"');
    expect(denial?.text).toContain("Instead: pnpm add zod");
    // npm never ran; pnpm did, with the suggested arguments.
    expect(existsSync(join(root, "npm-ran"))).toBe(false);
    expect(readFileSync(join(root, "pnpm-ran"), "utf8")).toMatch(/pnpm add zod/);

    const shown = await runTacit(["lessons", "show", lesson?.id as string, "--json"], { env: tacitEnv });
    expect(shown.code, shown.stderr).toBe(0);
    const adherence = JSON.parse(shown.stdout).adherence;
    expect(adherence).toMatchObject({ denied: 1, followed: 1 });
    expect(adherence.recent).toContainEqual(
      expect.objectContaining({ kind: "deny", toolName: "Bash", adherence: "followed", detail: "ran `pnpm add zod`" }),
    );
    const logs = join(tacitEnv.TACIT_HOME as string, "logs");
    const logged = existsSync(logs)
      ? readdirSync(logs)
          .map((file) => readFileSync(join(logs, file), "utf8"))
          .join("")
      : "";
    expect(logged).toBe("");
  }, 600_000);

  it("in mode remind the call runs, and the lesson reaches the model as additional context", async () => {
    expect(lessonId, "the first test learnt the lesson").not.toBe("");
    const before = server.requests.length;
    // The project's own setting: with HTTP hooks the daemon answers with the environment of the
    // session that started it, so a setting for one run goes in the project's config file.
    const remind = await runTacit(["config", "set", "guard.mode", "remind", "--project"], {
      env: tacitEnv,
      cwd: project,
    });
    expect(remind.code, remind.stderr).toBe(0);
    const run = await claude(["-p", "add zod to the project", "--allowedTools", "Bash"]);
    expect(run, run.stderr).toMatchObject({ code: 0 });
    expect(readFileSync(join(root, "npm-ran"), "utf8")).toMatch(/npm install zod/);
    const later = server.requests
      .slice(before)
      .filter((request) => request.path.endsWith("/v1/messages"))
      .map((request) => requestText(request.body));
    expect(later.length).toBeGreaterThan(1);
    const reminded = later.find((text) => text.includes("A lesson of this project that applies to this tool call"));
    expect(reminded, later.join("\n---\n").slice(-3000)).toBeDefined();
    expect(reminded).toContain("Use `pnpm`, not `npm`");
    const shown = JSON.parse((await runTacit(["lessons", "show", lessonId, "--json"], { env: tacitEnv })).stdout);
    expect(shown.adherence).toMatchObject({ denied: 1, reminded: 1 });
  }, 600_000);
},
);
