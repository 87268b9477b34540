import type { Readable, Writable } from "node:stream";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { DrainingTransport } from "./draining-transport.js";
import { createTacitMcpServer, type TacitMcpServerOptions } from "./server.js";
import type { McpRuntime } from "./tool-context.js";

export interface StdioServeOptions extends TacitMcpServerOptions {
  /** The protocol's input: newline-delimited JSON-RPC. */
  stdin: Readable;
  /** The protocol's output. Nothing else may write to it. */
  stdout: Writable;
  /** Stops the server when aborted (SIGINT, SIGTERM). */
  signal?: AbortSignal;
  /** Transport and protocol errors (a malformed line, a broken pipe); the server keeps going where it can. */
  onError?: (error: Error) => void;
}

/** How long a stopping server waits for answers to requests it already received, ms. */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Serves tacit's MCP tools over stdio until stdin ends, stdout breaks or `signal` aborts; resolves
 * once the server is closed. Stopping reads no further request but answers those already received
 * (for up to 10 s). The runtime stays open: the caller closes it.
 */
export async function serveStdio(runtime: McpRuntime, options: StdioServeOptions): Promise<void> {
  const { stdin, stdout, signal } = options;
  const server = createTacitMcpServer(runtime, { cwd: options.cwd, recallConfig: options.recallConfig });
  const transport = new DrainingTransport(new StdioServerTransport(stdin, stdout));
  const closed = new Promise<void>((resolve) => {
    server.server.onclose = resolve;
  });
  server.server.onerror = (error) => options.onError?.(error);
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    stdin.pause();
    // Closing only detaches the transport from stdin and clears its buffer; it cannot fail.
    void transport.drained(DRAIN_TIMEOUT_MS).then(() => server.close());
  };
  const onOutputError = (error: Error) => {
    options.onError?.(error);
    stop();
  };
  stdin.once("end", stop);
  stdin.once("close", stop);
  stdout.once("error", onOutputError);
  signal?.addEventListener("abort", stop, { once: true });
  try {
    await server.connect(transport);
    if (signal?.aborted) stop();
    await closed;
  } finally {
    stdin.off("end", stop);
    stdin.off("close", stop);
    stdout.off("error", onOutputError);
    signal?.removeEventListener("abort", stop);
  }
}
