/** `tacit install claude-code|codex`: wiring tacit's hooks into an agent's settings. */
import { resolve } from "node:path";
import { findProjectId } from "../../capture/project.js";
import { tacitHome } from "../../store/open-store.js";
import { CliError, type CliIo, writeJson, writeLine } from "../cli/cli-io.js";
import { HOOK_AGENTS, type HookAgent } from "./hook-event.js";
import { INSTALL_SCOPES, type InstallScope, installClaudeCode } from "./install-claude-code.js";
import { installCodex } from "./install-codex.js";

export interface InstallCommandOptions {
  db?: string;
  scope?: string;
  project?: string;
  timeout?: number;
  json?: boolean;
  /** Scope project, Claude Code: the committed settings.json instead of settings.local.json. */
  shared?: boolean;
}

export const AGENT_NAMES: Record<HookAgent, string> = { "claude-code": "Claude Code", codex: "Codex" };

/** Which settings file an install or uninstall edits, where tacit keeps its backups, and when. */
export function settingsLocation(options: InstallCommandOptions, io: CliIo) {
  return {
    scope: checkScope(options.scope),
    projectDir: projectDir(options, io),
    env: io.env,
    now: io.now(),
    home: tacitHome(io.env),
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
  const location = settingsLocation(options, io);
  if (options.shared && (target !== "claude-code" || location.scope !== "project")) {
    throw new CliError("--shared applies to claude-code with --scope project only");
  }
  const base = {
    ...location,
    ...(options.shared ? { shared: true } : {}),
    ...(options.db ? { db: resolve(io.cwd, options.db) } : {}),
    timeoutSeconds: options.timeout ?? (await configuredTimeout(io)),
  };
  const change = target === "claude-code" ? { ...installClaudeCode(base), notes: [] } : installCodex(base);
  if (options.json) {
    writeJson(io, {
      agent: target,
      action: "install",
      file: change.file,
      changed: change.changed,
      backup: change.backup,
      events: change.events,
      created: change.created === true,
      movedFrom: change.moved.map((moved) => moved.file),
      gitExclude: change.gitExclude,
      notes: change.notes,
    });
    return 0;
  }
  writeLine(
    io.stdout,
    change.changed
      ? `Installed tacit's hooks for ${AGENT_NAMES[target]} in ${change.file} (${change.events.join(", ")}).`
      : `tacit's hooks for ${AGENT_NAMES[target]} are already installed in ${change.file}; nothing changed.`,
  );
  for (const moved of change.moved) writeLine(io.stdout, `Moved them out of ${moved.file}.`);
  if (change.gitExclude) {
    writeLine(
      io.stdout,
      `It holds this machine's paths, so git ignores it (${change.gitExclude.line} in ${change.gitExclude.file}).`,
    );
  }
  if (change.backup) writeLine(io.stdout, `Previous file saved as ${change.backup}.`);
  for (const note of change.notes) writeLine(io.stdout, `note: ${note}`);
  return 0;
}

export function checkAgent(agent: string): HookAgent {
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
