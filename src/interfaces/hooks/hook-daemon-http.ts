/**
 * The hook daemon's side of HTTP hooks (hook-daemon.ts runs it): when `tacit install` wrote an
 * endpoint for the daemon's database (hook-http-endpoint.ts), the daemon listens there too, and an
 * event posted to it goes through the very path of an event sent over the socket — the same queue,
 * the same `runHook` with the same argv shape — so its answer and its rows are the command hook's.
 *
 * - An HTTP event is handled as `tacit hook --agent <agent> --db <the endpoint's database>` would
 *   handle it in the event's `cwd`, with the daemon's environment (that of the session whose hook
 *   started it): the agent sends no argv and no environment over HTTP.
 * - PostToolUse and PostToolUseFailure are answered at once (they have nothing to answer; a command
 *   hook's client does not wait for them either) and handled in order behind the events before them.
 * - PreToolUse (the guard's answer: deny, ask or a reminder) and UserPromptSubmit are answered by
 *   their deadline (`hooks.toolEventDeadlineMs`, `hooks.promptDeadlineMs`) from when the body was
 *   read: past it the agent gets an empty answer — a PreToolUse's call runs, never blocked — and the
 *   hook log says so.
 * - While HTTP hooks are in use nothing restarts the daemon between two events (a command hook of a
 *   prompt would), so it counts the sessions it serves as open from their first event to their
 *   SessionEnd, and does not go idle while one is open (see `hooks.httpIdleMs`).
 */
import { parse } from "node:path";
import { answers, type DaemonEvent } from "./hook-daemon-protocol.js";
import type { HookDeadlines } from "./hook-deadline.js";
import { endpointPath, readEndpoint } from "./hook-http-endpoint.js";
import { type HttpHookEvent, listenForHooks } from "./hook-http-server.js";

/** Events that are answered as soon as they are queued. */
const ANSWERLESS = new Set(["PostToolUse", "PostToolUseFailure"]);
/** Events with a tool event's deadline. */
const TOOL_EVENTS = new Set(["PreToolUse", "PostToolUse", "PostToolUseFailure"]);

/** Hands one event to the daemon's queue; resolves with its answer once it was handled. */
export type ServeEvent = (event: DaemonEvent) => Promise<string>;

/** A daemon's HTTP listener. */
export interface DaemonHttp {
  /** From now on events are served by `serve` (requests that arrived before it wait for it). */
  serveWith(serve: ServeEvent): void;
  close(): Promise<void>;
}

/**
 * Listens on the endpoint of the daemon at `socketPath`, before its socket: null when there is no
 * endpoint (HTTP hooks not installed) or it cannot listen (logged); "another" when the port is
 * taken by a live daemon of the same database (this one then leaves, as it does for its socket).
 */
export async function startDaemonHttp(options: {
  socketPath: string;
  env: NodeJS.ProcessEnv;
  deadlines: HookDeadlines;
  fail: (message: string) => void;
  onEvent: (event: HttpHookEvent) => void;
}): Promise<DaemonHttp | "another" | null> {
  let endpoint: ReturnType<typeof readEndpoint>;
  try {
    endpoint = readEndpoint(endpointPath(options.socketPath));
  } catch (error) {
    options.fail(`HTTP hooks: ${(error as Error).message}`);
    return null;
  }
  if (endpoint === null) return null;
  const { database } = endpoint;
  let serve: ServeEvent | null = null;
  const waiting: Array<() => void> = [];
  const ready = (): Promise<ServeEvent> =>
    serve
      ? Promise.resolve(serve)
      : new Promise((resolve) => waiting.push(() => resolve(serve as ServeEvent)));
  const problems: string[] = [];
  const listener = await listenForHooks({
    endpoint,
    fail: (message) => problems.push(message),
    handle: async (event) => {
      options.onEvent(event);
      const deadlineMs = TOOL_EVENTS.has(event.eventName)
        ? options.deadlines.toolEventDeadlineMs
        : options.deadlines.promptDeadlineMs;
      const daemonEvent: DaemonEvent = {
        argv: ["--agent", event.agent, "--db", database],
        // An event names its folder; the daemon's own is the file system's root.
        cwd: event.cwd ?? parse(options.socketPath).root,
        env: options.env,
        payload: event.payload,
        deadlineMs,
        receivedAt: event.receivedAt,
      };
      const handled = (await ready())(daemonEvent);
      if (!ANSWERLESS.has(event.eventName)) {
        return answerBy(handled, event, event.receivedAt + deadlineMs, options.fail);
      }
      // Queued behind what came before it; the agent does not wait for it to be stored.
      void handled;
      return "";
    },
  });
  if (listener === null) {
    // The port is held by the daemon already serving this database: leave quietly, as for the socket.
    if (await answers(options.socketPath)) return "another";
    for (const problem of problems) options.fail(problem);
    return null;
  }
  // Failures once listening (never expected: requests are answered, not thrown) go to the log at once.
  for (const problem of problems.splice(0)) options.fail(problem);
  return {
    serveWith(handler) {
      serve = handler;
      for (const wake of waiting.splice(0)) wake();
    },
    close: () => listener.close(),
  };
}

/**
 * The event's answer, or "" once its deadline (a `performance.now()` time) passed first: the agent
 * then goes on without it — a PreToolUse's call runs unchecked, never held up — and the hook log
 * says so. The event is still handled (and stored) in the queue.
 */
export function answerBy(
  handled: Promise<string>,
  event: Pick<HttpHookEvent, "eventName" | "receivedAt">,
  deadlineAt: number,
  fail: (message: string) => void,
): Promise<string> {
  return new Promise((settle) => {
    let settled = false;
    const timer = setTimeout(
      () => {
        if (settled) return;
        settled = true;
        const deadline = Math.round(deadlineAt - event.receivedAt);
        const outcome =
          event.eventName === "PreToolUse"
            ? "the tool call was allowed unchecked"
            : "it was answered with nothing";
        fail(
          `HTTP ${event.eventName}: no answer within its ${deadline} ms deadline, so ${outcome}; the event is still handled`,
        );
        settle("");
      },
      Math.max(0, deadlineAt - performance.now()),
    );
    void handled.then(
      (answer) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        settle(answer);
      },
      (error: Error) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        fail(`HTTP ${event.eventName}: ${error.stack ?? error.message}`);
        settle("");
      },
    );
  });
}

/**
 * The sessions a daemon serves that are still open: from an event of theirs to their SessionEnd.
 * A session whose last event is older than the idle limit counts as gone (its agent was killed).
 */
export class OpenSessions {
  private readonly lastEvent = new Map<string, number>();

  /** Notes an event of a session (SessionEnd closes it). */
  note(eventName: string, sessionId: string, at: number): void {
    if (eventName === "SessionEnd") this.lastEvent.delete(sessionId);
    else this.lastEvent.set(sessionId, at);
  }

  /** Notes an event sent over the socket (its payload holds the name and the session). */
  notePayload(payload: Buffer, at: number): void {
    let value: unknown;
    try {
      value = JSON.parse(payload.toString("utf8"));
    } catch (error) {
      // Not an event (the handler logs why): no session to note.
      void error;
      return;
    }
    const { hook_event_name: name, session_id: session } = (value ?? {}) as Record<string, unknown>;
    if (typeof name === "string" && typeof session === "string") this.note(name, session, at);
  }

  /** Whether a session had an event within `idleMs` of `now`; forgets the older ones. */
  anyOpen(now: number, idleMs: number): boolean {
    for (const [session, at] of this.lastEvent) if (now - at > idleMs) this.lastEvent.delete(session);
    return this.lastEvent.size > 0;
  }
}
