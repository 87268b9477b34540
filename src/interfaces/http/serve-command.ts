/**
 * `tacit serve`: the viewer, its API and the MCP endpoint until SIGINT/SIGTERM (`--mcp`: the MCP
 * endpoint alone). Prints the URL and where the token is on stderr, never the token itself.
 */

import { DEFAULT_SERVE_SETTINGS, explicitApiToken, type ServeSettings } from "../../config/serve-settings.js";
import { CliError, type CliIo, type GlobalOptions, withRuntime, writeLine } from "../cli/cli-io.js";
import { apiTokenPath, loadApiToken } from "../mcp/api-token.js";
import { shutdownSignal } from "../mcp/commands.js";
import { serveHttp } from "../mcp/http.js";
import { failureMessage } from "../mcp/tool-definition.js";
import { assertServableHost, startViewerServer } from "./server.js";
import { defaultViewerDirectory, loadViewerAssets } from "./viewer-assets.js";
import { viewerServicesFrom } from "./viewer-services.js";
import { viewerSourcesFor } from "./viewer-source-wiring.js";

export interface ServeOptions extends GlobalOptions {
  /** The MCP endpoint alone (no viewer, no API), on 127.0.0.1. */
  mcp?: boolean;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  allowHost?: string[];
  /** False (`--no-viewer`): the API and MCP without the viewer's pages. */
  viewer?: boolean;
}

/** Runs the server until the signal (SIGINT/SIGTERM by default). */
export async function serveCommand(
  options: ServeOptions,
  io: CliIo,
  signal?: AbortSignal,
  settings: ServeSettings = DEFAULT_SERVE_SETTINGS,
): Promise<number> {
  const explicit = explicitApiToken(io.env);
  const tokenFile = apiTokenPath(io.env);
  const { token, created } = explicit ? { token: explicit, created: false } : await loadApiToken(tokenFile);
  const where = explicit
    ? "it is TACIT_API_TOKEN"
    : `the token is in ${tokenFile}${created ? " (created now)" : ""}`;
  const port = options.port ?? settings.port;
  const host = options.host ?? settings.host;
  if (options.mcp && host !== DEFAULT_SERVE_SETTINGS.host) {
    throw new CliError(
      "tacit serve --mcp listens on 127.0.0.1 only; drop --host, or serve everything without --mcp",
    );
  }
  assertServableHost(host, explicit !== null);
  const assets = options.mcp || options.viewer === false ? null : loadViewerAssets(defaultViewerDirectory());
  const shutdown = shutdownSignal(signal);
  const stop = shutdown.signal;
  const onError = (error: Error) => writeLine(io.stderr, `tacit serve: ${failureMessage(error)}`);
  try {
    await withRuntime(io, options, async (runtime) => {
      const mcp = { runtime, cwd: io.cwd, recallConfig: runtime.settings.recall };
      const server = options.mcp
        ? await serveHttp(runtime, { ...mcp, port, token, onError })
        : await startViewerServer({
            services: viewerServicesFrom(runtime, viewerSourcesFor(runtime)),
            mcp,
            host,
            port,
            token,
            tokenExplicit: explicit !== null,
            allowedHosts: [...settings.allowedHosts, ...(options.allowHost ?? [])],
            assets,
            onError,
          });
      if (options.mcp) {
        writeLine(io.stderr, `tacit MCP server (Streamable HTTP) listening on ${server.url}`);
        writeLine(io.stderr, `send "Authorization: Bearer <token>"; ${where}`);
      } else {
        const base = server.url.replace(/\/$/, "");
        writeLine(io.stderr, `tacit ${assets ? "viewer" : "API"} listening on ${server.url}`);
        writeLine(io.stderr, `API ${base}/api/…, MCP ${base}/mcp`);
        writeLine(
          io.stderr,
          `changes (promote, revert, …)${"readsNeedToken" in server && server.readsNeedToken ? ", reads" : ""} and MCP need "Authorization: Bearer <token>"; ${where}`,
        );
      }
      if (!stop.aborted)
        await new Promise((resolve) => stop.addEventListener("abort", resolve, { once: true }));
      await server.close();
      writeLine(io.stderr, "tacit server stopped");
    });
  } finally {
    shutdown.dispose();
  }
  return 0;
}
