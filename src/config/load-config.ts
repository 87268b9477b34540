/**
 * Resolving the effective configuration: defaults < `$TACIT_HOME/config.json` (the user file) <
 * `<project root>/.tacit/config.json` (the project file, for the settings a project may set) <
 * environment variables. Each setting remembers where its value came from.
 *
 * A file is checked whole before anything is used: an unknown key, a bad value or malformed JSON is
 * an {@link InvalidInputError} naming `file:line` and the key (with the closest key when misspelt).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import * as z from "zod/mini";
import { findProjectId } from "../capture/project.js";
import { InvalidInputError } from "../core/errors.js";
import { describeJsonError, findJsonSyntaxError } from "../core/json-error.js";
import { tacitHome } from "../store/tacit-home.js";
import { jsonKeyLine } from "./json-lines.js";
import { type KeyGroup, keyTree, type SettingKey, settingKeys } from "./keys.js";
import { configSchema, type TacitConfig } from "./schema.js";
import { parseSettingText, suggestion, validateSetting } from "./values.js";

/** Where a value came from. */
export type SettingSource = "default" | "user" | "project" | "env";

/** The origin of one setting's value. */
export interface SettingOrigin {
  source: SettingSource;
  /** The file (user, project) or variable (env) it was read from. */
  from?: string;
}

/** The effective configuration and where each value came from. */
export interface ResolvedConfig {
  values: TacitConfig;
  /** By dotted key; every setting has one. */
  origins: ReadonlyMap<string, SettingOrigin>;
  /** The files looked at (whether or not they exist) and which were read. */
  files: { user: string; project: string | null; read: string[] };
}

/** Options of {@link resolveConfig}. */
export interface ResolveConfigOptions {
  env: NodeJS.ProcessEnv;
  /** The working directory: its project (git root, else itself) holds the project file. */
  cwd?: string;
  /** The project folder, instead of the one of `cwd`; `null` reads no project file. */
  projectDir?: string | null;
  /** The user file, instead of `$TACIT_HOME/config.json`. */
  userFile?: string;
}

/** The files of a resolved configuration: the user's, then the project's (when there is a project), and whether each was read. */
export function configFileStates(
  resolved: ResolvedConfig,
): Array<{ kind: "user" | "project"; path: string; read: boolean }> {
  const { user, project, read } = resolved.files;
  return [
    { kind: "user" as const, path: user, read: read.includes(user) },
    ...(project ? [{ kind: "project" as const, path: project, read: read.includes(project) }] : []),
  ];
}

/** `$TACIT_HOME/config.json`. */
export function userConfigPath(env: NodeJS.ProcessEnv): string {
  return join(tacitHome(env), "config.json");
}

/** `<project>/.tacit/config.json`. */
export function projectConfigPath(projectDir: string): string {
  return join(projectDir, ".tacit", "config.json");
}

/** The project file for the options: of `projectDir`, else of `cwd`'s project, else none. */
export function projectConfigFor(options: Pick<ResolveConfigOptions, "cwd" | "projectDir">): string | null {
  if (options.projectDir === null) return null;
  const dir = options.projectDir ?? (options.cwd ? findProjectId(options.cwd) : undefined);
  return dir ? projectConfigPath(dir) : null;
}

/** Resolves the effective configuration. Throws {@link InvalidInputError} naming what is wrong and where. */
export function resolveConfig(options: ResolveConfigOptions): ResolvedConfig {
  const userFile = options.userFile ?? userConfigPath(options.env);
  const projectFile = projectConfigFor(options);
  const layers: Array<{ origin: SettingOrigin; values: Map<SettingKey, unknown> }> = [];
  const read: string[] = [];
  const user = readConfigFile(userFile, "user");
  if (user) {
    read.push(userFile);
    layers.push({ origin: { source: "user", from: userFile }, values: user.values });
  }
  const project =
    projectFile && projectFile !== userFile ? readConfigFile(projectFile, "project") : undefined;
  if (project && projectFile) {
    read.push(projectFile);
    layers.push({ origin: { source: "project", from: projectFile }, values: project.values });
  }
  for (const [setting, value, variable] of environmentValues(options.env)) {
    layers.push({ origin: { source: "env", from: variable }, values: new Map([[setting, value]]) });
  }

  const merged: Record<string, unknown> = {};
  const origins = new Map<string, SettingOrigin>();
  for (const setting of settingKeys()) origins.set(setting.key, { source: "default" });
  for (const layer of layers) {
    for (const [setting, value] of layer.values) {
      const current = getPath(merged, setting.path);
      const next =
        setting.union && Array.isArray(current) && Array.isArray(value)
          ? [...new Set([...current, ...value])]
          : value;
      setPath(merged, setting.path, next);
      origins.set(setting.key, layer.origin);
    }
  }
  const parsed = z.safeParse(configSchema, merged);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInputError({
      message: issue?.message ?? "invalid configuration",
      field: issue?.path.join("."),
      cause: parsed.error,
    });
  }
  return { values: parsed.data, origins, files: { user: userFile, project: projectFile, read } };
}

/** A config file's settings, checked; undefined when the file does not exist. */
export function readConfigFile(
  file: string,
  kind: "user" | "project",
): { text: string; json: Record<string, unknown>; values: Map<SettingKey, unknown> } | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new InvalidInputError({ message: `cannot read: ${(error as Error).message}`, file, cause: error });
  }
  const json = parseConfigText(text, file);
  const values = new Map<SettingKey, unknown>();
  collect(json, keyTree(), [], { file, text, kind, values });
  return { text, json, values };
}

/** The JSON object of a config file's text ("" is `{}`); errors name `file:line`. */
export function parseConfigText(text: string, file: string): Record<string, unknown> {
  if (text.trim() === "") return {};
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    // A config file holds API keys, and the parser's message quotes the text: say where, never what.
    void error;
    const found = findJsonSyntaxError(text);
    throw new InvalidInputError({
      message: `not valid JSON: ${describeJsonError(text)}`,
      file,
      ...(found && found.line > 0 ? { line: found.line } : {}),
    });
  }
  if (typeof json !== "object" || json === null || Array.isArray(json)) {
    throw new InvalidInputError({ message: "expected a JSON object of settings", file, line: 1 });
  }
  return json as Record<string, unknown>;
}

function collect(
  json: Record<string, unknown>,
  node: KeyGroup,
  path: string[],
  context: { file: string; text: string; kind: "user" | "project"; values: Map<SettingKey, unknown> },
): void {
  for (const [name, value] of Object.entries(json)) {
    const here = [...path, name];
    const key = here.join(".");
    const fail = (message: string) => {
      throw new InvalidInputError({
        message,
        file: context.file,
        line: jsonKeyLine(context.text, here),
        field: key,
      });
    };
    const child = node.children.get(name);
    if (!child) {
      const siblings = [...node.children.keys()].map((sibling) => [...path, sibling].join("."));
      fail(`unknown setting${suggestion(key, siblings)}; \`tacit config list\` shows them all`);
      return;
    }
    if (child.kind === "group") {
      if (typeof value !== "object" || value === null || Array.isArray(value)) {
        fail(`expected an object of settings (${[...child.children.keys()].join(", ")})`);
      }
      collect(value as Record<string, unknown>, child, here, context);
      continue;
    }
    const setting = child.key;
    if (context.kind === "project" && !setting.project) {
      fail(
        setting.secret
          ? "a secret is read only from the user file ($TACIT_HOME/config.json) or the environment"
          : `a project file may not set ${setting.section} settings; set it in $TACIT_HOME/config.json`,
      );
    }
    const checked = validateSetting(setting, value);
    if (!checked.ok) fail(checked.message);
    else context.values.set(setting, checked.value);
  }
}

/** The settings the environment sets: [setting, value, variable]. Empty variables are unset. */
function environmentValues(env: NodeJS.ProcessEnv): Array<[SettingKey, unknown, string]> {
  const found: Array<[SettingKey, unknown, string]> = [];
  for (const setting of settingKeys()) {
    const text = env[setting.env];
    if (text === undefined || text.trim() === "") continue;
    let value = parseSettingText(setting, text, setting.env);
    if (setting.envInverted) value = !value;
    found.push([setting, value, setting.env]);
  }
  return found;
}

/** The value at a path of nested objects, or undefined. */
export function getPath(object: Record<string, unknown>, path: readonly string[]): unknown {
  let current: unknown = object;
  for (const part of path) {
    if (typeof current !== "object" || current === null) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Sets the value at a path, creating objects on the way. */
export function setPath(object: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let current = object;
  for (const part of path.slice(0, -1)) {
    const next = current[part];
    if (typeof next !== "object" || next === null || Array.isArray(next)) current[part] = {};
    current = current[part] as Record<string, unknown>;
  }
  current[path.at(-1) as string] = value;
}

/** The value of a setting in the effective configuration. */
export function settingValue(config: TacitConfig, setting: SettingKey): unknown {
  return getPath(config as unknown as Record<string, unknown>, setting.path);
}
