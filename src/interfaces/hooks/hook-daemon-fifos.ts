/**
 * The hook daemon's FIFO pairs: the way the hooks of tool calls and prompts reach it without a
 * socket (the client's side, and why, is hook-fifo-client.ts). The daemon keeps PAIRS pairs ready
 * in its `.fifos` folder; each serves one request, then is removed, and new ones are made once
 * fewer than half are left (one `mkfifo` for several: node cannot make a FIFO itself).
 *
 * - A pair is offered (renamed `free-<id>`) only once the daemon read, through the very handle that
 *   will read requests, an empty frame it wrote into the request FIFO itself: where that does not
 *   work, no pair is offered and clients use the socket.
 * - A request read whole is acknowledged and served as a socket's is (`serve`); the answer closes
 *   the pair, which is how the client knows it has all of it. A pair not answered whole by its
 *   client's deadline is closed then (the client has stopped reading).
 * - A pair taken whose request is not whole within ABANDONED_MS (its client died) is removed by
 *   `sweep`, run at the daemon's health check.
 * - Without `mkfifo` (or where making pairs fails) the failure is logged once and the daemon serves
 *   its socket alone.
 */
import { type ChildProcess, execFile } from "node:child_process";
import {
  existsSync,
  constants as fsConstants,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmdirSync,
  rmSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { Socket } from "node:net";
import { join } from "node:path";
import { acknowledge, type DaemonEvent, MAX_REQUEST_BYTES, parseRequest } from "./hook-daemon-protocol.js";
import {
  ANSWER_FIFO,
  FREE_PAIR,
  fifoDirectory,
  fifoFrame,
  REQUEST_FIFO,
  TAKEN_PAIR,
} from "./hook-fifo-client.js";

/** How many daemons offered pairs in this process so far (their pairs' names differ). */
let offered = 0;
/** Pairs kept ready: clients of one daemon rarely ask at once. */
const PAIRS = 4;
/** How long after a pair is retired its folder is removed and new pairs are made, ms. */
const SETTLE_MS = 20;
/** A taken pair whose request is not whole after this long was left by its client, ms. */
const ABANDONED_MS = 30_000;

/** What the daemon does with its pairs. */
export interface FifoPairs {
  /** Removes the pairs taken and left by their clients (the daemon's health check). */
  sweep(): void;
  /** Closes every pair but those being answered, and removes the folder when nothing is left in it. */
  close(): void;
}

/** Where the pairs go and what serves their requests. */
export interface FifoPairOptions {
  /** The daemon's socket: the pairs go in the folder beside it (`fifoDirectory`). */
  socketPath: string;
  /** Whether to serve a request now (false: the daemon stops; the client handles the event itself). */
  admits: () => boolean;
  /** Whether the daemon's socket (and so its home) is still there: nothing is made in a home being removed. */
  inPlace: () => boolean;
  /** Serves one request read whole, answering with `reply` (after which the pair closes). */
  serve: (request: DaemonEvent, reply: (output: string) => Promise<void>) => void;
  fail: (message: string) => void;
  /** How long a taken pair's request may take to arrive whole, ms (default ABANDONED_MS). */
  abandonedMs?: number;
}

interface Pair {
  id: number;
  /**
   * Its folder now: `new-<daemon>-<n>`, then `free-<daemon>-<n>` once offered (`taken-…` once a
   * client took it). `<daemon>` tells this daemon's pairs from those of the one after it, which a
   * pair of this one answered after it stopped must not remove.
   */
  folder: string;
  reader: Socket;
  writer: Socket;
  offered: boolean;
  /** Its request was read whole (it is being answered). */
  served: boolean;
  /** When a sweep first found it taken with its request not whole. */
  takenSince: number | null;
  done: boolean;
}

/** The longest length line a frame starts with: its digits and the newline. */
const MAX_LENGTH_LINE = String(MAX_REQUEST_BYTES).length + 1;

/**
 * Reads `fifoFrame`s from a stream's chunks: hands each whole frame's bytes to `frame`, or null
 * once what comes is not a frame (no length line, or a length out of bounds). A large request is
 * gathered chunk by chunk and joined once, whole.
 */
export function frameReader(frame: (body: Buffer | null) => void): (chunk: Buffer) => void {
  let chunks: Buffer[] = [];
  let size = 0;
  /** The length of the frame being read, once its length line is in. */
  let expected: number | null = null;
  const keep = (rest: Buffer) => {
    chunks = rest.length > 0 ? [rest] : [];
    size = rest.length;
  };
  return (chunk) => {
    chunks.push(chunk);
    size += chunk.length;
    if (expected === null) {
      const head = Buffer.concat(chunks, size);
      const newline = head.subarray(0, MAX_LENGTH_LINE).indexOf(10);
      if (newline < 0) return size < MAX_LENGTH_LINE ? keep(head) : frame(null);
      const length = Number(head.subarray(0, newline).toString("latin1"));
      if (!Number.isSafeInteger(length) || length < 0 || length > MAX_REQUEST_BYTES) return frame(null);
      expected = length;
      keep(head.subarray(newline + 1));
    }
    if (size < expected) return;
    const whole = Buffer.concat(chunks, size);
    const body = whole.subarray(0, expected);
    expected = null;
    keep(whole.subarray(body.length));
    frame(body);
  };
}

/** Starts offering pairs (a stale folder of a dead daemon is replaced). */
export function offerFifoPairs(options: FifoPairOptions): FifoPairs {
  const directory = fifoDirectory(options.socketPath);
  const pairs = new Map<number, Pair>();
  let next = 0;
  /** What the names of this daemon's pairs start with after their prefix (see `Pair.folder`). */
  const own = `${process.pid}.${offered++}-`;
  const name = (prefix: string, id: number) => join(directory, `${prefix}${own}${id}`);
  /** The `mkfifo` making pairs now. */
  let making: ChildProcess | null = null;
  let closed = false;
  let failed = false;
  /**
   * Reports a failure, unless the daemon's home is being removed (its socket or this folder gone):
   * a log line would put a file back into a folder being removed, and there is nothing to report.
   */
  const report = (message: string) => {
    if (options.inPlace() && existsSync(directory)) options.fail(message);
  };
  /** Stops making pairs, once: the daemon serves its socket alone from then on. */
  const failOnce = (message: string) => {
    if (failed || closed) return;
    failed = true;
    report(`FIFO pairs (events go through the socket instead): ${message}`);
  };
  const remove = (path: string) => {
    try {
      rmSync(path, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      // Only while its home is being removed (whatever removes it removes this too) or unwritable.
      report(`removing ${path}: ${(error as Error).message}`);
    }
  };
  /** Removes a pair's folder, wherever it is: its two FIFOs, then the folder (no recursive walk). */
  const removePair = (pair: Pair) => {
    for (const prefix of [TAKEN_PAIR, FREE_PAIR, "new-"]) {
      const folder = name(prefix, pair.id);
      try {
        unlinkSync(join(folder, REQUEST_FIFO));
        unlinkSync(join(folder, ANSWER_FIFO));
        rmdirSync(folder);
        return;
      } catch (error) {
        // Not under this name: the next one. Anything else: the thorough way.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") return remove(folder);
      }
    }
  };
  const retire = (pair: Pair) => {
    pair.done = true;
    pairs.delete(pair.id);
    // Closing the answer FIFO is what tells its client the answer is whole.
    pair.reader.destroy();
    pair.writer.destroy();
    // The rest a moment later: the client that used it is exiting now, and the agent waits for that.
    setTimeout(() => {
      removePair(pair);
      refill();
    }, SETTLE_MS).unref();
  };
  const open = (id: number): void => {
    const folder = name("new-", id);
    // Read and written by the daemon both: never an end of file, never a write without a reader.
    const flags = fsConstants.O_RDWR | fsConstants.O_NONBLOCK;
    const requestFd = openSync(join(folder, REQUEST_FIFO), flags);
    const reader = new Socket({ fd: requestFd, readable: true, writable: false });
    const writer = new Socket({
      fd: openSync(join(folder, ANSWER_FIFO), flags),
      readable: false,
      writable: true,
    });
    const pair: Pair = {
      id,
      folder,
      reader,
      writer,
      offered: false,
      served: false,
      takenSince: null,
      done: false,
    };
    pairs.set(id, pair);
    reader.on("error", (error) => {
      if (!pair.done) report(`reading FIFO pair ${id}: ${error.message}`);
      retire(pair);
    });
    // A client that gave up before the answer was written: the pair is retired all the same.
    writer.on("error", (error) => void error);
    reader.on(
      "data",
      frameReader((body) => {
        if (body === null) {
          report(`FIFO pair ${id}: a request that is not framed by its length`);
          return retire(pair);
        }
        if (body.length === 0 && !pair.offered) return offer(pair);
        reader.pause();
        receive(pair, body);
      }),
    );
    // The check frame: once it is read back, the pair works and is offered.
    writeSync(requestFd, fifoFrame(Buffer.alloc(0)));
  };
  const offer = (pair: Pair) => {
    const folder = name(FREE_PAIR, pair.id);
    try {
      renameSync(pair.folder, folder);
      pair.folder = folder;
      pair.offered = true;
    } catch (error) {
      failOnce(`offering pair ${pair.id}: ${(error as Error).message}`);
      retire(pair);
    }
  };
  const receive = (pair: Pair, body: Buffer) => {
    pair.served = true;
    // Not acknowledged: the client handles the event itself.
    if (!options.admits()) return retire(pair);
    const request = parseRequest(body);
    if (request === "stop" || request instanceof Error) {
      report(request === "stop" ? "a stop request through a FIFO pair" : request.message);
      return retire(pair);
    }
    const reply = acknowledge(pair.writer);
    // The client reads the answer until its deadline, no longer. Once it has gone, an answer the
    // FIFO cannot hold whole is never written (the daemon holds the FIFO open to read too, so no
    // EPIPE says so), and the event would hold up the daemon's queue for good: the pair is retired
    // at that deadline, answered or not.
    const readBy = request.receivedAt + (request.deadlineMs ?? options.abandonedMs ?? ABANDONED_MS);
    options.serve(request, async (output) => {
      let expiry: NodeJS.Timeout | undefined;
      const clientGone = new Promise<void>((gone) => {
        expiry = setTimeout(gone, Math.max(0, readBy - performance.now()));
      });
      await Promise.race([reply(output), clientGone]);
      clearTimeout(expiry);
      retire(pair);
    });
  };
  const refill = () => {
    const free = [...pairs.values()].filter((pair) => !pair.served && pair.takenSince === null).length;
    if (closed || failed || making || free >= PAIRS / 2 || !options.inPlace()) return;
    const ids = Array.from({ length: PAIRS - free }, () => next++);
    const fifos: string[] = [];
    try {
      for (const id of ids) {
        const folder = name("new-", id);
        mkdirSync(folder, { mode: 0o700 });
        fifos.push(join(folder, REQUEST_FIFO), join(folder, ANSWER_FIFO));
      }
    } catch (error) {
      return failOnce((error as Error).message);
    }
    /** Stops making pairs; a folder it made that went meanwhile is its home being removed: no failure to log. */
    const failMaking = (message: string) => {
      if (ids.some((id) => !existsSync(name("new-", id)))) failed = true;
      else failOnce(message);
    };
    making = execFile("mkfifo", ["-m", "600", ...fifos], (error) => {
      making = null;
      if (closed || !options.inPlace()) return;
      if (error) return failMaking(`mkfifo: ${error.message}`);
      try {
        for (const id of ids) open(id);
      } catch (failure) {
        return failMaking((failure as Error).message);
      }
      // Pairs served while these were made.
      refill();
    });
  };
  try {
    remove(directory);
    // Not recursive: a home removed while the daemon started stays removed.
    if (options.inPlace()) mkdirSync(directory, { mode: 0o700 });
    refill();
  } catch (error) {
    failOnce((error as Error).message);
  }
  return {
    sweep() {
      const now = Date.now();
      for (const pair of pairs.values()) {
        if (!pair.offered || pair.served || existsSync(pair.folder)) continue;
        pair.takenSince ??= now;
        if (now - pair.takenSince > (options.abandonedMs ?? ABANDONED_MS)) retire(pair);
      }
    },
    close() {
      closed = true;
      making?.kill();
      // A request read whole is answered first, as the socket's are (the daemon's queue runs them
      // before it exits); its pair goes once answered.
      for (const pair of [...pairs.values()]) if (!pair.served) retire(pair);
      // Its own folders (those being made, and those being answered: their FIFOs stay open), never
      // the next daemon's; then the folder, once empty.
      let entries: string[] = [];
      try {
        entries = readdirSync(directory);
      } catch (error) {
        // Gone already (with its home): nothing of this daemon's is left in it.
        void error;
      }
      for (const entry of entries)
        if (entry.slice(entry.indexOf("-") + 1).startsWith(own)) remove(join(directory, entry));
      try {
        rmdirSync(directory);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code !== "ENOTEMPTY" && code !== "EEXIST" && code !== "ENOENT")
          report(`removing ${directory}: ${(error as Error).message}`);
      }
    },
  };
}
