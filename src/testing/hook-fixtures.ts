/**
 * What the hook tests share: the reference payloads in src/interfaces/hooks/__fixtures__/, the text
 * of the hook log under a TACIT_HOME, and waiting for something a background process does.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { HookAgent } from "../interfaces/hooks/hook-event.js";

const FIXTURES = new URL("../interfaces/hooks/__fixtures__/", import.meta.url);

/** The recorded `name` event of `agent` (claude-code, codex) as JSON, with `changes` over it. */
export function hookPayload(agent: HookAgent, name: string, changes: Record<string, unknown> = {}): string {
  const raw = JSON.parse(readFileSync(new URL(`${agent}/${name}.json`, FIXTURES), "utf8"));
  return JSON.stringify({ ...raw, ...changes });
}

/** Everything written to the hook logs of `home` (`$TACIT_HOME/logs/`), "" when there are none. */
export function hookLogText(home: string): string {
  const dir = join(home, "logs");
  if (!existsSync(dir)) return "";
  return readdirSync(dir)
    .map((file) => readFileSync(join(dir, file), "utf8"))
    .join("");
}

/**
 * The pid in a hook daemon's pid file, or null while there is none. Never 0 or negative: a test
 * that signalled such a "pid" would signal its own process group.
 */
export function daemonPid(pidFile: string): number | null {
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, "utf8").trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

/** Resolves once `condition` holds, polling; throws naming `what` after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
