/**
 * Merging tacit's hook entries into an agent's JSON hook settings, and taking them out again.
 * Claude Code (`settings.json`) and Codex (`hooks.json`) share the shape
 * `{ "hooks": { Event: [ { "matcher"?, "hooks": [ { "type": "command", "command", "timeout" } ] } ] } }`;
 * Claude Code also takes `{ "type": "http", "url", "headers", "allowedEnvVars", "timeout" }`, and
 * reads the variables its headers interpolate from its environment and the settings' `env`.
 *
 * tacit's entries are the handlers whose command ends with {@link TACIT_HOOK_MARKER} (a shell
 * comment) and the HTTP handlers posting to a loopback `/tacit-hook/` URL, so uninstall finds
 * exactly them wherever tacit was installed from; its `env` entries are the hook token variables
 * (`TACIT_HOOK_TOKEN_…`). Everything else in the file is kept as it was: when tacit's entries
 * change, the file is written back as JSON with the indentation it had (2 spaces when it had none)
 * and its trailing newline, so a file already in that form keeps every byte outside tacit's
 * entries. A file holding a token is written readable by its user only (0600).
 */
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { InvalidInputError } from "../../core/errors.js";
import { describeJsonError } from "../../core/json-error.js";
import { HOOK_PATH_PREFIX } from "./hook-http-endpoint.js";

/** The shell comment that ends every command tacit installs. */
export const TACIT_HOOK_MARKER = "# tacit-hook";

/** The settings `env` entries tacit writes: the HTTP hooks' token variables. */
const TACIT_ENV_NAME = /^TACIT_HOOK_TOKEN(_[0-9A-F]+)?$/;

/** A hook handler the agent runs as a command (stdin: the event, stdout: the answer). */
export interface CommandHook {
  type: "command";
  command: string;
  /** Seconds before the agent gives up on the hook. */
  timeout: number;
}

/** A hook handler the agent POSTs the event to (Claude Code 2.1.63 and later). */
export interface HttpHook {
  type: "http";
  url: string;
  /** Header values may name variables (`$NAME`, `${NAME}`) that `allowedEnvVars` lists. */
  headers: Record<string, string>;
  allowedEnvVars: string[];
  timeout: number;
}

/** One hook handler as the agents read it. */
export type HookHandler = CommandHook | HttpHook;

/** What an install or uninstall did to one settings file. */
export interface HookSettingsChange {
  file: string;
  /** False when the file already had exactly this content (nothing written, no backup). */
  changed: boolean;
  /** The copy of the previous file (in tacit's backup folder), when there was one and it changed. */
  backup: string | null;
  /** Events that now run tacit (install) or no longer do (uninstall). */
  events: string[];
  /** Install: the file did not exist before. Uninstall: the file was deleted (it held only tacit's hooks). */
  created?: boolean;
  deleted?: boolean;
}

/** Where a change to one settings file goes and when: the file, tacit's backup folder, the time. */
export interface SettingsWrite {
  file: string;
  /** The folder previous versions are copied to (`$TACIT_HOME/backups`), never the agent's folder. */
  backupDir: string;
  now: number;
}

type Json = Record<string, unknown>;

/**
 * Adds one tacit handler per event (replacing any tacit handler already there, so a second install
 * changes nothing and an install from a new location replaces the old command), and sets tacit's
 * `env` entries to `env` (those not named there are removed).
 */
export function installHookEntries(
  options: SettingsWrite & { handlers: Readonly<Record<string, HookHandler>>; env?: Record<string, string> },
): HookSettingsChange {
  const current = readSettings(options.file);
  const settings = structuredClone(current.value);
  const hooks = hooksOf(settings, options.file);
  const events = Object.keys(options.handlers);
  for (const event of events) {
    const groups = groupsOf(hooks, event, options.file).flatMap(withoutTacit);
    groups.push({ hooks: [structuredClone(options.handlers[event])] });
    hooks[event] = groups;
  }
  settings.hooks = hooks;
  setTacitEnv(settings, options.env ?? {}, options.file);
  const secret = Object.keys(options.env ?? {}).length > 0;
  return { ...writeSettings(options, current, settings, events, secret), created: !current.exists };
}

/**
 * Removes every tacit handler; groups, events and `hooks` left empty by that go too. With
 * `deleteWhenEmpty` (tacit created the file), a file left as `{}` is deleted instead of written.
 */
export function uninstallHookEntries(
  options: SettingsWrite & { deleteWhenEmpty?: boolean },
): HookSettingsChange {
  const current = readSettings(options.file);
  if (!current.exists) return { file: options.file, changed: false, backup: null, events: [] };
  const settings = structuredClone(current.value);
  const envRemoved = setTacitEnv(settings, {}, options.file);
  if (settings.hooks === undefined && !envRemoved)
    return { file: options.file, changed: false, backup: null, events: [] };
  const hooks = hooksOf(settings, options.file);
  const removed: string[] = [];
  for (const event of Object.keys(hooks)) {
    const before = groupsOf(hooks, event, options.file);
    const after = before.flatMap(withoutTacit);
    if (countHandlers(after) === countHandlers(before)) continue;
    removed.push(event);
    if (after.length === 0) delete hooks[event];
    else hooks[event] = after;
  }
  if (removed.length === 0 && !envRemoved)
    return { file: options.file, changed: false, backup: null, events: [] };
  if (Object.keys(hooks).length === 0) delete settings.hooks;
  if (options.deleteWhenEmpty && Object.keys(settings).length === 0) {
    const backup = backupFile(options);
    rmSync(options.file);
    return { file: options.file, changed: true, backup, events: removed, deleted: true };
  }
  return writeSettings(options, current, settings, removed);
}

/** Throws (naming the file and field) when a settings file could not be merged into; a missing file is fine. */
export function checkSettingsFile(file: string): void {
  const current = readSettings(file);
  const hooks = hooksOf(current.value, file);
  for (const event of Object.keys(hooks)) groupsOf(hooks, event, file);
  setTacitEnv(structuredClone(current.value), {}, file);
}

/** True when a handler is one tacit installed: its marked command, or its loopback HTTP hook. */
export function isTacitHook(handler: unknown): boolean {
  if (typeof handler !== "object" || handler === null) return false;
  const { command, type, url } = handler as Json;
  if (typeof command === "string") return command.trimEnd().endsWith(TACIT_HOOK_MARKER);
  return type === "http" && typeof url === "string" && isTacitUrl(url);
}

function isTacitUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (
      url.protocol === "http:" &&
      (url.hostname === "127.0.0.1" || url.hostname === "localhost") &&
      url.pathname.startsWith(HOOK_PATH_PREFIX)
    );
  } catch (error) {
    // Not a URL at all: not one tacit wrote.
    void error;
    return false;
  }
}

/**
 * Replaces tacit's `env` entries with `wanted` (an `env` left empty by that goes); true when it
 * removed or changed one. A settings `env` that is not an object is refused, naming it.
 */
function setTacitEnv(settings: Json, wanted: Record<string, string>, file: string): boolean {
  const env = settings.env ?? {};
  if (typeof env !== "object" || env === null || Array.isArray(env)) {
    throw new InvalidInputError({ file, field: "env", message: "expected an object; nothing was written" });
  }
  const next: Json = {};
  let changed = false;
  for (const [name, value] of Object.entries(env as Json)) {
    if (TACIT_ENV_NAME.test(name) && wanted[name] !== value) changed = true;
    else next[name] = value;
  }
  for (const [name, value] of Object.entries(wanted)) {
    if ((env as Json)[name] !== value) changed = true;
    next[name] = value;
  }
  if (Object.keys(next).length > 0) settings.env = next;
  else delete settings.env;
  return changed;
}

interface SettingsFile {
  exists: boolean;
  text: string;
  value: Json;
}

function readSettings(file: string): SettingsFile {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { exists: false, text: "", value: {} };
    throw error;
  }
  if (text.trim() === "") return { exists: true, text, value: {} };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidInputError({
      file,
      // The agent's settings may hold tokens: say where the JSON broke, never what it says there.
      message: `not valid JSON (${describeJsonError(text)}); fix or move the file, nothing was written`,
    });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InvalidInputError({ file, message: "expected a JSON object; nothing was written" });
  }
  return { exists: true, text, value: value as Json };
}

function hooksOf(settings: Json, file: string): Json {
  const hooks = settings.hooks ?? {};
  if (typeof hooks !== "object" || hooks === null || Array.isArray(hooks)) {
    throw new InvalidInputError({ file, field: "hooks", message: "expected an object; nothing was written" });
  }
  return hooks as Json;
}

function groupsOf(hooks: Json, event: string, file: string): Json[] {
  const groups = hooks[event] ?? [];
  if (!Array.isArray(groups)) {
    throw new InvalidInputError({
      file,
      field: `hooks.${event}`,
      message: "expected an array; nothing was written",
    });
  }
  return groups as Json[];
}

/** A group without tacit's handlers; no group when only tacit's handlers were in it. */
function withoutTacit(group: Json): Json[] {
  if (!Array.isArray(group.hooks) || !group.hooks.some(isTacitHook)) return [group];
  const kept = group.hooks.filter((handler) => !isTacitHook(handler));
  return kept.length === 0 ? [] : [{ ...group, hooks: kept }];
}

function countHandlers(groups: Json[]): number {
  return groups.reduce((sum, group) => sum + (Array.isArray(group.hooks) ? group.hooks.length : 1), 0);
}

function writeSettings(
  target: SettingsWrite,
  current: SettingsFile,
  settings: Json,
  events: string[],
  secret = false,
): HookSettingsChange {
  const { file } = target;
  const text = serialize(settings, current.text);
  // A file holding a token is its user's alone; any other keeps the mode it had.
  const mode = secret ? 0o600 : current.exists ? statSync(file).mode & 0o777 : undefined;
  if (current.exists && text === current.text && (mode === undefined || modeOf(file) === mode))
    return { file, changed: false, backup: null, events };
  mkdirSync(dirname(file), { recursive: true });
  const backup = current.exists ? backupFile(target) : null;
  const temporary = `${file}.tacit-${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  if (mode !== undefined) chmodSync(temporary, mode);
  else chmodSync(temporary, 0o666 & ~currentUmask());
  renameSync(temporary, file);
  return { file, changed: true, backup, events };
}

/** The process's umask (read by setting it, then set back). */
function currentUmask(): number {
  const mask = process.umask(0o022);
  process.umask(mask);
  return mask;
}

function modeOf(file: string): number {
  return statSync(file).mode & 0o777;
}

/**
 * Copies the file into the backup folder as `<UTC time>_<its path, / as _>`, so backups never
 * clutter the agent's folder (or a project's git status), and returns the copy's path.
 */
function backupFile(target: SettingsWrite): string {
  const stamp = new Date(target.now).toISOString().replace(/[:.]/g, "-");
  const backup = join(target.backupDir, `${stamp}${target.file.replace(/[\\/:]/g, "_")}`);
  mkdirSync(target.backupDir, { recursive: true, mode: 0o700 });
  copyFileSync(target.file, backup);
  return backup;
}

/** JSON in the file's own indentation (default 2 spaces), with its trailing newline (default one). */
function serialize(value: Json, original: string): string {
  const indent = /\n([ \t]+)\S/.exec(original)?.[1] ?? "  ";
  const newline = original === "" || original.endsWith("\n") ? "\n" : "";
  return `${JSON.stringify(value, null, indent)}${newline}`;
}
