/**
 * Keeping a per-machine settings file out of git: `.claude/settings.local.json` holds this machine's
 * absolute paths, so when tacit creates it in a repository that does not ignore it yet, tacit adds
 * it to the repository's own `.git/info/exclude` (never to a committed `.gitignore`), and takes the
 * line out again when it deletes the file.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";

/** The line tacit added, and where. */
export interface GitExclude {
  file: string;
  line: string;
}

/**
 * Adds `/<path of file in the repository>` to `<repository>/.git/info/exclude` unless a
 * `.gitignore` at the root or the exclude file already names it. null when nothing was added: not
 * a repository root with a `.git` folder (a worktree or submodule has a `.git` file), or already
 * ignored.
 */
export function excludeFromGit(repository: string, file: string): GitExclude | null {
  const gitDir = join(repository, ".git");
  if (!isDirectory(gitDir)) return null;
  const path = relative(repository, file).split(sep).join("/");
  if (path.startsWith("..")) return null;
  const name = path.split("/").at(-1) ?? path;
  const exclude = join(gitDir, "info", "exclude");
  for (const ignoreFile of [join(repository, ".gitignore"), exclude]) {
    if (linesOf(ignoreFile).some((line) => line.trim().endsWith(name))) return null;
  }
  const line = `/${path}`;
  const before = existsSync(exclude) ? readFileSync(exclude, "utf8") : "";
  mkdirSync(join(gitDir, "info"), { recursive: true });
  const separator = before === "" || before.endsWith("\n") ? "" : "\n";
  writeFileSync(exclude, `${before}${separator}# added by tacit install (per-machine settings)\n${line}\n`);
  return { file: exclude, line };
}

/**
 * Takes the line (and tacit's comment above it) out of the exclude file again; false when it was
 * not there.
 */
export function removeGitExclude(entry: GitExclude): boolean {
  const lines = linesOf(entry.file);
  const index = lines.indexOf(entry.line);
  if (index < 0) return false;
  const start = index > 0 && lines[index - 1]?.startsWith("# added by tacit install") ? index - 1 : index;
  lines.splice(start, index - start + 1);
  // An exclude file left empty was tacit's own (git writes comments into the one it creates).
  if (lines.length === 0) rmSync(entry.file);
  else writeFileSync(entry.file, `${lines.join("\n")}\n`);
  return true;
}

function linesOf(file: string): string[] {
  if (!existsSync(file)) return [];
  const text = readFileSync(file, "utf8");
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch (error) {
    // Missing or unreadable: not a repository tacit can add an exclude line to.
    void error;
    return false;
  }
}
