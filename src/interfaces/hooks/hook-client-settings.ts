/**
 * The settings a hook needs before it knows whether a daemon answers: `hooks.daemon`, how long it
 * waits on a silent daemon (`hooks.daemonWaitMs`) and the event deadlines
 * `hooks.promptDeadlineMs` / `hooks.toolEventDeadlineMs` (hook-deadline.ts). From
 * the environment, else `$TACIT_HOME/config.json`, else the defaults (the `hooks` section is the
 * user's: a project file never sets it). The client runs for every tool call and loads no zod, so
 * the file is read with `JSON.parse` alone: a value of the wrong type is ignored here, and the full
 * configuration (which the daemon and the in-process hook read) reports it in the hook log and
 * `tacit doctor`.
 */
import { tacitHome } from "../../store/tacit-home.js";
import { DEFAULT_HOOK_DEADLINES, type HookDeadlines } from "./hook-deadline.js";
import { fs, path } from "./node-builtins.js";

/** What the client runs with. */
export interface HookClientSettings extends HookDeadlines {
  /** Hand events to the daemon. */
  daemon: boolean;
  /** How long a silent daemon (not taking the connection, not reading a tool event) is waited on, ms. */
  daemonWaitMs: number;
}

/** `hooks.daemonWaitMs` by default (the config schema's default is this). */
export const DEFAULT_DAEMON_WAIT_MS = 50;

/** The variables that override each number. */
const NUMBER_VARIABLES: Readonly<Record<keyof HookDeadlines | "daemonWaitMs", string>> = {
  promptDeadlineMs: "TACIT_HOOK_PROMPT_DEADLINE_MS",
  toolEventDeadlineMs: "TACIT_HOOK_TOOL_DEADLINE_MS",
  daemonWaitMs: "TACIT_HOOK_DAEMON_WAIT_MS",
};
const DEFAULT_NUMBERS = { ...DEFAULT_HOOK_DEADLINES, daemonWaitMs: DEFAULT_DAEMON_WAIT_MS };

/** The client's settings (see the module comment); the file is read only when a variable is missing. */
export function hookClientSettings(env: NodeJS.ProcessEnv): HookClientSettings {
  const daemonVariable = env.TACIT_HOOK_DAEMON?.trim().toLowerCase();
  const fromEnv = {
    promptDeadlineMs: positiveNumber(Number(env[NUMBER_VARIABLES.promptDeadlineMs])),
    toolEventDeadlineMs: positiveNumber(Number(env[NUMBER_VARIABLES.toolEventDeadlineMs])),
    daemonWaitMs: positiveNumber(Number(env[NUMBER_VARIABLES.daemonWaitMs])),
  };
  const complete =
    daemonVariable !== undefined && daemonVariable !== "" && Object.values(fromEnv).every((v) => v !== null);
  const file = complete ? undefined : userHooksSection(env);
  const daemon = daemonVariable
    ? !["0", "off", "false", "no"].includes(daemonVariable)
    : typeof file?.daemon === "boolean"
      ? file.daemon
      : true;
  const number = (key: keyof typeof NUMBER_VARIABLES): number =>
    fromEnv[key] ?? positiveNumber(file?.[key]) ?? DEFAULT_NUMBERS[key];
  return {
    daemon,
    promptDeadlineMs: number("promptDeadlineMs"),
    toolEventDeadlineMs: number("toolEventDeadlineMs"),
    daemonWaitMs: number("daemonWaitMs"),
  };
}

function positiveNumber(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : null;
}

function userHooksSection(env: NodeJS.ProcessEnv): Record<string, unknown> | undefined {
  const file = path.join(tacitHome(env), "config.json");
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
