/**
 * The configuration a hook event runs with: the user file, the project file of the event's working
 * directory, and the environment the agent gave the hook. A hook must neither break the agent nor
 * lose what it captures, so an invalid configuration is logged to the hook log (where `tacit
 * doctor` shows it) and the event runs with the default settings.
 *
 * Its own bundle (scripts/build-hook.mjs), loaded only when hook-config-probe.ts finds something
 * that may set a value: the schema and zod are not on the path of a hook that has nothing to read.
 */

import type { CaptureConfig } from "../../capture/capture.js";
import { resolveConfig } from "../../config/load-config.js";
import { modelConfigFrom } from "../../config/model-settings.js";
import { defaultConfig, type TacitConfig } from "../../config/schema.js";
import { serviceSettings } from "../../config/service-settings.js";
import type { EmbeddingsConfig } from "../../models/model-config.js";
import type { RecallConfig } from "../../recall/recall.js";
import { logHookFailure } from "./hook-log.js";

/** What a hook event needs of the configuration. */
export interface HookConfig {
  capture: CaptureConfig;
  recall: RecallConfig;
  /** The embeddings endpoint; undefined: the offline hashing embedder. */
  embeddings: EmbeddingsConfig | undefined;
  hooks: TacitConfig["hooks"];
  guard: TacitConfig["guard"];
}

/** The configuration for an event in `cwd` (none: no project file), or the defaults when it is invalid. */
export function hookConfig(
  io: { env: NodeJS.ProcessEnv; now: () => number },
  cwd: string | undefined,
): HookConfig {
  try {
    const resolved = resolveConfig({ env: io.env, ...(cwd ? { cwd } : { projectDir: null }) });
    return toHookConfig(resolved.values, modelConfigFrom(resolved).embeddings);
  } catch (error) {
    logHookFailure(io, `configuration: ${(error as Error).message}; this event used the default settings`);
    return toHookConfig(defaultConfig(), undefined);
  }
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
