import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { RecallConfig } from "../../recall/recall.js";
import { TACIT_VERSION } from "../../version.js";
import {
  captureMessagesTool,
  getErrorContextTool,
  recordErrorTool,
  recordOutcomeTool,
} from "./capture-tools.js";
import { gateDecideTool } from "./gate-tools.js";
import { listLessonsTool, recordFeedbackTool } from "./lesson-tools.js";
import { guardianRollbackTool, memoryWriteTool } from "./memory-file-tools.js";
import { compactContextTool, recallTool } from "./recall-tools.js";
import type { McpRuntime, ToolContext } from "./tool-context.js";
import type { McpTool } from "./tool-definition.js";

/** Keep in step with the CLI's version (program.ts). */

const INSTRUCTIONS = [
  "tacit remembers what worked and what failed in earlier agent sessions.",
  "Before a task, call recall with the user's request and follow the lessons it returns.",
  "When a recalled lesson helped or misled, call record_feedback.",
  "When a task ends, call record_outcome; record errors with record_error and read them back with get_error_context before a retry.",
].join(" ");

export interface TacitMcpServerOptions {
  /**
   * The working directory the server stands in (for stdio, the client's project): the default
   * project of `recall`, and the cwd of sessions the tools create.
   */
  cwd: string;
  /** Recall settings; `llmFilter: true` lets the model drop candidates (one call per recall). */
  recallConfig?: Partial<RecallConfig>;
}

/** The tools, in the order `tools/list` shows them. */
export function tacitTools(context: ToolContext): McpTool[] {
  return [
    recallTool(context),
    recordFeedbackTool(context),
    recordOutcomeTool(context),
    recordErrorTool(context),
    getErrorContextTool(context),
    captureMessagesTool(context),
    listLessonsTool(context),
    compactContextTool(),
    memoryWriteTool(context),
    guardianRollbackTool(context),
    gateDecideTool(context),
  ];
}

/**
 * Builds tacit's MCP server on a runtime: recall, record_feedback, record_outcome, record_error,
 * get_error_context, capture_messages, list_lessons, compact_context, memory_write,
 * guardian_rollback and gate_decide, each with zod input and output schemas and structured results.
 * Connect it to a transport (stdio or Streamable HTTP); the caller owns the runtime and closes it.
 *
 * Failures follow tacit's contract:
 * - an unknown tool or arguments that fail the input schema → a JSON-RPC error, `InvalidParams`;
 * - a handler that fails (unknown lesson, store error) → a result with `isError: true` and one line.
 */
export function createTacitMcpServer(runtime: McpRuntime, options: TacitMcpServerOptions): McpServer {
  const server = new McpServer(
    { name: "tacit", title: "tacit", version: TACIT_VERSION },
    { instructions: INSTRUCTIONS },
  );
  const tools = new Map<string, McpTool>();
  for (const tool of tacitTools({ runtime, cwd: options.cwd, recallConfig: options.recallConfig })) {
    tools.set(tool.name, tool);
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.inputSchema,
        outputSchema: tool.outputSchema,
        annotations: tool.annotations,
      },
      (args) => tool.call(args),
    );
  }
  // McpServer (SDK 1.x) turns every tools/call failure into an `isError` result, unknown tools and
  // invalid arguments included (SEP-1303). tacit answers those two with protocol errors instead, so
  // `tools/call` is handled here; `tools/list` stays the SDK's, built from the registrations above.
  server.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = tools.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    return tool.call(request.params.arguments);
  });
  return server;
}
