import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { TacitError } from "../../core/errors.js";
import { bearerMatches, hostOrOriginRefusal, ownHostNames } from "../http/request-guard.js";
import { createTacitMcpServer, type TacitMcpServerOptions } from "./server.js";
import type { McpRuntime } from "./tool-context.js";
import { failureMessage } from "./tool-definition.js";

/** The only interface the server listens on: loopback, IPv4. */
export const MCP_HTTP_HOST = "127.0.0.1";
/** The MCP endpoint's path. */
export const MCP_HTTP_PATH = "/mcp";
/** How long `close` lets requests in flight finish, ms. */
const CLOSE_GRACE_MS = 3000;

export interface HttpServeOptions extends TacitMcpServerOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** The bearer token every request must carry (see `loadApiToken`). */
  token: string;
  /** Failures while answering a request (after its response has started). */
  onError?: (error: Error) => void;
}

export interface RunningHttpServer {
  /** `http://127.0.0.1:PORT/mcp` */
  url: string;
  port: number;
  /**
   * Stops accepting requests and resolves once the listener is closed: idle connections are dropped
   * at once, requests in flight get 3 s to finish.
   */
  close(): Promise<void>;
}

/**
 * Serves tacit's MCP tools over Streamable HTTP on 127.0.0.1, stateless: each POST gets a fresh
 * server and transport over the shared runtime, and a JSON response. Every request must pass, in
 * order:
 * 1. `Host` naming this loopback address and port, and no `Origin` but this server's own
 *    (DNS rebinding: a web page whose name resolves to 127.0.0.1) — else 403;
 * 2. `Authorization: Bearer <token>` (loopback is no boundary between users of one machine) — else 401.
 * GET and DELETE (server-initiated streams, sessions) are not offered: 405.
 */
export async function serveHttp(runtime: McpRuntime, options: HttpServeOptions): Promise<RunningHttpServer> {
  let port = options.port ?? 0;
  const answer = mcpRequestHandler(runtime, {
    ...options,
    ownHosts: () => ownHostNames(MCP_HTTP_HOST, port),
  });
  const httpServer = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path !== MCP_HTTP_PATH) {
      reply(response, 404, -32000, `not found: the endpoint is ${MCP_HTTP_PATH}`);
      return;
    }
    void answer(request, response);
  });

  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", (error) =>
      reject(new TacitError(`cannot listen on ${MCP_HTTP_HOST}:${port}: ${error.message}`, { cause: error })),
    );
    httpServer.listen(port, MCP_HTTP_HOST, () => resolve());
  });
  port = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://${MCP_HTTP_HOST}:${port}${MCP_HTTP_PATH}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        httpServer.close((error) => (error ? reject(error) : resolve()));
        httpServer.closeIdleConnections();
        // Requests in flight get a moment to finish; then their connections are cut too.
        setTimeout(() => httpServer.closeAllConnections(), CLOSE_GRACE_MS).unref();
      }),
  };
}

/**
 * Answers one request to the MCP endpoint: Host and Origin must name this server (403), the bearer
 * token must match (401), POST only (405); then a fresh MCP server and transport over the shared
 * runtime answer it as JSON. A failure after the response started ends it; before, it is a 500.
 */
export function mcpRequestHandler(
  runtime: McpRuntime,
  options: Pick<HttpServeOptions, "token" | "cwd" | "recallConfig" | "onError"> & {
    /** The `host:port` names requests may carry. */
    ownHosts: () => readonly string[];
  },
): (request: IncomingMessage, response: ServerResponse) => Promise<void> {
  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refusal = hostOrOriginRefusal(request.headers, options.ownHosts());
    if (refusal) return reply(response, 403, -32000, refusal);
    if (!bearerMatches(request.headers.authorization, options.token)) {
      response.setHeader("WWW-Authenticate", 'Bearer realm="tacit"');
      return reply(response, 401, -32001, "missing or wrong bearer token (see $TACIT_HOME/api-token)");
    }
    if (request.method !== "POST") {
      response.setHeader("Allow", "POST");
      return reply(response, 405, -32000, "method not allowed: this server is stateless, POST only");
    }
    const server = createTacitMcpServer(runtime, { cwd: options.cwd, recallConfig: options.recallConfig });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    response.on("close", () => {
      // Both only release in-memory state of this one request; there is nothing to report.
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  }
  return (request, response) =>
    handle(request, response).catch((error: unknown) => {
      options.onError?.(error instanceof Error ? error : new Error(String(error)));
      if (!response.headersSent) reply(response, 500, -32603, `internal error: ${failureMessage(error)}`);
      else response.end();
    });
}

/** A JSON-RPC error body, as the SDK's transport writes its own refusals. */
function reply(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify({ jsonrpc: "2.0", error: { code, message }, id: null }));
}
