import { join } from "node:path";
import { afterEach } from "vitest";
import { openRuntime, type Runtime } from "../runtime.js";

/**
 * Opens runtimes on fresh SQLite files in temporary folders, each with a clock the test sets, and
 * closes them after each test. Call once per test file, at top level.
 */
export function useClockedRuntimes(tempDir: () => string) {
  const opened: Runtime[] = [];
  afterEach(async () => {
    for (const runtime of opened.splice(0)) await runtime.close();
  });
  return async (start: number) => {
    let clock = start;
    const dir = tempDir();
    const rt = await openRuntime({ db: join(dir, "tacit.db"), env: { TACIT_HOME: dir }, now: () => clock });
    opened.push(rt);
    return { rt, now: () => clock, setClock: (time: number) => (clock = time) };
  };
}
