/**
 * Writing exported skills without following symbolic links. A repository can hold a symlink at a
 * predictable place (`.claude/skills/<skill-name>` → somewhere else); an export that followed it
 * would write SKILL.md outside the folder it was given. So every folder and file tacit reads or
 * writes on the way is checked with `lstat` and opened with `O_NOFOLLOW`, and a file is written
 * under a new temporary name (`O_EXCL`: never an existing file or link) and renamed into place.
 */
import { constants } from "node:fs";
import { lstat, mkdir, open, rename, unlink } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, sep } from "node:path";
import { InvalidInputError } from "../core/errors.js";

const { O_CREAT, O_EXCL, O_NOFOLLOW, O_RDONLY, O_WRONLY } = constants;

/** What is at a path without following it: nothing, a symbolic link, a folder, or another file. */
async function kindAt(path: string): Promise<"none" | "link" | "folder" | "file"> {
  try {
    const stat = await lstat(path);
    return stat.isSymbolicLink() ? "link" : stat.isDirectory() ? "folder" : "file";
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return "none";
    throw error;
  }
}

/**
 * Throws when a folder from `root` (exclusive) down to `folder` (inclusive) is a symbolic link or
 * not a folder. `root` is trusted as it is (the user's own working folder); what lies below it may
 * come from a repository.
 */
export async function refuseLinkedFolders(root: string, folder: string): Promise<void> {
  const below = relative(root, folder);
  if (below.startsWith("..") || isAbsolute(below)) {
    return refuseLinkedFolders(dirname(folder), folder);
  }
  let path = root;
  for (const part of below.split(sep).filter((segment) => segment !== "")) {
    path = join(path, part);
    const kind = await kindAt(path);
    if (kind === "link")
      throw new InvalidInputError({
        file: path,
        message: "is a symbolic link; tacit does not export through one",
      });
    if (kind === "file") throw new InvalidInputError({ file: path, message: "is a file, not a folder" });
  }
}

/** Why a skill's folder or file cannot be written safely, or null when it can. */
export async function linkedPath(folder: string, file: string): Promise<string | null> {
  if ((await kindAt(folder)) === "link") return "the folder is a symbolic link (not followed)";
  if ((await kindAt(file)) === "link") return "SKILL.md is a symbolic link (not followed)";
  return null;
}

/**
 * A file's text, or null when there is none or it is a symbolic link (never followed: whatever
 * it points at is not a file tacit wrote there).
 */
export async function readOwnFile(path: string): Promise<string | null> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, O_RDONLY | O_NOFOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ELOOP") return null;
    throw error;
  }
  try {
    return await handle.readFile("utf8");
  } finally {
    await handle.close();
  }
}

/**
 * Writes `text` to `folder/name` atomically: a new temporary file beside it (created exclusively,
 * never through a link), then a rename over the old one. Creates `folder` (one level) if needed.
 */
export async function writeFileAtomically(
  folder: string,
  name: string,
  text: string,
  tag: string,
): Promise<void> {
  await mkdir(folder, { recursive: false }).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== "EEXIST") throw error;
  });
  const temporary = join(folder, `.${name}.${process.pid}.${tag}.tmp`);
  const handle = await open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW, 0o644);
  try {
    await handle.writeFile(text, "utf8");
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await handle.close();
  await rename(temporary, join(folder, name));
}
