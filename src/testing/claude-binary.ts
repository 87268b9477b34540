/**
 * The pinned Claude Code binary (the `@anthropic-ai/claude-code` devDependency) for the end-to-end
 * tests: where it is, whether it runs on this machine, and running it once with its output
 * collected. The tests point it at a loopback server (ANTHROPIC_BASE_URL), so nothing goes online.
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { type AgentProcessResult, runAgentProcess } from "../models/host-agent/run-agent-process.js";

/** The native binary of the pinned package. */
export const CLAUDE_BINARY = fileURLToPath(
  new URL("../../node_modules/@anthropic-ai/claude-code/bin/claude.exe", import.meta.url),
);

/** Whether the binary runs here; the reason when it does not (warned about loudly, once). */
export function claudeRuns(test: string): { ok: true } | { ok: false; reason: string } {
  const result = spawnSync(CLAUDE_BINARY, ["--version"], { encoding: "utf8", timeout: 60_000 });
  let verdict: { ok: true } | { ok: false; reason: string } = { ok: true };
  if (result.error) verdict = { ok: false, reason: result.error.message };
  else if (result.status !== 0 || !/Claude Code/.test(result.stdout)) {
    verdict = {
      ok: false,
      reason: `exit ${result.status}: ${(result.stderr || result.stdout).trim().slice(0, 300)}`,
    };
  }
  if (!verdict.ok) {
    console.warn(
      `\n!!! SKIPPING ${test}: the claude binary cannot run on this machine (${verdict.reason}).\n`,
    );
  }
  return verdict;
}

/** Runs the binary with `args` in `cwd` and an empty stdin; killed after 4 minutes. */
export function runClaude(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<AgentProcessResult> {
  return runAgentProcess({ command: CLAUDE_BINARY, args, cwd, env, input: "", timeoutMs: 240_000 });
}

/**
 * The environment of a Claude Code run against the loopback server: `bin` first on PATH (stand-in
 * programs), `home` as HOME, the server as the API, a dummy key, and nothing that goes online
 * (updates, telemetry); `extra` (tacit's variables) on top.
 */
export function offlineClaudeEnv(options: {
  bin: string;
  home: string;
  baseUrl: string;
  extra?: NodeJS.ProcessEnv;
}): NodeJS.ProcessEnv {
  return {
    PATH: `${options.bin}:${process.env.PATH}`,
    HOME: options.home,
    ANTHROPIC_BASE_URL: options.baseUrl,
    ANTHROPIC_API_KEY: "sk-ant-api03-test-dummy-key",
    IS_SANDBOX: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_AUTOUPDATER: "1",
    ...options.extra,
  };
}
