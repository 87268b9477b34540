import type { Command } from "commander";
import { CliError, type CommandContext } from "./cli-io.js";

/** The tools both MCP servers offer (see docs/mcp.md). */
const MCP_TOOLS =
  "recall, record_feedback, record_outcome, record_error, get_error_context, capture_messages, list_lessons, compact_context";

/**
 * Registers `tacit mcp` (MCP over stdio) and `tacit serve --mcp [--port N]` (MCP over Streamable
 * HTTP on 127.0.0.1, bearer token in `$TACIT_HOME/api-token`). The server modules load lazily, so
 * other commands do not pay for the MCP SDK.
 */
export function registerMcpCommands(program: Command, { io, global, run }: CommandContext): void {
  const commands = () => import("../mcp/commands.js");
  program
    .command("mcp")
    .description(`MCP server on stdio: ${MCP_TOOLS} (see docs/mcp.md)`)
    .action(async () => run((await commands()).mcpStdioCommand(global(), io)));
  program
    .command("serve")
    .description(
      `serve tacit's MCP tools (${MCP_TOOLS}) over Streamable HTTP at http://127.0.0.1:PORT/mcp, ` +
        "for agents that connect to a URL instead of starting `tacit mcp`; every request needs " +
        '"Authorization: Bearer <token>", the token in $TACIT_HOME/api-token (created on first start). ' +
        "Runs until Ctrl-C. --mcp is required (the MCP endpoint is all it serves so far)",
    )
    .option("--mcp", "serve the MCP endpoint at /mcp (required)")
    .option("--port <n>", "TCP port (default 0: any free port; the URL is printed on stderr)", parsePort)
    .action(async (options: { mcp?: boolean; port?: number }) =>
      run((await commands()).serveCommand({ ...global(), ...options }, io)),
    );
}

/** Parses `--port`: a whole number from 0 (any free port) to 65535. */
export function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65_535) {
    throw new CliError(`--port must be a whole number from 0 to 65535, got "${value}"`);
  }
  return port;
}
