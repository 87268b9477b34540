import { homedir } from "node:os";
import { join } from "node:path";
import { cliEntry, shellQuote } from "./cli-entry.js";
import { HOOK_EVENT_NAMES, type HookAgent } from "./hook-event.js";
import {
  type HookSettingsChange,
  installHookEntries,
  TACIT_HOOK_MARKER,
  uninstallHookEntries,
} from "./hook-settings.js";

/** Where hooks are installed: one project (committed with it) or every project of the user. */
export type InstallScope = "project" | "user";
export const INSTALL_SCOPES: readonly InstallScope[] = ["project", "user"];

/** The Claude Code events tacit installs: every event it captures (all carry the session id and cwd). */
export const CLAUDE_CODE_EVENTS = HOOK_EVENT_NAMES;

/** Seconds an agent waits for tacit's hook before going on without it. */
export const DEFAULT_HOOK_TIMEOUT_SECONDS = 10;

export interface InstallOptions {
  scope: InstallScope;
  /** The project folder (scope project). */
  projectDir: string;
  env: NodeJS.ProcessEnv;
  now: number;
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

/** `<project>/.claude/settings.json` or the user's `~/.claude/settings.json` (`$CLAUDE_CONFIG_DIR`). */
export function claudeCodeSettingsPath(
  options: Pick<InstallOptions, "scope" | "projectDir" | "env">,
): string {
  if (options.scope === "project") return join(options.projectDir, ".claude", "settings.json");
  const configDir = options.env.CLAUDE_CONFIG_DIR || join(options.env.HOME || homedir(), ".claude");
  return join(configDir, "settings.json");
}

/** Merges tacit's hooks into Claude Code's settings, keeping every other hook; idempotent. */
export function installClaudeCode(options: InstallOptions): HookSettingsChange {
  return installHookEntries({
    file: claudeCodeSettingsPath(options),
    events: CLAUDE_CODE_EVENTS,
    hook: {
      type: "command",
      command: hookCommand({ agent: "claude-code", db: options.db, entry: options.entry }),
      timeout: options.timeoutSeconds ?? DEFAULT_HOOK_TIMEOUT_SECONDS,
    },
    now: options.now,
  });
}

/** Removes only tacit's hooks from Claude Code's settings. */
export function uninstallClaudeCode(
  options: Omit<InstallOptions, "db" | "timeoutSeconds" | "entry">,
): HookSettingsChange {
  return uninstallHookEntries({ file: claudeCodeSettingsPath(options), now: options.now });
}
