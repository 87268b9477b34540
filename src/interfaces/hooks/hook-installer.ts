/**
 * Installing tacit's hooks into one agent settings file and taking them out of any, whatever the
 * agent: the agent modules (install-claude-code.ts, install-codex.ts) say which file and which
 * handler; this module does the merge (hook-settings.ts), the backup into `$TACIT_HOME/backups`,
 * the record of what tacit created (install-record.ts) and the cleanup on uninstall.
 */
import { excludeFromGit, type GitExclude, removeGitExclude } from "./git-exclude.js";
import type { HookAgent } from "./hook-event.js";
import {
  checkSettingsFile,
  type HookHandler,
  type HookSettingsChange,
  installHookEntries,
  uninstallHookEntries,
} from "./hook-settings.js";
import {
  backupDirectory,
  forgetInstall,
  missingDirectories,
  readInstallRecord,
  recordInstall,
  removeEmptyDirectories,
} from "./install-record.js";

/** Where an agent reads tacit's hooks from, for one install. */
export interface HookTarget {
  agent: HookAgent;
  /** The settings file the hooks go into. */
  file: string;
  /** The handler of each event tacit hooks into. */
  handlers: Readonly<Record<string, HookHandler>>;
  /** Settings `env` entries the handlers need (the HTTP hooks' token); they make the file 0600. */
  env?: Record<string, string>;
  /** Files an earlier install may have used for the same scope: tacit's hooks are moved out of them. */
  previous: readonly string[];
  /** A per-machine file inside this repository: keep it out of git (`.git/info/exclude`). */
  ignoreInRepository?: string;
}

/** When and where: tacit's folder (backups, the install record) and the time. */
export interface InstallContext {
  home: string;
  now: number;
}

/** An install: the change to the target file, and the hooks moved out of earlier files. */
export interface HookInstall extends HookSettingsChange {
  moved: HookSettingsChange[];
  /** The line added to the repository's `.git/info/exclude`, if any. */
  gitExclude: GitExclude | null;
}

/** An uninstall from one file: the change, and the folders and exclude line tacit took away with it. */
export interface HookRemoval extends HookSettingsChange {
  removedDirectories: string[];
}

/** Puts the target's handlers into its file (idempotent), and records what it created. */
export function installHooks(target: HookTarget, context: InstallContext): HookInstall {
  // Every file this install touches must be readable first: a malformed one stops it before any write.
  for (const file of [target.file, ...target.previous]) checkSettingsFile(file);
  const createdDirectories = missingDirectories(target.file);
  const change = installHookEntries({
    file: target.file,
    backupDir: backupDirectory(context.home),
    now: context.now,
    handlers: target.handlers,
    ...(target.env ? { env: target.env } : {}),
  });
  const gitExclude =
    change.created && target.ignoreInRepository
      ? excludeFromGit(target.ignoreInRepository, target.file)
      : null;
  if (change.changed) {
    recordInstall(context.home, {
      file: target.file,
      agent: target.agent,
      created: change.created === true,
      createdDirectories,
      gitExclude,
    });
  }
  const moved = uninstallHooks(target.previous, context).filter((removal) => removal.changed);
  return { ...change, moved, gitExclude };
}

/**
 * Takes tacit's handlers out of each file. A file tacit created is deleted once only `{}` is left,
 * with the folders and the exclude line it created for it; a user's file is kept, without tacit.
 */
export function uninstallHooks(files: readonly string[], context: InstallContext): HookRemoval[] {
  const record = readInstallRecord(context.home);
  return files.map((file) => {
    const installed = record.find((entry) => entry.file === file);
    const change = uninstallHookEntries({
      file,
      backupDir: backupDirectory(context.home),
      now: context.now,
      deleteWhenEmpty: installed?.created === true,
    });
    let removedDirectories: string[] = [];
    if (change.deleted && installed) {
      removedDirectories = removeEmptyDirectories(installed.createdDirectories);
      if (installed.gitExclude) removeGitExclude(installed.gitExclude);
    }
    // Its hooks are gone (now or before): nothing of tacit's is left in it to remember.
    if (installed) forgetInstall(context.home, file);
    return { ...change, removedDirectories };
  });
}
