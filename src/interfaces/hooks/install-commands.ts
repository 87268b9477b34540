/** `tacit install claude-code|codex`: wiring tacit's hooks into an agent's settings. */
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { findProjectId } from "../../capture/project.js";
import { InvalidInputError } from "../../core/errors.js";
import { resolveDatabaseLocation, tacitHome } from "../../store/open-store.js";
import { CliError, type CliIo, writeJson, writeLine } from "../cli/cli-io.js";
import { hookSocketPath } from "./hook-client.js";
import { stopHookDaemons } from "./hook-daemon-control.js";
import { HOOK_AGENTS, type HookAgent } from "./hook-event.js";
import { endpointPath, plannedEndpoint, tokenVariable, writeEndpoint } from "./hook-http-endpoint.js";
import {
  chooseClaudeCodeTransport,
  TRANSPORT_REQUESTS,
  type TransportChoice,
  type TransportRequest,
} from "./hook-transport.js";
import {
  CLAUDE_CODE_HTTP_EVENTS,
  type HttpInstall,
  INSTALL_SCOPES,
  type InstallScope,
  installClaudeCode,
} from "./install-claude-code.js";
import { installCodex } from "./install-codex.js";

export interface InstallCommandOptions {
  db?: string;
  scope?: string;
  project?: string;
  timeout?: number;
  json?: boolean;
  /** Scope project, Claude Code: the committed settings.json instead of settings.local.json. */
  shared?: boolean;
  /** auto, http or command (default: the `hooks.transport` setting). */
  transport?: string;
  /** The agent's binary whose version decides `auto` (default: `claude` on PATH). */
  agentBinary?: string;
}

export const AGENT_NAMES: Record<HookAgent, string> = { "claude-code": "Claude Code", codex: "Codex" };

/** Which settings file an install or uninstall edits, where tacit keeps its backups, and when. */
export function settingsLocation(options: InstallCommandOptions, io: CliIo) {
  return {
    scope: checkScope(options.scope),
    projectDir: projectDir(options, io),
    env: io.env,
    now: io.now(),
    home: tacitHome(io.env),
  };
}

/** The install's settings: the hook timeout, the transport and the HTTP port (`hooks.*`). */
async function installSettings(io: CliIo) {
  const { resolveConfig } = await import("../../config/load-config.js");
  return resolveConfig({ env: io.env, cwd: io.cwd }).values.hooks;
}

/** `tacit install AGENT`: merges tacit's hooks into the agent's settings (with a backup). */
export async function installCommand(
  agent: string,
  options: InstallCommandOptions,
  io: CliIo,
): Promise<number> {
  const target = checkAgent(agent);
  const location = settingsLocation(options, io);
  if (options.shared && (target !== "claude-code" || location.scope !== "project")) {
    throw new CliError("--shared applies to claude-code with --scope project only");
  }
  const settings = await installSettings(io);
  const requested = checkTransport(options.transport ?? settings.transport);
  const db = options.db ? resolve(io.cwd, options.db) : undefined;
  const base = {
    ...location,
    ...(options.shared ? { shared: true } : {}),
    ...(db ? { db } : {}),
    timeoutSeconds: options.timeout ?? settings.timeoutSeconds,
  };
  let choice: TransportChoice = { transport: "command", agentVersion: null, reason: "command hooks" };
  let http: (HttpInstall & { database: string }) | undefined;
  if (target === "claude-code") {
    const setup = await httpSetup(
      {
        requested,
        db,
        shared: options.shared === true,
        agentBinary: options.agentBinary,
        port: settings.httpPort,
        daemon: settings.daemon,
      },
      io,
    );
    choice = setup.choice;
    http = setup.http;
  } else if (requested === "http") {
    throw new CliError("Codex has no HTTP hooks: use --transport command (or auto)");
  }
  const change =
    target === "claude-code"
      ? { ...installClaudeCode({ ...base, ...(http ? { http, db: http.database } : {}) }), notes: [] }
      : installCodex(base);
  if (options.json) {
    writeJson(io, {
      agent: target,
      action: "install",
      file: change.file,
      changed: change.changed,
      backup: change.backup,
      events: change.events,
      created: change.created === true,
      movedFrom: change.moved.map((moved) => moved.file),
      gitExclude: change.gitExclude,
      transport: choice.transport,
      transportReason: choice.reason,
      agentVersion: choice.agentVersion,
      httpPort: http?.port ?? null,
      notes: change.notes,
    });
    return 0;
  }
  writeLine(
    io.stdout,
    change.changed
      ? `Installed tacit's hooks for ${AGENT_NAMES[target]} in ${change.file} (${change.events.join(", ")}).`
      : `tacit's hooks for ${AGENT_NAMES[target]} are already installed in ${change.file}; nothing changed.`,
  );
  if (target === "claude-code") {
    writeLine(
      io.stdout,
      http
        ? `${choice.reason}: ${CLAUDE_CODE_HTTP_EVENTS.join(", ")} post to the hook daemon on 127.0.0.1:${http.port}; the token is in the file's env (${http.tokenVariable}), which is readable by you only.`
        : `${choice.reason}.`,
    );
  }
  for (const moved of change.moved) writeLine(io.stdout, `Moved them out of ${moved.file}.`);
  if (change.gitExclude) {
    writeLine(
      io.stdout,
      `It holds this machine's paths, so git ignores it (${change.gitExclude.line} in ${change.gitExclude.file}).`,
    );
  }
  if (change.backup) writeLine(io.stdout, `Previous file saved as ${change.backup}.`);
  for (const note of change.notes) writeLine(io.stdout, `note: ${note}`);
  return 0;
}

/**
 * For Claude Code: the transport (hook-transport.ts) and, for HTTP, the daemon's endpoint. The
 * endpoint (port, token) of the database's daemon is written beside its socket; when it changed,
 * running daemons are stopped so the next SessionStart starts one listening there.
 */
async function httpSetup(
  options: {
    requested: TransportRequest;
    db: string | undefined;
    shared: boolean;
    agentBinary: string | undefined;
    port: number;
    /** `hooks.daemon`: with the daemon off, HTTP hooks would reach nobody. */
    daemon: boolean;
  },
  io: CliIo,
): Promise<{ choice: TransportChoice; http?: HttpInstall & { database: string } }> {
  const location = resolveDatabaseLocation({
    ...(options.db ? { db: options.db } : {}),
    env: io.env,
    cwd: io.cwd,
  });
  const socket = location.kind === "sqlite" ? hookSocketPath(["--db", location.path], io) : null;
  const unavailable = options.shared
    ? "the committed settings.json (--shared) would hold this machine's port and token; the per-machine settings.local.json can"
    : socket === null || location.kind !== "sqlite"
      ? "this database has no hook daemon (Windows, PostgreSQL, :memory: or a socket path over 100 bytes)"
      : !options.daemon
        ? "the hook daemon is turned off (hooks.daemon, TACIT_HOOK_DAEMON), and HTTP hooks post to it"
        : undefined;
  let choice: TransportChoice;
  try {
    choice = chooseClaudeCodeTransport({
      requested: options.requested,
      ...(options.agentBinary ? { binary: options.agentBinary } : {}),
      env: io.env,
      cwd: io.cwd,
      ...(unavailable ? { unavailable } : {}),
    });
  } catch (error) {
    if (error instanceof InvalidInputError) throw new CliError(error.message);
    throw error;
  }
  if (choice.transport !== "http" || socket === null || location.kind !== "sqlite") return { choice };
  const home = tacitHome(io.env);
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const file = endpointPath(socket);
  const planned = await plannedEndpoint({ file, database: location.path, port: options.port });
  if (planned.changed) {
    writeEndpoint(file, planned.endpoint);
    await stopHookDaemons(home);
  }
  return {
    choice,
    http: {
      port: planned.endpoint.port,
      token: planned.endpoint.token,
      tokenVariable: tokenVariable(socket),
      database: location.path,
    },
  };
}

function checkTransport(value: string): TransportRequest {
  if (!(TRANSPORT_REQUESTS as readonly string[]).includes(value)) {
    throw new CliError(`--transport must be one of ${TRANSPORT_REQUESTS.join(", ")}, got "${value}"`);
  }
  return value as TransportRequest;
}

export function checkAgent(agent: string): HookAgent {
  if (!(HOOK_AGENTS as readonly string[]).includes(agent)) {
    throw new CliError(`agent must be one of ${HOOK_AGENTS.join(", ")}, got "${agent}"`);
  }
  return agent as HookAgent;
}

function checkScope(scope: string | undefined): InstallScope {
  const value = scope ?? "project";
  if (!(INSTALL_SCOPES as readonly string[]).includes(value)) {
    throw new CliError(`--scope must be one of ${INSTALL_SCOPES.join(", ")}, got "${value}"`);
  }
  return value as InstallScope;
}

/** The project: `--project`, else the git root of the working directory (else the directory). */
function projectDir(options: InstallCommandOptions, io: CliIo): string {
  return options.project ? resolve(io.cwd, options.project) : findProjectId(io.cwd);
}
