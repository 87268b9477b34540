import { homedir } from "node:os";
import { join } from "node:path";
import { cliEntry, shellQuote } from "./cli-entry.js";
import { HOOK_EVENT_NAMES, type HookAgent } from "./hook-event.js";
import { hookUrl } from "./hook-http-endpoint.js";
import {
  type HookInstall,
  type HookRemoval,
  type HookTarget,
  type InstallContext,
  installHooks,
  uninstallHooks,
} from "./hook-installer.js";
import { type CommandHook, type HookHandler, type HttpHook, TACIT_HOOK_MARKER } from "./hook-settings.js";

/** Where hooks are installed: one project (this machine's settings for it) or every project of the user. */
export type InstallScope = "project" | "user";
export const INSTALL_SCOPES: readonly InstallScope[] = ["project", "user"];

/** The Claude Code events tacit installs: every event it captures (all carry the session id and cwd). */
export const CLAUDE_CODE_EVENTS = HOOK_EVENT_NAMES;

/**
 * The events installed as HTTP hooks with the HTTP transport: the ones the agent waits for on
 * every prompt and tool call. PreToolUse carries the guard: the daemon answers it with the guard's
 * decision (deny, ask, a reminder, or nothing), as the command hook would, by the tool-event
 * deadline (hook-daemon-http.ts).
 */
export const CLAUDE_CODE_HTTP_EVENTS = [
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
];

/** How the per-event hooks reach tacit: a process per event, or a POST to the hook daemon. */
export type HookTransport = "command" | "http";

/** What an HTTP install needs: where the daemon listens, and the variable holding its token. */
export interface HttpInstall {
  port: number;
  token: string;
  /** The settings `env` variable the hooks' Authorization header interpolates. */
  tokenVariable: string;
}

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
  /** Claude Code: HTTP hooks to the daemon for the per-event hooks (default: command hooks for all). */
  http?: HttpInstall;
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
 * The HTTP handler of Claude Code's per-event hooks: a POST to the daemon on 127.0.0.1 with the
 * token in the Authorization header, read from the variable `allowedEnvVars` lets it interpolate.
 */
export function httpHandler(http: HttpInstall, timeoutSeconds: number): HttpHook {
  return {
    type: "http",
    url: hookUrl(http.port, "claude-code"),
    headers: { Authorization: `Bearer \${${http.tokenVariable}}` },
    allowedEnvVars: [http.tokenVariable],
    timeout: timeoutSeconds,
  };
}

/** The handler of each Claude Code event for an install: all commands, or HTTP for the per-event ones. */
export function claudeCodeHandlers(
  options: Omit<InstallOptions, keyof SettingsLocation>,
): Record<string, HookHandler> {
  const command = tacitHandler("claude-code", options);
  const handlers: Record<string, HookHandler> = {};
  for (const event of CLAUDE_CODE_EVENTS) handlers[event] = command;
  if (options.http) {
    const http = httpHandler(options.http, options.timeoutSeconds ?? DEFAULT_HOOK_TIMEOUT_SECONDS);
    for (const event of CLAUDE_CODE_HTTP_EVENTS) handlers[event] = http;
  }
  return handlers;
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
    handlers: claudeCodeHandlers(options),
    ...(options.http ? { env: { [options.http.tokenVariable]: options.http.token } } : {}),
    previous: claudeCodeSettingsFiles(options).filter((other) => other !== file),
    ...(options.scope === "project" && !options.shared ? { ignoreInRepository: options.projectDir } : {}),
  };
  return installHooks(target, options);
}

/** Removes only tacit's hooks from Claude Code's settings: every file of the scope. */
export function uninstallClaudeCode(options: SettingsLocation & InstallContext): HookRemoval[] {
  return uninstallHooks(claudeCodeSettingsFiles(options), options);
}
