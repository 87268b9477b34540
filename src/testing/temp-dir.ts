import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";

/**
 * Creates a fresh temporary directory for the current test and removes it afterwards. Tests use
 * real SQLite files in it, never an in-memory or mocked store.
 */
export function useTempDir(prefix = "tacit-test-"): () => string {
  const created: string[] = [];
  afterEach(() => {
    for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    created.push(dir);
    return dir;
  };
}
