import { homedir } from "node:os";
import { join } from "node:path";
import { cliEntry, shellQuote } from "./cli-entry.js";
import { HOOK_EVENT_NAMES, type HookAgent } from "./hook-event.js";
import {
  type HookInstall,
  type HookRemoval,
  type HookTarget,
  type InstallContext,
  installHooks,
  uninstallHooks,
} from "./hook-installer.js";
import { type CommandHook, TACIT_HOOK_MARKER } from "./hook-settings.js";

/** Where hooks are installed: one project (this machine's settings for it) or every project of the user. */
export type InstallScope = "project" | "user";
export const INSTALL_SCOPES: readonly InstallScope[] = ["project", "user"];

/** The Claude Code events tacit installs: every event it captures (all carry the session id and cwd). */
export const CLAUDE_CODE_EVENTS = HOOK_EVENT_NAMES;

/** Seconds an agent waits for tacit's hook before going on without it. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 10;

/** Which settings file: the scope, the project, and the environment naming the agent's folders. */
export interface SettingsLocation {
  scope: InstallScope;
  /** The project folder (scope project). */
  projectDir: string;
  env: NodeJS.ProcessEnv;
  /**
   * Scope project: the committed `.claude/settings.json` shared with the team, instead of this
   * machine's `.claude/settings.local.json`. The hook command holds this machine's absolute paths.
   */
  shared?: boolean;
}

export interface InstallOptions extends SettingsLocation, InstallContext {
  /** A database for the hooks (`--db`); default: what the agent's environment names. */
  db?: string;
  /** Seconds (default {@link DEFAULT_HOOK_TIMEOUT_SECONDS}). */
  timeoutSeconds?: number;
  /** How to start tacit; default: this tacit, by absolute paths (see cliEntry). */
  entry?: readonly string[];
}

/**
 * The command an agent runs for every event: this tacit by absolute paths (so it works from any
 * working directory), `hook`, the agent, and the marker uninstall looks for.
 */
export function hookCommand(options: { agent: HookAgent; db?: string; entry?: readonly string[] }): string {
  const parts = [...(options.entry ?? cliEntry()), "hook"];
  if (options.agent !== "claude-code") parts.push("--agent", options.agent);
  if (options.db) parts.push("--db", options.db);
  return `${parts.map(shellQuote).join(" ")} ${TACIT_HOOK_MARKER}`;
}

/** The handler tacit installs for every event of `agent`. */
export function tacitHandler(
  agent: HookAgent,
  options: Omit<InstallOptions, keyof SettingsLocation>,
): CommandHook {
  return {
    type: "command",
    command: hookCommand({ agent, db: options.db, entry: options.entry }),
    timeout: options.timeoutSeconds ?? DEFAULT_HOOK_TIMEOUT_SECONDS,
  };
}

/**
 * Scope project: `<project>/.claude/settings.local.json` (Claude Code's per-machine settings, which
 * teams do not commit), or `<project>/.claude/settings.json` with `shared`. Scope user:
 * `~/.claude/settings.json` (`$CLAUDE_CONFIG_DIR/settings.json`).
 */
export function claudeCodeSettingsPath(options: SettingsLocation): string {
  if (options.scope === "project") {
    return join(options.projectDir, ".claude", options.shared ? "settings.json" : "settings.local.json");
  }
  const configDir = options.env.CLAUDE_CONFIG_DIR || join(options.env.HOME || homedir(), ".claude");
  return join(configDir, "settings.json");
}

/** Every file of the scope tacit's hooks may be in (scope project: the local and the shared one). */
export function claudeCodeSettingsFiles(options: SettingsLocation): string[] {
  if (options.scope === "user") return [claudeCodeSettingsPath(options)];
  return [
    claudeCodeSettingsPath({ ...options, shared: false }),
    claudeCodeSettingsPath({ ...options, shared: true }),
  ];
}

/**
 * Merges tacit's hooks into Claude Code's settings, keeping every other hook; idempotent. tacit's
 * hooks in the scope's other file (an earlier install's) are moved out of it, so they never run twice.
 */
export function installClaudeCode(options: InstallOptions): HookInstall {
  const file = claudeCodeSettingsPath(options);
  const target: HookTarget = {
    agent: "claude-code",
    file,
    events: CLAUDE_CODE_EVENTS,
    previous: claudeCodeSettingsFiles(options).filter((other) => other !== file),
    ...(options.scope === "project" && !options.shared ? { ignoreInRepository: options.projectDir } : {}),
  };
  return installHooks(target, tacitHandler("claude-code", options), options);
}

/** Removes only tacit's hooks from Claude Code's settings: every file of the scope. */
export function uninstallClaudeCode(options: SettingsLocation & InstallContext): HookRemoval[] {
  return uninstallHooks(claudeCodeSettingsFiles(options), options);
}
