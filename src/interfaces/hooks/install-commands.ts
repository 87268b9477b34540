/** `tacit install|uninstall claude-code|codex`: wiring tacit's hooks into an agent's settings. */
import { resolve } from "node:path";
import { findProjectId } from "../../capture/project.js";
import { CliError, type CliIo, writeJson, writeLine } from "../cli/cli-io.js";
import { HOOK_AGENTS, type HookAgent } from "./hook-event.js";
import type { HookSettingsChange } from "./hook-settings.js";
import {
  INSTALL_SCOPES,
  type InstallScope,
  installClaudeCode,
  uninstallClaudeCode,
} from "./install-claude-code.js";
import { installCodex, uninstallCodex } from "./install-codex.js";

export interface InstallCommandOptions {
  db?: string;
  scope?: string;
  project?: string;
  timeout?: number;
  json?: boolean;
}

const AGENT_NAMES: Record<HookAgent, string> = { "claude-code": "Claude Code", codex: "Codex" };

/** Which settings file an install or uninstall edits, and when. */
function settingsLocation(options: InstallCommandOptions, io: CliIo) {
  return {
    scope: checkScope(options.scope),
    projectDir: projectDir(options, io),
    env: io.env,
    now: io.now(),
  };
}

/** Seconds the agent waits for a hook, from the `hooks.timeoutSeconds` setting. */
async function configuredTimeout(io: CliIo): Promise<number> {
  const { resolveConfig } = await import("../../config/load-config.js");
  return resolveConfig({ env: io.env, cwd: io.cwd }).values.hooks.timeoutSeconds;
}

/** `tacit install AGENT`: merges tacit's hooks into the agent's settings (with a backup). */
export async function installCommand(
  agent: string,
  options: InstallCommandOptions,
  io: CliIo,
): Promise<number> {
  const target = checkAgent(agent);
  const base = {
    ...settingsLocation(options, io),
    ...(options.db ? { db: resolve(io.cwd, options.db) } : {}),
    timeoutSeconds: options.timeout ?? (await configuredTimeout(io)),
  };
  const change = target === "claude-code" ? { ...installClaudeCode(base), notes: [] } : installCodex(base);
  if (options.json) {
    writeJson(io, { agent: target, action: "install", ...change });
    return 0;
  }
  writeLine(
    io.stdout,
    change.changed
      ? `Installed tacit's hooks for ${AGENT_NAMES[target]} in ${change.file} (${change.events.join(", ")}).`
      : `tacit's hooks for ${AGENT_NAMES[target]} are already installed in ${change.file}; nothing changed.`,
  );
  if (change.backup) writeLine(io.stdout, `Previous file saved as ${change.backup}.`);
  for (const note of change.notes) writeLine(io.stdout, `note: ${note}`);
  return 0;
}

/** `tacit uninstall AGENT`: removes only tacit's hooks from the agent's settings. */
export async function uninstallCommand(
  agent: string,
  options: InstallCommandOptions,
  io: CliIo,
): Promise<number> {
  const target = checkAgent(agent);
  const base = settingsLocation(options, io);
  const change: HookSettingsChange =
    target === "claude-code" ? uninstallClaudeCode(base) : uninstallCodex(base);
  if (options.json) {
    writeJson(io, { agent: target, action: "uninstall", ...change });
    return 0;
  }
  writeLine(
    io.stdout,
    change.changed
      ? `Removed tacit's hooks for ${AGENT_NAMES[target]} from ${change.file} (${change.events.join(", ")}).`
      : `No tacit hooks for ${AGENT_NAMES[target]} in ${change.file}; nothing changed.`,
  );
  if (change.backup) writeLine(io.stdout, `Previous file saved as ${change.backup}.`);
  return 0;
}

function checkAgent(agent: string): HookAgent {
  if (!(HOOK_AGENTS as readonly string[]).includes(agent)) {
    throw new CliError(`agent must be one of ${HOOK_AGENTS.join(", ")}, got "${agent}"`);
  }
  return agent as HookAgent;
}

function checkScope(scope: string | undefined): InstallScope {
  const value = scope ?? "project";
  if (!(INSTALL_SCOPES as readonly string[]).includes(value)) {
    throw new CliError(`--scope must be one of ${INSTALL_SCOPES.join(", ")}, got "${value}"`);
  }
  return value as InstallScope;
}

/** The project: `--project`, else the git root of the working directory (else the directory). */
function projectDir(options: InstallCommandOptions, io: CliIo): string {
  return options.project ? resolve(io.cwd, options.project) : findProjectId(io.cwd);
}
