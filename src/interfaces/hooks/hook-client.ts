/**
 * `tacit hook`'s first stop: hand the event to the resident hook daemon (hook-daemon.ts), and only
 * when none answers handle it in this process (hook-main.ts) and start one. The events of every
 * tool call (PreToolUse, PostToolUse) and every prompt go through one of the daemon's FIFO pairs
 * (hook-fifo-client.ts: no node:net, no event loop) when it offers one; the daemon queues a tool
 * event in its inbox (hook-inbox.ts) and answers it at once. A tool event without a pair, or
 * whose daemon is gone, is queued in the inbox from here; every other event, and one without a
 * pair, goes over the daemon's Unix socket.
 *
 * This module is what every tool call of the agent loads before anything else (bundled into the
 * `tacit` bin, tacit.cjs), so it loads only node built-ins (through `require`, see node-builtins.ts)
 * and hook-output.ts: no zod (the daemon validates), no SQLite, no node:crypto; node:net only for
 * the events that use the socket; hook-inbox.ts (and the redactor it needs, whose lexicons cost a
 * tool event more to parse than the rest of this module) only for a tool event it queues itself;
 * and no `performance` (its first use loads node's perf_hooks modules): the clock is
 * `process.hrtime`.
 *
 * The rule that keeps an event from being lost or handled twice:
 * - no daemon, a refused or silent connection, or a daemon that closes before acknowledging the
 *   event (on the socket or a FIFO pair alike): handle it here (the daemon never saw it, or saw it
 *   and will drop it unanswered);
 * - the daemon acknowledged the event, then closed without an answer (it died): handle it here too.
 *   It may have captured part of it already; capture is idempotent by stable ids (prompt_id,
 *   tool_use_id, content hashes), so handling an event twice adds nothing;
 * - the daemon acknowledged the event but does not answer in time: print nothing and log it. The
 *   daemon still captures the event; only that answer (recalled context) is lost.
 *
 * "In time" is the event's deadline (hook-deadline.ts), counted from this process's start: the
 * connection, the acknowledgement, the answer and any fallback in this process all fit in it, and
 * the daemon is told how much of it is left.
 */
import { isHostModelRun } from "../../models/host-agent/host-model-guard.js";
import { tacitHome } from "../../store/tacit-home.js";
import { hookClientSettings } from "./hook-client-settings.js";
import {
  ACCEPT_SHARE,
  ACCEPTED,
  ANSWERED,
  type DaemonReply,
  type DaemonRequest,
  hookEventName,
} from "./hook-daemon-wire.js";
import { eventDeadlineMs } from "./hook-deadline.js";
import { askThroughFifo, fifoDirectory } from "./hook-fifo-client.js";
import { type HookOutput, writeOutput } from "./hook-output.js";
import { fs, path, requireNet } from "./node-builtins.js";

const { existsSync, readFileSync } = fs;
const { isAbsolute, join, resolve } = path;

/** What the client touches outside itself; the same shape as hook-main.ts's HookIo. */
export interface HookClientIo {
  /** The payload: a stream, a descriptor read synchronously (the CLI passes 0), or the bytes. */
  stdin: NodeJS.ReadableStream | number | Buffer;
  /** Where the answer goes: a stream, or a descriptor written synchronously (the CLI passes 1). */
  stdout: HookOutput;
  env: NodeJS.ProcessEnv;
  cwd: string;
  now: () => number;
  /** When the hook started, a {@link monotonicMs} time (default: when the client was called). */
  startedAt?: number;
}

/** Longest Unix socket path every supported platform takes (macOS: 104 bytes with the NUL). */
const MAX_SOCKET_PATH = 100;

/** Runs one hook event: through the daemon when one answers, else in this process. Never throws. */
export async function runHookClient(argv: readonly string[], io: HookClientIo): Promise<void> {
  // Fired by tacit's own model run: nothing to capture, nothing to start (see host-model-guard.ts).
  if (isHostModelRun(io.env)) return;
  try {
    await clientHook(argv, io);
  } catch (error) {
    await logFailure(io, (error as Error)?.stack ?? String(error));
  }
}

async function clientHook(argv: readonly string[], given: HookClientIo): Promise<void> {
  const startedAt = given.startedAt ?? monotonicMs();
  // A relative TACIT_HOME means this process's folder (tacitHome resolves it): fix it here, since
  // the daemon runs elsewhere.
  const home = given.env.TACIT_HOME;
  const io =
    home && !isAbsolute(home) ? { ...given, env: { ...given.env, TACIT_HOME: resolve(home) } } : given;
  // Whether to ask the daemon, and the event's deadline (hooks.promptDeadlineMs and
  // hooks.toolEventDeadlineMs: 2 s and 1 s, far under the agent's own hook timeout).
  const settings = hookClientSettings(io.env);
  const socketPath = settings.daemon ? hookSocketPath(argv, io) : null;
  if (socketPath === null) return runInProcess(argv, io, null);
  let input: Buffer;
  try {
    input = readInput(io.stdin);
  } catch (error) {
    // hook-main reads (and fails on) the payload itself and logs why.
    void error;
    return runInProcess(argv, io, null);
  }
  const event = hookEventName(input);
  const toolEvent = event === "PostToolUse" || event === "PostToolUseFailure";
  // A PreToolUse holds the tool call up: a tool event's deadline, as in process (hook-main.ts).
  const preToolUse = event === "PreToolUse";
  const deadlineAt = startedAt + eventDeadlineMs(settings, toolEvent || preToolUse);
  const request = (): Buffer => {
    const header = { argv: [...argv], cwd: io.cwd, env: plainEnv(io.env), deadlineMs: leftOf(deadlineAt) };
    return Buffer.concat([Buffer.from(`${JSON.stringify(header satisfies DaemonRequest)}\n`), input]);
  };
  // The events of every tool call and every prompt go through one of the daemon's FIFO pairs when
  // it offers one: no node:net, no event loop (hook-fifo-client.ts). The daemon queues a tool event
  // in its inbox, redacted, and answers at once; it answers the others once handled. A daemon too
  // busy to take a tool event at once (its event loop held up) leaves it to be queued from here,
  // as a connection it does not accept at once is left for this process.
  let reply =
    toolEvent || preToolUse || event === "UserPromptSubmit"
      ? askThroughFifo(
          fifoDirectory(socketPath),
          request(),
          deadlineAt,
          monotonicMs,
          toolEvent ? settings.daemonWaitMs : undefined,
        )
      : null;
  if (toolEvent && (reply === null || reply.kind === "unavailable") && existsSync(socketPath)) {
    // No pair free, or the daemon is gone (a killed one leaves its socket, and the next
    // prompt-level event drains the inbox in process): queue the event in its inbox from here.
    try {
      const { inboxDirectory, inboxEnv, writeInbox } = await import("./hook-inbox.js");
      writeInbox(
        inboxDirectory(socketPath),
        { argv: [...argv], cwd: io.cwd, env: inboxEnv(io.env), now: io.now() },
        input,
      );
      return;
    } catch (error) {
      await logFailure(io, `queueing a tool event for the daemon: ${(error as Error).message}`);
    }
  }
  // Every other event, and one without a pair, over the socket.
  reply ??= await askDaemon(socketPath, request(), deadlineAt, settings.daemonWaitMs);
  if (reply.kind === "answered") {
    if (reply.output) await writeOutput(io.stdout, reply.output);
    return;
  }
  if (reply.kind === "timed-out") {
    await logFailure(
      io,
      `daemon accepted the event but did not answer within its deadline (${Math.round(deadlineAt - startedAt)} ms)${preToolUse ? ", so the tool call was allowed unchecked" : ""}; it still stores it`,
    );
    return;
  }
  // With HTTP hooks installed (hook-http-endpoint.ts), only these command hooks can start the
  // daemon the agent's HTTP hooks post to: start it first, so it loads while this event is handled
  // here, and let SessionStart wait until it listens, so the session's first prompt reaches it.
  // Only the events that begin a turn start a daemon (the tool events stay as lean as possible);
  // with HTTP hooks, those that end one start a daemon that is gone too, for the next turn.
  const startsDaemon = event === "SessionStart" || event === "UserPromptSubmit";
  const endsTurn = event === "Stop" || event === "SubagentStop";
  const httpPort = startsDaemon || endsTurn ? endpointPort(socketPath) : null;
  if (httpPort !== null) await startDaemon(socketPath, io);
  // Events queued for a daemon that is gone come first, in order, then this one.
  const [{ runQueuedHooks }, { inboxDirectory }] = await Promise.all([
    import("./hook-main.js"),
    import("./hook-inbox.js"),
  ]);
  await runQueuedHooks(inboxDirectory(socketPath), io);
  await runInProcess(argv, { ...io, stdin: input }, deadlineAt);
  if (httpPort === null && startsDaemon) await startDaemon(socketPath, io);
  if (httpPort !== null && event === "SessionStart" && !(await listensBy(httpPort, deadlineAt))) {
    await logFailure(
      io,
      `the hook daemon did not listen on 127.0.0.1:${httpPort} by the SessionStart deadline; HTTP hooks that fail before it does are filled in from the transcript at Stop`,
    );
  }
}

/**
 * The daemon's socket for this hook's database: `$TACIT_HOME/hook-<hash>.sock`, one daemon per
 * database. null when there is to be no daemon (Windows, a PostgreSQL URL, a path too long).
 * Resolves the database as open-store.ts does (repeated here so this module loads no store code);
 * a wrong guess only picks another daemon, which resolves the database again from the request.
 */
export function hookSocketPath(
  argv: readonly string[],
  io: { env: NodeJS.ProcessEnv; cwd: string },
): string | null {
  if (process.platform === "win32") return null;
  const dbIndex = argv.indexOf("--db");
  const raw = (dbIndex >= 0 ? argv[dbIndex + 1] : undefined) ?? io.env.TACIT_DATABASE_URL;
  const home = tacitHome(io.env);
  let database = join(home, "tacit.db");
  if (raw) {
    if (/^postgres(ql)?:\/\//i.test(raw)) return null;
    const file = raw.replace(/^(sqlite|file):(\/\/)?/i, "");
    if (file === ":memory:") return null;
    database = isAbsolute(file) ? file : resolve(io.cwd, file);
  }
  const socket = join(home, `hook-${fnv1a(database)}.sock`);
  return Buffer.byteLength(socket) <= MAX_SOCKET_PATH ? socket : null;
}

/**
 * Sends one event; settles with what the daemon did with it by `deadlineAt`, never rejects. A
 * daemon that does not take the connection within `waitMs`, or does not accept the event in time
 * (a share of the deadline), is treated as absent.
 */
async function askDaemon(
  socketPath: string,
  request: Buffer,
  deadlineAt: number,
  waitMs: number,
): Promise<DaemonReply> {
  // Loaded only here: node:net and its streams cost more than a whole tool event.
  const { connect } = requireNet();
  return new Promise((settle) => {
    const chunks: Buffer[] = [];
    let accepted = false;
    let done = false;
    const socket = connect(socketPath);
    const finish = (reply: DaemonReply) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      settle(reply);
    };
    let timer = setTimeout(() => finish({ kind: "unavailable" }), Math.min(waitMs, leftOf(deadlineAt)));
    socket.on("connect", () => {
      clearTimeout(timer);
      timer = setTimeout(() => finish({ kind: "unavailable" }), leftOf(deadlineAt) * ACCEPT_SHARE);
    });
    // Queued now, sent as soon as the connection is made (one event-loop turn sooner).
    socket.end(request);
    socket.on("data", (chunk: Buffer) => {
      if (!accepted && chunk.length > 0) {
        accepted = chunk.subarray(0, 1).toString() === ACCEPTED;
        if (!accepted) return finish({ kind: "unavailable" });
        clearTimeout(timer);
        timer = setTimeout(() => finish({ kind: "timed-out" }), leftOf(deadlineAt));
        chunks.push(chunk.subarray(1));
        return;
      }
      chunks.push(chunk);
    });
    socket.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      // Acknowledged and answered; anything else (refused, or died mid-event) is handled here.
      finish(
        accepted && body.startsWith(ANSWERED)
          ? { kind: "answered", output: body.slice(1) }
          : { kind: "unavailable" },
      );
    });
    // ENOENT (no daemon), ECONNREFUSED (a stale socket), EPIPE/ECONNRESET (it died): handle it here.
    socket.on("error", () => finish({ kind: "unavailable" }));
  });
}

/**
 * The port of the HTTP endpoint installed beside the daemon's socket, or null when there is none.
 * Read with JSON.parse alone (no zod on the client's path); the daemon validates the file.
 */
function endpointPort(socketPath: string): number | null {
  const file = socketPath.replace(/\.sock$/, ".http");
  if (!existsSync(file)) return null;
  try {
    const port = (JSON.parse(readFileSync(file, "utf8")) as { port?: unknown } | null)?.port;
    return typeof port === "number" && Number.isInteger(port) && port > 0 ? port : null;
  } catch (error) {
    // Unreadable or not JSON: the daemon reports it in the hook log when it starts.
    void error;
    return null;
  }
}

/** Resolves true once something accepts connections on 127.0.0.1:`port`, false at `deadlineAt`. */
async function listensBy(port: number, deadlineAt: number): Promise<boolean> {
  const { connect } = requireNet();
  while (leftOf(deadlineAt) > 0) {
    const accepted = await new Promise<boolean>((settle) => {
      const socket = connect({ port, host: "127.0.0.1" });
      socket.once("connect", () => {
        socket.destroy();
        settle(true);
      });
      socket.once("error", () => settle(false));
    });
    if (accepted) return true;
    await new Promise((resolve) => setTimeout(resolve, Math.min(20, leftOf(deadlineAt))));
  }
  return false;
}

/**
 * Starts `tacit hook-daemon` detached, stdio ignored, not waited for. A daemon that finds another
 * already listening exits at once, so two hooks starting one each is harmless.
 */
async function startDaemon(socketPath: string, io: HookClientIo): Promise<void> {
  try {
    const { spawn } = await import("node:child_process");
    const { cliEntry } = await import("./cli-entry.js");
    const [node, ...entry] = cliEntry() as [string, ...string[]];
    const child = spawn(node, [...entry, "hook-daemon", "--socket", socketPath], {
      // Not the agent's folder: a long-lived process must not pin (or die with) a project folder.
      cwd: path.parse(socketPath).root,
      env: io.env,
      detached: true,
      stdio: "ignore",
    });
    child.on("error", (error) => void logFailure(io, `starting the hook daemon: ${error.message}`));
    child.unref();
  } catch (error) {
    void logFailure(io, `starting the hook daemon: ${(error as Error).message}`);
  }
}

/** Handles the event here, by `deadlineAt` when the clock already runs (null: from now). */
async function runInProcess(
  argv: readonly string[],
  io: HookClientIo,
  deadlineAt: number | null,
): Promise<void> {
  const { runHook } = await import("./hook-main.js");
  // hook-main counts in `performance.now()` time: what is left of the deadline, from now on its clock.
  await runHook(
    argv,
    deadlineAt === null ? io : { ...io, deadlineAt: performance.now() + leftOf(deadlineAt) },
  );
}

/**
 * The client's monotonic clock, ms: `process.hrtime`, which costs nothing to load (the first use of
 * `performance` loads node's perf_hooks modules, more than a tenth of a tool event).
 */
export function monotonicMs(): number {
  const [seconds, nanoseconds] = process.hrtime();
  return seconds * 1_000 + nanoseconds / 1e6;
}

/** ms left until `deadlineAt` (a {@link monotonicMs} time), never below 0. */
function leftOf(deadlineAt: number): number {
  return Math.max(0, deadlineAt - monotonicMs());
}

async function logFailure(io: HookClientIo, message: string): Promise<void> {
  try {
    const { logHookFailure } = await import("./hook-log.js");
    logHookFailure(io, `hook client: ${message}`);
  } catch (error) {
    // Loading the logger failed: there is nowhere to report to, and the agent must not break.
    void error;
  }
}

function readInput(stdin: HookClientIo["stdin"]): Buffer {
  if (Buffer.isBuffer(stdin)) return stdin;
  if (typeof stdin !== "number") throw new Error("a stream is read by hook-main");
  return readFileSync(stdin);
}

function plainEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  const plain: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) if (value !== undefined) plain[name] = value;
  return plain;
}

/** 32-bit FNV-1a, hex: tells databases apart in a socket name (not a security boundary). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, "0");
}
