/**
 * `tacit hook-daemon --socket PATH`: the resident process that answers `tacit hook` so an event
 * costs a node start, hook-client.ts and one socket round trip instead of loading capture, the
 * store and recall cold. hook-client.ts starts it (detached) when none answered.
 *
 * - It handles each event with the same `runHook` as the in-process path, given the client's argv,
 *   cwd and environment, so its output and captured rows are the in-process ones; only the loaded
 *   modules (zod, capture, the store, recall, the embedder's code) stay warm between events.
 * - Events are handled one at a time, in arrival order (SQLite serializes the writes anyway); each
 *   is acknowledged as soon as it is read whole, so the client can tell "never saw it" from "slow".
 * - The socket is created 0600 in `$TACIT_HOME` (only its user may connect). A stale socket left by
 *   a killed daemon is removed on start; a live one means another daemon serves: this one exits.
 * - It exits after `TACIT_HOOK_DAEMON_IDLE_MS` (default 30 min) without an event, when its socket
 *   file is removed or replaced (TACIT_HOME deleted, another daemon took over), when the database
 *   it served disappears, and when tacit's code on disk changes (an upgrade or a rebuild).
 * - A failing event is logged to the hook log and answered with nothing; nothing kills it but the
 *   exits above (the CLI entry logs whatever escapes to the hook log and keeps serving).
 */
import {
  chmodSync,
  existsSync,
  type FSWatcher,
  mkdirSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
  watch,
  writeFileSync,
} from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import { dirname } from "node:path";
import { Writable } from "node:stream";
import { fileURLToPath } from "node:url";
import * as z from "zod/mini";
import { resolveDatabaseLocation } from "../../store/open-store.js";
import { ACCEPTED, ANSWERED } from "./hook-client.js";
import { inboxDirectory } from "./hook-inbox.js";
import { logHookFailure } from "./hook-log.js";

/** Default idle lifetime, ms. */
const IDLE_MS = 30 * 60_000;
/** How often the daemon checks its socket, database and code, ms. */
const CHECK_MS = 5_000;
/** How long a stopping daemon waits for the event in hand before it exits anyway, ms. */
const STOP_GRACE_MS = 10_000;
/** A request beyond this (header + payload) is refused; hook-main.ts refuses 32 MiB payloads. */
const MAX_REQUEST_BYTES = 33 * 1024 * 1024;

const requestHeader = z.object({
  argv: z.array(z.string()),
  cwd: z.string(),
  env: z.record(z.string(), z.string()),
  deadlineMs: z.optional(z.number()),
});

/** Where the daemon listens and what it runs with. */
export interface HookDaemonOptions {
  socketPath: string;
  /** The daemon's own environment: its log and `TACIT_HOOK_DAEMON_IDLE_MS`. */
  env: NodeJS.ProcessEnv;
  now: () => number;
  /** Called once the daemon listens (before that, a failure is better ended than survived). */
  onListening?: () => void;
}

/** Serves until one of the exits above; resolves once the socket is closed and removed. */
export async function runHookDaemon(options: HookDaemonOptions): Promise<void> {
  // Tool events are stored as soon as they arrive: the agent has moved on, and the next prompt then
  // has no spool to write before it can be answered.
  const io = { env: options.env, now: options.now, storeToolEvents: true };
  const home = dirname(options.socketPath);
  // A home removed under a running daemon (a test's, a user's reset) is not recreated for a log
  // line: the daemon stops at its next health check, and the failure is only that the home went.
  const fail = (message: string) => {
    if (existsSync(home)) logHookFailure(io, `hook daemon: ${message}`);
  };
  // Warm everything an event may load, so the first event is as fast as the next.
  const { runHook, runQueuedHooks } = await import("./hook-main.js");
  const { keepStoresOpen, storeLeftoverSpools } = await import("./hook-capture.js");
  await import("./hook-recall.js");
  const stores = keepStoresOpen();
  // Never recreate a home deleted since this daemon was started (a test's, a user's reset).
  if (!existsSync(home)) return;
  // Half-open: the client ends its side once the event is sent and still reads the answer.
  const server = createServer({ allowHalfOpen: true });
  const listening = await listen(server, options.socketPath);
  if (!listening) return;
  const socketId = fileId(options.socketPath);
  // Beside the socket, for whoever wants to stop it: `kill $(cat …/hook-<hash>.pid)`.
  const pidFile = options.socketPath.replace(/\.sock$/, ".pid");
  // Tool events queued by hook-client.ts: drained when the folder changes, on every health check
  // (in case a change was missed) and before every socket event, so a prompt sees the tool calls
  // before it. One drain at a time, in the same queue as the socket events.
  const inbox = inboxDirectory(options.socketPath);
  try {
    chmodSync(options.socketPath, 0o600);
    // Written whole, then renamed into place: a reader never sees an empty file (whose "pid", 0,
    // would make `kill` signal the reader's whole process group).
    const partial = `${pidFile}.${process.pid}.tmp`;
    writeFileSync(partial, `${process.pid}\n`, { mode: 0o600 });
    renameSync(partial, pidFile);
    // Not recursive: a home removed while this daemon started stays removed.
    if (!existsSync(inbox)) mkdirSync(inbox, { mode: 0o700 });
  } catch (error) {
    // The home went away between listening and here: nothing to serve, and nothing to recreate.
    await new Promise<void>((closed) => server.close(() => closed()));
    if (existsSync(home)) throw error;
    return;
  }
  options.onListening?.();
  const codeId = codeStamp();
  const idleMs = Number(options.env.TACIT_HOOK_DAEMON_IDLE_MS) || IDLE_MS;
  /** The databases events went to, with the file each was (an open store follows that file). */
  const databases = new Map<string, string | null>();
  /** Closes the store of a database whose file was deleted or replaced, before the next event. */
  const forgetReplacedDatabases = async () => {
    for (const [path, id] of databases) {
      if (fileId(path) === id) continue;
      databases.delete(path);
      await stores.close(path);
    }
  };
  let queue: Promise<void> = Promise.resolve();
  let pending = 0;
  let idle: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;
  let drainQueued = false;
  const drain = () => {
    if (drainQueued) return;
    drainQueued = true;
    pending++;
    queue = queue.then(async () => {
      drainQueued = false;
      await forgetReplacedDatabases();
      await runQueuedHooks(inbox, io);
      pending--;
    });
  };
  /** Stores what a busy database left in the spools of the databases served so far. */
  const storeLeftovers = () => {
    pending++;
    queue = queue.then(async () => {
      await storeLeftoverSpools([...databases.keys()], io, fail);
      pending--;
    });
  };
  let watcher: FSWatcher | undefined;

  return new Promise((stopped) => {
    let stopping = false;
    const stop = (reason: string) => {
      if (stopping) return;
      stopping = true;
      clearTimeout(idle);
      clearInterval(check);
      watcher?.close();
      // What was queued before the socket went is still handled; later events find no socket.
      drain();
      queue = queue.then(() => new Promise<void>((closed) => server.close(() => closed())));
      queue = queue.then(() => stores.close());
      void queue.then(() => stopped());
      // An event that never settles must not keep a stopped daemon alive.
      setTimeout(() => stopped(), STOP_GRACE_MS).unref();
      // Remove the socket only while it is ours: a successor may already listen at the path.
      if (fileId(options.socketPath) === socketId) {
        try {
          unlinkSync(options.socketPath);
          rmSync(pidFile, { force: true });
        } catch (error) {
          fail(`removing the socket on exit (${reason}): ${(error as Error).message}`);
        }
      }
    };
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        if (pending === 0) stop("idle");
        else armIdle();
      }, idleMs);
    };
    const healthy = (): boolean => {
      if (fileId(options.socketPath) !== socketId) return false;
      if (codeStamp() !== codeId) return false;
      for (const database of databases.keys()) if (!existsSync(database)) return false;
      return true;
    };
    armIdle();
    try {
      watcher = watch(inbox, () => {
        armIdle();
        drain();
      });
      watcher.on("error", (error) => fail(`watching the inbox: ${error.message}`));
    } catch (error) {
      fail(`watching the inbox (the health check polls it instead): ${(error as Error).message}`);
    }
    drain();
    check = setInterval(() => {
      if (!healthy()) stop("socket, database or code changed");
      else {
        drain();
        storeLeftovers();
      }
    }, Number(options.env.TACIT_HOOK_DAEMON_CHECK_MS) || CHECK_MS);

    server.on("connection", (socket: Socket) => {
      if (!healthy()) {
        // Unacknowledged: the client handles the event itself.
        socket.destroy();
        stop("socket, database or code changed");
        return;
      }
      armIdle();
      readRequest(socket, (request) => {
        if (request === null) {
          // A connection that sent nothing: another daemon starting checked that this one lives.
          socket.destroy();
          return;
        }
        if (request instanceof Error) {
          fail(request.message);
          socket.destroy();
          return;
        }
        socket.write(ACCEPTED);
        drain();
        pending++;
        queue = queue.then(async () => {
          const stdout = collector();
          const deferred: Array<() => void> = [];
          try {
            await forgetReplacedDatabases();
            await runHook(request.argv, {
              stdin: request.payload,
              stdout: stdout.stream,
              env: request.env,
              cwd: request.cwd,
              now: options.now,
              storeToolEvents: true,
              afterAnswer: (work) => deferred.push(work),
              // What the client had left when it sent the event, from when it was read whole.
              ...(request.deadlineMs !== undefined
                ? { deadlineAt: request.receivedAt + request.deadlineMs }
                : {}),
            });
            rememberDatabase(databases, request);
            await answer(socket, `${ANSWERED}${stdout.text()}`);
          } catch (error) {
            // runHook never throws; this is a bug in the daemon itself: log it and keep serving.
            fail((error as Error)?.stack ?? String(error));
            await answer(socket, ANSWERED);
          }
          for (const work of deferred) {
            try {
              work();
            } catch (error) {
              fail(`after answering: ${(error as Error)?.stack ?? String(error)}`);
            }
          }
          pending--;
          armIdle();
        });
      });
    });
    server.on("error", (error) => fail(error.stack ?? error.message));
  });
}

/**
 * Sends the answer and ends the connection; settles once the client can have it all (the end is
 * sent: the client reads until it) or the connection is gone, so work after it is off its path.
 */
function answer(socket: Socket, text: string): Promise<void> {
  // A client that gave up (its reply timeout) has closed already: nothing will be sent or emitted.
  if (socket.destroyed || socket.writableFinished) return Promise.resolve();
  return new Promise((sent) => {
    socket.once("finish", sent);
    socket.once("close", sent);
    socket.end(text);
  });
}

interface DaemonEvent {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  payload: Buffer;
  deadlineMs?: number;
  /** When the whole request was read, a `performance.now()` time. */
  receivedAt: number;
}

/**
 * Reads a whole request (the client half-closes after sending it): an Error if it is malformed,
 * null if nothing was sent (a liveness probe).
 */
function readRequest(socket: Socket, settle: (request: DaemonEvent | Error | null) => void): void {
  let settled = false;
  const done = (request: DaemonEvent | Error | null) => {
    if (settled) return;
    settled = true;
    settle(request);
  };
  const chunks: Buffer[] = [];
  let size = 0;
  socket.on("error", (error) => done(size === 0 ? null : new Error(`reading a request: ${error.message}`)));
  socket.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_REQUEST_BYTES) {
      socket.removeAllListeners("data");
      done(new Error(`request larger than ${MAX_REQUEST_BYTES} bytes`));
      return;
    }
    chunks.push(chunk);
  });
  socket.on("end", () => {
    if (size > MAX_REQUEST_BYTES) return;
    if (size === 0) return done(null);
    const bytes = Buffer.concat(chunks);
    const newline = bytes.indexOf(10);
    if (newline < 0) return done(new Error("request without a header line"));
    let header: unknown;
    try {
      header = JSON.parse(bytes.subarray(0, newline).toString("utf8"));
    } catch (error) {
      return done(new Error(`request header is not JSON: ${(error as Error).message}`));
    }
    const parsed = z.safeParse(requestHeader, header);
    if (!parsed.success) return done(new Error("request header is not {argv, cwd, env}"));
    done({ ...parsed.data, payload: bytes.subarray(newline + 1), receivedAt: performance.now() });
  });
}

/** Listens at `path`, replacing a stale socket; false when a live daemon already listens there. */
async function listen(server: Server, path: string): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    const error = await new Promise<NodeJS.ErrnoException | null>((settle) => {
      const previous = process.umask(0o177);
      server.once("error", settle);
      server.listen(path, () => {
        server.off("error", settle);
        settle(null);
      });
      process.umask(previous);
    });
    if (error === null) return true;
    if (error.code !== "EADDRINUSE" || attempt > 0) throw error;
    if (await answers(path)) return false;
    unlinkSync(path);
  }
}

/** Whether something accepts connections at `path`. */
function answers(path: string): Promise<boolean> {
  return new Promise((settle) => {
    const socket = connect(path);
    socket.on("connect", () => {
      socket.destroy();
      settle(true);
    });
    socket.on("error", () => settle(false));
  });
}

/** Device and inode of a file, or null when it is gone: tells "our socket" from a successor's. */
function fileId(path: string): string | null {
  try {
    const stat = statSync(path);
    return `${stat.dev}:${stat.ino}`;
  } catch (error) {
    // Gone (or unreadable): either way it is no longer this daemon's socket.
    void error;
    return null;
  }
}

/** tacit's hook code on disk (checked on every connection, so resolved once). */
const CODE_FILES = ["./hook-main.js", "./hook-capture.js", "./hook-recall.js", "./hook-daemon.js"].map(
  (file) =>
    fileURLToPath(
      new URL(import.meta.url.endsWith(".ts") ? file.replace(/\.js$/, ".ts") : file, import.meta.url),
    ),
);

/** When tacit's hook code was last written: a rebuild or an upgrade changes it. */
function codeStamp(): string | null {
  try {
    return CODE_FILES.map((file) => statSync(file).mtimeMs).join(",");
  } catch (error) {
    // A file is gone: tacit was removed or is being replaced, which also counts as a change.
    void error;
    return null;
  }
}

function rememberDatabase(databases: Map<string, string | null>, request: DaemonEvent): void {
  const dbIndex = request.argv.indexOf("--db");
  const db = dbIndex >= 0 ? request.argv[dbIndex + 1] : undefined;
  const location = resolveDatabaseLocation({ ...(db ? { db } : {}), env: request.env, cwd: request.cwd });
  if (location.kind === "sqlite" && !databases.has(location.path) && existsSync(location.path)) {
    databases.set(location.path, fileId(location.path));
  }
}

function collector(): { stream: Writable; text: () => string } {
  let text = "";
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  return { stream, text: () => text };
}
