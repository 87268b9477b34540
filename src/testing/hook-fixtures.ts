/**
 * What the hook tests share: the reference payloads in src/interfaces/hooks/__fixtures__/, the text
 * of the hook log under a TACIT_HOME, and waiting for something a background process does.
 */
import { execFile, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { HookAgent } from "../interfaces/hooks/hook-event.js";

const FIXTURES = new URL("../interfaces/hooks/__fixtures__/", import.meta.url);
const MAIN = fileURLToPath(new URL("../interfaces/cli/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * `tacit hook` as its own process, from the source, as an agent runs it: `input` on stdin, only
 * `PATH` and `env` in its environment, from the repository's root. Its exit code and output.
 */
export function hookProcess(
  input: string | Buffer,
  env: NodeJS.ProcessEnv,
): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ["--import", "tsx", MAIN, "hook"], {
    cwd: ROOT,
    input,
    env: { PATH: process.env.PATH, ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * {@link hookProcess} without blocking this process: for a test whose own event loop must answer
 * the hook meanwhile (a daemon's FIFO pairs served here).
 */
export function hookProcessAsync(
  input: string | Buffer,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      ["--import", "tsx", MAIN, "hook"],
      { cwd: ROOT, env: { PATH: process.env.PATH, ...env }, encoding: "utf8", timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (child.exitCode ?? 1) : 0, stdout, stderr }),
    );
    child.stdin?.end(input);
  });
}

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
export async function waitUntil(
  condition: () => boolean,
  what: string,
  timeoutMs = 20_000,
  explain: () => string = () => "",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${explain()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
