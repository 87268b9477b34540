/**
 * The secrets corpus, end to end: every example of every secret kind and name (generated at test
 * time) goes in through every channel — hook prompts, tool input and output, failures, replies and
 * session fields, in process and through the hook daemon's inbox; the capture API's text, tool
 * input, metadata and session fields; MCP record_outcome, record_error and capture_messages; CLI and
 * hook recall prompts; hand-written lessons — and none of it may be found in the raw database, its
 * WAL, the hook log, the spool, an export, recall output, MCP answers, lessons or exported skills.
 * Every tool call must also be stored, with tool input that still parses.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepStoresOpen } from "../src/interfaces/hooks/hook-capture.js";
import { inboxDirectory, writeInbox } from "../src/interfaces/hooks/hook-inbox.js";
import { type HookIo, runHook, runQueuedHooks } from "../src/interfaces/hooks/hook-main.js";
import { createTacitMcpServer } from "../src/interfaces/mcp/server.js";
import { openRuntime, type Runtime } from "../src/runtime.js";
import { runTacit } from "../src/testing/cli-harness.js";
import { hookLogText } from "../src/testing/hook-fixtures.js";
import { captureSession } from "../src/testing/session-builder.js";
import { leakedCases, type SecretCase, secretCorpus } from "../src/testing/secret-corpus.js";
const corpus = secretCorpus();

/** The secret as a command-line value: quoted when it holds spaces or lines, as a shell needs. */
const quoted = (item: SecretCase) => (/\s/.test(item.secret) ? `'${item.secret}'` : item.secret);
// After the lesson added below (recall ignores what is newer than the prompt).
const NOW = Date.now() + 60_000;

let root: string;
let home: string;
let project: string;
let database: string;
let env: NodeJS.ProcessEnv;
/** Everything tacit printed or answered: hook output, CLI output, MCP results. */
const outputs: string[] = [];

/** The cases found in `haystack`, as `kind: where` lines (empty when nothing leaked). */
function leaks(haystack: string | Buffer, where: string, cases: readonly SecretCase[] = corpus): string[] {
  const found = leakedCases(haystack, cases);
  if (found.length === 0) return [];
  const text = haystack.toString();
  return found.map((item) => {
    const part = [item.secret, ...item.parts].find((candidate) => text.includes(candidate)) ?? "";
    const at = text.indexOf(part);
    return `${item.kind}: ${where}: …${text.slice(Math.max(0, at - 80), at + part.length + 20)}…`;
  });
}

/** Every file under `dir`, read raw. */
function filesUnder(dir: string): Array<{ path: string; bytes: Buffer }> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [{ path, bytes: readFileSync(path) }];
  });
}

function hookIo(now: number): HookIo & { output: () => string } {
  const stdout = new PassThrough();
  let text = "";
  stdout.on("data", (chunk) => {
    text += chunk;
  });
  return { stdin: Buffer.alloc(0), stdout, env, cwd: project, now: () => now, output: () => text };
}

async function hook(event: Record<string, unknown>, now: number): Promise<string> {
  const io = hookIo(now);
  await runHook([], { ...io, stdin: Buffer.from(JSON.stringify(event)) });
  outputs.push(io.output());
  return io.output();
}

function rows(sql: string): Array<Record<string, unknown>> {
  const db = new Database(database, { readonly: true });
  try {
    return db.prepare(sql).all() as Array<Record<string, unknown>>;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  // One home for the whole file: each test adds a channel, the last greps everything.
  root = mkdtempSync(join(tmpdir(), "tacit-secrets-"));
  home = join(root, ".tacit");
  project = join(root, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  database = join(home, "tacit.db");
  env = { TACIT_HOME: home, TACIT_NO_BACKGROUND_LEARN: "1", TACIT_HOOK_DAEMON: "0" };
  // A lesson the prompts below recall, so the hook's injected context is exercised too.
  const added = await runTacit(
    ["lessons", "add", "--trigger", "deploying the shop api", "--rule", "Run make deploy, never kubectl apply by hand", "--project", project],
    { env },
  );
  expect(added.code, added.stderr).toBe(0);
});

describe("the secrets corpus", () => {
  it("covers every kind of the lexicon and every secret name", () => {
    expect(new Set(corpus.map((item) => item.kind)).size).toBeGreaterThanOrEqual(68);
    expect(corpus.length).toBeGreaterThanOrEqual(90);
  });

  it("hooks in process: prompts, tool input and output, failures, replies and session fields", async () => {
    const stores = keepStoresOpen();
    const answers: string[] = [];
    try {
      for (const [index, item] of corpus.entries()) {
        const common = {
          session_id: `corpus-${index}`,
          cwd: project,
          transcript_path: `/home/dev/.claude/projects/${item.text}.jsonl`,
          model: item.text,
          agent_type: item.text,
        };
        const at = NOW + index * 10_000;
        await hook({ ...common, hook_event_name: "SessionStart", source: "startup" }, at);
        const answer = await hook(
          { ...common, hook_event_name: "UserPromptSubmit", prompt_id: `p${index}`, prompt: `deploying the shop api: ${item.text}` },
          at + 1,
        );
        answers.push(answer);
        await hook(
          {
            ...common,
            hook_event_name: "PostToolUse",
            tool_name: "Bash",
            tool_use_id: `ok-${index}`,
            tool_input: { command: item.text, description: `run with ${item.text}`, password: item.secret },
            tool_response: { stdout: item.text, stderr: `warning: ${item.text}`, interrupted: false },
          },
          at + 2,
        );
        await hook(
          {
            ...common,
            hook_event_name: "PostToolUseFailure",
            tool_name: "Bash",
            tool_use_id: `failed-${index}`,
            tool_input: { command: `curl -d password=${quoted(item)} https://api.acme.dev ${item.text}` },
            error: `Exit code 1\n${item.text}`,
          },
          at + 3,
        );
        await hook({ ...common, hook_event_name: "Stop", last_assistant_message: `Done: ${item.text}` }, at + 4);
      }
      // The lesson was injected into (some of) the prompts: that channel is exercised too.
      expect(
        answers.filter((answer) => answer.includes("make deploy")).length,
        `${answers.slice(0, 3).join("\n")}\n${hookLogText(home).slice(0, 2000)}`,
      ).toBeGreaterThan(0);
      // The store is still open: its WAL holds what was written.
      const wal = `${database}-wal`;
      expect(existsSync(wal)).toBe(true);
      expect(leaks(readFileSync(wal), "WAL")).toEqual([]);
    } finally {
      await stores.close();
    }
    const calls = rows("SELECT tool_use_id AS id, tool_input AS input FROM messages WHERE kind = 'tool_call'");
    expect(calls.length).toBe(corpus.length * 2);
    for (const call of calls) expect(() => JSON.parse(String(call.input)), String(call.id)).not.toThrow();
    expect(rows("SELECT count(*) AS n FROM recall_events")[0]?.n).toBeGreaterThanOrEqual(corpus.length);
  });

  it("hook tool calls through the daemon's inbox are all stored, with tool input that parses", async () => {
    const inbox = inboxDirectory(join(home, "hook-corpus.sock"));
    for (const [index, item] of corpus.entries()) {
      const event = {
        session_id: "inbox-session",
        cwd: project,
        hook_event_name: "PostToolUse",
        tool_name: "Bash",
        tool_use_id: `inbox-${index}`,
        tool_input: { command: `curl -d "password=${quoted(item)}" --api-key=${quoted(item)} ${item.text}` },
        tool_response: { stdout: JSON.stringify({ token: item.secret, note: item.text }), stderr: "" },
      };
      writeInbox(inbox, { argv: [], cwd: project, env: env as Record<string, string>, now: NOW + index }, Buffer.from(JSON.stringify(event)));
    }
    for (const file of filesUnder(inbox)) expect(leaks(file.bytes, file.path)).toEqual([]);
    await runQueuedHooks(inbox, { env, now: () => NOW, storeToolEvents: true });
    const calls = rows("SELECT tool_input AS input FROM messages WHERE tool_use_id LIKE 'inbox-%'");
    expect(calls.length).toBe(corpus.length);
    for (const call of calls) expect(() => JSON.parse(String(call.input))).not.toThrow();
  });

  it("the capture API: text, tool input, tool output, metadata and session fields", async () => {
    const runtime = await openRuntime({ env, now: () => NOW });
    try {
      for (const [index, item] of corpus.entries()) {
        const sessionId = await runtime.capture.upsertSession({
          agent: "sdk",
          sourceSessionId: `api-${index}`,
          cwd: `/srv/${item.text}`,
          gitBranch: `feature/${item.text}`,
          title: item.text,
          metadata: { note: item.text, api_key: item.secret, nested: [{ DB_PASSWORD: item.secret }] },
        });
        await runtime.capture.appendMessages(sessionId, [
          { id: "u", role: "user", content: item.text, metadata: { source: item.text, secret: item.secret } },
          {
            id: "t",
            role: "tool",
            toolName: `Bash ${item.text}`,
            toolInput: { command: item.text, env: [{ name: "GITHUB_TOKEN", value: item.secret }] },
            toolOutput: item.text,
            isError: true,
          },
        ]);
      }
      // Successful sessions whose prompts hold the secrets: learning makes tasks, lessons and a skill of them.
      for (const [index, item] of corpus.entries()) {
        await captureSession(runtime.capture, {
          id: `pnpm-${index}`,
          project,
          start: NOW - 3_600_000 + index * 1_000,
          stepMs: 100,
          turns: [
            ["user", `Install the dependencies with pnpm, the registry credentials: ${item.text}`],
            ["tool", "Bash", `pnpm install ${item.text}`, `Done in 1.2s ${item.text}`, false],
            ["assistant", `Installed the dependencies with pnpm install (${item.text}).`],
            ["user", "thanks, that worked"],
          ],
        });
      }
      expect(leaks(readFileSync(`${database}-wal`), "WAL")).toEqual([]);
    } finally {
      await runtime.close();
    }
  });

  it("MCP record_outcome, record_error and capture_messages store and answer them redacted", async () => {
    const runtime: Runtime = await openRuntime({ env, now: () => NOW });
    const server = createTacitMcpServer(runtime, { cwd: project });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    const client = new Client({ name: "corpus", version: "1.0.0" });
    await client.connect(clientSide);
    try {
      for (const [index, item] of corpus.entries()) {
        // Fields of at most 200 characters take the example when it fits (a key cut short is no key).
        const short = item.text.length <= 200 ? item.text : "deploy";
        const calls = [
          {
            name: "record_outcome",
            arguments: {
              session_id: `mcp-${index}`,
              success: false,
              strategy: short,
              failure_mode: short,
              failure_details: item.text,
              files_touched: [`src/${item.text}`],
            },
          },
          {
            name: "record_error",
            arguments: { session_id: `mcp-${index}`, message: item.text, tool_name: item.text, context: item.text },
          },
          {
            name: "capture_messages",
            arguments: {
              session_id: `mcp-${index}`,
              cwd: `/srv/${item.text}`,
              messages: [
                { role: "user", content: item.text },
                { role: "tool", tool_name: "Bash", tool_input: { command: item.text, token: item.secret }, tool_output: item.text },
              ],
            },
          },
          { name: "get_error_context", arguments: { session_id: `mcp-${index}` } },
        ];
        for (const call of calls) {
          const result = await client.callTool(call);
          expect(result.isError, `${call.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
          outputs.push(JSON.stringify(result));
        }
      }
    } finally {
      await client.close();
      await runtime.close();
    }
  });

  it("CLI recall prompts, hand-written lessons and skills", async () => {
    for (const [index, item] of corpus.entries()) {
      const recalled = await runTacit(["recall", `deploying the shop api ${item.text}`, "--session", `corpus-${index}`, "--project", project, "--json"], {
        env,
      });
      expect(recalled.code, recalled.stderr).toBe(0);
      outputs.push(recalled.stdout, recalled.stderr);
      const lesson = await runTacit(
        ["lessons", "add", "--trigger", `connecting with ${item.text}`, "--rule", `Use ${item.text} from the vault`, "--why", item.text, "--project", `/srv/${item.text}`, "--json"],
        { env },
      );
      expect(lesson.code, lesson.stderr).toBe(0);
      outputs.push(lesson.stdout);
    }
    const listed = await runTacit(["lessons", "list", "--json"], { env });
    outputs.push(listed.stdout);
    // Balanced: task experiences (minimal mode builds none), which skills are made from; no model is configured.
    const learnt = await runTacit(["learn", "--mode", "balanced", "--no-progress", "--json"], { env });
    expect(learnt.code, learnt.stderr).toBe(0);
    const generated = await runTacit(["skills", "generate", "--json"], { env });
    expect(generated.code, generated.stderr).toBe(0);
    const exported = await runTacit(["skills", "export", "--dir", join(root, "skills"), "--json"], { env });
    expect(exported.code, exported.stderr).toBe(0);
    outputs.push(learnt.stdout, generated.stdout, exported.stdout);
    // The successful pnpm sessions made a skill: its SKILL.md is grepped with everything else.
    expect(JSON.parse(exported.stdout).written.length, generated.stdout).toBeGreaterThan(0);
  });

  it("logs name where a payload broke, never what it held", async () => {
    for (const item of corpus.slice(0, 20)) {
      await hook({ hook_event_name: "PostToolUse" }, NOW);
      const io = hookIo(NOW);
      await runHook([], { ...io, stdin: Buffer.from(`{"session_id": "x", "tool_input": ${item.secret}`) });
      await runHook([], { ...io, stdin: Buffer.from(`${item.secret} {"hook_event_name": "Stop"}`) });
    }
    const log = hookLogText(home);
    expect(log).toMatch(/stdin is not JSON: line 1, column \d+ \(character \d+\): expected/);
    expect(leaks(log, "hook log")).toEqual([]);
  });

  it("exports hold none of it", async () => {
    const file = join(root, "export.jsonl");
    const exported = await runTacit(["export", "conversations", "--format", "jsonl", "-o", file], { env });
    expect(exported.code, exported.stderr).toBe(0);
    expect(readFileSync(file, "utf8").split("\n").length).toBeGreaterThan(corpus.length);
    expect(leaks(readFileSync(file), "export")).toEqual([]);
  });

  it("no secret is anywhere: database, WAL, logs, spool, exports, skills, outputs", () => {
    const found = [
      ...filesUnder(home).flatMap((file) => leaks(file.bytes, file.path.slice(root.length))),
      ...filesUnder(join(root, "skills")).flatMap((file) => leaks(file.bytes, file.path.slice(root.length))),
      ...outputs.flatMap((output) => leaks(output, `output ${output.slice(0, 300)}`)),
    ];
    expect(found).toEqual([]);
    // Each channel was exercised: the rows exist, redacted.
    const text = rows(
      "SELECT content || ' ' || coalesce(tool_input, '') || ' ' || coalesce(tool_output, '') || ' ' || metadata AS t FROM messages",
    )
      .map((row) => String(row.t))
      .join("\n");
    expect(text).toContain("[REDACTED:");
    const sessions = rows("SELECT cwd, git_branch, project_id, title, metadata FROM sessions WHERE id LIKE 'sdk:api-%'");
    expect(sessions.length).toBe(corpus.length);
    expect(leaks(JSON.stringify(sessions), "sessions")).toEqual([]);
    const prompts = rows("SELECT prompt FROM recall_events").map((row) => String(row.prompt));
    expect(prompts.length).toBeGreaterThanOrEqual(corpus.length * 2);
    expect(leaks(prompts.join("\n"), "recall_events.prompt")).toEqual([]);
    const outcomes = rows("SELECT strategy, failure_mode, files_touched, failure_details FROM outcomes");
    expect(outcomes.length).toBeGreaterThanOrEqual(corpus.length);
    const errors = rows("SELECT tool_name, message, context FROM errors");
    expect(errors.length).toBeGreaterThanOrEqual(corpus.length);
    const lessons = rows("SELECT data FROM lessons").map((row) => String(row.data));
    expect(lessons.length).toBeGreaterThan(corpus.length / 2);
  });
});

afterAll(() => {
  outputs.length = 0;
  rmSync(root, { recursive: true, force: true });
});
