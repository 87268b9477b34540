/**
 * Where tacit's hooks are installed, whether the hook daemon runs, and the last failures in the
 * hook log: read-only looks for `tacit doctor`. Nothing here creates or changes a file.
 */
import { closeSync, existsSync, openSync, readdirSync, readFileSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { findProjectId } from "../../capture/project.js";
import { describeJsonError } from "../../core/json-error.js";
import { tacitHome } from "../../store/tacit-home.js";
import { hookSocketPath } from "./hook-client.js";
import { hookClientSettings } from "./hook-client-settings.js";
import type { HookAgent } from "./hook-event.js";
import { isTacitHook } from "./hook-settings.js";
import { claudeCodeSettingsFiles, claudeCodeSettingsPath, type InstallScope } from "./install-claude-code.js";
import { codexHooksPath } from "./install-codex.js";

/** One agent settings file that may hold tacit's hooks. */
export interface HookInstallation {
  agent: HookAgent;
  scope: InstallScope;
  file: string;
  exists: boolean;
  /** Events that run tacit's hook there. */
  events: string[];
  /** tacit's hook commands there (normally one). */
  commands: string[];
  /** The URLs of tacit's HTTP hooks there (Claude Code with the HTTP transport). */
  urls: string[];
  /** Absolute paths in those commands that no longer exist (tacit moved or was removed). */
  missingPaths: string[];
  /** Why the file could not be read, when it could not. */
  problem: string | null;
}

/**
 * The settings files of Claude Code (the project's `.claude/settings.json` and
 * `settings.local.json`, the user's) and Codex (the project's and the user's `hooks.json`) for the
 * project of `cwd`, and what tacit has installed in each.
 */
export function hookInstallations(options: { cwd: string; env: NodeJS.ProcessEnv }): HookInstallation[] {
  const projectDir = findProjectId(options.cwd);
  const where = (scope: InstallScope) => ({ scope, projectDir, env: options.env });
  const files: Array<{ agent: HookAgent; scope: InstallScope; file: string }> = [
    ...claudeCodeSettingsFiles(where("project")).map((file) => ({
      agent: "claude-code" as const,
      scope: "project" as const,
      file,
    })),
    { agent: "claude-code", scope: "user", file: claudeCodeSettingsPath(where("user")) },
    { agent: "codex", scope: "project", file: codexHooksPath(where("project")) },
    { agent: "codex", scope: "user", file: codexHooksPath(where("user")) },
  ];
  return files.map((entry) => ({ ...entry, ...readInstallation(entry.file) }));
}

function readInstallation(file: string): Omit<HookInstallation, "agent" | "scope" | "file"> {
  const none = { events: [], commands: [], urls: [], missingPaths: [], problem: null };
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return { exists: false, ...none };
    return { exists: true, ...none, problem: (error as Error).message };
  }
  let hooks: unknown;
  try {
    hooks = text.trim() === "" ? undefined : (JSON.parse(text) as { hooks?: unknown })?.hooks;
  } catch (error) {
    // Settings files hold environment variables (API keys): say where the JSON broke, never what.
    void error;
    return { exists: true, ...none, problem: `not valid JSON: ${describeJsonError(text)}` };
  }
  const events: string[] = [];
  const commands = new Set<string>();
  const urls = new Set<string>();
  if (typeof hooks === "object" && hooks !== null) {
    for (const [event, groups] of Object.entries(hooks)) {
      const handlers = Array.isArray(groups)
        ? groups.flatMap((group) => (Array.isArray(group?.hooks) ? (group.hooks as unknown[]) : []))
        : [];
      const tacit = handlers.filter(isTacitHook) as Array<{ command?: string; url?: string }>;
      if (tacit.length > 0) events.push(event);
      for (const handler of tacit) {
        if (typeof handler.command === "string") commands.add(handler.command);
        else if (typeof handler.url === "string") urls.add(handler.url);
      }
    }
  }
  const missingPaths = [...commands]
    .flatMap(shellWords)
    .filter((word) => word.startsWith("/") && !existsSync(word));
  return {
    exists: true,
    events,
    commands: [...commands],
    urls: [...urls],
    missingPaths: [...new Set(missingPaths)],
    problem: null,
  };
}

/** The words of a command as cli-entry.ts's `shellQuote` writes them (bare, or single-quoted). */
function shellWords(command: string): string[] {
  const words: string[] = [];
  for (const match of command.matchAll(/'((?:[^']|'\\'')*)'|(\S+)/g)) {
    if (match[2]?.startsWith("#")) break;
    words.push(match[1] !== undefined ? match[1].replaceAll("'\\''", "'") : (match[2] as string));
  }
  return words;
}

/** The hook daemon of a database, as far as its files tell. */
export interface DaemonStatus {
  /** `running`; `stopped` (no pid file); `stale` (a pid file of a process that is gone); `disabled`; `unavailable` (no daemon for this platform or database). */
  state: "running" | "stopped" | "stale" | "disabled" | "unavailable";
  socket: string | null;
  socketExists: boolean;
  pidFile: string | null;
  pid: number | null;
  /** ms since its pid file was written (when it started serving); null unless running. */
  uptimeMs: number | null;
}

/** The daemon that serves the hooks' database (`--db`, else the environment's), from its socket and pid files. */
export function daemonStatus(options: {
  env: NodeJS.ProcessEnv;
  cwd: string;
  db?: string;
  now: number;
}): DaemonStatus {
  const none = { socket: null, socketExists: false, pidFile: null, pid: null, uptimeMs: null };
  if (!hookClientSettings(options.env).daemon) return { state: "disabled", ...none };
  const socket = hookSocketPath(options.db ? ["--db", options.db] : [], options);
  if (socket === null) return { state: "unavailable", ...none };
  const pidFile = socket.replace(/\.sock$/, ".pid");
  const socketExists = existsSync(socket);
  const found = { socket, socketExists, pidFile };
  let pid: number | null = null;
  let written: number | null = null;
  try {
    const text = readFileSync(pidFile, "utf8").trim();
    pid = /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : null;
    written = statSync(pidFile).mtimeMs;
  } catch (error) {
    // No pid file: the daemon is not running (it writes one once it listens).
    void error;
  }
  if (pid === null) return { state: "stopped", ...found, pid: null, uptimeMs: null };
  if (!isAlive(pid)) return { state: "stale", ...found, pid, uptimeMs: null };
  return {
    state: "running",
    ...found,
    pid,
    uptimeMs: written === null ? null : Math.max(0, options.now - written),
  };
}

/** Whether a process exists (signal 0 checks without signalling). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; ESRCH: it is gone.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** One failure from the hook log. */
export interface HookLogEntry {
  /** ISO time it was logged. */
  at: string;
  /** The first line of the message (a stack trace follows it in the file). */
  message: string;
  file: string;
}

/** The last `limit` failures in `$TACIT_HOME/logs/hook-*.log`, newest first. */
export function recentHookErrors(options: { env: NodeJS.ProcessEnv; limit: number }): HookLogEntry[] {
  const folder = join(tacitHome(options.env), "logs");
  let names: string[];
  try {
    names = readdirSync(folder).filter((name) => /^hook-\d{4}-\d{2}-\d{2}\.log$/.test(name));
  } catch (error) {
    // No logs folder: no hook has failed (or run) yet.
    void error;
    return [];
  }
  const entries: HookLogEntry[] = [];
  for (const name of names.sort().reverse()) {
    const file = join(folder, name);
    const found = parseLog(tail(file, 256 * 1024), file);
    entries.push(...found.reverse());
    if (entries.length >= options.limit) break;
  }
  return entries.slice(0, options.limit);
}

const ENTRY_START = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z) (.*)$/;

function parseLog(text: string, file: string): HookLogEntry[] {
  const entries: HookLogEntry[] = [];
  for (const line of text.split("\n")) {
    const match = ENTRY_START.exec(line);
    if (match) entries.push({ at: match[1] as string, message: match[2] as string, file });
  }
  return entries;
}

/** The last `bytes` of a file (the whole file when smaller), from a line start. */
function tail(file: string, bytes: number): string {
  const descriptor = openSync(file, "r");
  try {
    const size = statSync(file).size;
    const start = Math.max(0, size - bytes);
    const buffer = Buffer.alloc(size - start);
    readSync(descriptor, buffer, 0, buffer.length, start);
    const text = buffer.toString("utf8");
    return start === 0 ? text : text.slice(text.indexOf("\n") + 1);
  } finally {
    closeSync(descriptor);
  }
}
