import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SQLITE_MIGRATIONS } from "../../store/sqlite/migrations/index.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { hookSocketPath } from "../hooks/hook-client.js";
import { installClaudeCode } from "../hooks/install-claude-code.js";
import type { DoctorReport } from "./doctor-command.js";

const tempDir = useTempDir("tacit-doctor-");
const NOW = Date.UTC(2026, 4, 1, 12);
const LATEST = SQLITE_MIGRATIONS.at(-1)?.version;

function setup() {
  const root = tempDir();
  const home = join(root, "home");
  const project = join(root, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  // HOME and CODEX_HOME inside the test: the user's own agent settings are never read.
  const env = { TACIT_HOME: home, HOME: join(root, "user"), CODEX_HOME: join(root, "user", ".codex") };
  return { root, home, project, env };
}

async function doctor(env: NodeJS.ProcessEnv, cwd: string, args: string[] = []) {
  const result = await runTacit(["doctor", "--json", ...args], { env, cwd, now: () => NOW });
  return { ...result, report: JSON.parse(result.stdout) as DoctorReport };
}

describe("tacit doctor", () => {
  it("reports a fresh install without creating anything", async () => {
    const { root, home, project, env } = setup();
    const { code, report } = await doctor(env, project);
    expect(code).toBe(0);
    expect(report.ok).toBe(true);
    expect(report.problems).toEqual([]);
    expect(report.database).toMatchObject({
      path: join(home, "tacit.db"),
      exists: false,
      status: "missing",
      schemaVersion: null,
      latestSchemaVersion: LATEST,
    });
    expect(report.config).toEqual({
      files: [
        { kind: "user", path: join(home, "config.json"), read: false },
        { kind: "project", path: join(project, ".tacit", "config.json"), read: false },
      ],
      error: null,
    });
    expect(report.models).toEqual({
      languageModel: {
        active: "none (offline rules)",
        reason: "offline: no TACIT_LLM_* variable or llm.* setting names a model",
      },
      embedder: {
        active: "tacit/hashing-v1 (offline)",
        reason: "no TACIT_EMBEDDINGS_* variable or embeddings.* setting names an endpoint",
      },
    });
    expect(report.ceiling).toEqual({
      day: "2026-05-01",
      calls: 0,
      maxCallsPerDay: 200,
      tokens: 0,
      maxTokensPerDay: 400000,
      failures: 0,
      refused: 0,
      openBreakers: [],
    });
    expect(report.hooks.map((hook) => [hook.agent, hook.scope, hook.exists])).toEqual([
      ["claude-code", "project", false],
      ["claude-code", "project", false],
      ["claude-code", "user", false],
      ["codex", "project", false],
      ["codex", "user", false],
    ]);
    expect(report.daemon.state).toBe("stopped");
    expect(report.hookErrors).toEqual([]);
    expect(report.warnings).toContain(
      `no database at ${join(home, "tacit.db")} yet (created by the first capture)`,
    );
    expect(existsSync(home)).toBe(false);
    expect(readdirSync(root).sort()).toEqual(["shop-api"]);
  });

  it("reports the database, hooks, daemon, hook errors, models and today's ceiling, changing nothing", async () => {
    const { home, project, env } = setup();
    const store = new SqliteStore({ path: join(home, "tacit.db") });
    const call = { purpose: "experience", provider: "openai-compatible", model: "qwen", latencyMs: 900 };
    const outcome = { inputTokens: 1000, outputTokens: 234, httpStatus: 200, error: null };
    await store.llmCalls.record({
      ...call,
      ...outcome,
      startedAt: NOW - 60_000,
      status: "ok",
      chargedTokens: 1234,
    });
    await store.llmCalls.record({
      ...call,
      ...outcome,
      startedAt: NOW - 30_000,
      status: "timeout",
      chargedTokens: 100,
    });
    await store.llmCalls.record({
      ...call,
      ...outcome,
      startedAt: NOW - 2 * 86_400_000,
      status: "ok",
      chargedTokens: 5,
    });
    await store.close();
    writeFileSync(
      join(home, "config.json"),
      JSON.stringify({
        llm: { ceiling: { maxCallsPerDay: 50 } },
        embeddings: { baseURL: "http://127.0.0.1:9/v1", model: "nomic-embed-text" },
      }),
    );
    const installed = await runTacit(["install", "claude-code", "--scope", "project"], { env, cwd: project });
    expect(installed.code).toBe(0);
    const socket = hookSocketPath([], { env, cwd: project }) as string;
    const pidFile = socket.replace(/\.sock$/, ".pid");
    writeFileSync(socket, "");
    writeFileSync(pidFile, `${process.pid}\n`);
    utimesSync(pidFile, (NOW - 65_000) / 1000, (NOW - 65_000) / 1000);
    mkdirSync(join(home, "logs"));
    writeFileSync(join(home, "logs", "hook-2026-04-30.log"), "2026-04-30T09:00:00.000Z an older failure\n");
    writeFileSync(
      join(home, "logs", "hook-2026-05-01.log"),
      "2026-05-01T11:00:00.000Z claude-code UserPromptSubmit: Error: boom\n    at recall (recall.ts:1:1)\n" +
        "2026-05-01T11:30:00.000Z hook client: daemon accepted the event but did not answer within 8000 ms\n",
    );
    const files = () =>
      readdirSync(home)
        .sort()
        .map((name) => `${name}:${statSync(join(home, name)).mtimeMs}`);
    const before = files();

    const { code, report } = await doctor(
      { ...env, TACIT_LLM_BASE_URL: "http://127.0.0.1:9/v1", TACIT_LLM_MODEL: "qwen" },
      project,
      ["--errors", "2"],
    );
    expect(code).toBe(0);
    expect(report.problems).toEqual([]);
    expect(report.database).toMatchObject({ exists: true, status: "ok", schemaVersion: LATEST });
    expect(report.ceiling).toMatchObject({
      calls: 2,
      maxCallsPerDay: 50,
      tokens: 1334,
      failures: 1,
      refused: 0,
    });
    const claude = report.hooks.find((hook) => hook.file === join(project, ".claude", "settings.local.json"));
    expect(claude).toMatchObject({ agent: "claude-code", scope: "project", exists: true, missingPaths: [] });
    expect(claude?.events).toContain("UserPromptSubmit");
    expect(claude?.commands).toHaveLength(1);
    expect(report.daemon).toEqual({
      state: "running",
      socket,
      socketExists: true,
      pidFile,
      pid: process.pid,
      uptimeMs: 65_000,
    });
    expect(report.hookErrors).toEqual([
      {
        at: "2026-05-01T11:30:00.000Z",
        message: "hook client: daemon accepted the event but did not answer within 8000 ms",
        file: join(home, "logs", "hook-2026-05-01.log"),
      },
      {
        at: "2026-05-01T11:00:00.000Z",
        message: "claude-code UserPromptSubmit: Error: boom",
        file: join(home, "logs", "hook-2026-05-01.log"),
      },
    ]);
    expect(report.models?.languageModel).toEqual({
      active: "openai-compatible qwen at http://127.0.0.1:9/v1",
      reason:
        "inferred from a base URL and a model; llm.model from TACIT_LLM_MODEL; llm.baseURL from TACIT_LLM_BASE_URL",
    });
    expect(report.models?.embedder).toEqual({
      active: "openai-compatible nomic-embed-text at http://127.0.0.1:9/v1",
      reason: `embeddings.baseURL from user file ${join(home, "config.json")}; embeddings.model from user file ${join(home, "config.json")}`,
    });
    expect(files()).toEqual(before);

    const text = await runTacit(["doctor"], { env, cwd: project, now: () => NOW });
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Hook daemon: running, pid ${process.pid}, up 1m 5s, socket ${socket}`);
    expect(text.stdout).toContain("Model use today (2026-05-01 UTC): 2 of 50 calls, 1334 of 400000 tokens");
  });

  it("exits 1 naming what is broken: an unreadable database, a bad config, a hook that points nowhere", async () => {
    const { home, project, env } = setup();
    // 0700, as tacit makes its home (a looser one is tightened, and said so on stderr).
    mkdirSync(home, { mode: 0o700 });
    writeFileSync(join(home, "tacit.db"), "this is not a database, just text that fills a page ".repeat(100));
    writeFileSync(join(home, "config.json"), '{\n  "recall": { "topK": "many" }\n}\n');
    installClaudeCode({
      scope: "project",
      projectDir: project,
      home,
      env,
      now: NOW,
      entry: ["/nonexistent/bin/node", "/nonexistent/tacit/tacit.cjs"],
    });
    const { code, report, stderr } = await doctor(env, project);
    expect(code).toBe(1);
    expect(report.ok).toBe(false);
    expect(report.problems).toEqual([
      `configuration: ${join(home, "config.json")}:2, field recall.topK: recall.topK must be a whole number > 0, got "many"`,
      `database ${join(home, "tacit.db")}: file is not a database`,
      `${join(project, ".claude", "settings.local.json")}: tacit's hook runs /nonexistent/bin/node, /nonexistent/tacit/tacit.cjs, which no longer exists; run tacit install again`,
    ]);
    expect(stderr).toBe("");
    const text = await runTacit(["doctor"], { env, cwd: project, now: () => NOW });
    expect(text.code).toBe(1);
    expect(text.stderr).toContain("problem: database");
  });

  it("tells a stale pid file and a disabled daemon apart", async () => {
    const { home, project, env } = setup();
    mkdirSync(home);
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid as number;
    const socket = hookSocketPath([], { env, cwd: project }) as string;
    writeFileSync(socket.replace(/\.sock$/, ".pid"), `${gone}\n`);
    const stale = (await doctor(env, project)).report;
    expect(stale.daemon).toMatchObject({ state: "stale", pid: gone, socketExists: false });
    expect(stale.warnings).toContain(
      `the hook daemon's pid file names process ${gone}, which is gone; the next hook starts a new one`,
    );
    expect((await doctor({ ...env, TACIT_HOOK_DAEMON: "0" }, project)).report.daemon.state).toBe("disabled");
  });
});
