/**
 * Claude Code as tacit's model: `claude -p` (print mode, one answer, then exit), flags as of
 * Claude Code 2.1:
 *
 * - `--output-format json`: one JSON result on stdout (`result`, `is_error`, `usage`,
 *   `api_error_status`, `total_cost_usd`);
 * - `--model` (default `haiku`, a small fast model), `--tools ""` (no built-in tools),
 *   `--strict-mcp-config` without `--mcp-config` (no MCP servers);
 * - `--no-session-persistence`: no transcript is written, so nothing reaches the user's session
 *   list (`claude --resume`) or tacit's importer;
 * - `--safe-mode` and `--settings {"disableAllHooks":true}`: the user's hooks (tacit's among them),
 *   CLAUDE.md, skills and plugins stay off, while the login works as usual;
 * - `--system-prompt-file`: tacit's instructions replace Claude Code's long agent prompt (fewer
 *   tokens per call), from a private file rather than the command line.
 *
 * The prompt goes on stdin. `CLAUDE_CODE_MAX_OUTPUT_TOKENS`, `CLAUDE_CODE_MAX_RETRIES` and
 * `API_TIMEOUT_MS` carry the gate's output bound, the retries and the per-request timeout.
 */
import { z } from "zod";
import { type GenerateResult, ModelCallError } from "../language-model.js";
import { DEFAULT_CLAUDE_CODE_MODEL } from "../model-config.js";
import type { AgentDialect } from "./host-agent-model.js";
import { outputTail, retryableStatus } from "./host-agent-model.js";
import type { AgentProcessResult } from "./run-agent-process.js";

/** The flags tacit passes that `claude --help` lists; `tacit doctor` checks the installed binary has them. */
export const CLAUDE_CODE_REQUIRED_FLAGS = [
  "--print",
  "--output-format",
  "--tools",
  "--no-session-persistence",
  "--safe-mode",
  "--strict-mcp-config",
  "--settings",
] as const;

/**
 * Variables Claude Code sets for the processes of a session (seen in its hooks' environment, 2.1):
 * a `claude -p` started with them would count as a child of that session, messaging its socket.
 */
const CLAUDE_CODE_SESSION_VARIABLES = [
  "CLAUDECODE",
  "CLAUDE_CODE_ENTRYPOINT",
  "CLAUDE_CODE_SESSION_ID",
  "CLAUDE_CODE_CHILD_SESSION",
  "CLAUDE_CODE_CHILD_NOTES_DIR",
  "CLAUDE_CODE_SESSION_ATTENDED",
  "CLAUDE_CODE_MESSAGING_SOCKET",
  "CLAUDE_CODE_MESSAGING_TOKEN",
  "CLAUDE_PID",
  "CLAUDE_PROJECT_DIR",
  "AI_AGENT",
] as const;

const count = z.number().int().nonnegative();

/** The parts of `claude -p --output-format json`'s result that tacit reads. */
const printResultSchema = z.looseObject({
  type: z.literal("result"),
  subtype: z.string().optional(),
  is_error: z.boolean(),
  result: z.string().optional(),
  api_error_status: z.number().int().nullable().optional(),
  total_cost_usd: z.number().optional(),
  usage: z
    .looseObject({
      input_tokens: count.optional(),
      output_tokens: count.optional(),
      cache_creation_input_tokens: count.optional(),
      cache_read_input_tokens: count.optional(),
    })
    .optional(),
});

/** The `claude -p` dialect. */
export const claudeCodeDialect: AgentDialect = {
  agent: "claude-code",
  binaryName: "claude",
  sessionVariables: CLAUDE_CODE_SESSION_VARIABLES,
  invocation(call, context) {
    const args = [
      "-p",
      "--output-format",
      "json",
      "--model",
      context.model ?? DEFAULT_CLAUDE_CODE_MODEL,
      "--tools",
      "",
      "--no-session-persistence",
      "--safe-mode",
      "--strict-mcp-config",
      "--settings",
      '{"disableAllHooks":true}',
    ];
    if (call.system?.trim()) args.push("--system-prompt-file", context.privateFile(call.system));
    const env: Record<string, string> = {
      CLAUDE_CODE_MAX_RETRIES: String(context.maxRetries),
      API_TIMEOUT_MS: String(context.timeoutMs),
      DISABLE_AUTOUPDATER: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    };
    if (call.maxOutputTokens !== undefined) env.CLAUDE_CODE_MAX_OUTPUT_TOKENS = String(call.maxOutputTokens);
    const warnings =
      call.temperature !== undefined ? ["claude -p takes no temperature; the model's default was used"] : [];
    return { args, input: call.prompt, env, warnings };
  },
  read: readClaudeCodeResult,
};

/**
 * Reads a finished `claude -p --output-format json` run. Throws {@link ModelCallError}: `http-error`
 * when the run reports a failed API call (with its status) or exits non-zero, `invalid-response`
 * when it printed no readable result.
 */
export function readClaudeCodeResult(
  run: AgentProcessResult,
  binary = "claude",
): Omit<GenerateResult, "warnings"> {
  const json = lastJsonValue(run.stdout);
  const parsed = json === undefined ? undefined : printResultSchema.safeParse(json);
  const exit = run.signal ? `signal ${run.signal}` : `code ${run.code}`;
  if (!parsed?.success) {
    const what =
      json === undefined
        ? `no JSON result (stdout: ${outputTail(run.stdout) || "empty"})`
        : `a result of another shape (${parsed?.error.issues[0]?.path.join(".") || "record"}: ${parsed?.error.issues[0]?.message})`;
    if (run.code !== 0) {
      throw new ModelCallError({
        message: `${binary} exited with ${exit}: ${outputTail(run.stderr) || what}`,
        kind: "http-error",
        attempts: 1,
        isRetryable: true,
      });
    }
    throw new ModelCallError({
      message: `${binary} printed ${what}`,
      kind: "invalid-response",
      attempts: 1,
      isRetryable: false,
    });
  }
  const result = parsed.data;
  if (result.is_error || run.code !== 0) {
    const status = result.api_error_status ?? undefined;
    throw new ModelCallError({
      message: `${binary} failed (${result.subtype ?? "error"}, exit ${exit}${status !== undefined ? `, HTTP ${status}` : ""}): ${outputTail(result.result ?? run.stderr)}`,
      kind: "http-error",
      ...(status !== undefined ? { statusCode: status } : {}),
      attempts: 1,
      isRetryable: status === undefined || retryableStatus(status),
    });
  }
  const usage = result.usage;
  const input =
    usage?.input_tokens === undefined
      ? null
      : usage.input_tokens + (usage.cache_creation_input_tokens ?? 0) + (usage.cache_read_input_tokens ?? 0);
  return {
    text: result.result ?? "",
    usage: { inputTokens: input, outputTokens: usage?.output_tokens ?? null },
  };
}

/** The JSON value of the output as a whole, else of its last non-empty line (after any notices). */
function lastJsonValue(stdout: string): unknown {
  const attempt = (text: string): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch (error) {
      // Not JSON: the caller reports what was printed instead.
      void error;
      return undefined;
    }
  };
  const whole = attempt(stdout.trim());
  if (whole !== undefined) return whole;
  const last = stdout
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .at(-1);
  return last === undefined ? undefined : attempt(last);
}
