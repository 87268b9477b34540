/**
 * The branch checked out in a project, read from its `.git/HEAD` (a worktree's `.git` file points
 * to its own folder), without running git: the guard asks only when a call runs git, and must stay
 * within a tool call's budget.
 */
import { readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";

/** The branch checked out in `root`, or null (no repository, a detached HEAD, unreadable). */
export function currentBranch(root: string | null): string | null {
  if (root === null) return null;
  try {
    let gitDir = join(root, ".git");
    const dotGit = readText(gitDir);
    if (dotGit !== null) {
      const pointer = /^gitdir:\s*(.+)$/m.exec(dotGit)?.[1]?.trim();
      if (!pointer) return null;
      gitDir = isAbsolute(pointer) ? pointer : resolve(root, pointer);
    }
    const head = readFileSync(join(gitDir, "HEAD"), "utf8");
    return /^ref:\s*refs\/heads\/(.+?)\s*$/m.exec(head)?.[1] ?? null;
  } catch (error) {
    // No repository here (or it cannot be read): no branch, so no branch rule applies.
    void error;
    return null;
  }
}

/** A file's text, or null when the path is a folder. */
function readText(path: string): string | null {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EISDIR") return null;
    throw error;
  }
}
