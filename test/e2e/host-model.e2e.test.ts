/**
 * End to end with the user's own Claude Code as tacit's model: `tacit learn` with
 * TACIT_LLM_PROVIDER=claude-code runs the pinned npm package's real binary (`claude -p`), offline,
 * against a loopback server speaking the Anthropic Messages API that answers tacit's task-experience
 * call with a recorded experience. The user's Claude Code settings (a temporary HOME) have tacit's
 * hooks installed, next to a marker hook that only records that a hook fired.
 *
 * - balanced-mode learning through the binary makes one call per task and turns the model's
 *   heuristic into a lesson;
 * - the daily ceiling stops the binary from being run once it is reached;
 * - the model runs leave no session in the user's session list (~/.claude/projects), and a
 *   transcript that the binary does write in the host-model folder is not imported;
 * - the model runs fire no hook at all, and a hook fired in a run with the guard variable set does
 *   nothing, where the same run without it is captured.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OWN_SESSION_REASON } from "../../src/capture/importers/import-runner.js";
import { installClaudeCode } from "../../src/interfaces/hooks/install-claude-code.js";
import { SqliteStore } from "../../src/store/sqlite/sqlite-store.js";
import {
  type AnthropicStreamServer,
  type MessagesRequestBody,
  requestText,
  type ScriptedReply,
  startAnthropicStreamServer,
} from "../../src/testing/anthropic-stream-server.js";
import { runTacit } from "../../src/testing/cli-harness.js";
import { CLAUDE_BINARY, claudeRuns, runClaude } from "../../src/testing/claude-binary.js";
import { transcriptFixture } from "../../src/testing/fixtures.js";
import { loadFixture } from "../../src/testing/loopback-llm-server.js";
import { cleanUpE2e } from "../../src/testing/claude-e2e.js";

const runnable = claudeRuns("the Claude Code host-model end-to-end test");

/** The task experience the model "returns": a reply in the shape the task-experience prompt asks for. */
const EXPERIENCE = loadFixture("task-experience-pnpm");
const LESSON = "Do not run npm install in a pnpm workspace; it fails on workspace: dependencies";

/** tacit's calls carry fenced data and no tools; an agent session's calls carry tools. */
const isTacitCall = (body: MessagesRequestBody) =>
  (body.tools ?? []).length === 0 && requestText(body).includes("<data>");

function script(body: MessagesRequestBody): ScriptedReply {
  if (isTacitCall(body)) return { content: [{ type: "text", text: JSON.stringify(EXPERIENCE) }] };
  return { content: [{ type: "text", text: "ok" }] };
}

describe.skipIf(!runnable.ok)("Claude Code as tacit's model (real binary, loopback model)", () => {
  let server: AnthropicStreamServer;
  let root: string;
  let home: string;
  let project: string;
  let marker: string;
  let base: NodeJS.ProcessEnv;

  beforeAll(() => {
    return (async () => {
      server = await startAnthropicStreamServer({ script });
      root = mkdtempSync(join(tmpdir(), "tacit-e2e-host-model-"));
      home = join(root, "home");
      project = join(root, "shop-api");
      marker = join(root, "hooks-fired.log");
      for (const dir of [home, project]) mkdirSync(dir, { recursive: true });
      // The user's environment: logged in (an API key stands in for the login), nothing online.
      base = {
        PATH: process.env.PATH,
        HOME: home,
        ANTHROPIC_BASE_URL: server.url,
        ANTHROPIC_API_KEY: "sk-ant-api03-test-dummy-key",
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
        DISABLE_AUTOUPDATER: "1",
        TACIT_NO_BACKGROUND_LEARN: "1",
        TACIT_HOOK_DAEMON: "0",
      };
      // tacit's hooks for every project of the user, in ~/.claude/settings.json, beside a marker hook.
      const change = installClaudeCode({
        scope: "user",
        projectDir: project,
        env: base,
        now: Date.now(),
        home: join(root, "tacit"),
        timeoutSeconds: 120,
      });
      expect(change.changed).toBe(true);
      const settingsFile = join(home, ".claude", "settings.json");
      const settings = JSON.parse(readFileSync(settingsFile, "utf8"));
      settings.hooks.UserPromptSubmit.push({
        hooks: [{ type: "command", command: `echo fired >> ${marker}` }],
      });
      writeFileSync(settingsFile, JSON.stringify(settings, null, 2));
    })();
  }, 120_000);

  afterAll(() => cleanUpE2e(server, root));

  /** A tacit home with claude-code as its model. */
  function tacitEnv(name: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    const tacitHome = join(root, name);
    return {
      ...base,
      TACIT_HOME: tacitHome,
      TACIT_DATABASE_URL: join(tacitHome, "tacit.db"),
      TACIT_LLM_PROVIDER: "claude-code",
      TACIT_LLM_COMMAND: CLAUDE_BINARY,
      ...extra,
    };
  }

  const tacitCalls = () => server.requests.filter((request) => isTacitCall((request.body ?? {}) as MessagesRequestBody));
  const firedHooks = () => (existsSync(marker) ? readFileSync(marker, "utf8").split("\n").filter(Boolean).length : 0);
  const transcripts = (dir: string): string[] =>
    existsSync(dir)
      ? readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".jsonl"))
      : [];
  const hookLog = (tacitHome: string) => {
    const logs = join(tacitHome, "logs");
    return existsSync(logs) ? readdirSync(logs).map((file) => readFileSync(join(logs, file), "utf8")).join("") : "";
  };

  function callLog(env: NodeJS.ProcessEnv) {
    const db = new Database(env.TACIT_DATABASE_URL as string, { readonly: true });
    try {
      return db.prepare("SELECT provider, model, purpose, status FROM llm_calls ORDER BY id").all();
    } finally {
      db.close();
    }
  }

  async function sessions(env: NodeJS.ProcessEnv): Promise<string[]> {
    const store = new SqliteStore({ path: env.TACIT_DATABASE_URL as string });
    try {
      return (await store.listSessions({ limit: 100 })).map((session) => session.id);
    } finally {
      await store.close();
    }
  }

  it("learns in balanced mode through claude -p, holds the ceiling, and leaves no trace in the user's history", async () => {
    const env = tacitEnv("tacit");
    const imported = await runTacit(["import", transcriptFixture("tacit-samples", "pnpm-not-npm.jsonl")], { env });
    expect(imported.code, imported.stderr).toBe(0);
    const importedSessions = await sessions(env);

    const learnt = await runTacit(["learn", "--mode", "balanced", "--json"], { env });
    expect(learnt.code, learnt.stderr).toBe(0);
    const summary = JSON.parse(learnt.stdout);
    expect(summary).toMatchObject({ tasks: 1, modelCalls: 1, experiences: { model: 1, offline: 0 } });
    expect(summary.warnings).toEqual([]);
    const lessons = await runTacit(["lessons", "list", "--json"], { env });
    expect((JSON.parse(lessons.stdout) as Array<{ rule: string }>).map((lesson) => lesson.rule)).toContain(LESSON);

    // What the binary sent: the small fast model, no tools, tacit's instructions, the fenced session.
    const [call] = tacitCalls();
    const body = call?.body as MessagesRequestBody & { max_tokens?: number };
    expect(tacitCalls()).toHaveLength(1);
    expect(body.model).toMatch(/haiku/);
    expect(body.tools ?? []).toEqual([]);
    expect(body.max_tokens).toBe(3000);
    expect(requestText(body)).toMatch(/npm install/);
    const store = new SqliteStore({ path: env.TACIT_DATABASE_URL as string });
    try {
      const [task] = await store.listTasks({ limit: 5 });
      expect((await store.getCachedExperience(task?.id as string))?.source).toBe("claude-code/haiku");
    } finally {
      await store.close();
    }
    // The call went through the gate and its log like any other model call.
    expect(callLog(env)).toEqual([
      { provider: "claude-code", model: "haiku", purpose: "task-experience", status: "ok" },
    ]);

    // No session of the user's gained anything, no hook fired, tacit captured nothing of the run.
    expect(transcripts(join(home, ".claude", "projects"))).toEqual([]);
    expect(firedHooks()).toBe(0);
    expect(hookLog(env.TACIT_HOME as string)).toBe("");
    expect(await sessions(env)).toEqual(importedSessions);
    expect(readdirSync(join(env.TACIT_HOME as string, "host-model"))).toEqual([]);

    // The ceiling: one call a day. Four sample sessions, but the binary runs once.
    const capped = tacitEnv("tacit-capped", { TACIT_LLM_MAX_CALLS_PER_DAY: "1" });
    await runTacit(["import", transcriptFixture("tacit-samples")], { env: capped });
    const before = tacitCalls().length;
    const cappedRun = await runTacit(["learn", "--json"], { env: capped });
    expect(cappedRun.code, cappedRun.stderr).toBe(0);
    const cappedSummary = JSON.parse(cappedRun.stdout);
    expect(cappedSummary.tasks).toBeGreaterThan(1);
    expect(cappedSummary.experiences.model).toBe(1);
    expect(cappedSummary.warnings.join("\n")).toMatch(/ceiling/);
    expect(tacitCalls().length - before).toBe(1);
    expect(callLog(capped).map((row) => row.status)).toEqual([
      "ok",
      ...Array(cappedSummary.tasks - 1).fill("refused-ceiling"),
    ]);
    const again = await runTacit(["learn", "--json"], { env: capped });
    expect(JSON.parse(again.stdout).tasksLearned).toBe(0);
    expect(tacitCalls().length - before).toBe(1);
  }, 600_000);

  it("does nothing when a hook fires in a run with the guard set, and skips a transcript in the host-model folder", async () => {
    const env = tacitEnv("tacit-guard");
    const ownFolder = join(env.TACIT_HOME as string, "host-model");
    mkdirSync(ownFolder, { recursive: true });
    // A run without tacit's isolating flags, so its hooks fire and it writes a transcript, but with
    // the guard variable a model run always carries.
    const firedBefore = firedHooks();
    const guarded = await runClaude(["-p", "hello"], ownFolder, { ...env, TACIT_HOST_MODEL: "1" });
    expect(guarded, guarded.stderr).toMatchObject({ code: 0 });
    expect(firedHooks()).toBe(firedBefore + 1);
    expect(existsSync(env.TACIT_DATABASE_URL as string)).toBe(false);
    expect(hookLog(env.TACIT_HOME as string)).toBe("");

    // Its transcript landed in the user's projects folder under the host-model folder's name; the
    // importer reads it and skips every line of it.
    const projects = join(home, ".claude", "projects");
    const written = transcripts(projects).filter((file) =>
      readFileSync(join(projects, file), "utf8").includes(JSON.stringify(ownFolder).slice(1, -1)),
    );
    expect(written).toHaveLength(1);
    const imported = await runTacit(["import", projects, "--json"], { env });
    const summary = JSON.parse(imported.stdout);
    expect(summary).toMatchObject({ sessions: 0, messages: 0 });
    expect(summary.linesSkipped[OWN_SESSION_REASON]).toBeGreaterThan(0);
    expect(await sessions(env)).toEqual([]);

    // The control: the same run from the user's project, without the guard, is captured by the hooks.
    const user = await runClaude(["-p", "hello"], project, env);
    expect(user, user.stderr).toMatchObject({ code: 0 });
    expect((await sessions(env)).filter((id) => id.startsWith("claude-code:"))).toHaveLength(1);
  }, 600_000);
});
