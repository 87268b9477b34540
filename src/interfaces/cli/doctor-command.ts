/**
 * `tacit doctor [--json]`: what this tacit runs with and whether it works — the configuration
 * files, the database and its schema, where the hooks are installed, the hook daemon, the last hook
 * failures, the active models and why, and today's model use against the ceiling. Read-only: it
 * creates no database, folder or file. When the language model is the user's own agent it runs
 * that agent's `--version`, `--help` and login-status commands (no model call). Exit 0, or 1 when
 * something is broken (each named).
 */
import { configFileStates, type ResolvedConfig, resolveConfig } from "../../config/load-config.js";
import { describeModelChoice, type ModelChoice, modelConfigFrom } from "../../config/model-settings.js";
import { defaultConfig } from "../../config/schema.js";
import type { HostAgentStatus } from "../../models/host-agent/host-agent-probe.js";
import { utcDay } from "../../models/llm-call-log.js";
import { resolveDatabaseLocation } from "../../store/open-store.js";
import { inspectSqliteDatabase, type SqliteInspection } from "../../store/sqlite/sqlite-inspect.js";
import { TACIT_VERSION } from "../../version.js";
import { type HttpHookStatus, httpHookStatus } from "../hooks/hook-http-status.js";
import {
  type DaemonStatus,
  daemonStatus,
  type HookInstallation,
  type HookLogEntry,
  hookInstallations,
  recentHookErrors,
} from "../hooks/hook-status.js";
import { type CliIo, type GlobalOptions, oneLine, writeJson, writeLine } from "./cli-io.js";

/** Today's model use against the daily ceiling (UTC day). */
export interface CeilingUse {
  day: string;
  calls: number;
  maxCallsPerDay: number;
  tokens: number;
  maxTokensPerDay: number;
  failures: number;
  refused: number;
  /** Breakers open or half-open (provider/model): the offline path serves meanwhile. */
  openBreakers: string[];
}

/** What `tacit doctor --json` prints. */
export interface DoctorReport {
  /** False when something is broken (see `problems`); the exit code is then 1. */
  ok: boolean;
  problems: string[];
  warnings: string[];
  version: string;
  node: string;
  config: { files: Array<{ kind: string; path: string; read: boolean }>; error: string | null };
  /** The database (its model use is in `ceiling`). */
  database:
    | Omit<SqliteInspection, "today" | "openBreakers">
    | { url: string; status: "unsupported"; problem: string };
  hooks: HookInstallation[];
  daemon: DaemonStatus;
  /** The HTTP hooks' endpoint and who answers there; null when no HTTP hooks were installed. */
  httpHooks: HttpHookStatus | null;
  hookErrors: HookLogEntry[];
  models: { languageModel: ModelChoice; embedder: ModelChoice } | null;
  /** The user's agent as tacit's model (`llm.provider` claude-code or codex), as probed; else null. */
  hostAgent: HostAgentStatus | null;
  ceiling: CeilingUse | null;
}

/** `tacit doctor [--json] [--errors N]` */
export async function doctorCommand(
  options: GlobalOptions & { json?: boolean; errors?: number },
  io: CliIo,
): Promise<number> {
  const report = await diagnose(options, io);
  if (options.json) writeJson(io, report);
  else writeReport(io, report);
  return report.ok ? 0 : 1;
}

/** Gathers the report (see the module comment). */
export async function diagnose(
  options: GlobalOptions & { errors?: number },
  io: CliIo,
): Promise<DoctorReport> {
  const now = io.now();
  const problems: string[] = [];
  const warnings: string[] = [];

  let resolved: ResolvedConfig | null = null;
  let configError: string | null = null;
  try {
    resolved = resolveConfig({ env: io.env, cwd: io.cwd });
  } catch (error) {
    configError = (error as Error).message;
    problems.push(`configuration: ${configError}`);
  }
  let models: DoctorReport["models"] = null;
  let hostAgent: HostAgentStatus | null = null;
  if (resolved) {
    try {
      models = describeModelChoice(resolved);
      hostAgent = await probeConfiguredHostAgent(resolved, io, problems, warnings);
    } catch (error) {
      problems.push(`models: ${(error as Error).message}`);
    }
  }
  const values = resolved?.values ?? defaultConfig();

  const location = resolveDatabaseLocation({ db: options.db, env: io.env, cwd: io.cwd });
  let database: DoctorReport["database"];
  let ceiling: CeilingUse | null = null;
  if (location.kind === "postgres") {
    database = { url: "postgres://…", status: "unsupported", problem: "PostgreSQL is not supported yet" };
    problems.push("database: PostgreSQL is not supported by this version of tacit yet");
  } else {
    const inspection = await inspectSqliteDatabase(location.path, now);
    const { today: _today, openBreakers: _breakers, ...file } = inspection;
    database = file;
    if (inspection.status === "unreadable")
      problems.push(`database ${inspection.path}: ${inspection.problem}`);
    if (inspection.status === "newer") {
      problems.push(
        `database ${inspection.path} has schema version ${inspection.schemaVersion}, but this tacit knows up to ${inspection.latestSchemaVersion}: upgrade tacit`,
      );
    }
    if (inspection.status === "missing")
      warnings.push(`no database at ${inspection.path} yet (created by the first capture)`);
    if (inspection.status === "outdated") {
      warnings.push(
        `database schema ${inspection.schemaVersion} of ${inspection.latestSchemaVersion}: the next tacit command migrates it`,
      );
    }
    const { maxCallsPerDay, maxTokensPerDay } = values.llm.ceiling;
    const today = inspection.today;
    ceiling = {
      day: utcDay(now),
      calls: today?.calls ?? 0,
      maxCallsPerDay,
      tokens: today?.chargedTokens ?? 0,
      maxTokensPerDay,
      failures: today?.failures ?? 0,
      refused: today?.refused ?? 0,
      openBreakers: inspection.openBreakers,
    };
    if (ceiling.calls >= maxCallsPerDay || ceiling.tokens >= maxTokensPerDay) {
      warnings.push("today's model ceiling is reached: learning runs offline until 00:00 UTC");
    }
    for (const key of ceiling.openBreakers) {
      warnings.push(`the circuit breaker of ${key} is open: the offline path serves until it recovers`);
    }
  }

  const hooks = hookInstallations({ cwd: io.cwd, env: io.env });
  for (const hook of hooks) {
    if (hook.problem) problems.push(`${hook.file}: ${hook.problem}`);
    if (hook.missingPaths.length > 0) {
      problems.push(
        `${hook.file}: tacit's hook runs ${hook.missingPaths.join(", ")}, which no longer exists; run tacit install again`,
      );
    }
  }
  if (!hooks.some((hook) => hook.events.length > 0)) {
    warnings.push("no hooks installed for this project or user (tacit install claude-code|codex)");
  }
  const daemon = daemonStatus({ env: io.env, cwd: io.cwd, db: options.db, now });
  if (daemon.state === "stale") {
    warnings.push(
      `the hook daemon's pid file names process ${daemon.pid}, which is gone; the next hook starts a new one`,
    );
  }
  let httpHooks: HttpHookStatus | null = null;
  try {
    httpHooks = await httpHookStatus({ env: io.env, cwd: io.cwd, ...(options.db ? { db: options.db } : {}) });
  } catch (error) {
    problems.push(`HTTP hooks: ${(error as Error).message}`);
  }
  if (httpHooks?.answeredBy === "other") {
    problems.push(
      `127.0.0.1:${httpHooks.port} answers, but not as tacit's hook daemon: another program holds the HTTP hooks' port and receives the agent's hook events; stop it, or run tacit install again to pick another port`,
    );
  } else if (httpHooks?.answeredBy === "nobody") {
    warnings.push(
      `nothing listens on 127.0.0.1:${httpHooks.port} for the HTTP hooks: the next SessionStart starts the daemon; events sent before are filled in from the transcript at Stop`,
    );
  }

  return {
    ok: problems.length === 0,
    problems,
    warnings,
    version: TACIT_VERSION,
    node: process.version,
    config: {
      files: resolved ? configFileStates(resolved) : [],
      error: configError,
    },
    database,
    hooks,
    daemon,
    httpHooks,
    hookErrors: recentHookErrors({ env: io.env, limit: options.errors ?? 5 }),
    models,
    hostAgent,
    ceiling,
  };
}

/** Probes the agent when the language model is the user's own (claude-code, codex); else null. */
async function probeConfiguredHostAgent(
  resolved: ResolvedConfig,
  io: CliIo,
  problems: string[],
  warnings: string[],
): Promise<HostAgentStatus | null> {
  const { llm } = modelConfigFrom(resolved);
  if (llm.provider !== "claude-code" && llm.provider !== "codex") return null;
  const { probeHostAgent } = await import("../../models/host-agent/host-agent-probe.js");
  const status = await probeHostAgent(llm.provider, { command: llm.command, env: io.env, cwd: io.cwd });
  if (status.problem) problems.push(`language model ${llm.provider}: ${status.problem}`);
  else if (status.loggedIn === false) {
    warnings.push(
      `language model ${llm.provider}: ${status.binary} reports no login; run it once and log in, or learning stays offline`,
    );
  }
  return status;
}

function writeReport(io: CliIo, report: DoctorReport): void {
  const line = (text = "") => writeLine(io.stdout, text);
  line(`tacit ${report.version} (node ${report.node})`);
  line();
  line("Configuration:");
  for (const file of report.config.files)
    line(`  ${file.kind} file ${file.path}${file.read ? "" : " (none)"}`);
  if (report.config.error) line(`  error: ${report.config.error}`);

  line("Database:");
  const database = report.database;
  if ("path" in database) {
    const size = database.sizeBytes === null ? "" : `, ${formatBytes(database.sizeBytes)}`;
    const schema =
      database.schemaVersion === null
        ? database.status
        : `schema version ${database.schemaVersion} (this tacit: ${database.latestSchemaVersion})`;
    line(`  ${database.path}: ${database.status === "missing" ? "not created yet" : schema}${size}`);
  } else line(`  ${database.url}: ${database.problem}`);

  line("Hooks:");
  for (const hook of report.hooks) {
    const name = `${hook.agent === "codex" ? "Codex" : "Claude Code"} (${hook.scope})`;
    const state = !hook.exists
      ? "no file"
      : hook.events.length === 0
        ? "not installed"
        : `installed for ${hook.events.join(", ")}`;
    line(`  ${name.padEnd(20)} ${hook.file}: ${state}`);
  }
  const daemon = report.daemon;
  const daemonText =
    daemon.state === "running"
      ? `running, pid ${daemon.pid}, up ${formatDuration(daemon.uptimeMs ?? 0)}, socket ${daemon.socket}`
      : daemon.state === "stale"
        ? `not running (stale pid ${daemon.pid}), socket ${daemon.socket}`
        : daemon.state === "stopped"
          ? `not running (the next hook event starts it), socket ${daemon.socket}`
          : daemon.state === "disabled"
            ? "off (hooks.daemon / TACIT_HOOK_DAEMON)"
            : "not available for this platform or database";
  line(`Hook daemon: ${daemonText}`);
  const http = report.httpHooks;
  if (http) {
    const who = {
      tacit: "the hook daemon answers",
      nobody: "nothing listens",
      other: "ANOTHER PROGRAM answers",
    };
    line(`HTTP hooks: 127.0.0.1:${http.port} (${http.file}): ${who[http.answeredBy]}`);
  }
  line(`Last hook errors: ${report.hookErrors.length === 0 ? "none" : ""}`);
  for (const entry of report.hookErrors) line(`  ${entry.at} ${oneLine(entry.message, 110)}`);

  if (report.models) {
    line(`Language model: ${report.models.languageModel.active}`);
    line(`  why: ${report.models.languageModel.reason}`);
    const agent = report.hostAgent;
    if (agent) {
      const found = agent.foundVia === "PATH" ? "found on PATH" : `from ${agent.foundVia}`;
      line(
        `  agent: ${agent.binary ? `${agent.version ?? "unknown version"} at ${agent.binary} (${found})` : "not found"}`,
      );
      const login = agent.loggedIn === null ? "unknown" : agent.loggedIn ? "logged in" : "not logged in";
      line(`  login: ${login}${agent.login ? ` (${agent.login})` : ""}, the user's existing one`);
      line(`  runs in: ${agent.workDir}, ${agent.isolation}`);
    }
    line(`Embedder: ${report.models.embedder.active}`);
    line(`  why: ${report.models.embedder.reason}`);
  }
  if (report.ceiling) {
    const c = report.ceiling;
    line(
      `Model use today (${c.day} UTC): ${c.calls} of ${c.maxCallsPerDay} calls, ${c.tokens} of ${c.maxTokensPerDay} tokens` +
        (c.failures || c.refused ? ` (${c.failures} failed, ${c.refused} refused)` : ""),
    );
  }
  if (report.warnings.length > 0) {
    line();
    for (const warning of report.warnings) line(`warning: ${warning}`);
  }
  if (report.problems.length > 0) {
    line();
    for (const problem of report.problems) writeLine(io.stderr, `problem: ${problem}`);
  }
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function formatDuration(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
