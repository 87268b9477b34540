import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ErrorCode } from "@modelcontextprotocol/sdk/types.js";
import { afterEach, describe, expect, it } from "vitest";
import { openRuntime, type Runtime } from "../../runtime.js";
import { captureCliIo } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { serveCommand } from "../http/serve-command.js";
import { apiTokenPath, loadApiToken } from "./api-token.js";
import { type RunningHttpServer, serveHttp } from "./http.js";

const tempDir = useTempDir("tacit-mcp-http-");
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(): Promise<{ server: RunningHttpServer; token: string; runtime: Runtime }> {
  const home = tempDir();
  const runtime = await openRuntime({ env: { TACIT_HOME: home } });
  cleanups.push(() => runtime.close());
  const { token } = await loadApiToken(apiTokenPath({ TACIT_HOME: home }));
  const server = await serveHttp(runtime, { port: 0, token, cwd: home });
  cleanups.push(() => server.close());
  return { server, token, runtime };
}

const INITIALIZE = JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "curl", version: "1" } },
});

/** A raw request, so tests can set any Host, Origin or Authorization. */
function post(
  url: string,
  headers: Record<string, string>,
  method = "POST",
  body = INITIALIZE,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method,
        agent: false,
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          ...headers,
        },
      },
      (response) => {
        let body = "";
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    request.on("error", reject);
    request.end(method === "POST" ? body : undefined);
  });
}

describe("the api token", () => {
  it("is created once, owner-only, and refused when others can read it", async () => {
    const path = join(tempDir(), "home", "api-token");
    const first = await loadApiToken(path);
    expect(first.created).toBe(true);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await loadApiToken(path)).toEqual({ token: first.token, created: false });
    if (process.platform !== "win32") {
      chmodSync(path, 0o644);
      await expect(loadApiToken(path)).rejects.toThrow(/can be read by other users \(mode 644\)/);
    }
    writeFileSync(path, "\n", { mode: 0o600 });
    chmodSync(path, 0o600);
    await expect(loadApiToken(path)).rejects.toThrow(/no usable token/);
  });
});

describe("tacit serve --mcp (Streamable HTTP)", () => {
  it("serves the tools to the SDK client that sends the bearer token", async () => {
    const { server, token } = await start();
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: "tacit-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    cleanups.push(() => client.close());
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(11);
    const result = await client.callTool({ name: "recall", arguments: { query: "how do I run the tests?" } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ context: "", items: [] });
    await expect(client.callTool({ name: "recall", arguments: { query: 42 } })).rejects.toMatchObject({
      code: ErrorCode.InvalidParams,
    });
  });

  it("answers 401 without the token or with a wrong one", async () => {
    const { server, token } = await start();
    const missing = await post(server.url, {});
    expect(missing.status).toBe(401);
    expect(missing.headers["www-authenticate"]).toBe('Bearer realm="tacit"');
    expect(JSON.parse(missing.body).error.message).toMatch(/bearer token/);
    expect((await post(server.url, { Authorization: `Bearer ${token}x` })).status).toBe(401);
    expect((await post(server.url, { Authorization: token })).status).toBe(401);

    const client = new Client({ name: "tacit-test", version: "1.0.0" });
    await expect(client.connect(new StreamableHTTPClientTransport(new URL(server.url)))).rejects.toThrow();
  });

  it("answers 403 to a foreign Origin or Host (DNS rebinding), even with the token", async () => {
    const { server, token } = await start();
    const auth = { Authorization: `Bearer ${token}` };
    const foreign = await post(server.url, { ...auth, Origin: "http://evil.example" });
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body).error.message).toMatch(/origin not allowed/);
    expect((await post(server.url, { ...auth, Origin: "null" })).status).toBe(403);
    expect((await post(server.url, { ...auth, Host: `evil.example:${server.port}` })).status).toBe(403);
    expect((await post(server.url, { ...auth, Origin: `http://localhost:${server.port}` })).status).toBe(200);
    expect((await post(server.url, auth)).status).toBe(200);
  });

  it("offers POST only, on /mcp only, with bodies up to 4 MiB", async () => {
    const { server, token } = await start();
    const auth = { Authorization: `Bearer ${token}` };
    const get = await post(server.url, auth, "GET");
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe("POST");
    expect((await post(server.url.replace("/mcp", "/other"), auth)).status).toBe(404);
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "ping",
      params: { pad: "x".repeat(5 << 20) },
    });
    expect((await post(server.url, auth, "POST", huge)).status).toBe(413);
  });

  it("`serveCommand` prints the URL and the token file on stderr and stops on the signal", async () => {
    const home = tempDir();
    const { io, err } = captureCliIo({ env: { TACIT_HOME: home }, cwd: home, stdin: new PassThrough() });
    const stop = new AbortController();
    const running = serveCommand({ mcp: true, port: 0 }, io, stop.signal);
    await expect.poll(err, { timeout: 10_000 }).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/);
    const tokenFile = join(home, "api-token");
    expect(err()).toContain(tokenFile);
    const url = /listening on (\S+)/.exec(err())?.[1] as string;
    const token = readFileSync(tokenFile, "utf8").trim();
    expect((await post(url, { Authorization: `Bearer ${token}` })).status).toBe(200);
    stop.abort();
    expect(await running).toBe(0);
    expect(err()).toMatch(/stopped/);
    await expect(post(url, { Authorization: `Bearer ${token}` })).rejects.toThrow(/ECONNREFUSED/);
  });

  it("`serveCommand` --mcp refuses another address than 127.0.0.1", async () => {
    const home = tempDir();
    const { io } = captureCliIo({ env: { TACIT_HOME: home }, cwd: home, stdin: new PassThrough() });
    await expect(serveCommand({ mcp: true, port: 0, host: "0.0.0.0" }, io)).rejects.toThrow(
      /--mcp listens on 127\.0\.0\.1 only/,
    );
  });
});
