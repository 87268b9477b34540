import type { Readable } from "node:stream";
import { CliError, type CliIo, type GlobalOptions, withRuntime, writeLine } from "../cli/cli-io.js";
import { apiTokenPath, loadApiToken } from "./api-token.js";
import { serveHttp } from "./http.js";
import { serveStdio } from "./stdio.js";
import { failureMessage } from "./tool-definition.js";

/**
 * The signal that stops a server: `given` when there is one (tests), else one that fires on the
 * first SIGINT or SIGTERM. `dispose` removes the listeners, so a later signal gets Node's default
 * handling again.
 */
export function shutdownSignal(given?: AbortSignal): { signal: AbortSignal; dispose(): void } {
  if (given) return { signal: given, dispose: () => undefined };
  const controller = new AbortController();
  const abort = () => controller.abort();
  process.once("SIGINT", abort);
  process.once("SIGTERM", abort);
  return {
    signal: controller.signal,
    dispose() {
      process.off("SIGINT", abort);
      process.off("SIGTERM", abort);
    },
  };
}

/**
 * `tacit mcp`: the MCP server on stdin/stdout until stdin closes or SIGINT/SIGTERM. stdout carries
 * the protocol only; problems go to stderr.
 */
export async function mcpStdioCommand(
  options: GlobalOptions,
  io: CliIo,
  signal?: AbortSignal,
): Promise<number> {
  const shutdown = shutdownSignal(signal);
  try {
    await withRuntime(io, options, (runtime) =>
      serveStdio(runtime, {
        stdin: io.stdin as Readable,
        stdout: io.stdout,
        cwd: io.cwd,
        recallConfig: runtime.settings.recall,
        signal: shutdown.signal,
        onError: (error) => writeLine(io.stderr, `tacit mcp: ${failureMessage(error)}`),
      }),
    );
  } finally {
    shutdown.dispose();
  }
  return 0;
}

export interface ServeOptions extends GlobalOptions {
  mcp?: boolean;
  /** 0 picks a free port. */
  port?: number;
}

/**
 * `tacit serve --mcp [--port N]`: the MCP server over Streamable HTTP on 127.0.0.1 until
 * SIGINT/SIGTERM. Prints the URL and the token file on stderr.
 */
export async function serveCommand(options: ServeOptions, io: CliIo, signal?: AbortSignal): Promise<number> {
  if (!options.mcp) throw new CliError("tacit serve: pass --mcp (the MCP endpoint is all it serves so far)");
  const tokenFile = apiTokenPath(io.env);
  const { token, created } = await loadApiToken(tokenFile);
  const shutdown = shutdownSignal(signal);
  const stop = shutdown.signal;
  try {
    await withRuntime(io, options, async (runtime) => {
      const server = await serveHttp(runtime, {
        port: options.port ?? 0,
        token,
        cwd: io.cwd,
        recallConfig: runtime.settings.recall,
        onError: (error) => writeLine(io.stderr, `tacit serve: ${failureMessage(error)}`),
      });
      writeLine(io.stderr, `tacit MCP server (Streamable HTTP) listening on ${server.url}`);
      writeLine(
        io.stderr,
        `send "Authorization: Bearer <token>"; the token is in ${tokenFile}${created ? " (created now)" : ""}`,
      );
      if (!stop.aborted)
        await new Promise((resolve) => stop.addEventListener("abort", resolve, { once: true }));
      await server.close();
      writeLine(io.stderr, "tacit MCP server stopped");
    });
  } finally {
    shutdown.dispose();
  }
  return 0;
}
