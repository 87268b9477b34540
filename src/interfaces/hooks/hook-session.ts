import type { MessageInput, SessionInput } from "../../capture/capture.js";
import { hookPromptId, hookReplyId, hookToolCallId } from "../../core/hook-message-ids.js";
import { boundedJsonText } from "../../core/json-text.js";
import { stripInjectedContext } from "../../core/tacit-context.js";
import type {
  HookAgent,
  HookEvent,
  PostToolUseEvent,
  PostToolUseFailureEvent,
  PreCompactEvent,
} from "./hook-event.js";
import type { SpoolRecord } from "./hook-spool.js";
import { errorText, responseIsError, toolResponseText } from "./tool-response.js";

/** The session an event belongs to, as capture takes it. */
export interface HookSession {
  /** tacit's session id: `agent:session_id`, or `agent:session_id/agent-<agent_id>` in a subagent. */
  id: string;
  session: SessionInput;
  isSubagent: boolean;
}

/**
 * The session of an event. Ids match the transcript importers (`claude-code:<session_id>`, a
 * subagent `…/agent-<agent_id>` under its parent), so hook capture and imports share sessions.
 */
export function hookSession(event: HookEvent, options: { agent: HookAgent; now: number }): HookSession {
  const { agent, now } = options;
  const agentId = event.agent_id;
  const sourceSessionId = agentId ? `${event.session_id}/agent-${agentId}` : event.session_id;
  const metadata: Record<string, unknown> = { capturedBy: "hook" };
  if (event.transcript_path) metadata.transcriptPath = event.transcript_path;
  if (event.model) metadata.model = event.model;
  if (event.agent_type) metadata.agentType = event.agent_type;
  return {
    id: `${agent}:${sourceSessionId}`,
    session: {
      agent,
      sourceSessionId,
      cwd: event.cwd ?? null,
      ...(agentId ? { parentSessionId: `${agent}:${event.session_id}` } : {}),
      createdAt: now,
      lastActivityAt: now,
      metadata,
    },
    isSubagent: Boolean(agentId),
  };
}

/**
 * The tool_call row of a PostToolUse or PostToolUseFailure: name, input, output (the response's
 * text, or the error), and whether it failed. Its id comes from `tool_use_id`, so an event
 * delivered twice is stored once.
 */
export function toolCallMessage(
  event: PostToolUseEvent | PostToolUseFailureEvent,
  options: { agent: HookAgent; now: number },
): MessageInput {
  const failed = event.hook_event_name === "PostToolUseFailure";
  const output = failed ? errorText(event.error) : toolResponseText(event.tool_response);
  const isError =
    failed || responseIsError(event.tool_response, { readExitCodeText: options.agent === "codex" });
  const metadata: Record<string, unknown> = {};
  if (event.duration_ms !== undefined) metadata.durationMs = event.duration_ms;
  if (failed && event.is_interrupt) metadata.isInterrupt = true;
  const input = boundedJsonText(event.tool_input ?? {});
  const key = event.tool_use_id ?? digest(event.session_id, event.tool_name, input, String(options.now));
  return {
    id: hookToolCallId(key),
    role: "tool",
    kind: "tool_call",
    content: event.tool_name,
    toolName: event.tool_name,
    toolInput: input,
    // An error row needs text: a failure that says nothing still says that it failed.
    toolOutput: isError && output.trim() === "" ? "tool call failed" : output,
    isError,
    toolUseId: event.tool_use_id ?? null,
    isSidechain: Boolean(event.agent_id),
    createdAt: options.now,
    metadata,
  };
}

/**
 * What an event stores, in order: its session (upserted) with the row it adds, if any; a Stop also
 * marks where its turn ended, so the turn's outcome is recorded once its rows are stored. Messages
 * get stable ids (`hook:prompt:<prompt_id>`, `hook:tool:<tool_use_id>`, …), so an event stored
 * twice (handled again, or spooled and then stored) is stored once. Needs no store: a hook that
 * finds the database locked spools exactly these.
 */
export function eventRecords(event: HookEvent, options: { agent: HookAgent; now: number }): SpoolRecord[] {
  const { now } = options;
  const context = hookSession(event, options);
  const record = (message?: MessageInput, session = context.session): SpoolRecord => ({
    sessionId: context.id,
    session,
    ...(message ? { message } : {}),
  });
  switch (event.hook_event_name) {
    case "SessionStart":
      return [
        record(undefined, {
          ...context.session,
          metadata: { ...context.session.metadata, ...(event.source ? { source: event.source } : {}) },
        }),
      ];
    case "UserPromptSubmit": {
      const prompt = stripInjectedContext(event.prompt);
      const key = event.prompt_id ?? event.turn_id ?? digest(context.id, prompt, String(now));
      return [
        record({
          id: hookPromptId(key),
          role: "user",
          kind: "text",
          content: prompt,
          isSidechain: context.isSubagent,
          createdAt: now,
        }),
      ];
    }
    case "PreToolUse":
      // Answered by the guard; the call itself is stored by its PostToolUse.
      return [];
    case "PostToolUse":
    case "PostToolUseFailure":
      return [record(toolCallMessage(event, options))];
    case "Stop":
    case "SubagentStop": {
      const reply = (event.last_assistant_message ?? "").trim();
      const key = event.prompt_id ?? event.turn_id ?? digest(context.id, reply, String(now));
      const message: MessageInput | undefined = reply
        ? {
            id: hookReplyId(key),
            role: "assistant",
            kind: "text",
            content: reply,
            isSidechain: context.isSubagent,
            createdAt: now,
          }
        : undefined;
      return [{ ...record(message), turnEndedAt: now }];
    }
    case "PreCompact":
      return [record(compactBoundary(event, context.id, now))];
    case "SessionEnd":
      return [
        record(undefined, {
          ...context.session,
          metadata: { ...context.session.metadata, ...(event.reason ? { endReason: event.reason } : {}) },
        }),
      ];
  }
}

function compactBoundary(event: PreCompactEvent, sessionId: string, now: number): MessageInput {
  const trigger = event.trigger ?? "unknown";
  const instructions = event.custom_instructions?.trim();
  return {
    id: `hook:compact:${digest(sessionId, trigger, String(now))}`,
    role: "system",
    kind: "compact_boundary",
    content: instructions
      ? `Conversation compacted (${trigger}): ${instructions}`
      : `Conversation compacted (${trigger})`,
    createdAt: now,
    metadata: { trigger },
  };
}

/**
 * A short stable hash of some strings (64 bits: two 32-bit FNV-1a lanes, hex), for message ids the
 * agent gives no id for. Not cryptographic, and not meant to be: it only has to tell apart a
 * session's messages, and node:crypto would add to every tool event's start-up.
 */
export function digest(...parts: string[]): string {
  const text = parts.join("\u0000");
  let low = 0x811c9dc5;
  let high = 0x01000193 ^ text.length;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    low = Math.imul(low ^ code, 0x01000193);
    high = Math.imul(high ^ code, 0x5bd1e995) ^ (high >>> 15);
  }
  return `${(low >>> 0).toString(16).padStart(8, "0")}${(high >>> 0).toString(16).padStart(8, "0")}`;
}
