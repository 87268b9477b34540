import type { Message } from "../../core/types.js";

/** What the Stop hook records for the turn that just ended (an outcome with `taskId` null). */
export interface TurnOutcome {
  /** Stable per turn: derived from the turn's prompt row, so a repeated Stop records nothing new. */
  id: string;
  /** From the turn's prompt (else the session's start) to now, ms. */
  durationMs: number;
  /** Tool calls of the turn that failed. */
  errorCount: number;
  /** Failed tool calls after which the agent called a tool again. */
  retryCount: number;
  /**
   * A proxy, and only that: the turn did not end on a failed tool call. Whether the user was
   * satisfied is not visible at Stop; the learner reads it from the next prompt's feedback signals.
   */
  success: boolean;
  filesTouched: string[];
  failureMode: string | null;
  failureDetails: string | null;
}

/** Tools whose input names a file they change. */
const FILE_TOOLS = new Set(["Edit", "MultiEdit", "Write", "NotebookEdit", "apply_patch"]);

/**
 * Summarises the last turn of a session from its messages (in order): everything after the last
 * user prompt. `sessionStart` stands in for the prompt's time when no prompt was captured.
 */
export function summarizeTurn(options: {
  sessionId: string;
  messages: readonly Message[];
  sessionStart: number;
  now: number;
}): TurnOutcome {
  const { messages, now } = options;
  let start = -1;
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index] as Message;
    if (message.role === "user" && message.kind === "text" && message.metadata.isMeta !== true) {
      start = index;
      break;
    }
  }
  const prompt = start >= 0 ? (messages[start] as Message) : null;
  // In the order they ran: a call the transcript filled in after later ones were stored (a hook
  // event missed mid-turn) is stored after them but keeps its own time. The sort is stable.
  const calls = messages
    .slice(start + 1)
    .filter((message) => message.kind === "tool_call")
    .sort((a, b) => a.createdAt - b.createdAt);
  const failures = calls.filter((call) => call.isError);
  const last = calls.at(-1);
  const success = !last?.isError;
  const files = new Set<string>();
  for (const call of calls) {
    if (call.isError || !call.toolName || !FILE_TOOLS.has(call.toolName)) continue;
    const path = filePath(call.toolInput);
    if (path) files.add(path);
  }
  return {
    id: prompt ? `${prompt.id}:outcome` : `${options.sessionId}:hook-outcome:${now}`,
    durationMs: Math.max(0, now - (prompt?.createdAt ?? options.sessionStart)),
    errorCount: failures.length,
    retryCount: calls.filter((call, index) => call.isError && index < calls.length - 1).length,
    success,
    filesTouched: [...files],
    failureMode: success ? null : "tool_failure",
    failureDetails: success ? null : (last?.toolOutput ?? "").trim().slice(0, 500) || null,
  };
}

function filePath(input: string | null): string | null {
  if (!input) return null;
  let value: unknown;
  try {
    value = JSON.parse(input);
  } catch {
    // Tool input that is not JSON names no file.
    return null;
  }
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  for (const key of ["file_path", "notebook_path", "path"]) {
    const path = record[key];
    if (typeof path === "string" && path.length > 0) return path;
  }
  return null;
}
