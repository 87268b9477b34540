/**
 * `tacit config list|get|set|unset`: the effective settings and where each came from, and changing
 * one in the user file (`$TACIT_HOME/config.json`) or a project's (`.tacit/config.json`).
 */
import { resolve } from "node:path";
import { findProjectId } from "../../capture/project.js";
import type { SettingKey } from "../../config/keys.js";
import { settingKeys } from "../../config/keys.js";
import {
  configFileStates,
  projectConfigPath,
  type ResolvedConfig,
  resolveConfig,
  type SettingOrigin,
  settingValue,
  userConfigPath,
} from "../../config/load-config.js";
import { parseSettingText, requireSettingKey, safeValue, showValue } from "../../config/values.js";
import { type ConfigFileKind, removeSetting, writeSetting } from "../../config/write-config.js";
import { type CliIo, table, writeJson, writeLine } from "./cli-io.js";

/** `--project [DIR]`: a project folder (its git root), `true` for the current directory's, or absent. */
export interface ProjectOption {
  project?: string | boolean;
}

/** One setting as `tacit config list --json` and `get --json` print it. */
export interface SettingView {
  key: string;
  /** The effective value; secrets as "[set]"; absent when unset. */
  value: unknown;
  source: SettingOrigin["source"];
  /** The file or variable it came from (not for defaults). */
  from?: string;
  default: unknown;
  type: string;
  env: string;
  /** Whether a project file may set it. */
  project: boolean;
  description: string;
}

/** `tacit config list [--json] [--project DIR]` */
export async function configList(options: ProjectOption & { json?: boolean }, io: CliIo): Promise<number> {
  const resolved = resolveFor(options, io);
  if (options.json) {
    writeJson(io, {
      files: configFileStates(resolved),
      settings: settingKeys().map((setting) => view(setting, resolved)),
    });
    return 0;
  }
  for (const file of configFileStates(resolved)) {
    writeLine(io.stdout, `${file.kind} file: ${file.path}${file.read ? "" : " (not found)"}`);
  }
  writeLine(io.stdout);
  writeLine(
    io.stdout,
    table(
      ["setting", "value", "source"],
      settingKeys().map((setting) => {
        const origin = resolved.origins.get(setting.key);
        return [
          setting.key,
          showValue(setting, settingValue(resolved.values, setting)),
          origin?.from ? `${origin.source} (${origin.from})` : (origin?.source ?? "default"),
        ];
      }),
    ),
  );
  return 0;
}

/** `tacit config get KEY [--json] [--project DIR]` */
export async function configGet(
  key: string,
  options: ProjectOption & { json?: boolean },
  io: CliIo,
): Promise<number> {
  const setting = requireSettingKey(key);
  const resolved = resolveFor(options, io);
  if (options.json) writeJson(io, view(setting, resolved));
  else writeLine(io.stdout, showValue(setting, settingValue(resolved.values, setting)));
  return 0;
}

/** `tacit config set KEY VALUE [--project [DIR]]`; VALUE `-` reads it from stdin (for API keys). */
export async function configSet(
  key: string,
  text: string,
  options: ProjectOption & { json?: boolean },
  io: CliIo,
): Promise<number> {
  const setting = requireSettingKey(key);
  const raw = text === "-" ? (await readAll(io.stdin)).replace(/\r?\n$/, "") : text;
  const value = parseSettingText(setting, raw, key);
  const target = targetFile(options, io);
  writeSetting({ ...target, setting, value });
  const shown = showValue(setting, value);
  if (options.json) writeJson(io, { key, value: safeValue(setting, value), file: target.file });
  else writeLine(io.stdout, `Set ${key} = ${shown} in ${target.file}.`);
  warnIfOverridden(setting, target.kind, io);
  return 0;
}

/** `tacit config unset KEY [--project [DIR]]`: back to the next source (the default, the user file…). */
export async function configUnset(
  key: string,
  options: ProjectOption & { json?: boolean },
  io: CliIo,
): Promise<number> {
  const setting = requireSettingKey(key);
  const target = targetFile(options, io);
  const removed = removeSetting({ ...target, setting });
  if (options.json) writeJson(io, { key, removed, file: target.file });
  else
    writeLine(
      io.stdout,
      removed ? `Unset ${key} in ${target.file}.` : `${key} is not set in ${target.file}.`,
    );
  return 0;
}

function resolveFor(options: ProjectOption, io: CliIo): ResolvedConfig {
  return resolveConfig({
    env: io.env,
    cwd: io.cwd,
    ...(typeof options.project === "string" ? { projectDir: projectDirOf(options.project, io) } : {}),
  });
}

function targetFile(options: ProjectOption, io: CliIo): { file: string; kind: ConfigFileKind } {
  if (options.project === undefined || options.project === false) {
    return { file: userConfigPath(io.env), kind: "user" };
  }
  const dir = typeof options.project === "string" ? projectDirOf(options.project, io) : findProjectId(io.cwd);
  return { file: projectConfigPath(dir), kind: "project" };
}

/** A `--project DIR` as its project folder: the git root above it, else the folder itself. */
function projectDirOf(dir: string, io: CliIo): string {
  return findProjectId(resolve(io.cwd, dir));
}

function view(setting: SettingKey, resolved: ResolvedConfig): SettingView {
  const origin = resolved.origins.get(setting.key) ?? { source: "default" };
  return {
    key: setting.key,
    value: safeValue(setting, settingValue(resolved.values, setting)),
    source: origin.source,
    ...(origin.from ? { from: origin.from } : {}),
    default: setting.defaultValue,
    type: setting.type,
    env: setting.env,
    project: setting.project,
    description: setting.description,
  };
}

/** A value set in a file that a later source (the project file, a variable) overrides is worth a note. */
function warnIfOverridden(setting: SettingKey, kind: ConfigFileKind, io: CliIo): void {
  if (io.env[setting.env]?.trim()) {
    writeLine(io.stderr, `note: ${setting.env} is set in this environment and overrides the file`);
  } else if (kind === "user" && setting.project) {
    const origin = resolveConfig({ env: io.env, cwd: io.cwd }).origins.get(setting.key);
    if (origin?.source === "project")
      writeLine(io.stderr, `note: ${origin.from} overrides it in this project`);
  }
}

async function readAll(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}
