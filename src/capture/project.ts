import { existsSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";

/**
 * The project a working directory belongs to: the nearest enclosing git root (a folder holding
 * `.git`, directory or file), else the directory itself. Paths that do not exist here (transcripts
 * imported from another machine) and relative paths resolve to themselves.
 */
export function findProjectId(cwd: string): string {
  if (!isAbsolute(cwd)) return cwd;
  const start = resolve(cwd);
  let current = start;
  for (;;) {
    if (existsSync(`${current}/.git`)) return current;
    const parent = dirname(current);
    if (parent === current) return start;
    current = parent;
  }
}
