import type { AgentKind, MessageKind, MessageRole } from "../../core/types.js";

/**
 * What a transcript parser emits for one source line. Parsers are pure: they see parsed JSON
 * objects, never files, and the import runner turns their events into capture calls.
 */
export type ImportEvent = SessionEvent | MessageEvent | ToolResultEvent | SkipEvent | UnknownEvent;

/** Creates or updates the session that later messages belong to. */
export interface SessionEvent {
  type: "session";
  /** The session id as the source writes it. The runner prefixes it with the agent kind. */
  sourceSessionId: string;
  agent: AgentKind;
  cwd?: string | null;
  gitBranch?: string | null;
  title?: string | null;
  /** For a subagent transcript: the source session id of the parent session. */
  parentSourceSessionId?: string | null;
  /** epoch ms */
  timestamp?: number;
  metadata?: Record<string, unknown>;
}

/** One message. For `kind: "tool_call"`, `toolName`/`toolInput`/`toolUseId` are set. */
export interface MessageEvent {
  type: "message";
  sourceSessionId: string;
  /** Stable id from the source (uuid, message id + block index, …). Unique within the session. */
  sourceId: string;
  role: MessageRole;
  kind: MessageKind;
  content: string;
  toolName?: string | null;
  /** JSON text of the tool input. */
  toolInput?: string | null;
  /** Set when the source writes a tool's result on the same record as its call. */
  toolOutput?: string | null;
  isError?: boolean;
  toolUseId?: string | null;
  isSidechain?: boolean;
  parentId?: string | null;
  /**
   * Source API message id (Claude Code writes one API message over several lines, one per
   * content block). Text blocks of the same API message are merged into one message row.
   */
  apiMessageId?: string | null;
  /**
   * The prompt a user line belongs to, when the source names it (Claude Code's `promptId`, the
   * `prompt_id` its hooks receive): how a transcript and the hooks agree on a prompt's id.
   */
  promptId?: string;
  /** epoch ms */
  timestamp?: number;
  metadata?: Record<string, unknown>;
}

/** The result of an earlier tool call, paired to it by `toolUseId`. */
export interface ToolResultEvent {
  type: "tool_result";
  sourceSessionId: string;
  /** Stable id of the line carrying the result (used when no call with this id is known). */
  sourceId: string;
  toolUseId: string;
  output: string;
  isError: boolean;
  toolName?: string | null;
  /** epoch ms */
  timestamp?: number;
}

/** A line that is valid JSON but carries nothing to store (metadata, UI state). Counted by reason. */
export interface SkipEvent {
  type: "skip";
  reason: string;
}

/** A line whose type the parser does not know. Counted by line type, never fatal. */
export interface UnknownEvent {
  type: "unknown";
  lineType: string;
}

/** A stateful parser for one file. `parseLine` is called once per JSON line, in order. */
export interface TranscriptParser {
  readonly format: TranscriptFormat;
  parseLine(record: unknown, lineNumber: number): ImportEvent[];
}

export type TranscriptFormat = "claude-code" | "codex" | "openclaw" | "generic";

export interface ParserContext {
  /** Path of the file being parsed; parsers use its name when the source has no session id. */
  file: string;
}
