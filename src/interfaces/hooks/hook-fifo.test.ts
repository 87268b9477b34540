/**
 * A PreToolUse's way to the hook daemon through a FIFO pair: the daemon's side
 * (hook-daemon-fifos.ts) in this process, the client's (hook-fifo-client.ts) in a process of its
 * own, since it waits synchronously as the hook does; real FIFOs in a temporary home.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it, onTestFinished } from "vitest";
import { waitUntil } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { type FifoPairOptions, frameReader, offerFifoPairs } from "./hook-daemon-fifos.js";
import type { DaemonEvent } from "./hook-daemon-protocol.js";
import type { DaemonReply } from "./hook-daemon-wire.js";
import { fifoDirectory, fifoFrame } from "./hook-fifo-client.js";

const tempDir = useTempDir("tacit-hook-fifo-");
const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const CLIENT = pathToFileURL(fileURLToPath(new URL("./hook-fifo-client.ts", import.meta.url))).href;

/** The request bytes the hook client sends: its header line, then the payload. */
const request = (payload: string) =>
  `${JSON.stringify({ argv: [], cwd: "/work", env: { HOME: "/h" } })}\n${payload}`;

/** askThroughFifo in its own process (the request on its stdin), by `deadlineMs` from its start. */
async function ask(directory: string, bytes: string, deadlineMs = 10_000): Promise<DaemonReply | null> {
  const script = `import { readFileSync } from "node:fs";
import { askThroughFifo } from ${JSON.stringify(CLIENT)};
const now = () => performance.now();
const [directory, deadline] = process.argv.slice(1);
const bytes = readFileSync(0);
process.stdout.write(JSON.stringify(askThroughFifo(directory, bytes, now() + Number(deadline), now)));`;
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>((resolve, reject) => {
    const args = ["--import", "tsx", "--input-type=module", "-e", script, directory, String(deadlineMs)];
    const child = execFile(process.execPath, args, { cwd: ROOT }, (error, out, err) =>
      error ? reject(error) : resolve({ stdout: out, stderr: err }),
    );
    child.stdin?.end(bytes);
  });
  expect(stderr, "the client's stderr").toBe("");
  return JSON.parse(stdout) as DaemonReply | null;
}

/** A daemon's pairs, answering each request with the length of its payload (none for "silence"). */
function pairs(options: Partial<FifoPairOptions> = {}) {
  const home = tempDir();
  const socketPath = join(home, "hook-0123abcd.sock");
  const served: DaemonEvent[] = [];
  const failures: string[] = [];
  const fifos = offerFifoPairs({
    socketPath,
    admits: () => true,
    inPlace: () => true,
    serve: (event, reply) => {
      served.push(event);
      if (event.payload.toString() !== "silence") void reply(`${event.payload.length} bytes`);
    },
    fail: (message) => failures.push(message),
    ...options,
  });
  onTestFinished(() => fifos.close());
  const directory = fifoDirectory(socketPath);
  const names = (prefix: string) =>
    (existsSync(directory) ? readdirSync(directory) : []).filter((name) => name.startsWith(prefix));
  return {
    directory,
    fifos,
    served,
    failures,
    free: () => names("free-").sort(),
    taken: () => names("taken-"),
  };
}

describe("a request through the daemon's FIFO pairs", () => {
  it("is answered through a free pair, which is then removed; new pairs are made as they run low", async () => {
    const daemon = pairs();
    await waitUntil(() => daemon.free().length === 4, "four pairs");
    const before = daemon.free();
    const payload = '{"hook_event_name":"PreToolUse"}';
    expect(await ask(daemon.directory, request(payload))).toEqual({
      kind: "answered",
      output: `${payload.length} bytes`,
    });
    expect(daemon.served).toHaveLength(1);
    expect(daemon.served[0]).toMatchObject({ argv: [], cwd: "/work", env: { HOME: "/h" } });
    await waitUntil(() => daemon.taken().length === 0, "the used pair removed");
    expect(before.filter((name) => !daemon.free().includes(name))).toHaveLength(1);
    // Two more leave one: four again, new ones.
    for (const payload of ["a", "b"])
      expect(await ask(daemon.directory, request(payload))).toMatchObject({ kind: "answered" });
    await waitUntil(() => daemon.free().length === 4, "new pairs");
    expect(daemon.free().filter((name) => before.includes(name))).toHaveLength(1);
    expect(daemon.failures).toEqual([]);
  });

  it("carries a request larger than a FIFO holds", async () => {
    const daemon = pairs();
    await waitUntil(() => daemon.free().length > 0, "a pair");
    const payload = "x".repeat(300_000);
    expect(await ask(daemon.directory, request(payload))).toEqual({
      kind: "answered",
      output: "300000 bytes",
    });
  });

  it("carries an answer larger than a FIFO holds (a prompt's recalled context can be long)", async () => {
    const context = "z".repeat(300_000);
    const daemon = pairs({ serve: (_event, reply) => void reply(context) });
    await waitUntil(() => daemon.free().length > 0, "a pair");
    expect(await ask(daemon.directory, request('{"hook_event_name":"UserPromptSubmit"}'))).toEqual({
      kind: "answered",
      output: context,
    });
    await waitUntil(() => daemon.taken().length === 0, "the used pair removed");
  });

  it("is left to the socket (null) when there is no pair to take, or no daemon behind it", async () => {
    const daemon = pairs();
    expect(await ask(join(tempDir(), "hook-none.fifos"), request("{}"))).toBeNull();
    await waitUntil(() => daemon.free().length === 4, "four pairs");
    for (const name of daemon.free())
      renameSync(join(daemon.directory, name), join(daemon.directory, name.replace("free-", "taken-")));
    expect(await ask(daemon.directory, request("{}"))).toBeNull();
    // The pairs of a daemon that is gone: nobody reads their request FIFO.
    const stale = join(tempDir(), "hook-stale.fifos");
    mkdirSync(join(stale, "free-7"), { recursive: true });
    execFileSync("mkfifo", [join(stale, "free-7", "request"), join(stale, "free-7", "answer")]);
    expect(await ask(stale, request("{}"))).toBeNull();
    expect(daemon.served).toEqual([]);
  });

  it("removes a pair taken and left by its client, at the sweeps after the time it had", async () => {
    const daemon = pairs({ abandonedMs: 0 });
    await waitUntil(() => daemon.free().length === 4, "four pairs");
    const [left] = daemon.free();
    renameSync(
      join(daemon.directory, left as string),
      join(daemon.directory, (left as string).replace("free-", "taken-")),
    );
    daemon.fifos.sweep();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(daemon.taken()).toHaveLength(1);
    daemon.fifos.sweep();
    await waitUntil(() => daemon.taken().length === 0, "the pair removed");
    expect(daemon.free()).toHaveLength(3);
  });

  it("does not acknowledge a request the daemon does not take (the client handles the event itself)", async () => {
    const daemon = pairs({ admits: () => false });
    await waitUntil(() => daemon.free().length > 0, "a pair");
    expect(await ask(daemon.directory, request("{}"))).toEqual({ kind: "unavailable" });
    expect(daemon.served).toEqual([]);
  });

  it("reports a malformed request and removes its pair", async () => {
    const daemon = pairs();
    await waitUntil(() => daemon.free().length > 0, "a pair");
    expect(await ask(daemon.directory, "no header line")).toEqual({ kind: "unavailable" });
    expect(daemon.failures).toEqual(["request without a header line"]);
    await waitUntil(() => daemon.taken().length === 0, "the pair removed");
  });

  it("retires a pair whose client left before an answer larger than the FIFO holds (the daemon's queue goes on)", async () => {
    // The daemon reads its answer FIFO too (it holds it open both ways), so no EPIPE tells it the
    // client is gone: without a bound, such an answer is never written whole and its event never ends.
    let answerLate: (() => Promise<void>) | undefined;
    const daemon = pairs({
      serve: (_event, reply) => {
        answerLate = () => reply("y".repeat(300_000));
      },
    });
    await waitUntil(() => daemon.free().length > 0, "a pair");
    // As the hook client sends it: with what is left of its deadline.
    const header = { argv: [], cwd: "/work", env: {}, deadlineMs: 300 };
    expect(await ask(daemon.directory, `${JSON.stringify(header)}\n{}`, 300)).toEqual({ kind: "timed-out" });
    await waitUntil(() => answerLate !== undefined, "the request served");
    // The client has exited: the answer goes nowhere, and the pair is retired all the same.
    await answerLate?.();
    await waitUntil(() => daemon.taken().length === 0, "the pair removed");
    expect(daemon.failures).toEqual([]);
  });

  it("leaves the pairs of the daemon after it alone, when it stops while answering one", async () => {
    const socketPath = join(tempDir(), "hook-0123abcd.sock");
    const directory = fifoDirectory(socketPath);
    const free = () => readdirSync(directory).filter((name) => name.startsWith("free-"));
    const failures: string[] = [];
    const options = {
      socketPath,
      admits: () => true,
      inPlace: () => true,
      fail: (m: string) => failures.push(m),
    };
    let answerLate: (() => Promise<void>) | undefined;
    const stopping = offerFifoPairs({
      ...options,
      serve: (_event, reply) => {
        answerLate = () => reply("late");
      },
    });
    onTestFinished(() => stopping.close());
    await waitUntil(() => existsSync(directory) && free().length === 4, "four pairs");
    const asked = ask(directory, request("{}"));
    await waitUntil(() => answerLate !== undefined, "the request served");
    // It stops with that request in hand; the next daemon, at the same socket, offers its own pairs.
    stopping.close();
    const next = offerFifoPairs({
      ...options,
      serve: (event, reply) => void reply(String(event.payload.length)),
    });
    onTestFinished(() => next.close());
    await waitUntil(() => existsSync(directory) && free().length === 4, "the next daemon's pairs");
    const offered = free();
    await answerLate?.();
    expect(await asked).toEqual({ kind: "answered", output: "late" });
    expect(free()).toEqual(offered);
    // And the first closing again (its pair answered) removes nothing of the next one's either.
    stopping.close();
    expect(free()).toEqual(offered);
    expect(await ask(directory, request("{}"))).toEqual({ kind: "answered", output: "2" });
    next.close();
    expect(existsSync(directory), "the folder, once the last daemon stopped").toBe(false);
    expect(failures).toEqual([]);
  });

  it("times out an acknowledged request the daemon does not answer by the deadline", async () => {
    const daemon = pairs();
    await waitUntil(() => daemon.free().length > 0, "a pair");
    expect(await ask(daemon.directory, request("silence"), 400)).toEqual({ kind: "timed-out" });
    expect(daemon.served).toHaveLength(1);
  });
});

describe("frameReader", () => {
  /** The frames read from `chunks` (null: not a frame). */
  const framesOf = (chunks: Buffer[]) => {
    const frames: Array<string | null> = [];
    const read = frameReader((body) => frames.push(body === null ? null : body.toString()));
    for (const chunk of chunks) read(chunk);
    return frames;
  };
  const pieces = (bytes: Buffer, size: number) =>
    Array.from({ length: Math.ceil(bytes.length / size) }, (_, index) =>
      bytes.subarray(index * size, (index + 1) * size),
    );

  it("reads a frame however it is cut, its length line included, and a frame after it", () => {
    const payload = "x".repeat(200_000);
    expect(framesOf(pieces(fifoFrame(Buffer.from(payload)), 1))).toEqual([payload]);
    expect(framesOf(pieces(fifoFrame(Buffer.from(payload)), 65_536))).toEqual([payload]);
    // The check frame, then a request in the next chunk.
    expect(framesOf([fifoFrame(Buffer.alloc(0)), fifoFrame(Buffer.from("{}"))])).toEqual(["", "{}"]);
  });

  it("says when what comes is not a frame", () => {
    expect(framesOf([Buffer.from("no length line at all, just text")])).toEqual([null]);
    expect(framesOf([Buffer.from("-3\nabc")])).toEqual([null]);
    expect(framesOf([Buffer.from(`${34 * 1024 * 1024}\n`)])).toEqual([null]);
  });
});
