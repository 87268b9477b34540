import type { Capture, MessageInput } from "../capture/capture.js";

/** A compact way to write a test session: `["user", "text"]`, `["tool", "Bash", "npm test", "output", true]`. */
export type Turn =
  | ["user" | "assistant", string]
  | ["tool", tool: string, command: string, output: string, failed?: boolean];

/**
 * Captures a session through the real capture API: one message per turn, a minute apart from
 * `start`, in the project `project` (the session's cwd). Returns the session id.
 */
export async function captureSession(
  capture: Capture,
  options: { id: string; project: string; start: number; turns: Turn[]; stepMs?: number },
): Promise<string> {
  const step = options.stepMs ?? 60_000;
  const sessionId = await capture.upsertSession({
    agent: "sdk",
    sourceSessionId: options.id,
    cwd: options.project,
    createdAt: options.start,
  });
  const messages: MessageInput[] = options.turns.map((turn, index) => {
    const createdAt = options.start + index * step;
    if (turn[0] === "tool") {
      const [, tool, command, output, failed] = turn;
      return {
        id: `m${index}`,
        role: "tool",
        kind: "tool_call",
        content: tool,
        toolName: tool,
        toolInput: { command },
        toolOutput: output,
        isError: failed ?? false,
        toolUseId: `t${index}`,
        createdAt,
      };
    }
    return { id: `m${index}`, role: turn[0], content: turn[1], createdAt };
  });
  await capture.appendMessages(sessionId, messages);
  return sessionId;
}

/** A Bash tool call with its output, as capture takes it (tool-use id `t-<id>`). */
export function bashCall(
  id: string,
  command: string,
  output: string,
  isError: boolean,
  createdAt: number,
): MessageInput {
  return {
    id,
    role: "tool",
    kind: "tool_call",
    content: "Bash",
    toolName: "Bash",
    toolInput: { command },
    toolOutput: output,
    isError,
    toolUseId: `t-${id}`,
    createdAt,
  };
}
