/**
 * The configuration a hook event runs with: the user file, the project file of the event's working
 * directory, and the environment the agent gave the hook. A hook must neither break the agent nor
 * lose what it captures, so an invalid configuration is logged to the hook log (where `tacit
 * doctor` shows it) and the event runs with the default settings.
 */
import { type ResolvedConfig, resolveConfig } from "../../config/load-config.js";
import { defaultConfig } from "../../config/schema.js";
import { type ServiceSettings, serviceSettings } from "../../config/service-settings.js";
import { logHookFailure } from "./hook-log.js";

/** A hook's configuration and its service settings. */
export interface HookConfig {
  resolved: ResolvedConfig;
  settings: ServiceSettings;
}

/** The configuration for an event in `cwd` (none: no project file), or the defaults when it is invalid. */
export function hookConfig(
  io: { env: NodeJS.ProcessEnv; now: () => number },
  cwd: string | undefined,
): HookConfig {
  let resolved: ResolvedConfig;
  try {
    resolved = resolveConfig({ env: io.env, ...(cwd ? { cwd } : { projectDir: null }) });
  } catch (error) {
    logHookFailure(io, `configuration: ${(error as Error).message}; this event used the default settings`);
    resolved = {
      values: defaultConfig(),
      origins: new Map(),
      files: { user: "", project: null, read: [] },
    };
  }
  return { resolved, settings: serviceSettings(resolved.values) };
}
