/**
 * `tacit uninstall [AGENT] [--purge]`: takes tacit's hooks out of an agent's settings (only tacit's:
 * a file tacit created goes once `{}` is all that is left, with the folders and git exclude line it
 * created), and stops the hook daemons. `--purge` also removes the hooks from every file tacit
 * installed into (for every agent, both scopes) and deletes tacit's data (purge-data.ts).
 */
import { resolveDatabaseLocation } from "../../store/open-store.js";
import { CliError, type CliIo, writeJson, writeLine } from "../cli/cli-io.js";
import { atTerminal, confirm } from "../cli/confirm.js";
import { type DaemonStop, stopHookDaemons } from "./hook-daemon-control.js";
import { HOOK_AGENTS, type HookAgent } from "./hook-event.js";
import { type HookRemoval, uninstallHooks } from "./hook-installer.js";
import { claudeCodeSettingsFiles, type SettingsLocation } from "./install-claude-code.js";
import { codexHooksPath } from "./install-codex.js";
import { AGENT_NAMES, checkAgent, type InstallCommandOptions, settingsLocation } from "./install-commands.js";
import { readInstallRecord } from "./install-record.js";
import { type PurgeResult, purgeData, purgeTargets } from "./purge-data.js";

export interface UninstallCommandOptions extends InstallCommandOptions {
  /** Also delete tacit's data and every hook tacit installed. */
  purge?: boolean;
  /** Do not ask (needed for --purge when there is no terminal to ask at). */
  yes?: boolean;
}

/** `tacit uninstall AGENT` and `tacit uninstall [AGENT] --purge`. */
export async function uninstallCommand(
  agent: string | undefined,
  options: UninstallCommandOptions,
  io: CliIo,
): Promise<number> {
  if (agent === undefined && !options.purge) {
    throw new CliError(
      `name the agent (${HOOK_AGENTS.join(", ")}), or add --purge to remove tacit's hooks and data entirely`,
    );
  }
  const location = settingsLocation(options, io);
  const agents: HookAgent[] = agent === undefined ? [...HOOK_AGENTS] : [checkAgent(agent)];
  const files = options.purge
    ? purgeFiles(agents, location)
    : agents.flatMap((each) => settingsFiles(each, location));
  const database = options.purge ? databaseToPurge(options, io) : null;
  if (options.purge && !(await confirmPurge(options, io, files, location.home, database))) {
    writeLine(io.stderr, "tacit: nothing was removed");
    return 1;
  }
  const removals = uninstallHooks(files, location).filter((removal) => removal.changed);
  const daemons = await stopHookDaemons(location.home);
  const purged = options.purge ? purgeData(location.home, database) : null;
  if (options.json) {
    writeJson(io, { agents, action: "uninstall", removals, daemons, purged });
  } else {
    report(io, agents, files, removals, daemons, purged);
  }
  return daemons.some((daemon) => daemon.state === "running") ? 1 : 0;
}

/** The settings files of one agent in the chosen scope. */
function settingsFiles(agent: HookAgent, location: SettingsLocation): string[] {
  return agent === "claude-code" ? claudeCodeSettingsFiles(location) : [codexHooksPath(location)];
}

/** Every file tacit's hooks may be in: both scopes of each agent, and every file tacit recorded. */
function purgeFiles(agents: readonly HookAgent[], location: SettingsLocation & { home: string }): string[] {
  const files = new Set<string>();
  for (const agent of agents) {
    for (const scope of ["project", "user"] as const) {
      for (const file of settingsFiles(agent, { ...location, scope })) files.add(file);
    }
  }
  for (const entry of readInstallRecord(location.home)) {
    if (agents.includes(entry.agent)) files.add(entry.file);
  }
  return [...files];
}

/** The database `--db` or the environment names, when it is a SQLite file. */
function databaseToPurge(options: UninstallCommandOptions, io: CliIo): string | null {
  const location = resolveDatabaseLocation({ db: options.db, env: io.env, cwd: io.cwd });
  return location.kind === "sqlite" && location.path !== ":memory:" ? location.path : null;
}

async function confirmPurge(
  options: UninstallCommandOptions,
  io: CliIo,
  files: readonly string[],
  home: string,
  database: string | null,
): Promise<boolean> {
  if (options.yes) return true;
  if (!atTerminal(io)) {
    throw new CliError("--purge deletes tacit's database and files; add --yes to confirm without a terminal");
  }
  const targets = purgeTargets(home, database);
  writeLine(io.stderr, "This removes tacit's hooks from:");
  for (const file of files) writeLine(io.stderr, `  ${file}`);
  writeLine(io.stderr, "and deletes, for good:");
  for (const target of targets) writeLine(io.stderr, `  ${target}`);
  if (targets.length === 0) writeLine(io.stderr, "  (no data found)");
  return confirm(io, "Remove tacit?");
}

function report(
  io: CliIo,
  agents: readonly HookAgent[],
  files: readonly string[],
  removals: readonly HookRemoval[],
  daemons: readonly DaemonStop[],
  purged: PurgeResult | null,
): void {
  if (removals.length === 0) {
    const names = agents.map((agent) => AGENT_NAMES[agent]).join(" or ");
    writeLine(io.stdout, `No tacit hooks for ${names} in ${files.join(", ")}; nothing changed.`);
  }
  for (const removal of removals) {
    writeLine(
      io.stdout,
      removal.deleted
        ? `Removed ${removal.file} (tacit created it, and only tacit's hooks were in it).`
        : `Removed tacit's hooks from ${removal.file} (${removal.events.join(", ")}).`,
    );
    if (removal.backup) writeLine(io.stdout, `Previous file saved as ${removal.backup}.`);
  }
  const stopped = daemons.filter((daemon) => daemon.state === "stopped").length;
  if (stopped > 0) writeLine(io.stdout, `Stopped ${stopped} hook daemon(s).`);
  for (const daemon of daemons.filter((each) => each.state === "running")) {
    writeLine(io.stderr, `tacit: the hook daemon at ${daemon.socket} (pid ${daemon.pid}) did not stop`);
  }
  if (purged) {
    writeLine(io.stdout, `Deleted ${purged.deleted.length} of tacit's files and folders.`);
    for (const kept of purged.kept) writeLine(io.stdout, `Kept ${kept} (not tacit's).`);
  }
}
