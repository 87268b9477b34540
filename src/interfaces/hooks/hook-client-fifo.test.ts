/**
 * A tool event the hook client sends through one of the daemon's FIFO pairs: when the daemon does
 * not take it, the client queues it in the daemon's inbox itself, redacted; a large one it leaves
 * to a daemon that reads it. A real `tacit hook` process against real FIFOs in a temporary home
 * (the daemon's side in this process).
 */
import { execFileSync } from "node:child_process";
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { hookLogText, hookPayload, hookProcessAsync, waitUntil } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { hookSocketPath } from "./hook-client.js";
import { type FifoPairOptions, offerFifoPairs } from "./hook-daemon-fifos.js";
import { ANSWER_FIFO, FREE_PAIR, fifoDirectory, REQUEST_FIFO } from "./hook-fifo-client.js";
import { inboxDirectory } from "./hook-inbox.js";

const tempDir = useTempDir("tacit-hook-client-fifo-");
const SECRET = "sk-proj-abcdefghijklmnopqrstuvwx1234";

/**
 * A home whose daemon's socket file is there (as a killed or stopping daemon leaves it), with a
 * PostToolUse carrying a secret; the files its inbox holds once the hook ran.
 */
function setup() {
  const home = tempDir();
  const project = join(home, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  const env = { TACIT_HOME: home, HOME: home, TACIT_NO_BACKGROUND_LEARN: "1" };
  const socket = hookSocketPath([], { env, cwd: project }) as string;
  writeFileSync(socket, "");
  const directory = fifoDirectory(socket);
  const free = () =>
    existsSync(directory) ? readdirSync(directory).filter((name) => name.startsWith(FREE_PAIR)) : [];
  const tool = hookPayload("claude-code", "PostToolUse", {
    cwd: project,
    tool_use_id: "toolu_queued_here",
    tool_response: { stdout: `OPENAI_API_KEY=${SECRET}`, stderr: "" },
  });
  /** The text of each file in the inbox. */
  const queued = () => {
    const inbox = inboxDirectory(socket);
    if (!existsSync(inbox)) return [];
    return readdirSync(inbox).map((name) => readFileSync(join(inbox, name), "utf8"));
  };
  const failures: string[] = [];
  /** The daemon's side of its pairs, here: taking events when `admits` says so, served by `serve`. */
  const offer = async (admits: boolean, serve: FifoPairOptions["serve"]) => {
    const fifos = offerFifoPairs({
      socketPath: socket,
      admits: () => admits,
      inPlace: () => true,
      serve,
      fail: (message) => failures.push(message),
    });
    onTestFinished(() => fifos.close());
    await waitUntil(() => free().length > 0, "a free pair");
  };
  return { home, env, socket, directory, free, tool, queued, failures, offer };
}

describe("a tool event the daemon does not take through its FIFO pair", () => {
  it("is queued in the inbox by the client, redacted, when the daemon refuses it", async () => {
    const context = setup();
    const served: unknown[] = [];
    // A daemon that is stopping takes no more events through its pairs.
    await context.offer(false, (event) => served.push(event));
    const offered = context.free();
    expect(await hookProcessAsync(context.tool, context.env)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(
      offered.filter((name) => !context.free().includes(name)),
      "the pair it took",
    ).toHaveLength(1);
    const [text, ...more] = context.queued();
    expect(more).toEqual([]);
    expect(text).toContain("toolu_queued_here");
    expect(text).not.toContain(SECRET);
    expect(served).toEqual([]);
    expect(context.failures).toEqual([]);
    expect(hookLogText(context.home)).toBe("");
  }, 30_000);

  it("is left to the daemon when it is large: reading it is the daemon's sign of life, then it has time to take it", async () => {
    const context = setup();
    const served: number[] = [];
    await context.offer(true, (event, reply) => {
      served.push(event.payload.length);
      // Redacting and queueing megabytes holds the daemon (and its acknowledgement) up a while:
      // longer than the client waits on a daemon that stopped reading.
      const busyUntil = Date.now() + 3_500;
      while (Date.now() < busyUntil);
      void reply("");
    });
    const output = "line of tool output\n".repeat(100_000);
    const large = hookPayload("claude-code", "PostToolUse", {
      cwd: join(context.home, "shop-api"),
      tool_response: { stdout: output, stderr: "" },
    });
    // Three seconds' wait on a daemon that stops reading (50 ms by default): this test's process, the
    // daemon here, may be held up that long on a loaded machine while it reads.
    const env = { ...context.env, TACIT_HOOK_TOOL_DEADLINE_MS: "60000", TACIT_HOOK_DAEMON_WAIT_MS: "3000" };
    expect(await hookProcessAsync(large, env)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(served).toHaveLength(1);
    expect(served[0]).toBeGreaterThan(output.length);
    expect(context.queued(), "queued by the client too").toEqual([]);
    expect(context.failures).toEqual([]);
    expect(hookLogText(context.home)).toBe("");
  }, 30_000);

  it("is queued in the inbox by the client when the daemon is too busy to take it at once, whatever the deadline", async () => {
    const context = setup();
    // A pair whose daemon holds both FIFOs open, as a daemon does, but reads nothing (its event loop
    // held up).
    const pair = join(context.directory, `${FREE_PAIR}busy-0`);
    mkdirSync(pair, { recursive: true });
    const fifos = [join(pair, REQUEST_FIFO), join(pair, ANSWER_FIFO)];
    execFileSync("mkfifo", ["-m", "600", ...fifos]);
    for (const fifo of fifos) {
      const held = openSync(fifo, constants.O_RDWR | constants.O_NONBLOCK);
      onTestFinished(() => closeSync(held));
    }
    // A minute to answer: waiting for half of it would hold the agent's tool call up for 30 s.
    const env = { ...context.env, TACIT_HOOK_TOOL_DEADLINE_MS: "60000" };
    expect(await hookProcessAsync(context.tool, env)).toEqual({ code: 0, stdout: "", stderr: "" });
    expect(context.free(), "the pair it took").toEqual([]);
    const [text, ...more] = context.queued();
    expect(more).toEqual([]);
    expect(text).toContain("toolu_queued_here");
    expect(text).not.toContain(SECRET);
    expect(hookLogText(context.home)).toBe("");
  }, 15_000);
});
