/**
 * Whether anything may set a value for a hook event: a user or project config file, or a `TACIT_*`
 * variable other than those an event does not read (where tacit lives; the client's and daemon's
 * own settings, which they read themselves; the models, learning, lessons, skills and retention,
 * which the hooks do not use: the background learner resolves its own). When nothing may, the
 * event runs with the defaults without loading the configuration (hook-config.ts: the schema and
 * zod). A variable these lists do not know only costs that load; it never skips a setting.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { findProjectId } from "../../capture/project.js";
import { tacitHome } from "../../store/tacit-home.js";

/** `TACIT_*` variables a hook event does not read. */
const NOT_READ = new Set([
  "TACIT_HOME",
  "TACIT_DATABASE_URL",
  "TACIT_HOOK_DAEMON",
  "TACIT_HOOK_DAEMON_CHECK_MS",
  "TACIT_HOOK_DAEMON_WAIT_MS",
  "TACIT_HOOK_DAEMON_IDLE_MS",
  "TACIT_HOOK_PROMPT_DEADLINE_MS",
  "TACIT_HOOK_TOOL_DEADLINE_MS",
  "TACIT_HOOKS_TIMEOUT_SECONDS",
]);
const NOT_READ_PREFIXES = [
  "TACIT_LLM_",
  "TACIT_LEARN",
  "TACIT_LESSONS_",
  "TACIT_SKILLS_",
  "TACIT_RETENTION_",
];

/** True when a config file or a setting variable may apply to an event in `cwd` (see the module comment). */
export function mayBeConfigured(env: NodeJS.ProcessEnv, cwd: string | undefined): boolean {
  for (const [name, value] of Object.entries(env)) {
    if (!name.startsWith("TACIT_") || !value?.trim() || NOT_READ.has(name)) continue;
    if (!NOT_READ_PREFIXES.some((prefix) => name.startsWith(prefix))) return true;
  }
  if (existsSync(join(tacitHome(env), "config.json"))) return true;
  return cwd !== undefined && existsSync(join(findProjectId(resolve(cwd)), ".tacit", "config.json"));
}
