/**
 * Changing one setting in a config file (`tacit config set|unset`). The file is checked whole
 * first (a malformed or invalid file is reported with `file:line` and left as it is), then written
 * to a temporary file beside it (mode 0600: it may hold API keys) and renamed into place, so a
 * reader never sees half a file.
 */
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { InvalidInputError } from "../core/errors.js";
import { writePrivateFileAtomically } from "../store/private-files.js";
import type { SettingKey } from "./keys.js";
import { getPath, readConfigFile, setPath } from "./load-config.js";

/** Which file: the user's (`$TACIT_HOME/config.json`) or a project's (`.tacit/config.json`). */
export type ConfigFileKind = "user" | "project";

/** Sets `setting` to `value` (already validated) in `file`; returns the value it had there. */
export function writeSetting(options: {
  file: string;
  kind: ConfigFileKind;
  setting: SettingKey;
  value: unknown;
}): { previous: unknown } {
  const { file, setting } = options;
  if (options.kind === "project" && !setting.project) {
    throw new InvalidInputError({
      message: `${setting.key} cannot be set in a project file (${setting.secret ? "a secret" : `${setting.section} settings are the user's`}); set it without --project`,
      field: setting.key,
    });
  }
  const json = readConfigFile(file, options.kind)?.json ?? {};
  const previous = getPath(json, setting.path);
  setPath(json, setting.path, options.value);
  writeAtomically(file, json);
  return { previous };
}

/** Removes `setting` from `file`, and groups left empty by that; false when it was not set there. */
export function removeSetting(options: { file: string; kind: ConfigFileKind; setting: SettingKey }): boolean {
  const current = readConfigFile(options.file, options.kind);
  if (!current || getPath(current.json, options.setting.path) === undefined) return false;
  const { json } = current;
  const path = options.setting.path;
  for (let depth = path.length; depth > 0; depth--) {
    const parent = depth === 1 ? json : (getPath(json, path.slice(0, depth - 1)) as Record<string, unknown>);
    const name = path[depth - 1] as string;
    const child = parent[name];
    const empty =
      depth === path.length ||
      (typeof child === "object" && child !== null && Object.keys(child).length === 0);
    if (!empty) break;
    delete parent[name];
  }
  writeAtomically(options.file, json);
  return true;
}

function writeAtomically(file: string, json: Record<string, unknown>): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  writePrivateFileAtomically(file, `${JSON.stringify(json, null, 2)}\n`);
}
