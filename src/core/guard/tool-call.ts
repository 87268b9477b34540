/**
 * What a tool call does, read from its name and input by the shapes in tool-lexicon.ts: the
 * programs a shell call runs, the files an edit or a patch writes. A tool the guard does not know
 * (Read, Grep, an MCP tool) does nothing it checks. Pure.
 */
import { type SimpleCommand, simpleCommands } from "./shell-command.js";
import { toolShape } from "./tool-lexicon.js";

/** One thing a tool call does that a lesson may forbid. */
export type ToolAction = { kind: "command"; command: SimpleCommand } | { kind: "edit"; path: string };

/** A tool call as an agent describes it before it runs. */
export interface ToolCall {
  toolName: string;
  /** The tool's input (Claude Code's `tool_input`, OpenClaw's `params`). */
  input: unknown;
  /** Paths the agent derived itself (OpenClaw's `derivedPaths` for a patch), used beside the input's. */
  derivedPaths?: readonly string[];
}

/** The lines of a patch that name the files it writes. */
const PATCH_FILE = /^\*\*\* (?:Update|Add|Delete) File:\s*(.+?)\s*$|^\*\*\* Move to:\s*(.+?)\s*$/gm;

/** The actions of a tool call, in order; none for a tool the guard does not read. */
export function toolActions(call: ToolCall): ToolAction[] {
  const shape = toolShape(call.toolName);
  const input = (typeof call.input === "object" && call.input !== null ? call.input : {}) as Record<
    string,
    unknown
  >;
  const derived = (call.derivedPaths ?? []).map((path): ToolAction => ({ kind: "edit", path }));
  if (!shape) return derived;
  const value = shape.fields.map((field) => input[field]).find((found) => found !== undefined);
  if (shape.kind === "command") {
    const line = commandLine(value);
    return line === null ? [] : simpleCommands(line).map((command) => ({ kind: "command", command }));
  }
  if (shape.kind === "edit") {
    return typeof value === "string" && value.trim() !== ""
      ? [{ kind: "edit", path: value.trim() }]
      : derived;
  }
  if (typeof value !== "string") return derived;
  const paths = [...value.matchAll(PATCH_FILE)].map((match) => (match[1] ?? match[2]) as string);
  return [...new Set([...paths, ...(call.derivedPaths ?? [])])].map((path) => ({ kind: "edit", path }));
}

/** A command as a line: a string, or an argv array (`["bash", "-lc", "npm i"]` keeps its words). */
function commandLine(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((part) => typeof part === "string")) {
    return value.map((part) => (/[\s'"]/.test(part) ? `'${part.replaceAll("'", "'\\''")}'` : part)).join(" ");
  }
  return null;
}

/** A short description of an action, for a reason or a log: the command, or "edit PATH". */
export function describeAction(action: ToolAction): string {
  return action.kind === "command" ? action.command.text : `edit ${action.path}`;
}
