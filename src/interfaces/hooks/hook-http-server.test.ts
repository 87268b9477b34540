/**
 * The hook daemon's HTTP listener, over real HTTP on loopback: who may post (the token, the Host,
 * no browser), what it refuses and how, what it answers, and how the daemon lives with it (a port
 * taken by another program, staying while a session is open).
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { createServer, request } from "node:http";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { hookLogText, hookPayload, waitUntil } from "../../testing/hook-fixtures.js";
import { postHook } from "../../testing/hook-http.js";
import { useHttpDaemons } from "../../testing/http-daemons.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { stopHookDaemons } from "./hook-daemon-control.js";
import type { HookHttpEndpoint } from "./hook-http-endpoint.js";
import { authorized, MAX_BODY_BYTES } from "./hook-http-server.js";
import { httpHookStatus } from "./hook-http-status.js";

const tempDir = useTempDir("tacit-hook-http-");
const NOW = Date.UTC(2026, 4, 1, 12);
const daemons = useHttpDaemons(NOW);

interface Served {
  home: string;
  project: string;
  endpoint: HookHttpEndpoint;
  stopped: Promise<void>;
  rows: () => { messages: Array<{ id: string }> };
}

/** A daemon with an HTTP endpoint for the database of a fresh home. */
async function serve(env: NodeJS.ProcessEnv = {}): Promise<Served> {
  const home = tempDir();
  const project = join(home, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  const daemonEnv = {
    TACIT_HOME: home,
    HOME: home,
    TACIT_NO_BACKGROUND_LEARN: "1",
    TACIT_HOOK_DAEMON_CHECK_MS: "3600000",
    ...env,
  };
  const database = join(home, "tacit.db");
  const { endpoint, stopped } = await daemons.start(daemonEnv, project, database);
  const rows = () => {
    if (!existsSync(database)) return { messages: [] };
    const db = new Database(database, { readonly: true });
    try {
      return { messages: db.prepare("SELECT id FROM messages ORDER BY seq").all() as Array<{ id: string }> };
    } finally {
      db.close();
    }
  };
  return { home, project, endpoint, stopped, rows };
}

const event = (served: Served, name: string, changes: Record<string, unknown> = {}) =>
  hookPayload("claude-code", name, { cwd: served.project, ...changes });

describe("the hook daemon's HTTP listener", () => {
  it("captures an event posted with the token and answers what the command hook prints", async () => {
    const served = await serve();
    const reply = await postHook(served.endpoint, event(served, "UserPromptSubmit"));
    expect(reply).toEqual({ status: 200, body: "" });
    const tool = await postHook(served.endpoint, event(served, "PostToolUse"));
    expect(tool).toEqual({ status: 200, body: "" });
    await waitUntil(() => served.rows().messages.length === 2, "both rows");
    expect(served.rows().messages.map((row) => row.id)).toEqual([
      expect.stringMatching(/:hook:prompt:/),
      expect.stringMatching(/:hook:tool:/),
    ]);
    expect(hookLogText(served.home)).toBe("");
  });

  it("refuses a missing or wrong token, a foreign Host, a browser's Origin, and stores nothing", async () => {
    const served = await serve();
    const body = event(served, "UserPromptSubmit");
    const refusals = [
      [{ authorization: undefined }, 401],
      [{ authorization: "Bearer tacit_hook_wrong" }, 401],
      [{ authorization: served.endpoint.token }, 401],
      [{ host: "evil.example:80" }, 403],
      [{ host: `attacker.test:${served.endpoint.port}` }, 403],
      [{ origin: "https://evil.example" }, 403],
    ] as const;
    for (const [headers, status] of refusals) {
      const reply = await postHook(served.endpoint, body, { headers });
      expect(reply.status, JSON.stringify(headers)).toBe(status);
      expect(JSON.parse(reply.body).error).toEqual(expect.any(String));
    }
    expect(
      (await postHook(served.endpoint, body, { headers: { host: `localhost:${served.endpoint.port}` } }))
        .status,
    ).toBe(200);
    await waitUntil(() => served.rows().messages.length === 1, "the accepted prompt");
  });

  it("answers 404 for other paths, 405 for other methods, and a health check only with the token", async () => {
    const served = await serve();
    expect((await postHook(served.endpoint, "{}", { path: "/" })).status).toBe(404);
    expect((await postHook(served.endpoint, "{}", { path: "/tacit-hook/other-agent" })).status).toBe(404);
    expect((await postHook(served.endpoint, "", { method: "GET" })).status).toBe(405);
    const health = await postHook(served.endpoint, "", { path: "/tacit-hook/health", method: "GET" });
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toEqual({ tacit: "hook-daemon", pid: process.pid });
    const anonymous = await postHook(served.endpoint, "", {
      path: "/tacit-hook/health",
      method: "GET",
      headers: { authorization: undefined },
    });
    expect(anonymous.status).toBe(401);
  });

  it("refuses a body that is not a hook event with 400 naming what is wrong", async () => {
    const served = await serve();
    const notJson = await postHook(served.endpoint, "{not json");
    expect(notJson.status).toBe(400);
    expect(JSON.parse(notJson.body).error).toMatch(/^body is not JSON/);
    const noSession = await postHook(served.endpoint, JSON.stringify({ hook_event_name: "Stop" }));
    expect(noSession.status).toBe(400);
    expect(JSON.parse(noSession.body).error).toMatch(/^session_id:/);
    const array = await postHook(served.endpoint, "[]");
    expect(array.status).toBe(400);
    // A hook event whose own fields are wrong is the handler's to judge, as for a command hook:
    // logged, answered with nothing.
    const badPrompt = await postHook(
      served.endpoint,
      JSON.stringify({ hook_event_name: "UserPromptSubmit", session_id: "s" }),
    );
    expect(badPrompt).toEqual({ status: 200, body: "" });
    await waitUntil(
      () => /invalid hook payload: UserPromptSubmit: prompt/.test(hookLogText(served.home)),
      "the log line",
    );
    expect(served.rows().messages).toEqual([]);
  });

  it("refuses a body over the size limit, declared or streamed", async () => {
    const served = await serve();
    const declared = await new Promise<number>((resolve, reject) => {
      const outgoing = request(
        {
          host: "127.0.0.1",
          port: served.endpoint.port,
          path: "/tacit-hook/claude-code",
          method: "POST",
          agent: false,
          headers: {
            host: `127.0.0.1:${served.endpoint.port}`,
            authorization: `Bearer ${served.endpoint.token}`,
            "content-length": String(MAX_BODY_BYTES + 1),
          },
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on("error", reject);
      outgoing.write("{");
    });
    expect(declared).toBe(413);
    const streamed = await postHook(served.endpoint, Buffer.alloc(MAX_BODY_BYTES + 1, 32));
    expect(streamed.status).toBe(413);
    expect(served.rows().messages).toEqual([]);
  });

  it("keeps serving its socket, and logs why, when another program holds the port", async () => {
    const squatter = createServer((_request, response) => response.end("not tacit"));
    await new Promise<void>((listening) => squatter.listen(0, "127.0.0.1", () => listening()));
    try {
      const port = (squatter.address() as { port: number }).port;
      const home = tempDir();
      const env = { TACIT_HOME: home, HOME: home, TACIT_HOOK_DAEMON_CHECK_MS: "3600000" };
      await daemons.start(env, home, join(home, "tacit.db"), { port });
      expect(hookLogText(home)).toMatch(new RegExp(`port ${port} on 127.0.0.1 is taken by another program`));
    } finally {
      await new Promise((closed) => squatter.close(closed));
    }
  });

  it("stays while a session is open, and goes idle once it ended", async () => {
    const served = await serve({ TACIT_HOOK_DAEMON_IDLE_MS: "200", TACIT_HOOK_DAEMON_CHECK_MS: "3600000" });
    let exited = false;
    void served.stopped.then(() => {
      exited = true;
    });
    await postHook(served.endpoint, event(served, "UserPromptSubmit"));
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(exited).toBe(false);
    await postHook(served.endpoint, event(served, "SessionEnd"));
    await waitUntil(() => exited, "the daemon to go idle");
  });
});

describe("the token check", () => {
  const expected = createHash("sha256").update("tacit_hook_secret").digest();
  it("accepts only the exact token, as a bearer token", () => {
    expect(authorized("Bearer tacit_hook_secret", expected)).toBe(true);
    expect(authorized("bearer   tacit_hook_secret  ", expected)).toBe(true);
    expect(authorized("Bearer tacit_hook_secreT", expected)).toBe(false);
    expect(authorized("Bearer tacit_hook_secret2", expected)).toBe(false);
    expect(authorized("tacit_hook_secret", expected)).toBe(false);
    expect(authorized("Bearer ", expected)).toBe(false);
    expect(authorized(undefined, expected)).toBe(false);
  });
});

describe("who answers the HTTP hooks (tacit doctor)", () => {
  it("tells tacit's daemon from nobody and from another program holding the port", async () => {
    const served = await serve();
    const env = { TACIT_HOME: served.home, HOME: served.home };
    expect(await httpHookStatus({ env, cwd: served.project })).toMatchObject({
      port: served.endpoint.port,
      answeredBy: "tacit",
    });
    await stopHookDaemons(served.home);
    expect((await httpHookStatus({ env, cwd: served.project }))?.answeredBy).toBe("nobody");
    const squatter = createServer((_request, response) => response.end('{"ok":true}'));
    await new Promise<void>((listening) =>
      squatter.listen(served.endpoint.port, "127.0.0.1", () => listening()),
    );
    try {
      expect((await httpHookStatus({ env, cwd: served.project }))?.answeredBy).toBe("other");
      const doctor = await runTacit(["doctor", "--json"], { env, cwd: served.project });
      const report = JSON.parse(doctor.stdout);
      expect(report.httpHooks).toMatchObject({ port: served.endpoint.port, answeredBy: "other" });
      expect(report.problems.join("\n")).toMatch(
        new RegExp(`127\\.0\\.0\\.1:${served.endpoint.port} answers, but not as tacit's hook daemon`),
      );
    } finally {
      await new Promise((closed) => squatter.close(closed));
    }
    // No HTTP hooks installed for a database: nothing to say.
    const other = tempDir();
    expect(await httpHookStatus({ env: { TACIT_HOME: other, HOME: other }, cwd: other })).toBeNull();
  });
});
