/**
 * Asking the hook daemon through one of its FIFO pairs rather than its socket: how the hooks of a
 * tool call (a PreToolUse holds the call up) and of a prompt cost little more than starting node
 * and what the daemon does for them.
 *
 * A new node process that connects to a Unix socket loads node:net and its streams and runs the
 * event loop for the connection and the answer: more than the rest of the event together. Named
 * pipes are files to node: opened, written and read synchronously with node:fs, nothing else loaded.
 * The daemon (hook-daemon-fifos.ts) keeps a few pairs ready in `hook-<hash>.fifos/`, each a folder
 * `free-<id>` holding two FIFOs it keeps open, `request` and `answer`:
 *
 * 1. the client takes a pair by renaming its folder to `taken-<id>` (atomic: one client gets it);
 * 2. it opens `answer` to read, then `request` to write (with no daemon left to read it, the open
 *    fails), and writes the request framed by its length: the socket's bytes (header line, payload);
 * 3. it reads `answer` until the daemon closes it: ACCEPTED once the daemon holds the request, then
 *    ANSWERED and the output. The daemon then removes the pair, and makes new ones.
 *
 * Nothing of the event touches the disk on its way (a FIFO's bytes stay in the kernel), so unlike
 * the inbox nothing is redacted first. An answer larger than a FIFO holds is read as it is written.
 * No pair to take, or none with a daemon behind it: null, and the client uses the socket (or, for
 * a tool event, the inbox). An event the daemon took but did not answer is handled as on the
 * socket (hook-client.ts). The client never sleeps longer than POLL_MS between two looks at
 * `answer`.
 */
import { ACCEPT_SHARE, ACCEPTED, ANSWERED, type DaemonReply } from "./hook-daemon-wire.js";
import { fs, path } from "./node-builtins.js";

const { closeSync, constants, openSync, readdirSync, readSync, renameSync, writeSync } = fs;

/** A pair ready to be taken: `free-<id>`. */
export const FREE_PAIR = "free-";
/** A pair a client took: `taken-<id>`. */
export const TAKEN_PAIR = "taken-";
/** The FIFO of a pair the client writes its request to. */
export const REQUEST_FIFO = "request";
/** The FIFO of a pair the daemon writes its answer to. */
export const ANSWER_FIFO = "answer";
/** How long the client sleeps between two reads that found nothing, ms. */
const POLL_MS = 0.1;

const pause = new Int32Array(new SharedArrayBuffer(4));

/** The folder of the FIFO pairs of the daemon listening at `socketPath`. */
export function fifoDirectory(socketPath: string): string {
  return `${socketPath.replace(/\.sock$/, "")}.fifos`;
}

/** A request as a FIFO carries it: its length in bytes, a newline, its bytes. */
export function fifoFrame(request: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`${request.length}\n`), request]);
}

/**
 * Sends `request` (header line and payload) through a free pair of the daemon's, and returns what
 * became of it by `deadlineAt` (a `now()` time); null when no pair could be taken or none has a
 * daemon behind it (the caller uses the socket). It is "unavailable" when the daemon does not take
 * it within ACCEPT_SHARE of the time left, nor within `acceptWithinMs` of its last sign of life:
 * reading more of a request larger than the FIFO holds (after which it has the whole share to
 * acknowledge it: a large request takes a while to handle), or acknowledging a request written
 * whole at once. Synchronous; never throws.
 */
export function askThroughFifo(
  directory: string,
  request: Buffer,
  deadlineAt: number,
  now: () => number,
  acceptWithinMs = Number.POSITIVE_INFINITY,
): DaemonReply | null {
  const pair = takePair(directory);
  if (pair === null) return null;
  let answer: number | null = null;
  let ask: number | null = null;
  try {
    answer = openSync(path.join(pair, ANSWER_FIFO), constants.O_RDONLY | constants.O_NONBLOCK);
    // ENXIO: nobody reads the request FIFO, its daemon is gone.
    ask = openSync(path.join(pair, REQUEST_FIFO), constants.O_WRONLY | constants.O_NONBLOCK);
  } catch (error) {
    // The pair's daemon is gone (the next one removes its pairs): the socket says what to do.
    void error;
    closeQuietly(ask);
    closeQuietly(answer);
    return null;
  }
  try {
    const acceptBy = now() + Math.max(0, deadlineAt - now()) * ACCEPT_SHARE;
    const written = writeWhole(ask, fifoFrame(request), acceptBy, acceptWithinMs, now);
    if (written === "stalled") return { kind: "unavailable" };
    closeSync(ask);
    ask = null;
    const acknowledgeBy = written === "read" ? acceptBy : Math.min(acceptBy, now() + acceptWithinMs);
    return readAnswer(answer, acknowledgeBy, deadlineAt, now);
  } catch (error) {
    // EPIPE: the daemon died while the request was written; handled in the client's process.
    void error;
    return { kind: "unavailable" };
  } finally {
    closeQuietly(ask);
    closeQuietly(answer);
  }
}

/** Takes a free pair (its folder, renamed); null when there is none. */
function takePair(directory: string): string | null {
  let names: string[];
  try {
    names = readdirSync(directory);
  } catch (error) {
    // No folder: a daemon that offers no pairs (an older tacit, no mkfifo), or none at all.
    void error;
    return null;
  }
  for (const name of names) {
    if (!name.startsWith(FREE_PAIR)) continue;
    const taken = path.join(directory, `${TAKEN_PAIR}${name.slice(FREE_PAIR.length)}`);
    try {
      renameSync(path.join(directory, name), taken);
      return taken;
    } catch (error) {
      // Another client took it first (or the daemon removed it): the next one.
      void error;
    }
  }
  return null;
}

/**
 * Writes all of `bytes`, waiting while the FIFO is full: "stalled" when it is not done by `by`, or
 * nothing more could be written for `stallMs`; else "read" when the daemon had to read some of it
 * first (it was larger than the FIFO holds), "written" when it went in at once.
 */
function writeWhole(
  fd: number,
  bytes: Buffer,
  by: number,
  stallMs: number,
  now: () => number,
): "stalled" | "read" | "written" {
  let rest = bytes;
  let waited = false;
  let stalledBy = Math.min(by, now() + stallMs);
  while (rest.length > 0) {
    try {
      rest = rest.subarray(writeSync(fd, rest));
      stalledBy = Math.min(by, now() + stallMs);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      if (now() > stalledBy) return "stalled";
      waited = true;
      Atomics.wait(pause, 0, 0, POLL_MS);
    }
  }
  return waited ? "read" : "written";
}

/** Reads the daemon's answer until it closes the FIFO: acknowledged by `acceptBy`, answered by `deadlineAt`. */
function readAnswer(fd: number, acceptBy: number, deadlineAt: number, now: () => number): DaemonReply {
  const chunks: Buffer[] = [];
  const buffer = Buffer.allocUnsafe(65_536);
  let accepted = false;
  for (;;) {
    let count: number;
    try {
      count = readSync(fd, buffer, 0, buffer.length, null);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN") throw error;
      if (now() > (accepted ? deadlineAt : acceptBy))
        return accepted ? { kind: "timed-out" } : { kind: "unavailable" };
      Atomics.wait(pause, 0, 0, POLL_MS);
      continue;
    }
    // Closed by the daemon: all it wrote is read (or it died).
    if (count === 0) break;
    if (!accepted) {
      accepted = buffer[0] === ACCEPTED.charCodeAt(0);
      if (!accepted) return { kind: "unavailable" };
    }
    chunks.push(Buffer.from(buffer.subarray(0, count)));
  }
  // Closed after the deadline: the daemon may have retired the pair mid-answer (it does not wait
  // for a client past its deadline), so what was read may not be all of it.
  if (accepted && now() > deadlineAt) return { kind: "timed-out" };
  const text = Buffer.concat(chunks).toString("utf8");
  return text.startsWith(`${ACCEPTED}${ANSWERED}`)
    ? { kind: "answered", output: text.slice(2) }
    : { kind: "unavailable" };
}

function closeQuietly(fd: number | null): void {
  if (fd === null) return;
  try {
    closeSync(fd);
  } catch (error) {
    // Closed already: nothing left to release.
    void error;
  }
}
