import type { CallToolResult, ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import type { z } from "zod";
import { TacitError } from "../../core/errors.js";

/**
 * One MCP tool of tacit: its zod input and output schemas and the work it does. `run` receives
 * validated arguments and returns the structured result; it throws on failure.
 */
export interface ToolSpec<Input extends z.ZodObject, Output extends z.ZodObject> {
  name: string;
  title: string;
  description: string;
  inputSchema: Input;
  outputSchema: Output;
  annotations: ToolAnnotations;
  run(input: z.output<Input>): Promise<z.input<Output>>;
}

/** A tool ready to register: its spec without types, and `call`, which answers a `tools/call`. */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  annotations: ToolAnnotations;
  /**
   * Validates the arguments and runs the tool.
   * - Invalid arguments throw `McpError(InvalidParams)`: a protocol error, answered as a JSON-RPC error.
   * - A failing handler returns `isError: true` with a one-line message.
   * - Success returns `structuredContent` (parsed by the output schema, so unknown keys are dropped)
   *   and the same JSON as text, for clients that do not read structured content.
   */
  call(args: unknown): Promise<CallToolResult>;
}

/** Erases a tool's types behind {@link McpTool}, keeping its validation and error contract. */
export function defineTool<Input extends z.ZodObject, Output extends z.ZodObject>(
  spec: ToolSpec<Input, Output>,
): McpTool {
  return {
    name: spec.name,
    title: spec.title,
    description: spec.description,
    inputSchema: spec.inputSchema,
    outputSchema: spec.outputSchema,
    annotations: spec.annotations,
    async call(args) {
      const parsed = spec.inputSchema.safeParse(args ?? {});
      if (!parsed.success) {
        throw new McpError(
          ErrorCode.InvalidParams,
          `Invalid arguments for tool ${spec.name}: ${describeIssues(parsed.error.issues)}`,
        );
      }
      try {
        const structured = spec.outputSchema.parse(await spec.run(parsed.data)) as Record<string, unknown>;
        return {
          content: [{ type: "text", text: JSON.stringify(structured) }],
          structuredContent: structured,
        };
      } catch (error) {
        return { content: [{ type: "text", text: failureMessage(error) }], isError: true };
      }
    },
  };
}

/** `field.path: message; …`, the way a caller can fix its arguments. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .map((issue) => {
      const path = issue.path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`));
      const field = path.join("").replace(/^\./, "");
      return field ? `${field}: ${issue.message}` : issue.message;
    })
    .join("; ");
}

/**
 * One line naming what went wrong, at most 500 characters. tacit's own errors are written for the
 * reader; anything else (a bug, a driver error) keeps its class name.
 */
export function failureMessage(error: unknown): string {
  const text = TacitError.isInstance(error)
    ? error.message
    : error instanceof Error
      ? `${error.name === "Error" ? "" : `${error.name}: `}${error.message}`
      : String(error);
  const line = text.replace(/\s+/g, " ").trim() || "tool failed";
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}
