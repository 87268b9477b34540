/**
 * The deadline the hook client gives the daemon for each event: a PreToolUse holds the tool call
 * up, so it gets a tool event's deadline (`hooks.toolEventDeadlineMs`), not a prompt's. A listener
 * on the daemon's socket speaks the daemon's protocol (hook-daemon-protocol.ts) and keeps what the
 * client sent.
 */
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { hookPayload } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { hookSocketPath, runHookClient } from "./hook-client.js";
import { answer, type DaemonEvent, listen, readRequest } from "./hook-daemon-protocol.js";
import { ACCEPTED, ANSWERED } from "./hook-daemon-wire.js";

const tempDir = useTempDir("tacit-hook-client-deadline-");
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((closed) => server.close(closed))));
});

/** Sends one event through the client to a listener at the daemon's socket; the event it received. */
async function sent(name: string): Promise<DaemonEvent> {
  const home = tempDir();
  const project = join(home, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  const env = {
    TACIT_HOME: home,
    HOME: home,
    TACIT_HOOK_PROMPT_DEADLINE_MS: "60000",
    TACIT_HOOK_TOOL_DEADLINE_MS: "5000",
  };
  const socket = hookSocketPath([], { env, cwd: project }) as string;
  const received: DaemonEvent[] = [];
  const server = createServer({ allowHalfOpen: true }, (connection) => {
    readRequest(connection, (request) => {
      if (request === null || request === "stop" || request instanceof Error) return connection.destroy();
      received.push(request);
      connection.write(ACCEPTED);
      void answer(connection, ANSWERED);
    });
  });
  servers.push(server);
  expect(await listen(server, socket)).toBe(true);
  const stdout = new Writable({ write: (_chunk, _encoding, done) => done() });
  const stdin = Buffer.from(hookPayload("claude-code", name, { cwd: project }));
  await runHookClient([], { stdin, stdout, env, cwd: project, now: () => Date.now() });
  expect(received).toHaveLength(1);
  return received[0] as DaemonEvent;
}

describe("the hook client's deadline", () => {
  it("gives a PreToolUse a tool event's deadline", async () => {
    const event = await sent("PreToolUse");
    expect(event.deadlineMs).toBeGreaterThan(0);
    expect(event.deadlineMs).toBeLessThanOrEqual(5000);
  });

  it("gives a prompt the prompt deadline", async () => {
    const event = await sent("UserPromptSubmit");
    expect(event.deadlineMs).toBeGreaterThan(5000);
    expect(event.deadlineMs).toBeLessThanOrEqual(60_000);
  });
});
