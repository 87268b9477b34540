import type { Readable } from "node:stream";
import { type CliIo, type GlobalOptions, withRuntime, writeLine } from "../cli/cli-io.js";
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
