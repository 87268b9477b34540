/**
 * What keeps tacit's own model runs (the user's agent, `claude -p` or `codex exec`, run as tacit's
 * language model) out of everything tacit learns from:
 *
 * - the guard variable, set in the environment of every such run: `tacit hook` checks it before
 *   anything else (before reading its payload or loading a module) and exits 0 with no output, so
 *   the run's hooks, if its agent fires them at all, capture nothing and start nothing;
 * - the folder such runs work in, `$TACIT_HOME/host-model`: any transcript the agent still writes
 *   names it as its working directory, and the importer and the hooks skip sessions there.
 *
 * No imports: the CLI's entry loads this module before it reads a hook's payload.
 */

/** Set to `1` in the environment of tacit's own model runs. */
export const HOST_MODEL_VARIABLE = "TACIT_HOST_MODEL";

/** The folder, inside `$TACIT_HOME`, that tacit's own model runs work in. */
export const HOST_MODEL_FOLDER_NAME = "host-model";

/** Whether this process runs inside one of tacit's own model runs (its guard variable is set). */
export function isHostModelRun(env: NodeJS.ProcessEnv): boolean {
  const value = env[HOST_MODEL_VARIABLE];
  return value !== undefined && value !== "" && value !== "0";
}

/** The host-model folder of a tacit home (`$TACIT_HOME`, absolute). */
export function hostModelFolderOf(home: string): string {
  const separator = home.includes("\\") && !home.includes("/") ? "\\" : "/";
  return `${home.replace(/[\\/]+$/, "")}${separator}${HOST_MODEL_FOLDER_NAME}`;
}

/** Whether `path` is `folder` or lies inside it (plain path comparison; both absolute). */
export function isInsideFolder(path: string, folder: string): boolean {
  const trimmed = folder.replace(/[\\/]+$/, "");
  if (path === trimmed) return true;
  return path.startsWith(`${trimmed}/`) || path.startsWith(`${trimmed}\\`);
}

/**
 * Whether `path` (a session's working directory) lies in the host-model folder of `home`, as
 * written or as `realpath` resolves it (an agent reports its working directory with symbolic links
 * resolved: /tmp is /private/tmp on macOS). `realpath` may throw when the folder does not exist.
 */
export function isHostModelPath(path: string, home: string, realpath?: (path: string) => string): boolean {
  // Most sessions are nowhere near it: no path work, no file system call.
  if (!path.includes(HOST_MODEL_FOLDER_NAME)) return false;
  const folder = hostModelFolderOf(home);
  if (isInsideFolder(path, folder)) return true;
  if (!realpath) return false;
  try {
    const resolved = realpath(folder);
    return resolved !== folder && isInsideFolder(path, resolved);
  } catch (error) {
    // No such folder here: no run of this tacit ever worked in it.
    void error;
    return false;
  }
}
