import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { stopHookDaemons } from "../interfaces/hooks/hook-daemon-control.js";

/**
 * Creates a fresh temporary directory for the current test and removes it afterwards. Tests use
 * real SQLite files in it, never an in-memory or mocked store. Before removing it, the hook
 * daemons a test started there (its TACIT_HOME, or a folder one level down) are stopped and
 * waited for: a test run leaves no daemon behind.
 */
export function useTempDir(prefix = "tacit-test-"): () => string {
  const created: string[] = [];
  afterEach(async () => {
    for (const dir of created.splice(0)) {
      await stopDaemonsUnder(dir);
      rmSync(dir, { recursive: true, force: true });
    }
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    created.push(dir);
    return dir;
  };
}

/**
 * Stops the hook daemons whose home is `dir` or one of its folders, and fails the test when one
 * does not exit.
 */
export async function stopDaemonsUnder(dir: string): Promise<void> {
  if (!existsSync(dir)) return;
  const folders = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  const homes = [dir, ...folders.map((entry) => join(dir, entry.name))];
  for (const home of homes) {
    const stops = await stopHookDaemons(home);
    const running = stops.filter((stop) => stop.state === "running");
    if (running.length > 0) throw new Error(`hook daemons did not stop: ${JSON.stringify(running)}`);
  }
}
