import type { Command } from "commander";
import { CliError, type CommandContext } from "./cli-io.js";

/** The tools both MCP servers offer (see docs/mcp.md). */
const MCP_TOOLS =
  "recall, record_feedback, record_outcome, record_error, get_error_context, capture_messages, list_lessons, compact_context, memory_write, guardian_rollback";

/**
 * Registers `tacit mcp` (MCP over stdio) and `tacit serve` (the viewer, its API and MCP over
 * Streamable HTTP on 127.0.0.1; `--mcp`: MCP alone; bearer token in `$TACIT_HOME/api-token`). The
 * server modules load lazily, so other commands do not pay for the MCP SDK or Hono.
 */
export function registerMcpCommands(program: Command, { io, global, run }: CommandContext): void {
  const commands = () => import("../mcp/commands.js");
  const serve = () => import("../http/serve-command.js");
  program
    .command("mcp")
    .description(`MCP server on stdio: ${MCP_TOOLS} (see docs/mcp.md)`)
    .action(async () => run((await commands()).mcpStdioCommand(global(), io)));
  program
    .command("serve")
    .description(
      "serve the viewer (what tacit learnt, why, and from what) at http://127.0.0.1:7077/, its JSON API at /api, " +
        `and tacit's MCP tools (${MCP_TOOLS}) over Streamable HTTP at /mcp. Changes through the API and every MCP ` +
        'request need "Authorization: Bearer <token>", the token in $TACIT_HOME/api-token (created on first start). ' +
        "Runs until Ctrl-C (see docs/viewer.md)",
    )
    .option("--mcp", "serve the MCP endpoint alone (no viewer, no API), on 127.0.0.1")
    .option("--port <n>", "TCP port (default 7077; 0: any free port, printed on stderr)", parsePort)
    .option(
      "--host <address>",
      "address to listen on (default 127.0.0.1); one other machines can reach needs TACIT_API_TOKEN",
    )
    .option(
      "--allow-host <name>",
      "another host name requests may carry (repeatable), e.g. when reached through a tunnel",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option("--no-viewer", "serve the API and MCP without the viewer's pages")
    .action(
      async (options: {
        mcp?: boolean;
        port?: number;
        host?: string;
        allowHost?: string[];
        viewer?: boolean;
      }) =>
        run(
          (async () => {
            const { resolveConfig } = await import("../../config/load-config.js");
            const settings = resolveConfig({ env: io.env, cwd: io.cwd }).values.serve;
            return (await serve()).serveCommand({ ...global(), ...options }, io, undefined, settings);
          })(),
        ),
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
