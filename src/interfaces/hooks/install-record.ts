/**
 * What `tacit install` created, so `tacit uninstall` can take exactly that away again: kept in
 * `$TACIT_HOME/installed-hooks.json`, beside the backups (`$TACIT_HOME/backups/`). For each settings
 * file tacit wrote: whether tacit created it (then uninstall deletes it once only `{}` is left), the
 * folders it created for it (removed when empty), and the line it added to the repository's
 * `.git/info/exclude` (removed with the file).
 */
import { existsSync, readFileSync, rmdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { InvalidInputError } from "../../core/errors.js";
import { describeJsonError } from "../../core/json-error.js";
import { makePrivateDirectory, writePrivateFileAtomically } from "../../store/private-files.js";
import { HOOK_AGENTS } from "./hook-event.js";

const installedFileSchema = z.object({
  file: z.string(),
  agent: z.enum(HOOK_AGENTS),
  /** tacit created the file: uninstall deletes it when nothing but `{}` is left. */
  created: z.boolean(),
  /** Folders tacit created for it, deepest first: removed when they are empty. */
  createdDirectories: z.array(z.string()),
  /** The exclude file tacit added a line for the settings file to, or null. */
  gitExclude: z.object({ file: z.string(), line: z.string() }).nullable(),
});

/** One settings file tacit installed its hooks into. */
export type InstalledFile = z.infer<typeof installedFileSchema>;

const installRecordSchema = z.object({ files: z.array(installedFileSchema) });

/** `$TACIT_HOME/installed-hooks.json`. */
export function installRecordPath(home: string): string {
  return join(home, "installed-hooks.json");
}

/** `$TACIT_HOME/backups`: where install and uninstall keep the previous settings files. */
export function backupDirectory(home: string): string {
  return join(home, "backups");
}

/** Every settings file tacit installed into (none when nothing was recorded). */
export function readInstallRecord(home: string): InstalledFile[] {
  const file = installRecordPath(home);
  if (!existsSync(file)) return [];
  let value: unknown;
  const text = readFileSync(file, "utf8");
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Say where the JSON broke, never what it holds (the parser's message quotes it).
    void error;
    throw new InvalidInputError({ file, message: `not valid JSON (${describeJsonError(text)})` });
  }
  const parsed = installRecordSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InvalidInputError({ file, field: issue?.path.join("."), message: issue?.message ?? "invalid" });
  }
  return parsed.data.files;
}

/**
 * Records an install into `entry.file`. A file already recorded keeps what tacit created the first
 * time (a re-install does not make a user's file tacit's).
 */
export function recordInstall(home: string, entry: InstalledFile): void {
  const files = readInstallRecord(home);
  if (files.some((known) => known.file === entry.file)) return;
  writeRecord(home, [...files, entry]);
}

/** Forgets a settings file (its hooks were removed). */
export function forgetInstall(home: string, file: string): void {
  const files = readInstallRecord(home);
  const kept = files.filter((known) => known.file !== file);
  if (kept.length !== files.length) writeRecord(home, kept);
}

function writeRecord(home: string, files: InstalledFile[]): void {
  const file = installRecordPath(home);
  // The home holds captured conversations: created 0700, like every folder tacit creates.
  makePrivateDirectory(home);
  writePrivateFileAtomically(file, `${JSON.stringify({ files }, null, 2)}\n`);
}

/** The folders that do not exist yet on the way to `file`, deepest first. */
export function missingDirectories(file: string): string[] {
  const missing: string[] = [];
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(dir)) break;
    missing.push(dir);
  }
  return missing;
}

/** Removes the folders tacit created, deepest first, while they are empty; returns those removed. */
export function removeEmptyDirectories(directories: readonly string[]): string[] {
  const removed: string[] = [];
  for (const dir of directories) {
    try {
      rmdirSync(dir);
      removed.push(dir);
    } catch (error) {
      // Not empty (the user keeps other files there) or already gone: either way it stays as it is.
      void error;
      break;
    }
  }
  return removed;
}
