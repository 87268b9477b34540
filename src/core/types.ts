/**
 * Domain types shared by every layer. Times are epoch milliseconds.
 */

/** The agent a session came from. */
export type AgentKind = "claude-code" | "codex" | "openclaw" | "generic" | "mcp" | "sdk";
/** Every agent kind. */
export const AGENT_KINDS: readonly AgentKind[] = [
  "claude-code",
  "codex",
  "openclaw",
  "generic",
  "mcp",
  "sdk",
];

export type MessageRole = "user" | "assistant" | "tool" | "system";

/**
 * What a message row is. `text` is ordinary conversation; `tool_call` is a tool invocation
 * paired with its result (input and output on one row); the rest keep transcript structure.
 */
export type MessageKind = "text" | "thinking" | "tool_call" | "summary" | "compact_boundary" | "meta";

/** A captured session: its agent kind, project, branch and times. */
export interface Session {
  id: string;
  agent: AgentKind;
  /** The session id as the source agent wrote it. */
  sourceSessionId: string;
  channelId: string;
  conversationTarget: string | null;
  accountId: string | null;
  /** Git root, else cwd, else null. Lessons are scoped by it. */
  projectId: string | null;
  cwd: string | null;
  gitBranch: string | null;
  /** Set for subagent sessions: the session that spawned this one. */
  parentSessionId: string | null;
  title: string | null;
  createdAt: number;
  lastActivityAt: number;
  metadata: Record<string, unknown>;
}

/** One message in a session, in order. A tool call carries both its input and its output. */
export interface Message {
  id: string;
  sessionId: string;
  /** Position within the session, from 0. */
  seq: number;
  role: MessageRole;
  kind: MessageKind;
  content: string;
  toolName: string | null;
  /** Tool input as JSON text. */
  toolInput: string | null;
  toolOutput: string | null;
  isError: boolean;
  toolUseId: string | null;
  isSidechain: boolean;
  /** The source's parent message id, where it has one. */
  parentId: string | null;
  /** Original byte size of content/output when it was truncated at capture, else null. */
  originalSize: number | null;
  createdAt: number;
  metadata: Record<string, unknown>;
}

/** Error types of the error accumulator (docs/design.md#retry-context). */
export type ErrorType = "validation" | "timeout" | "conflict" | "tool_failure" | "unknown";
export const ERROR_TYPES: readonly ErrorType[] = [
  "validation",
  "timeout",
  "conflict",
  "tool_failure",
  "unknown",
];

export interface ErrorEntry {
  id: string;
  sessionId: string;
  taskId: string | null;
  messageId: string | null;
  errorType: ErrorType;
  message: string;
  stackTrace: string | null;
  toolName: string | null;
  context: string | null;
  resolved: boolean;
  resolvedAt: number | null;
  createdAt: number;
}

export interface ErrorStats {
  total: number;
  unresolved: number;
  byType: Partial<Record<ErrorType, number>>;
}

/** How a task (or, with `taskId` null, a turn) went: docs/design.md#outcome-scoring. */
export interface Outcome {
  id: string;
  sessionId: string;
  taskId: string | null;
  durationMs: number;
  errorCount: number;
  retryCount: number;
  success: boolean;
  filesTouched: string[];
  strategy: string | null;
  failureMode: string | null;
  failureDetails: string | null;
  createdAt: number;
}
