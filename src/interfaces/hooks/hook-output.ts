/**
 * How `tacit hook` prints its answer. The CLI passes descriptor 1, written synchronously: that
 * skips building `process.stdout`, which for a pipe (how agents read a hook) is a net.Socket, so
 * node:net and its streams on the in-process path, and another socket on the daemon's. Tests, the
 * daemon and `tacit … hook` through commander pass a stream.
 */
import type { Writable } from "node:stream";
import { fs } from "./node-builtins.js";

/** How long a full pipe is waited for, ms; the agent drains it, and its hook timeout bounds us. */
const FULL_PIPE_WAIT_MS = 5_000;

/** Where the answer goes: a stream, or a descriptor written synchronously. */
export type HookOutput = Writable | number;

/** Writes `text` whole; rejects when it cannot. */
export async function writeOutput(output: HookOutput, text: string): Promise<void> {
  if (typeof output !== "number") {
    return new Promise((resolve, reject) => {
      output.write(text, (error) => (error ? reject(error) : resolve()));
    });
  }
  let rest = Buffer.from(text);
  const deadline = Date.now() + FULL_PIPE_WAIT_MS;
  while (rest.length > 0) {
    try {
      rest = rest.subarray(fs.writeSync(output, rest));
    } catch (error) {
      // A non-blocking pipe the agent has not drained yet: wait a moment, then write the rest.
      if ((error as NodeJS.ErrnoException).code !== "EAGAIN" || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1);
    }
  }
}
