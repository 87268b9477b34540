/**
 * `tacit serve`'s server: the viewer, its API and the MCP endpoint in one Node HTTP server (Hono
 * on @hono/node-server). It listens on 127.0.0.1 unless told otherwise, and refuses an address
 * other machines can reach unless the token was configured explicitly (then every API request,
 * reads too, needs it).
 */

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createAdaptorServer } from "@hono/node-server";
import { TacitError } from "../../core/errors.js";
import type { RecallConfig } from "../../recall/recall.js";
import { TACIT_VERSION } from "../../version.js";
import { mcpRequestHandler } from "../mcp/http.js";
import type { McpRuntime } from "../mcp/tool-context.js";
import { createApiApp } from "./app.js";
import { isLoopbackHost, ownHostNames } from "./request-guard.js";
import type { ViewerAssets } from "./viewer-assets.js";
import type { ViewerServices } from "./viewer-services.js";

/** How long `close` lets requests in flight finish, ms. */
const CLOSE_GRACE_MS = 3000;

export interface ViewerServerOptions {
  services: ViewerServices;
  /** Serves MCP at /mcp over this runtime; absent: no MCP endpoint. */
  mcp?: { runtime: McpRuntime; cwd: string; recallConfig?: Partial<RecallConfig> };
  /** Address to bind; default 127.0.0.1. */
  host?: string;
  /** TCP port; 0 picks a free one. */
  port: number;
  token: string;
  /** True when the user set the token (TACIT_API_TOKEN) rather than tacit creating it. */
  tokenExplicit: boolean;
  /** More host names requests may carry (for a server bound beyond loopback). */
  allowedHosts?: readonly string[];
  /** The built viewer; null serves the API (and MCP) only. */
  assets: ViewerAssets | null;
  /** Require the token to read the API too (always so on an address beyond loopback). */
  readsNeedToken?: boolean;
  /** Failures while answering MCP requests after the response started. */
  onError?: (error: Error) => void;
}

export interface RunningViewerServer {
  /** `http://HOST:PORT/` */
  url: string;
  host: string;
  port: number;
  /** True when reading the API needs the token too (a server bound beyond loopback). */
  readsNeedToken: boolean;
  close(): Promise<void>;
}

/**
 * Refuses an address other machines can reach unless the user set the token: a token tacit made
 * on first start is nothing anyone chose to hand out.
 */
export function assertServableHost(host: string, tokenExplicit: boolean): void {
  if (isLoopbackHost(host) || tokenExplicit) return;
  throw new TacitError(
    `refusing to listen on ${host}: other machines could reach it. Set TACIT_API_TOKEN to a token of your own ` +
      "(at least 32 characters) to serve beyond this machine; every request will then need it",
  );
}

/** Starts the server; throws when the address is refused or cannot be bound. */
export async function startViewerServer(options: ViewerServerOptions): Promise<RunningViewerServer> {
  const host = options.host ?? "127.0.0.1";
  assertServableHost(host, options.tokenExplicit);
  const loopback = isLoopbackHost(host);
  let port = options.port;
  const ownHosts = () => ownHostNames(host, port, options.allowedHosts ?? []);
  const mcp = options.mcp
    ? mcpRequestHandler(options.mcp.runtime, {
        token: options.token,
        cwd: options.mcp.cwd,
        recallConfig: options.mcp.recallConfig,
        onError: options.onError,
        ownHosts,
      })
    : undefined;
  const app = createApiApp({
    services: options.services,
    token: options.token,
    ownHosts,
    readsNeedToken: !loopback || options.readsNeedToken === true,
    assets: options.assets,
    mcp,
    version: TACIT_VERSION,
  });
  const server = createAdaptorServer({ fetch: app.fetch }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", (error) =>
      reject(new TacitError(`cannot listen on ${host}:${port}: ${error.message}`, { cause: error })),
    );
    server.listen(port, host, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  const shown = host.includes(":") ? `[${host}]` : host;
  return {
    url: `http://${shown}:${port}/`,
    host,
    port,
    readsNeedToken: !loopback || options.readsNeedToken === true,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        // Requests in flight get a moment to finish; then their connections are cut too.
        setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS).unref();
      }),
  };
}
