/**
 * The configuration a hook event runs with: the user file, the project file of the event's working
 * directory, and the environment the agent gave the hook. A hook must neither break the agent nor
 * lose what it captures, so an invalid configuration is logged to the hook log (where `tacit
 * doctor` shows it) and the event runs with the default settings.
 *
 * Its own bundle (scripts/build-hook.mjs), loaded only when hook-config-probe.ts finds something
 * that may set a value: the schema and zod are not on the path of a hook that has nothing to read.
 *
 * A configuration is remembered by what it was resolved from (the `TACIT_*` variables and the text
 * of both files, read again for every event): the hook daemon resolves one per event, and checking
 * the files against the schema again cost a PreToolUse more than the guard's check.
 */

import type { CaptureConfig } from "../../capture/capture.js";
import { projectConfigFor, resolveConfig, userConfigPath } from "../../config/load-config.js";
import { modelConfigFrom } from "../../config/model-settings.js";
import { defaultConfig, type TacitConfig } from "../../config/schema.js";
import { serviceSettings } from "../../config/service-settings.js";
import type { EmbeddingsConfig } from "../../models/model-config.js";
import type { RecallConfig } from "../../recall/recall.js";
import { logHookFailure } from "./hook-log.js";
import { fs } from "./node-builtins.js";

/** What a hook event needs of the configuration. */
export interface HookConfig {
  capture: CaptureConfig;
  recall: RecallConfig;
  /** The embeddings endpoint; undefined: the offline hashing embedder. */
  embeddings: EmbeddingsConfig | undefined;
  hooks: TacitConfig["hooks"];
  guard: TacitConfig["guard"];
}

/** Configurations resolved before, by what they were resolved from (see the module comment). */
const resolvedBefore = new Map<string, HookConfig>();
/** Configurations remembered at most (projects times versions of their files); more start over. */
const MAX_REMEMBERED = 64;

/** The configuration for an event in `cwd` (none: no project file), or the defaults when it is invalid. */
export function hookConfig(
  io: { env: NodeJS.ProcessEnv; now: () => number },
  cwd: string | undefined,
): HookConfig {
  try {
    const sources = configSources(io.env, cwd);
    const known = sources === null ? undefined : resolvedBefore.get(sources);
    if (known) return known;
    const resolved = resolveConfig({ env: io.env, ...(cwd ? { cwd } : { projectDir: null }) });
    const config = toHookConfig(resolved.values, modelConfigFrom(resolved).embeddings);
    // Only a valid configuration is remembered: an invalid one is reported for every event.
    if (sources !== null) {
      if (resolvedBefore.size >= MAX_REMEMBERED) resolvedBefore.clear();
      resolvedBefore.set(sources, config);
    }
    return config;
  } catch (error) {
    logHookFailure(io, `configuration: ${(error as Error).message}; this event used the default settings`);
    return toHookConfig(defaultConfig(), undefined);
  }
}

/**
 * What resolveConfig reads for an event in `cwd`, as one string: the `TACIT_*` variables (every
 * setting's variable is one), the user file's path and text, and the project file's. null when a
 * file exists but cannot be read (resolveConfig then says why).
 */
function configSources(env: NodeJS.ProcessEnv, cwd: string | undefined): string | null {
  const variables = Object.entries(env)
    .filter(([name, value]) => name.startsWith("TACIT_") && value !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const files = [userConfigPath(env), cwd ? projectConfigFor({ cwd }) : null];
  const texts: Array<string | null> = [];
  for (const file of files) {
    if (file === null) {
      texts.push(null);
      continue;
    }
    try {
      texts.push(fs.readFileSync(file, "utf8"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") return null;
      texts.push(null);
    }
  }
  return JSON.stringify([variables, files, texts]);
}

function toHookConfig(values: TacitConfig, embeddings: EmbeddingsConfig | undefined): HookConfig {
  const settings = serviceSettings(values);
  return {
    capture: settings.capture,
    recall: settings.recall,
    embeddings,
    hooks: values.hooks,
    guard: values.guard,
  };
}
