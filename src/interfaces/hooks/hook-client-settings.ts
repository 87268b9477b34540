/**
 * The two settings the hook client needs before it knows whether a daemon answers: `hooks.daemon`
 * and `hooks.replyTimeoutMs`. From the environment, else `$TACIT_HOME/config.json`, else the
 * defaults. The client runs for every tool call and loads no zod, so the file is read with
 * `JSON.parse` alone: a value of the wrong type is ignored here, and the full configuration (which
 * the daemon and the in-process hook read) reports it in the hook log and `tacit doctor`.
 */
import { fs, path, requireOs } from "./node-builtins.js";

/** How long the client waits for the answer to an event the daemon accepted, ms (`hooks.replyTimeoutMs`). */
export const DEFAULT_REPLY_TIMEOUT_MS = 8_000;

/** What the client runs with. */
export interface HookClientSettings {
  /** Hand events to the daemon. */
  daemon: boolean;
  replyTimeoutMs: number;
}

/** `$TACIT_HOME`, absolute, else `~/.tacit`. */
export function clientHome(env: NodeJS.ProcessEnv): string {
  return env.TACIT_HOME ? path.resolve(env.TACIT_HOME) : path.join(requireOs().homedir(), ".tacit");
}

/** The client's settings (see the module comment); the file is read only when a variable is missing. */
export function hookClientSettings(env: NodeJS.ProcessEnv): HookClientSettings {
  const daemonVariable = env.TACIT_HOOK_DAEMON?.trim().toLowerCase();
  const timeoutVariable = Number(env.TACIT_HOOK_REPLY_TIMEOUT_MS);
  const timeoutSet = Number.isFinite(timeoutVariable) && timeoutVariable > 0;
  const file = daemonVariable && timeoutSet ? undefined : userHooksSection(env);
  const daemon = daemonVariable
    ? !["0", "off", "false", "no"].includes(daemonVariable)
    : typeof file?.daemon === "boolean"
      ? file.daemon
      : true;
  const fromFile = file?.replyTimeoutMs;
  const replyTimeoutMs = timeoutSet
    ? timeoutVariable
    : typeof fromFile === "number" && Number.isFinite(fromFile) && fromFile > 0
      ? fromFile
      : DEFAULT_REPLY_TIMEOUT_MS;
  return { daemon, replyTimeoutMs };
}

function userHooksSection(env: NodeJS.ProcessEnv): Record<string, unknown> | undefined {
  const file = path.join(clientHome(env), "config.json");
  // Most homes have no config file: a failed existsSync costs less than a thrown ENOENT.
  if (!fs.existsSync(file)) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    // Unreadable (or removed since): the defaults here; the full configuration reports why.
    void error;
    return undefined;
  }
  try {
    const hooks = (JSON.parse(text) as { hooks?: unknown } | null)?.hooks;
    return typeof hooks === "object" && hooks !== null ? (hooks as Record<string, unknown>) : undefined;
  } catch (error) {
    // Malformed JSON: the defaults here; the daemon or the in-process hook logs the file:line.
    void error;
    return undefined;
  }
}
