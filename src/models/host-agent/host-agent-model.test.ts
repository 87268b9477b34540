/**
 * The host-agent models run a real child process: here a fake `claude` / `codex` (a node script
 * that records how it was run and answers with recorded output, src/testing/fake-agent.ts). The
 * real Claude Code binary is driven end to end in test/e2e/host-model.e2e.test.ts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createRedactor } from "../../core/redaction.js";
import { openSqliteDatabase, type SqliteDatabase } from "../../store/sqlite/sqlite-database.js";
import { SqliteLlmCallLog } from "../../store/sqlite/sqlite-llm-call-log.js";
import { writeFakeAgent } from "../../testing/fake-agent.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { createConfiguredLanguageModel } from "../configured-language-model.js";
import { type LanguageModel, ModelCallError } from "../language-model.js";
import { createModelGate } from "../model-gate.js";
import { claudeCodeDialect } from "./claude-code-dialect.js";
import { createHostAgentModel } from "./host-agent-model.js";

const tempDir = useTempDir("tacit-host-agent-");
const opened: SqliteDatabase[] = [];
afterEach(() => {
  for (const db of opened.splice(0)) db.close();
});

const CLAUDE_RESULT = readFileSync(
  new URL("../__fixtures__/claude-code-print-result.json", import.meta.url),
  "utf8",
);
const CODEX_EVENTS = readFileSync(
  new URL("../__fixtures__/codex-exec-events.jsonl", import.meta.url),
  "utf8",
);
const answer = (text: string) => JSON.stringify({ ...JSON.parse(CLAUDE_RESULT), result: text });

function setup(agent: "claude-code" | "codex", extraEnv: NodeJS.ProcessEnv = {}) {
  const dir = tempDir();
  const home = join(dir, "tacit");
  const fake = writeFakeAgent(dir, agent === "claude-code" ? "claude" : "codex", {
    fallback: { stdout: agent === "claude-code" ? CLAUDE_RESULT : CODEX_EVENTS },
  });
  // The agent is found on PATH, as on a user's machine.
  const env: NodeJS.ProcessEnv = { PATH: `${dir}:/usr/bin:/bin`, TACIT_HOME: home, HOME: dir, ...extraEnv };
  const model = (options: { timeoutMs?: number; model?: string } = {}) =>
    createHostModel(agent, env, options);
  return { dir, home, fake, env, model };
}

function createHostModel(
  agent: "claude-code" | "codex",
  env: NodeJS.ProcessEnv,
  options: { timeoutMs?: number; model?: string; command?: string } = {},
): LanguageModel {
  const model = createConfiguredLanguageModel(
    {
      provider: agent,
      model: options.model ?? (agent === "claude-code" ? "haiku" : undefined),
      baseURL: undefined,
      apiKey: undefined,
      command: options.command,
      timeoutMs: options.timeoutMs ?? 30_000,
      maxRetries: 0,
    },
    { env },
  );
  if (!model) throw new Error("no model");
  return model;
}

async function failure(call: Promise<unknown>): Promise<ModelCallError> {
  try {
    await call;
  } catch (error) {
    if (ModelCallError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a ModelCallError");
}

const call = {
  system: "Reply with JSON only.",
  prompt: "<data>the user's session</data>",
  maxOutputTokens: 700,
};

describe("the claude-code model", () => {
  it("runs claude -p in the host-model folder: prompt on stdin, no tools, no persistence, no hooks", async () => {
    const { home, fake, model } = setup("claude-code", {
      CLAUDECODE: "1",
      CLAUDE_CODE_SESSION_ID: "0b6a-parent-session",
      CLAUDE_CODE_MESSAGING_SOCKET: "/tmp/cc-socks/1.sock",
    });
    const reply = await model().generate(call);
    expect(reply).toEqual({
      text: JSON.parse(CLAUDE_RESULT).result,
      usage: { inputTokens: 10, outputTokens: 10 },
      warnings: [],
    });
    const [run] = fake.calls();
    expect(run?.stdin).toBe(call.prompt);
    expect(run?.argv.join(" ")).not.toContain("the user's session");
    expect(run?.cwd).toBe(join(home, "host-model"));
    const argv = run?.argv ?? [];
    expect(argv.slice(0, 5)).toEqual(["-p", "--output-format", "json", "--model", "haiku"]);
    expect(argv[argv.indexOf("--tools") + 1]).toBe("");
    for (const flag of ["--no-session-persistence", "--safe-mode", "--strict-mcp-config"]) {
      expect(argv).toContain(flag);
    }
    expect(JSON.parse(argv[argv.indexOf("--settings") + 1] ?? "")).toEqual({ disableAllHooks: true });
    // The system prompt came from a private file, gone after the call.
    const systemFile = argv[argv.indexOf("--system-prompt-file") + 1] ?? "";
    expect(run?.files[systemFile]).toBe(call.system);
    expect(existsSync(systemFile)).toBe(false);
    expect(readdirSync(join(home, "host-model"))).toEqual([]);
    // The guard variable is set; the parent agent session's variables are not passed on.
    expect(run?.env).toMatchObject({ TACIT_HOST_MODEL: "1", CLAUDE_CODE_MAX_OUTPUT_TOKENS: "700" });
    expect(run?.env.CLAUDECODE).toBeUndefined();
    expect(run?.env.CLAUDE_CODE_SESSION_ID).toBeUndefined();
    expect(run?.env.CLAUDE_CODE_MESSAGING_SOCKET).toBeUndefined();
  });

  it("fails with a timeout, a crash, garbage, or a missing binary, and never runs from inside a run", async () => {
    const { fake, model, env, dir } = setup("claude-code");
    fake.script({ fallback: { stdout: CLAUDE_RESULT, delayMs: 5_000 } });
    // No start-up allowance here, so the run is killed 300 ms in.
    const hasty = createHostAgentModel(claudeCodeDialect, {
      model: "haiku",
      command: undefined,
      env,
      timeoutMs: 300,
      maxRetries: 0,
      startupAllowanceMs: 0,
    });
    expect(await failure(hasty.generate(call))).toMatchObject({ kind: "timeout" });

    fake.script({ fallback: { stderr: "Error: something broke\n", exitCode: 3 } });
    const crash = await failure(model().generate(call));
    expect(crash).toMatchObject({ kind: "http-error" });
    expect(crash.message).toContain("exited with code 3: Error: something broke");

    fake.script({ fallback: { stdout: "<html>proxy login</html>" } });
    expect(await failure(model().generate(call))).toMatchObject({ kind: "invalid-response" });

    const missing = await failure(
      createHostModel("claude-code", env, { command: "claude-nowhere" }).generate(call),
    );
    expect(missing).toMatchObject({ kind: "unavailable" });
    expect(missing.message).toMatch(/claude-nowhere not found/);
    const wrongCommand = createHostModel("claude-code", env, { command: join(dir, "no-such-claude") });
    expect(await failure(wrongCommand.generate(call))).toMatchObject({ kind: "unavailable" });

    const before = fake.calls().length;
    const nested = await failure(
      createHostModel("claude-code", { ...env, TACIT_HOST_MODEL: "1" }).generate(call),
    );
    expect(nested).toMatchObject({ kind: "unavailable" });
    expect(nested.message).toMatch(/inside tacit's own model run/);
    expect(fake.calls()).toHaveLength(before);
  });
});

describe("the codex model", () => {
  it("runs codex exec --json --ephemeral read-only in the host-model folder, the prompt on stdin", async () => {
    const { home, fake, model } = setup("codex");
    const reply = await model().generate(call);
    expect(reply).toEqual({
      text: '{"hello":"world"}',
      usage: { inputTokens: 24763, outputTokens: 122 },
      warnings: [],
    });
    const [run] = fake.calls();
    expect(run?.cwd).toBe(join(home, "host-model"));
    const argv = run?.argv ?? [];
    const after = (flag: string) => argv[argv.indexOf(flag) + 1];
    expect(argv.slice(0, 2)).toEqual(["exec", "--json"]);
    expect(argv).toEqual(
      expect.arrayContaining(["--ephemeral", "--skip-git-repo-check", "features.hooks=false"]),
    );
    expect(after("--sandbox")).toBe("read-only");
    expect(argv.at(-1)).toBe("-");
    expect(run?.stdin).toBe(`${call.system}\n\n${call.prompt}`);
    expect(run?.env.TACIT_HOST_MODEL).toBe("1");
    await model({ model: "gpt-5-codex-mini" }).generate(call);
    expect(fake.calls()[1]?.argv.slice(-3)).toEqual(["--model", "gpt-5-codex-mini", "-"]);
  });
});

describe("a host-agent model behind the model gate", () => {
  const schema = z.object({ hello: z.string() });

  function gated(model: LanguageModel, dir: string, maxCallsPerDay = 200) {
    const { db } = openSqliteDatabase({ path: join(dir, "tacit.db") });
    opened.push(db);
    const gate = createModelGate({
      model,
      log: new SqliteLlmCallLog(db),
      breaker: { failureThreshold: 3, cooldownMs: 60_000 },
      ceiling: { maxCallsPerDay, maxTokensPerDay: 400_000 },
      now: () => Date.UTC(2026, 0, 10, 12),
      redact: createRedactor(),
    });
    const statuses = () =>
      (db.prepare("SELECT status FROM llm_calls ORDER BY id").all() as Array<{ status: string }>).map(
        (row) => row.status,
      );
    return { gate, statuses };
  }

  it("is logged, redacted, validated, held to the ceiling, and opens the breaker after failures", async () => {
    const { fake, model, dir } = setup("claude-code");
    const { gate, statuses } = gated(model(), dir, 5);
    const secret = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";
    const ok = await gate.call({ purpose: "task-experience", prompt: `key ${secret}`, schema });
    expect(ok).toMatchObject({ ok: true, value: { hello: "world" } });
    expect(fake.calls()[0]?.stdin).not.toContain(secret);
    expect(fake.calls()[0]?.stdin).toContain("[REDACTED");

    fake.script({ fallback: { stdout: answer("I cannot help with that.") } });
    expect(await gate.call({ purpose: "task-experience", prompt: "p", schema })).toMatchObject({
      ok: false,
      reason: "invalid-output",
    });
    fake.script({ fallback: { stderr: "boom", exitCode: 1 } });
    expect(await gate.call({ purpose: "task-experience", prompt: "p", schema })).toMatchObject({
      reason: "http-error",
    });
    const third = await gate.call({ purpose: "task-experience", prompt: "p", schema });
    expect(third.warnings.join("\n")).toMatch(/circuit breaker opened after 3 consecutive failures/);
    const runs = fake.calls().length;
    expect(await gate.call({ purpose: "task-experience", prompt: "p", schema })).toMatchObject({
      reason: "breaker-open",
    });
    expect(fake.calls()).toHaveLength(runs);
    expect(statuses()).toEqual(["ok", "invalid-output", "http-error", "http-error", "refused-breaker"]);
  });

  it("never runs the agent past the daily ceiling", async () => {
    const { fake, model, dir } = setup("claude-code");
    const { gate, statuses } = gated(model(), dir, 2);
    for (let index = 0; index < 4; index++)
      await gate.call({ purpose: "task-experience", prompt: "p", schema });
    expect(fake.calls()).toHaveLength(2);
    expect(statuses()).toEqual(["ok", "ok", "refused-ceiling", "refused-ceiling"]);
  });
});
