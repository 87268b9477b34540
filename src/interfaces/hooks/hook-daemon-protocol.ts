/**
 * The hook daemon's wire protocol over its Unix socket (hook-daemon.ts serves it; hook-client.ts
 * sends events; hook-daemon-control.ts asks a daemon to stop). A FIFO pair (hook-daemon-fifos.ts)
 * carries the same event bytes, framed by their length instead of ended by a half-close:
 * - an event: one JSON header line `{argv, cwd, env, deadlineMs}` (deadlineMs: what was left of the
 *   event's deadline when the client sent it), then the payload; the client half-closes; the daemon
 *   answers ACCEPTED once it holds it whole, then ANSWERED and the hook's output;
 * - a stop request: the header line `{"stop": true}` and nothing else; the daemon answers STOPPING
 *   and stops (events it already accepted are still handled);
 * - a connection that sends nothing: a liveness probe (how a starting daemon tells a live socket,
 *   which it leaves alone, from a stale one, which it replaces: `listen`).
 */
import { unlinkSync } from "node:fs";
import { connect, type Server, type Socket } from "node:net";
import * as z from "zod/mini";
import { describeJsonError } from "../../core/json-error.js";
import { ACCEPTED, ANSWERED } from "./hook-daemon-wire.js";

/** A request beyond this (header + payload) is refused; hook-main.ts refuses 32 MiB payloads. */
export const MAX_REQUEST_BYTES = 33 * 1024 * 1024;

const requestHeader = z.object({
  argv: z.array(z.string()),
  cwd: z.string(),
  env: z.record(z.string(), z.string()),
  deadlineMs: z.optional(z.number()),
});

const stopHeader = z.object({ stop: z.literal(true) });

/** The header line of a stop request. */
export const STOP_REQUEST = `${JSON.stringify({ stop: true })}\n`;
/** What a daemon answers a stop request with. */
export const STOPPING = "S";

/** One event as the daemon received it. */
export interface DaemonEvent {
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  payload: Buffer;
  /** ms left of the event's deadline when the client sent it (hook-deadline.ts). */
  deadlineMs?: number;
  /** When the whole request was read, a `performance.now()` time. */
  receivedAt: number;
}

/** A request read whole: an event, a stop request, an Error when malformed, null for a probe. */
export type DaemonRequest = DaemonEvent | "stop" | Error | null;

/**
 * Reads a whole request (the client half-closes after sending it): an event, "stop", an Error if
 * it is malformed, null if nothing was sent (a liveness probe).
 */
export function readRequest(socket: Socket, settle: (request: DaemonRequest) => void): void {
  let settled = false;
  const done = (request: DaemonRequest) => {
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
    done(size === 0 ? null : parseRequest(Buffer.concat(chunks)));
  });
}

/** A whole request's bytes read: an event, "stop", or an Error naming what is wrong. */
export function parseRequest(bytes: Buffer): DaemonEvent | "stop" | Error {
  const newline = bytes.indexOf(10);
  if (newline < 0) return new Error("request without a header line");
  let header: unknown;
  const headerText = bytes.subarray(0, newline).toString("utf8");
  try {
    header = JSON.parse(headerText);
  } catch (error) {
    // The header holds the client's environment: say where it broke, never what it holds.
    void error;
    return new Error(`request header is not JSON: ${describeJsonError(headerText)}`);
  }
  if (z.safeParse(stopHeader, header).success) return "stop";
  const parsed = z.safeParse(requestHeader, header);
  if (!parsed.success) return new Error("request header is not {argv, cwd, env}");
  return { ...parsed.data, payload: bytes.subarray(newline + 1), receivedAt: performance.now() };
}

/**
 * Acknowledges an event read whole; returns how to answer it (see `answer`). The acknowledgement
 * goes out with the answer when that is ready within this turn of the event loop (a PreToolUse in
 * an idle queue: one write, one wake-up of the client), else on its own as soon as the turn ends.
 */
export function acknowledge(socket: Socket): (output: string) => Promise<void> {
  socket.cork();
  socket.write(ACCEPTED);
  setImmediate(() => socket.uncork());
  return (output) => answer(socket, `${ANSWERED}${output}`);
}

/**
 * Sends the answer and ends the connection; settles once the client can have it all (the end is
 * sent: the client reads until it) or the connection is gone, so work after it is off its path.
 */
export function answer(socket: Socket, text: string): Promise<void> {
  // A client that gave up (its reply timeout) has closed already: nothing will be sent or emitted.
  if (socket.destroyed || socket.writableFinished) return Promise.resolve();
  return new Promise((sent) => {
    socket.once("finish", sent);
    socket.once("close", sent);
    socket.end(text);
  });
}

/** Listens at `path`, replacing a stale socket; false when a live daemon already listens there. */
export async function listen(server: Server, path: string): Promise<boolean> {
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
export function answers(path: string): Promise<boolean> {
  return new Promise((settle) => {
    const socket = connect(path);
    socket.on("connect", () => {
      socket.destroy();
      settle(true);
    });
    socket.on("error", () => settle(false));
  });
}
