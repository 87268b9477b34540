/**
 * Reading the transcript of a session the agent hooks captured live. The hooks store each prompt,
 * tool call and final reply under ids the agent gives its events (hook-message-ids.ts); a Claude
 * Code transcript names the same prompt (`promptId` on its line) and tool call (the `tool_use`
 * block's id). So instead of importing such a session a second time under the transcript's own ids
 * (every message twice), the importer writes only rows shaped as the hooks write them, under the
 * hooks' ids: a row the hooks stored is found and left alone, and one they missed (an event the
 * hook daemon never received) is filled in.
 *
 * What is filled in is what the per-event hooks carry: the user's prompts (UserPromptSubmit) and
 * the tool calls with their results (PostToolUse, PostToolUseFailure). The rest of a transcript
 * (assistant text between tool calls, thinking, harness lines) is what the hooks never capture, and
 * is skipped as before; the final reply comes from the Stop hook, a command that runs in the
 * agent's own process, so the hook daemon cannot miss it.
 *
 * A tool call is written when its result arrives (where the hooks write it: PostToolUse comes after
 * the tool ran), with the result as its output. Calls still waiting for a result when the file ends
 * (a tool running, or interrupted, as the session ended) are written without one; a result read in
 * a later import for a call written earlier is skipped, so a row the hooks wrote is never changed.
 */
import { hookPromptId, hookToolCallId } from "../../core/hook-message-ids.js";
import type { MessageInput } from "../capture.js";
import type { MessageEvent, ToolResultEvent, TranscriptFormat } from "./types.js";

/** Why a line of a live session is not imported (its content is not what the hooks store). */
export const LIVE_SESSION_REASON = "session captured live by the agent hooks";

/** The formats whose transcripts share ids with the hooks of their agent. */
const FILLING_FORMATS: ReadonlySet<TranscriptFormat> = new Set(["claude-code"]);

/** One row to write into a live session. */
export interface LiveRow {
  sessionId: string;
  message: MessageInput;
}

/** Fills in the rows of live sessions from one transcript file (see the module comment). */
export class LiveSessionFill {
  /** Tool calls read, waiting for their result, by session and tool use id. */
  private readonly pending = new Map<string, LiveRow>();
  /** Prompts written in this file: a prompt written over several lines is written once. */
  private readonly prompts = new Set<string>();

  /** A filler for transcripts of `format`, or null when its ids do not agree with its hooks'. */
  static for(format: TranscriptFormat): LiveSessionFill | null {
    return FILLING_FORMATS.has(format) ? new LiveSessionFill() : null;
  }

  /**
   * What a message line of live session `sessionId` becomes: a row to write now, nothing yet (a
   * tool call waits for its result), or null when the hooks store no such row (skip the line).
   */
  message(event: MessageEvent, sessionId: string, createdAt: number): LiveRow | "held" | null {
    if (event.isSidechain) return null;
    if (event.role === "user" && event.kind === "text" && event.promptId !== undefined) {
      if (event.metadata?.isMeta === true) return null;
      const key = `${sessionId}\u0000${event.promptId}`;
      if (this.prompts.has(key)) return null;
      this.prompts.add(key);
      return {
        sessionId,
        message: {
          id: hookPromptId(event.promptId),
          role: "user",
          kind: "text",
          content: event.content,
          createdAt,
        },
      };
    }
    if (event.kind === "tool_call" && event.toolUseId) {
      this.pending.set(`${sessionId}\u0000${event.toolUseId}`, {
        sessionId,
        message: {
          id: hookToolCallId(event.toolUseId),
          role: "tool",
          kind: "tool_call",
          content: event.toolName ?? event.content,
          toolName: event.toolName ?? null,
          toolInput: event.toolInput ?? null,
          toolUseId: event.toolUseId,
          createdAt,
        },
      });
      return "held";
    }
    return null;
  }

  /** The call a result belongs to, with the result as its output; null when its call is not waiting. */
  toolResult(event: ToolResultEvent, sessionId: string, createdAt: number): LiveRow | null {
    const key = `${sessionId}\u0000${event.toolUseId}`;
    const call = this.pending.get(key);
    if (!call) return null;
    this.pending.delete(key);
    const output = event.output.trim() === "" && event.isError ? "tool call failed" : event.output;
    return {
      sessionId,
      message: {
        ...call.message,
        toolName: call.message.toolName ?? event.toolName ?? null,
        toolOutput: output,
        isError: event.isError,
        createdAt,
      },
    };
  }

  /** The calls still waiting for a result when the file ends: written without one. */
  drain(): LiveRow[] {
    const rows = [...this.pending.values()];
    this.pending.clear();
    return rows;
  }
}
