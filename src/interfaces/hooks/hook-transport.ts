/**
 * Which transport `tacit install claude-code` gives the per-event hooks (prompt, tool calls): HTTP
 * hooks to the resident daemon when the agent has them, else a command per event. Claude Code has
 * had HTTP hooks (`"type": "http"` with `url`, `headers` and `allowedEnvVars`) since 2.1.63; an
 * older one would not run a hook of that type, so the installed agent's version decides: the
 * `claude` on PATH (or `--agent-binary`), asked for its `--version`.
 */
import { spawnSync } from "node:child_process";
import { InvalidInputError } from "../../core/errors.js";
import { findAgentBinary } from "../../models/host-agent/find-agent-binary.js";
import { HOST_MODEL_VARIABLE } from "../../models/host-agent/host-model-guard.js";
import type { HookTransport } from "./install-claude-code.js";

/** The first Claude Code version with HTTP hooks. */
export const HTTP_HOOKS_SINCE = [2, 1, 63] as const;

/** What was asked for: `auto` lets the agent's version decide. */
export type TransportRequest = HookTransport | "auto";
export const TRANSPORT_REQUESTS: readonly TransportRequest[] = ["auto", "http", "command"];

/** The transport chosen, the agent version seen, and why (a sentence for the install's output). */
export interface TransportChoice {
  transport: HookTransport;
  /** `claude --version`'s version, or null when it could not be read. */
  agentVersion: string | null;
  reason: string;
}

/**
 * Chooses the transport (see the module comment). `requested` http with an agent known to be too
 * old, or where HTTP hooks cannot be set up (`unavailable`), throws an InvalidInputError naming
 * `--transport`;
 * `auto` falls back to commands with the reason.
 */
export function chooseClaudeCodeTransport(options: {
  requested: TransportRequest;
  /** The agent's binary (`--agent-binary`); default: `claude` on PATH. */
  binary?: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Why HTTP hooks cannot be installed here at all (a committed settings file, no daemon), if so. */
  unavailable?: string;
}): TransportChoice {
  if (options.requested === "command") {
    return {
      transport: "command",
      agentVersion: null,
      reason: "command hooks, as asked (--transport command)",
    };
  }
  if (options.unavailable) {
    if (options.requested === "http")
      throw new InvalidInputError({ field: "--transport", message: `no HTTP hooks: ${options.unavailable}` });
    return { transport: "command", agentVersion: null, reason: `command hooks: ${options.unavailable}` };
  }
  const version = claudeVersion(options);
  if (version.parsed === null) {
    if (options.requested === "http") {
      return {
        transport: "http",
        agentVersion: null,
        reason: `HTTP hooks, as asked (--transport http), without a version check: ${version.problem}`,
      };
    }
    return {
      transport: "command",
      agentVersion: null,
      reason: `command hooks: ${version.problem}, so whether it has HTTP hooks is unknown (--transport http to use them anyway)`,
    };
  }
  const since = HTTP_HOOKS_SINCE.join(".");
  if (compareVersions(version.parsed, HTTP_HOOKS_SINCE) >= 0) {
    return {
      transport: "http",
      agentVersion: version.text,
      reason: `HTTP hooks: Claude Code ${version.text} has them (${since} or later)`,
    };
  }
  const old = `Claude Code ${version.text} has no HTTP hooks (they came in ${since})`;
  if (options.requested === "http")
    throw new InvalidInputError({
      field: "--transport",
      message: `${old}: update it, or use --transport command`,
    });
  return { transport: "command", agentVersion: version.text, reason: `command hooks: ${old}` };
}

/** The installed Claude Code's version, or why it could not be read. */
function claudeVersion(options: {
  binary?: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
}): { parsed: readonly number[]; text: string } | { parsed: null; problem: string } {
  // Not tacit's own pinned copy (node_modules/.bin): the version that matters is the one the user runs.
  const found = findAgentBinary("claude", {
    command: options.binary,
    env: options.env,
    cwd: options.cwd,
    packageBinDir: "",
  });
  if (!found) {
    return {
      parsed: null,
      problem: options.binary ? `${options.binary} is not an executable` : "no claude binary on PATH",
    };
  }
  const run = spawnSync(found.path, ["--version"], {
    cwd: options.cwd,
    // The guard variable: a tacit hook the agent might fire on the way does nothing.
    env: { ...options.env, [HOST_MODEL_VARIABLE]: "1" },
    encoding: "utf8",
    timeout: 30_000,
  });
  const output = `${run.stdout ?? ""}`.trim();
  const parsed = parseVersion(output);
  if (run.error || run.status !== 0 || parsed === null) {
    const why =
      run.error?.message ?? (run.status !== 0 ? `exit ${run.status}` : `printed "${output.slice(0, 80)}"`);
    return { parsed: null, problem: `${found.path} --version failed (${why})` };
  }
  return { parsed, text: parsed.join(".") };
}

/** The first `major.minor.patch` in `text` (`2.1.328 (Claude Code)`), or null. */
export function parseVersion(text: string): number[] | null {
  const match = /(\d+)\.(\d+)\.(\d+)/.exec(text);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

function compareVersions(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}
