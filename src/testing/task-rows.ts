import type { TaskMessage } from "../core/learning/task-message.js";

/** One step of a test session; `wait` adds idle time before the next row. */
export type Step =
  | { user: string; meta?: boolean; sidechain?: boolean }
  | { assistant: string; thinking?: boolean }
  | { tool: string; input: string | Record<string, unknown>; output: string; error?: boolean }
  | { wait: number };

export interface TaskRowsOptions {
  /** `seq` of the first row. Default 0. */
  firstSeq?: number;
  /** `createdAt` of the first row. Default 0. */
  start?: number;
  /** Time between consecutive rows, before any `wait`. Default 10 s. */
  stepMs?: number;
}

/**
 * Learning-pipeline rows for a test session: consecutive seqs, `stepMs` apart (plus any `wait`).
 * A string tool input is a shell command.
 */
export function taskRows(steps: readonly Step[], options: TaskRowsOptions = {}): TaskMessage[] {
  const { firstSeq = 0, start = 0, stepMs = 10_000 } = options;
  const out: TaskMessage[] = [];
  let at = start;
  for (const step of steps) {
    if ("wait" in step) {
      at += step.wait;
      continue;
    }
    const base = {
      seq: firstSeq + out.length,
      createdAt: at,
      toolName: null,
      toolInput: null,
      toolOutput: null,
      isError: false,
    };
    at += stepMs;
    if ("user" in step) {
      out.push({
        ...base,
        role: "user",
        kind: "text",
        content: step.user,
        ...(step.meta ? { isMeta: true } : {}),
        ...(step.sidechain ? { isSidechain: true } : {}),
      });
    } else if ("assistant" in step) {
      out.push({
        ...base,
        role: "assistant",
        kind: step.thinking ? "thinking" : "text",
        content: step.assistant,
      });
    } else {
      const input = typeof step.input === "string" ? { command: step.input } : step.input;
      out.push({
        ...base,
        role: "tool",
        kind: "tool_call",
        content: step.tool,
        toolName: step.tool,
        toolInput: JSON.stringify(input),
        toolOutput: step.output,
        isError: step.error === true,
      });
    }
  }
  return out;
}
