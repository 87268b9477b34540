/**
 * The workspace folder and the five memory files in it: resolving a file name safely, reading a
 * file without following links, and replacing or removing it atomically. Only the five names are
 * accepted, bare (no folder part); a memory file that is a symbolic link is refused, since
 * replacing it would either write outside the workspace or break the link.
 */
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  fsyncSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { TacitError } from "../core/errors.js";
import {
  isMemoryFileName,
  MEMORY_FILE_NAMES,
  type MemoryFileName,
} from "../core/memory-files/memory-file-layouts.js";
import { escapeRegExp } from "../core/regexp.js";

/** A workspace or file name the guardian will not use, with why. */
export class WorkspaceError extends TacitError {
  static override readonly marker: string = "tacit.error.workspace";
  override readonly name = "WorkspaceError";
}

/** `O_NOFOLLOW` where the platform has it (not on Windows, where links need privileges anyway). */
const NO_FOLLOW = constants.O_NOFOLLOW ?? 0;
const ALLOWED = MEMORY_FILE_NAMES.join(", ");
/** Larger files are not read at all: a memory file is pasted into prompts, so this is never one. */
export const MAX_MEMORY_FILE_BYTES = 16 * 1024 * 1024;

/** The real path of a workspace folder (`dir` relative to `cwd`); it must exist and be a folder. */
export function resolveWorkspace(dir: string, cwd = process.cwd()): string {
  const path = resolve(cwd, dir);
  let real: string;
  try {
    real = realpathSync(path);
  } catch (error) {
    throw new WorkspaceError(`workspace ${path} does not exist: ${(error as Error).message}`, {
      cause: error,
    });
  }
  if (!statSync(real).isDirectory()) throw new WorkspaceError(`workspace ${path} is not a folder`);
  return real;
}

/**
 * The path of memory file `name` in a resolved workspace. Refused: paths (`../x.md`, `/etc/x`,
 * `notes/USER.md`), any name but the five, and a file that is a symbolic link or not a file.
 */
export function memoryFilePath(workspace: string, name: string): { file: MemoryFileName; path: string } {
  if (isAbsolute(name) || /[\\/]/.test(name))
    throw new WorkspaceError(
      `refused ${JSON.stringify(name)}: give a bare file name inside the workspace, one of ${ALLOWED}${name.includes("..") ? " (a path leaving the workspace is never written)" : ""}`,
    );
  if (!isMemoryFileName(name)) {
    const near = MEMORY_FILE_NAMES.find((allowed) => allowed.toLowerCase() === name.toLowerCase());
    throw new WorkspaceError(
      `refused ${JSON.stringify(name)}: only ${ALLOWED} are memory files${near ? ` (did you mean ${near}?)` : ""}`,
    );
  }
  const path = join(workspace, name);
  let stats: ReturnType<typeof lstatSync> | undefined;
  try {
    stats = lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (stats?.isSymbolicLink()) throw symlinkRefusal(workspace, name, path);
  if (stats && !stats.isFile()) throw new WorkspaceError(`refused ${path}: it is not a regular file`);
  return { file: name, path };
}

function symlinkRefusal(workspace: string, name: string, path: string): WorkspaceError {
  let target = "a missing target";
  let outside = false;
  try {
    target = realpathSync(path);
    const rel = relative(workspace, target);
    outside = rel.startsWith("..") || isAbsolute(rel);
  } catch (error) {
    // A dangling link: say so rather than where it would lead.
    target = `a missing target (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`;
  }
  return new WorkspaceError(
    `refused ${name}: it is a symbolic link to ${target}${outside ? ", outside the workspace" : ""}; memory files are replaced atomically, which would ${outside ? "write outside the workspace" : "break the link"}`,
  );
}

/** A memory file's bytes and when it last changed, or null when it does not exist. */
export interface FileState {
  bytes: Buffer;
  changedAt: number;
  mode: number;
}

/** Reads a memory file without following a symbolic link (refused), or null when it is absent. */
export function readMemoryFile(path: string): FileState | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | NO_FOLLOW);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return null;
    if (code === "ELOOP")
      throw new WorkspaceError(`refused ${path}: it is a symbolic link`, { cause: error });
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw new WorkspaceError(`refused ${path}: it is not a regular file`);
    if (stats.size > MAX_MEMORY_FILE_BYTES)
      throw new WorkspaceError(
        `refused ${path}: ${stats.size} bytes is too large to be a memory file (at most ${MAX_MEMORY_FILE_BYTES} are read)`,
      );
    return { bytes: readFileSync(fd), changedAt: stats.mtimeMs, mode: stats.mode & 0o7777 };
  } finally {
    closeSync(fd);
  }
}

const TEMPORARY_SUFFIX = ".tmp";

/** The temporary file a write of `path` by this process uses. */
function temporaryPath(path: string): string {
  const name = path.slice(path.lastIndexOf(sep) + 1);
  return join(
    dirname(path),
    `.${name}.tacit-${process.pid}-${randomBytes(4).toString("hex")}${TEMPORARY_SUFFIX}`,
  );
}

/** Makes a rename or unlink in `dir` durable. */
function syncFolder(dir: string): void {
  if (process.platform === "win32") return;
  const fd = openSync(dir, constants.O_RDONLY);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/**
 * Replaces `path` with `bytes` atomically: a temporary file in the same folder (created exclusively,
 * not through a link), written and fsynced, renamed over the file, then the folder fsynced. A reader
 * or a crash sees the old file or the new one, never a mix. `mode` keeps an existing file's mode.
 */
export function writeFileAtomically(path: string, bytes: Uint8Array, mode = 0o644): void {
  const temporary = temporaryPath(path);
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | NO_FOLLOW, mode);
  try {
    try {
      if (process.platform !== "win32") fchmodSync(fd, mode);
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch (cleanup) {
      // Already renamed or never created: nothing is left behind; the original error is what matters.
      if ((cleanup as NodeJS.ErrnoException).code !== "ENOENT") throw cleanup;
    }
    throw error;
  }
  syncFolder(dirname(path));
}

/** Removes `path` (a file the guardian created) and makes the removal durable; absent is fine. */
export function removeMemoryFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return;
  }
  syncFolder(dirname(path));
}

/** Whether process `pid` on this machine is running. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Deletes temporary files that a killed write of `file` left in the workspace. */
export function removeStaleTemporaryFiles(workspace: string, file: MemoryFileName): number {
  const pattern = new RegExp(
    `^\\.${escapeRegExp(file)}\\.tacit-(\\d+)-[0-9a-f]+${escapeRegExp(TEMPORARY_SUFFIX)}$`,
  );
  let removed = 0;
  for (const entry of readdirSync(workspace)) {
    const pid = pattern.exec(entry)?.[1];
    if (pid === undefined || processAlive(Number(pid))) continue;
    removeMemoryFile(join(workspace, entry));
    removed++;
  }
  return removed;
}
