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
 * - It exits after `hooks.daemonIdleMs` (default 5 min; `TACIT_HOOK_DAEMON_IDLE_MS`) without an
 *   event; at once when its socket file is removed or replaced (TACIT_HOME deleted, another daemon
 *   took over) or a database it served disappears (it watches their folders; a health check every
 *   `hooks.daemonCheckMs` catches what a watch missed); when asked to (`tacit uninstall`,
 *   hook-daemon-control.ts); and when tacit's code on disk changes (an upgrade or a rebuild).
 * - A failing event is logged to the hook log and answered with nothing; nothing kills it but the
 *   exits above (the CLI entry logs whatever escapes to the hook log and keeps serving).
 * - When `tacit install` set up HTTP hooks for its database, it also listens on 127.0.0.1 at the
 *   installed port (hook-daemon-http.ts): the agent posts its per-event hooks there, and they take
 *   the socket events' path. It then stays while a session it serves is open (`hooks.httpIdleMs`).
 * - It keeps a few FIFO pairs ready (hook-daemon-fifos.ts) that the events of tool calls and
 *   prompts are sent through without the cost of a socket; their requests take the socket events'
 *   path too.
 * - A tool event read from the socket or a FIFO pair is queued in its inbox (hook-inbox.ts),
 *   redacted, and answered at once; the inbox is drained in the queue, in order with the others.
 */
import {
  chmodSync,
  existsSync,
  type FSWatcher,
  mkdirSync,
  renameSync,
  rmSync,
  unlinkSync,
  watch,
  writeFileSync,
} from "node:fs";
import { createServer, type Socket } from "node:net";
import { dirname } from "node:path";
import { type FifoPairs, offerFifoPairs } from "./hook-daemon-fifos.js";
import { codeStamp, collector, fileId, readPid, rememberDatabase, takeBack } from "./hook-daemon-files.js";
import { OpenSessions, startDaemonHttp } from "./hook-daemon-http.js";
import { acknowledge, type DaemonEvent, listen, readRequest, STOPPING } from "./hook-daemon-protocol.js";
import { inboxDirectory, queueToolEvent } from "./hook-inbox.js";
import { logHookFailure } from "./hook-log.js";

/** How long after a tool event is queued the daemon starts storing it, ms (see `drainSoon`). */
const INBOX_SETTLE_MS = 20;
/** How long a stopping daemon waits for the event in hand before it exits anyway, ms. */
const STOP_GRACE_MS = 10_000;

/** Where the daemon listens and what it runs with. */
export interface HookDaemonOptions {
  socketPath: string;
  /** The daemon's own environment: its log and its settings (`hooks.daemonIdleMs`). */
  env: NodeJS.ProcessEnv;
  now: () => number;
  /** Called once the daemon listens (before that, a failure is better ended than survived). */
  onListening?: () => void;
  /**
   * Offer FIFO pairs (default true). Off for a daemon whose clients run in its own process (tests):
   * a client waits for a pair's answer synchronously, which holds up that process's event loop,
   * the daemon's own included.
   */
  fifoPairs?: boolean;
}

/** Serves until one of the exits above; resolves once the socket is closed and removed. */
export async function runHookDaemon(options: HookDaemonOptions): Promise<void> {
  // Tool events are stored as soon as they arrive: the agent has moved on, and the next prompt then
  // has no spool to write before it can be answered.
  const io = { env: options.env, now: options.now, storeToolEvents: true };
  const home = dirname(options.socketPath);
  // A home removed under a running daemon (a test's, a user's reset) is not recreated for a log
  // line, even if it goes between check and write: the failure is only that the home went.
  let removed = false;
  const fail = (message: string) => {
    if (!removed && existsSync(home)) logHookFailure(io, `hook daemon: ${message}`, { homeMustExist: true });
  };
  // Warm everything an event may load, so the first event is as fast as the next.
  const { runHook, runQueuedHooks } = await import("./hook-main.js");
  const { keepStoresOpen, storeLeftoverSpools } = await import("./hook-capture.js");
  await import("./hook-recall.js");
  await import("./hook-reconcile.js");
  // The guard answers every PreToolUse within a tool event's deadline: loaded before the first one.
  await import("./hook-guard.js");
  // Before listening: an event may arrive as soon as the socket exists, and is served only once
  // the connection handler is in place (no await between the two).
  const { hookConfig } = await import("./hook-config.js");
  const {
    daemonIdleMs: idleMs,
    daemonCheckMs: checkMs,
    httpIdleMs,
    promptDeadlineMs,
    toolEventDeadlineMs,
  } = hookConfig(io, undefined).hooks;
  const stores = keepStoresOpen();
  // Never recreate a home deleted since this daemon was started (a test's, a user's reset).
  if (!existsSync(home)) return;
  const sessions = new OpenSessions();
  /** Re-arms the idle timer once it exists (an HTTP request is activity, as a connection is). */
  let onHttpRequest: (() => void) | null = null;
  // The HTTP listener (when HTTP hooks are installed) before the socket, so that nothing awaits
  // between listening at the socket and handling its connections.
  const http = await startDaemonHttp({
    socketPath: options.socketPath,
    env: options.env,
    deadlines: { promptDeadlineMs, toolEventDeadlineMs },
    fail,
    onEvent: (event) => {
      sessions.note(event.eventName, event.sessionId, options.now());
      onHttpRequest?.();
    },
  });
  if (http === "another") return;
  // Half-open: the client ends its side once the event is sent and still reads the answer.
  const server = createServer({ allowHalfOpen: true });
  const listening = await listen(server, options.socketPath).catch(async (error: unknown) => {
    await http?.close();
    throw error;
  });
  if (!listening) {
    await http?.close();
    return;
  }
  const socketId = fileId(options.socketPath);
  /** The socket at the path is still the one this daemon listens at (not removed, not replaced). */
  const ownsSocket = () => socketId !== null && fileId(options.socketPath) === socketId;
  // Beside the socket, for whoever wants to stop it: `kill $(cat …/hook-<hash>.pid)`.
  const pidFile = options.socketPath.replace(/\.sock$/, ".pid");
  // Tool events queued by hook-client.ts: drained when the folder changes, on every health check
  // (in case a change was missed) and before every socket event, so a prompt sees the tool calls
  // before it. One drain at a time, in the same queue as the socket events.
  const inbox = inboxDirectory(options.socketPath);
  let createdInbox = false;
  try {
    chmodSync(options.socketPath, 0o600);
    // Written whole, then renamed into place: a reader never sees an empty file (whose "pid", 0,
    // would make `kill` signal the reader's whole process group).
    const partial = `${pidFile}.${process.pid}.tmp`;
    writeFileSync(partial, `${process.pid}\n`, { mode: 0o600 });
    renameSync(partial, pidFile);
    // Not recursive: a home removed while this daemon started stays removed.
    if (!existsSync(inbox)) {
      mkdirSync(inbox, { mode: 0o700 });
      createdInbox = true;
    }
    // Removed meanwhile (its home being deleted): take back what it just wrote, and go.
    if (!ownsSocket()) throw new Error("socket removed while starting");
  } catch (error) {
    // The home went away between listening and here: nothing to serve, and nothing to recreate or
    // log there (a log line would put a file back into a folder being removed).
    await new Promise<void>((closed) => server.close(() => closed()));
    await http?.close();
    if (!ownsSocket()) {
      if (readPid(pidFile) === process.pid) rmSync(pidFile, { force: true });
      if (createdInbox) rmSync(inbox, { recursive: true, force: true });
      return;
    }
    if (existsSync(home)) throw error;
    return;
  }
  options.onListening?.();
  const codeId = codeStamp();
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
  let drainTimer: NodeJS.Timeout | undefined;
  /**
   * Drains the inbox once INBOX_SETTLE_MS have passed (the folder changed, or a tool event was
   * queued and answered): the hook that queued the event is still exiting, and the agent waits for
   * that, not for the event to be stored. An event served before then drains it first itself.
   */
  const drainSoon = () => {
    drainTimer ??= setTimeout(() => {
      drainTimer = undefined;
      drain();
    }, INBOX_SETTLE_MS);
  };
  /** Stores what a busy database left in the spools of the databases served so far. */
  const storeLeftovers = () => {
    pending++;
    queue = queue.then(async () => {
      await storeLeftoverSpools([...databases.keys()], io, toolEventDeadlineMs, fail);
      pending--;
    });
  };
  let watcher: FSWatcher | undefined;
  /** The FIFO pairs a PreToolUse is sent through (hook-daemon-fifos.ts), once offered. */
  let fifos: FifoPairs | undefined;
  /** Watches of the home and of each database's folder: what is deleted there is noticed at once. */
  const folderWatches = new Map<string, FSWatcher>();

  return new Promise((stopped) => {
    let stopping = false;
    const stop = (reason: string) => {
      if (stopping) return;
      stopping = true;
      clearTimeout(idle);
      clearInterval(check);
      clearTimeout(drainTimer);
      watcher?.close();
      fifos?.close();
      for (const folderWatch of folderWatches.values()) folderWatch.close();
      // What was queued before the socket went is still handled; later events find no socket. Not
      // when its home is being removed: handling an event there would write into it again.
      if (!removed) drain();
      // No new HTTP requests; those in hand are answered once their event is handled.
      const httpClosed = http?.close();
      queue = queue.then(() => new Promise<void>((closed) => server.close(() => closed())));
      queue = queue.then(() => httpClosed);
      queue = queue.then(() => stores.close());
      void queue.then(() => stopped());
      // An event that never settles must not keep a stopped daemon alive.
      setTimeout(() => stopped(), STOP_GRACE_MS).unref();
      // Remove the socket only while it is ours: a successor may already listen at the path.
      if (ownsSocket()) {
        try {
          unlinkSync(options.socketPath);
          rmSync(pidFile, { force: true });
        } catch (error) {
          fail(`removing the socket on exit (${reason}): ${(error as Error).message}`);
        }
      } else if (removed) {
        // Its home being removed as it started: take back what it wrote there after the removal
        // passed (its pid file, an empty inbox), so the removal finds the folder empty.
        takeBack(pidFile, inbox);
      }
    };
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        // With HTTP hooks, an open session's next event could not restart a daemon that left.
        const sessionOpen = http !== null && sessions.anyOpen(options.now(), httpIdleMs);
        if (pending === 0 && !sessionOpen) stop("idle");
        else armIdle();
      }, idleMs);
    };
    /** Its socket is still its own and every database it served is still there. */
    const inPlace = (): boolean => {
      if (!ownsSocket()) return false;
      for (const database of databases.keys()) if (!existsSync(database)) return false;
      return true;
    };
    const healthy = (): boolean => inPlace() && codeStamp() === codeId;
    /** Stops when its socket or a database went; true then. */
    const leaveIfRemoved = (): boolean => {
      if (inPlace()) return false;
      // Being removed: from now on nothing is written there, not even a log line.
      removed = true;
      stop("its home, socket or database was removed");
      return true;
    };
    /** Watches a folder: a change there (its removal included) that leaves the daemon out of place stops it. */
    const watchFolder = (folder: string) => {
      if (folderWatches.has(folder)) return;
      try {
        const folderWatch = watch(folder, leaveIfRemoved);
        // The folder itself went away (the watch ends): the same check says whether to stop.
        folderWatch.on("error", leaveIfRemoved);
        folderWatches.set(folder, folderWatch);
      } catch (error) {
        // Gone already, or no watch left: the health check polls instead.
        void error;
        leaveIfRemoved();
      }
    };
    watchFolder(home);
    armIdle();
    try {
      watcher = watch(inbox, () => {
        armIdle();
        drainSoon();
      });
      watcher.on("error", (error) => {
        // The inbox went with the home: stop, and write no log line into a folder being removed.
        if (!leaveIfRemoved()) fail(`watching the inbox: ${error.message}`);
      });
    } catch (error) {
      // Gone already: its home is being removed (the socket goes next and the home watch stops
      // the daemon), so no log line goes there; otherwise the health check polls the inbox.
      if (!leaveIfRemoved() && existsSync(inbox))
        fail(`watching the inbox (the health check polls it instead): ${(error as Error).message}`);
    }
    drain();
    check = setInterval(() => {
      if (!healthy()) stop("socket, database or code changed");
      else {
        drain();
        storeLeftovers();
        fifos?.sweep();
      }
    }, checkMs);

    /**
     * Handles one event in the queue, after the inbox, and sends its answer with `reply`; then
     * runs the work that was waiting for the answer (the background learner, what the guard
     * answered a PreToolUse), before the next event. The socket's events and the HTTP events all
     * take this path.
     */
    const serveEvent = (request: DaemonEvent, reply: (output: string) => Promise<void>) => {
      armIdle();
      drain();
      pending++;
      queue = queue.then(async () => {
        const stdout = collector();
        const deferred: Array<() => void | Promise<void>> = [];
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
          const database = rememberDatabase(databases, request);
          if (database) watchFolder(dirname(database));
          await reply(stdout.text());
        } catch (error) {
          // runHook never throws; this is a bug in the daemon itself: log it and keep serving.
          fail((error as Error)?.stack ?? String(error));
          await reply("");
        }
        for (const work of deferred) {
          try {
            await work();
          } catch (error) {
            fail(`after answering: ${(error as Error)?.stack ?? String(error)}`);
          }
        }
        pending--;
        armIdle();
      });
    };
    onHttpRequest = armIdle;
    http?.serveWith(
      (request) =>
        new Promise<string>((answered) => {
          serveEvent(request, async (output) => answered(output));
        }),
    );

    /** Whether to take an event now; when not (it stops), the client handles it itself. */
    const admits = (): boolean => {
      if (healthy()) return true;
      stop("socket, database or code changed");
      return false;
    };
    /**
     * Serves an event read whole from the socket or a FIFO pair, acknowledged already. A tool event
     * has nothing to answer: once it waits in the inbox it is answered at once, whatever the queue
     * holds, and handled in turn, so the agent's tool call never waits for the daemon's other work.
     */
    const serveRequest = (request: DaemonEvent, reply: (output: string) => Promise<void>) => {
      // Only the HTTP listener's idle rule asks which sessions are open.
      if (http) sessions.notePayload(request.payload, options.now());
      if (!queueToolEvent(inbox, request, options.now())) return serveEvent(request, reply);
      armIdle();
      // Drained once the answer is out: handling the event first would hold the answer up.
      void reply("").then(drainSoon);
    };
    server.on("connection", (socket: Socket) => {
      if (!admits()) return void socket.destroy();
      armIdle();
      readRequest(socket, (request) => {
        if (request === null) {
          // A connection that sent nothing: another daemon starting checked that this one lives.
          socket.destroy();
          return;
        }
        if (request === "stop") {
          // `tacit uninstall`: events already accepted are still handled, then it exits.
          socket.end(STOPPING);
          stop("asked to stop");
          return;
        }
        if (request instanceof Error) {
          fail(request.message);
          socket.destroy();
          return;
        }
        serveRequest(request, acknowledge(socket));
      });
    });
    server.on("error", (error) => fail(error.stack ?? error.message));
    if (options.fifoPairs !== false)
      fifos = offerFifoPairs({ socketPath: options.socketPath, admits, inPlace, serve: serveRequest, fail });
    // Removed before the watches were in place: no watch reports that, so look once now.
    leaveIfRemoved();
  });
}
