/**
 * What `tacit doctor` says about a host agent used as tacit's model: which binary, which version,
 * whether it has the flags tacit passes, whether the user is logged in, and where its runs work.
 * It runs the agent's own `--version`, `--help` and login-status commands (no model call), with the
 * same guard variable as a model run, and writes nothing of tacit's.
 */
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { z } from "zod";
import { CLAUDE_CODE_REQUIRED_FLAGS } from "./claude-code-dialect.js";
import { type FoundBinary, findAgentBinary } from "./find-agent-binary.js";
import { type HostAgentName, hostModelFolder, outputTail } from "./host-agent-model.js";
import { HOST_MODEL_VARIABLE } from "./host-model-guard.js";
import { type AgentProcessResult, runAgentProcess } from "./run-agent-process.js";

/** The flags of `codex exec` tacit passes. */
const CODEX_REQUIRED_FLAGS = ["--json", "--ephemeral", "--skip-git-repo-check", "--sandbox"] as const;

/** What the probe found. Field names are stable (`tacit doctor --json`). */
export interface HostAgentStatus {
  agent: HostAgentName;
  /** The binary, or null when none was found. */
  binary: string | null;
  /** How it was found: `llm.command`, `PATH` or tacit's `node_modules/.bin`. */
  foundVia: FoundBinary["via"] | null;
  /** What `--version` printed, or null. */
  version: string | null;
  /** Flags tacit passes that the binary's help does not list (an older agent). */
  missingFlags: string[];
  /** true / false as the agent reports it; null when it could not tell. */
  loggedIn: boolean | null;
  /** How the user is logged in, in the agent's words (e.g. `claude.ai`, `api_key from ANTHROPIC_API_KEY`). */
  login: string | null;
  /** Where its runs work: `$TACIT_HOME/host-model`. */
  workDir: string;
  /** A sentence on transcripts and hooks. */
  isolation: string;
  /** Why it cannot serve as the model, or null. */
  problem: string | null;
}

const claudeAuthSchema = z.looseObject({
  loggedIn: z.boolean(),
  authMethod: z.string().optional(),
  apiKeySource: z.string().optional(),
  apiProvider: z.string().optional(),
});

const ISOLATION: Record<HostAgentName, string> = {
  "claude-code":
    "with --no-session-persistence and --safe-mode (hooks, tools and MCP servers off) and TACIT_HOST_MODEL=1; a transcript it still wrote would name this folder, which tacit import and the hooks skip",
  codex:
    "with --ephemeral, a read-only sandbox, hooks off and TACIT_HOST_MODEL=1; a rollout it still wrote would name this folder, which tacit import and the hooks skip",
};

/** Probes the agent (see the module comment). Never throws for the agent's failures. */
export async function probeHostAgent(
  agent: HostAgentName,
  options: { command: string | undefined; env: NodeJS.ProcessEnv; cwd?: string },
): Promise<HostAgentStatus> {
  const name = agent === "claude-code" ? "claude" : "codex";
  const workDir = hostModelFolder(options.env);
  const status: HostAgentStatus = {
    agent,
    binary: null,
    foundVia: null,
    version: null,
    missingFlags: [],
    loggedIn: null,
    login: null,
    workDir,
    isolation: ISOLATION[agent],
    problem: null,
  };
  const found = findAgentBinary(name, {
    command: options.command,
    env: options.env,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  if (!found) {
    const install = `install ${agent === "claude-code" ? "Claude Code" : "Codex"} or set llm.command`;
    status.problem =
      options.command === undefined
        ? `no ${name} binary on PATH: ${install}`
        : /[\\/]/.test(options.command)
          ? `llm.command ${options.command} is not an executable file`
          : `llm.command ${options.command}: no such program on PATH: ${install}`;
    return status;
  }
  status.binary = found.path;
  status.foundVia = found.via;
  const env = { ...options.env, [HOST_MODEL_VARIABLE]: "1" };
  const cwd = existsSync(workDir) ? workDir : tmpdir();
  const run = (args: string[]) =>
    runAgentProcess({ command: found.path, args, cwd, env, input: "", timeoutMs: 30_000 }).catch(
      (error: Error): AgentProcessResult => ({ code: null, signal: null, stdout: "", stderr: error.message }),
    );
  const [version, help, login] = await Promise.all([
    run(["--version"]),
    run(agent === "claude-code" ? ["--help"] : ["exec", "--help"]),
    run(agent === "claude-code" ? ["auth", "status"] : ["login", "status"]),
  ]);
  if (version.code !== 0) {
    status.problem = `${found.path} --version failed: ${outputTail(version.stderr || version.stdout) || `exit ${version.code}`}`;
    return status;
  }
  status.version = version.stdout.trim().split("\n")[0] ?? null;
  const flags = agent === "claude-code" ? CLAUDE_CODE_REQUIRED_FLAGS : CODEX_REQUIRED_FLAGS;
  status.missingFlags = flags.filter((flag) => !new RegExp(`${flag}(?![\\w-])`).test(help.stdout));
  if (status.missingFlags.length > 0) {
    status.problem = `${status.version} lacks ${status.missingFlags.join(", ")}, which tacit needs: update it`;
  }
  if (agent === "claude-code") readClaudeLogin(login, status);
  else readCodexLogin(login, status);
  return status;
}

function readClaudeLogin(run: AgentProcessResult, status: HostAgentStatus): void {
  let json: unknown;
  try {
    json = JSON.parse(run.stdout);
  } catch (error) {
    // Not the JSON `claude auth status` prints: say what it printed instead.
    void error;
    status.login = outputTail(run.stderr || run.stdout, 120) || null;
    return;
  }
  const parsed = claudeAuthSchema.safeParse(json);
  if (!parsed.success) return;
  const auth = parsed.data;
  status.loggedIn = auth.loggedIn;
  const parts = [auth.authMethod, auth.apiKeySource ? `from ${auth.apiKeySource}` : undefined];
  if (auth.apiProvider && auth.apiProvider !== "firstParty") parts.push(`via ${auth.apiProvider}`);
  status.login = parts.filter(Boolean).join(" ") || null;
}

function readCodexLogin(run: AgentProcessResult, status: HostAgentStatus): void {
  const text = `${run.stdout}\n${run.stderr}`.trim();
  status.loggedIn = run.code === 0 ? true : /not logged in/i.test(text) ? false : null;
  status.login = outputTail(text, 120) || null;
}
