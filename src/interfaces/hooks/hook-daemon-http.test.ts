/**
 * The daemon's HTTP side answers a waiting event by its deadline: over real HTTP on loopback, with
 * the daemon's queue held up (the event is handed to a queue that has not got to it yet), a
 * PreToolUse is answered with nothing — the call is allowed, never held — and the hook log says so;
 * an answer the queue gives in time is the one the agent gets.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { hookPayload } from "../../testing/hook-fixtures.js";
import { postHook } from "../../testing/hook-http.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { type DaemonHttp, startDaemonHttp } from "./hook-daemon-http.js";
import type { DaemonEvent } from "./hook-daemon-protocol.js";
import { endpointPath, type HookHttpEndpoint, plannedEndpoint, writeEndpoint } from "./hook-http-endpoint.js";

const tempDir = useTempDir("tacit-hook-daemon-http-");
const listeners: DaemonHttp[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((listener) => listener.close()));
});

const DENY = JSON.stringify({
  hookSpecificOutput: {
    hookEventName: "PreToolUse",
    permissionDecision: "deny",
    permissionDecisionReason: "no",
  },
});

/** Listens for a fresh home's endpoint with these deadlines; what it logged lands in `failures`. */
async function listen(toolEventDeadlineMs: number): Promise<{
  http: DaemonHttp;
  endpoint: HookHttpEndpoint;
  failures: string[];
  events: DaemonEvent[];
}> {
  const home = tempDir();
  const socketPath = join(home, "hook-test.sock");
  const { endpoint } = await plannedEndpoint({
    file: endpointPath(socketPath),
    database: join(home, "tacit.db"),
  });
  writeEndpoint(endpointPath(socketPath), endpoint);
  const failures: string[] = [];
  const http = await startDaemonHttp({
    socketPath,
    env: {},
    deadlines: { promptDeadlineMs: 60_000, toolEventDeadlineMs },
    fail: (message) => failures.push(message),
    onEvent: () => undefined,
  });
  if (http === null || http === "another") throw new Error(`not listening: ${failures.join("; ")}`);
  listeners.push(http);
  return { http, endpoint, failures, events: [] };
}

const preToolUse = hookPayload("claude-code", "PreToolUse", { tool_input: { command: "npm install zod" } });

describe("the daemon's HTTP hooks, by their deadline", () => {
  it("allows a PreToolUse the queue has not answered by the tool-event deadline, and logs it", async () => {
    const { http, endpoint, failures, events } = await listen(50);
    let release: (answer: string) => void = () => undefined;
    http.serveWith((event) => {
      events.push(event);
      // The queue is busy with earlier events: this one's answer comes only when the test says.
      return new Promise((resolve) => {
        release = resolve;
      });
    });
    const reply = await postHook(endpoint, preToolUse);
    expect(reply).toEqual({ status: 200, body: "" });
    expect(failures).toEqual([
      "HTTP PreToolUse: no answer within its 50 ms deadline, so the tool call was allowed unchecked; the event is still handled",
    ]);
    // The event was handed to the queue with that deadline, and is still handled there.
    expect(events).toHaveLength(1);
    expect(events[0]?.deadlineMs).toBe(50);
    release(DENY);
  });

  it("answers with the queue's answer when it comes in time", async () => {
    const { http, endpoint, failures } = await listen(60_000);
    http.serveWith(async () => DENY);
    const reply = await postHook(endpoint, preToolUse);
    expect(reply).toEqual({ status: 200, body: DENY });
    expect(failures).toEqual([]);
  });
});
