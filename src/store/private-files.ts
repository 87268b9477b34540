/**
 * tacit's files hold captured conversations: only their owner may read them. Folders tacit creates
 * are 0700 and files 0600 whatever the umask (a mode given at creation only ever loses bits to the
 * umask, so 0600 stays 0600 or less; SQLite's own files are set explicitly), and a home that other
 * users can read is tightened when tacit starts.
 *
 * Loaded on the hook's tool-event path: node built-ins through `require` (see
 * interfaces/hooks/node-builtins.ts for why), nothing else.
 */
import { createRequire } from "node:module";

const requireBuiltin = createRequire(import.meta.filename);
const fs = requireBuiltin("node:fs") as typeof import("node:fs");
const path = requireBuiltin("node:path") as typeof import("node:path");

/** Mode of every folder tacit creates. */
export const PRIVATE_DIRECTORY_MODE = 0o700;
/** Mode of every file tacit creates. */
export const PRIVATE_FILE_MODE = 0o600;

const setsModes = process.platform !== "win32";

/** Creates a folder and its missing parents, each 0700 whatever the umask. Existing ones are left as they are. */
export function makePrivateDirectory(directory: string): void {
  const first = fs.mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if (first === undefined || !setsModes) return;
  for (let folder = directory; ; folder = path.dirname(folder)) {
    fs.chmodSync(folder, PRIVATE_DIRECTORY_MODE);
    if (folder === first || folder === path.dirname(folder)) break;
  }
}

/** Sets a file tacit wrote to 0600 (exactly, whatever the umask); a file that is gone is fine. */
export function makePrivateFile(file: string): void {
  if (!setsModes) return;
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    // Gone meanwhile (a -wal file SQLite removed), or not ours: there is nothing of ours to tighten.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "EPERM") throw error;
  }
}

/**
 * Replaces `file` whole with `text`, readable by its owner only: written 0600 under a temporary
 * name beside it, then renamed over it, so a reader never sees half a file (the temporary file is
 * removed when either step fails).
 */
export function writePrivateFileAtomically(file: string, text: string): void {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    fs.writeFileSync(temporary, text, { mode: PRIVATE_FILE_MODE });
    fs.renameSync(temporary, file);
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/** Writes `data` to `file` readable by its owner only: 0600 when created, an existing file tightened to it. */
export function writePrivateFile(file: string, data: string | Uint8Array): void {
  fs.writeFileSync(file, data, { mode: PRIVATE_FILE_MODE });
  makePrivateFile(file);
}

/**
 * Makes sure the database file and its -wal and -shm companions are 0600: the database is created
 * empty with that mode before SQLite opens it (SQLite gives -wal and -shm the database's mode), and
 * existing files are tightened.
 */
export function makePrivateDatabase(databasePath: string): void {
  if (!setsModes || databasePath === ":memory:") return;
  try {
    fs.closeSync(fs.openSync(databasePath, "wx", PRIVATE_FILE_MODE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  tightenDatabaseFiles(databasePath);
}

/**
 * Sets the database file and its -wal, -shm and -journal files to 0600 where they exist; creates
 * nothing (a database opened read-only is tightened this way).
 */
export function tightenDatabaseFiles(databasePath: string): void {
  if (!setsModes || databasePath === ":memory:") return;
  for (const suffix of ["", "-wal", "-shm", "-journal"]) makePrivateFile(`${databasePath}${suffix}`);
}

/**
 * Tightens tacit's home to 0700 when other users can read or enter it and it is the current user's.
 * Returns the sentence to report (once: afterwards it is 0700), or null when there was nothing to do.
 */
export function securePrivateHome(home: string): string | null {
  if (!setsModes) return null;
  let stat: import("node:fs").Stats;
  try {
    stat = fs.statSync(home);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const mode = stat.mode & 0o777;
  if (!stat.isDirectory() || (mode & 0o077) === 0) return null;
  if (typeof process.getuid === "function" && stat.uid !== process.getuid()) return null;
  fs.chmodSync(home, PRIVATE_DIRECTORY_MODE);
  return `tacit: tightened permissions of ${home} from ${mode.toString(8).padStart(4, "0")} to 0700 (it holds captured conversations; only you may read it)`;
}
