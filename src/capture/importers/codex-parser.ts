/**
 * Parser for Codex CLI rollout files (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<uuid>.jsonl`).
 *
 * Current rollouts wrap every record as `{timestamp, type, payload}`: `session_meta` opens the
 * file, `response_item` carries what the model saw and said (the source of truth), while
 * `event_msg` repeats the same turn for the UI and is skipped. Older rollouts write response
 * items bare at the top level after a `{id, timestamp, instructions}` header; drifted files use
 * `{role, message|content}` and `function_call` / `function_result` lines. All are imported.
 */
import { z } from "zod";
import { harnessOrigin } from "../../core/harness-text.js";
import {
  describeZodError,
  fileName,
  flattenContent,
  isRecord,
  type JsonRecord,
  nonEmptyString,
  PendingToolCalls,
  toEpochMs,
  toJsonText,
} from "./content-text.js";
import type { ImportEvent, MessageEvent, ParserContext, SessionEvent, TranscriptParser } from "./types.js";

/** Response item types handled without a payload wrapper (older rollouts, drifted files). */
const RESPONSE_ITEM_TYPES = new Set([
  "message",
  "reasoning",
  "function_call",
  "function_call_output",
  "function_result",
  "custom_tool_call",
  "custom_tool_call_output",
  "local_shell_call",
  "web_search_call",
  "tool_search_call",
  "tool_search_output",
  "image_generation_call",
  "ghost_snapshot",
  "agent_message",
  "compaction",
]);

/** Top-level records that only describe settings or environment state. */
const SKIPPED_RECORD_TYPES = new Set(["turn_context", "world_state", "inter_agent_communication_metadata"]);

/** Response items with nothing to learn from: generated images, git snapshots, encrypted compaction. */
const SKIPPED_ITEM_TYPES = new Set(["image_generation_call", "ghost_snapshot", "compaction"]);

const sessionMeta = z.looseObject({
  id: z.string({ error: "expected string" }),
  cwd: z.string().optional(),
  git: z.looseObject({ branch: z.string().optional() }).nullish(),
});
const messageItem = z.looseObject({
  role: z.string({ error: "expected string" }),
  content: z.union([z.string(), z.array(z.unknown())], { error: "expected string or array" }).optional(),
  message: z.string().optional(),
});
const namedCall = z.looseObject({ name: z.string({ error: "expected string" }) });

/** Exit status written in a shell tool's output text (`Exit code: 1`, `Process exited with code 1`). */
const EXIT_CODE_TEXT = /^(?:Exit code: |Process exited with code )(-?\d+)/m;

/** The JSON object a text holds, or undefined when the text is not a JSON object. */
function parseJsonObject(text: string): JsonRecord | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch (error) {
    // Text that merely starts with "{" is ordinary output, not a wrapper.
    if (error instanceof SyntaxError) return undefined;
    throw error;
  }
}

interface ToolOutput {
  text: string;
  isError: boolean;
}

/**
 * Reads a tool output that may be plain text, JSON text `{output, metadata: {exit_code}}`, an
 * object with `content`/`success`, or an array of content parts. Non-zero exit codes and
 * `success: false` mark errors.
 */
function readToolOutput(output: unknown): ToolOutput {
  if (typeof output === "string") {
    const parsed = output.trimStart().startsWith("{") ? parseJsonObject(output) : undefined;
    if (parsed && (parsed.output !== undefined || isRecord(parsed.metadata))) {
      const inner = readToolOutput(parsed.output ?? "");
      const exitCode = isRecord(parsed.metadata) ? parsed.metadata.exit_code : undefined;
      return { text: inner.text, isError: typeof exitCode === "number" ? exitCode !== 0 : inner.isError };
    }
    const exit = EXIT_CODE_TEXT.exec(output);
    return { text: output, isError: exit?.[1] !== undefined && Number(exit[1]) !== 0 };
  }
  if (isRecord(output) && (output.content !== undefined || output.success !== undefined)) {
    const inner = readToolOutput(output.content ?? "");
    return { text: inner.text, isError: output.success === false || inner.isError };
  }
  const text = flattenContent(output);
  return { text, isError: readToolOutput(text).isError };
}

/** Creates a parser for one Codex rollout file. */
export function createCodexParser(context: ParserContext): TranscriptParser {
  const pending = new PendingToolCalls();
  /** Failures reported by `event_msg` end events, by call id, applied to the matching output. */
  const failedCalls = new Set<string>();
  let sessionId: string | undefined;
  let announced: { cwd: string | null; gitBranch: string | null } | undefined;

  function fallbackSessionId(): string {
    const uuid = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i.exec(
      fileName(context.file),
    );
    return uuid?.[1] ?? context.file;
  }

  /** The session id, announcing a file-named session first when no session_meta came before. */
  function session(events: ImportEvent[], timestamp: number | undefined): string {
    if (sessionId === undefined) sessionId = fallbackSessionId();
    if (announced === undefined) {
      announced = { cwd: null, gitBranch: null };
      events.push({ type: "session", sourceSessionId: sessionId, agent: "codex", timestamp });
    }
    return sessionId;
  }

  function parseSessionMeta(payload: JsonRecord, timestamp: number | undefined): ImportEvent[] {
    const parsed = sessionMeta.safeParse(payload);
    if (!parsed.success) return [{ type: "skip", reason: describeZodError("session_meta", parsed.error) }];
    const meta = parsed.data;
    if (sessionId !== undefined && sessionId !== meta.id && announced !== undefined) {
      return [{ type: "skip", reason: `session_meta: another session id (${meta.id}) inside ${sessionId}` }];
    }
    sessionId ??= meta.id;
    const cwd = nonEmptyString(meta.cwd) ?? announced?.cwd ?? null;
    const gitBranch = nonEmptyString(meta.git?.branch) ?? announced?.gitBranch ?? null;
    if (announced && announced.cwd === cwd && announced.gitBranch === gitBranch) {
      return [{ type: "skip", reason: "session_meta: repeated" }];
    }
    announced = { cwd, gitBranch };
    const source = isRecord(meta.source) ? meta.source : undefined;
    const spawn =
      isRecord(source?.subagent) && isRecord(source.subagent.thread_spawn)
        ? source.subagent.thread_spawn
        : {};
    const metadata: Record<string, unknown> = {};
    for (const [from, to] of [
      ["cli_version", "cliVersion"],
      ["originator", "originator"],
      ["model_provider", "modelProvider"],
      ["forked_from_id", "forkedFromId"],
    ] as const) {
      if (meta[from] !== undefined) metadata[to] = meta[from];
    }
    if (isRecord(meta.git)) metadata.git = meta.git;
    const event: SessionEvent = {
      type: "session",
      sourceSessionId: sessionId,
      agent: "codex",
      cwd,
      gitBranch,
      parentSourceSessionId:
        nonEmptyString(meta.parent_thread_id) ?? nonEmptyString(spawn.parent_thread_id) ?? null,
      timestamp: toEpochMs(meta.timestamp) ?? timestamp,
      metadata,
    };
    return [event];
  }

  function parseMessage(item: JsonRecord, sourceId: string, timestamp: number | undefined): ImportEvent[] {
    const parsed = messageItem.safeParse(item);
    if (!parsed.success) return [{ type: "skip", reason: describeZodError("message", parsed.error) }];
    const { role } = parsed.data;
    const text = flattenContent(parsed.data.content ?? parsed.data.message ?? "");
    if (text.trim().length === 0) return [{ type: "skip", reason: "message: content: no text" }];
    const events: ImportEvent[] = [];
    const sourceSessionId = session(events, timestamp);
    const message: MessageEvent = {
      type: "message",
      sourceSessionId,
      sourceId,
      role: role === "user" || role === "assistant" ? role : "system",
      kind: "text",
      content: text,
      timestamp,
    };
    const metadata: Record<string, unknown> = {};
    if (role !== message.role) metadata.sourceRole = role;
    // User-role text Codex injects itself (environment and instruction blocks, see harness-text.ts).
    const origin = role === "user" ? harnessOrigin(text) : null;
    if (origin !== null) Object.assign(metadata, { isMeta: true, origin });
    if (item.type === "agent_message") {
      metadata.interAgent = true;
      if (item.author !== undefined) metadata.author = item.author;
      if (item.recipient !== undefined) metadata.recipient = item.recipient;
    }
    if (Object.keys(metadata).length > 0) message.metadata = metadata;
    return [...events, message];
  }

  function toolCall(
    name: string,
    input: unknown,
    callId: string | undefined,
    sourceId: string,
    timestamp: number | undefined,
  ): ImportEvent[] {
    const events: ImportEvent[] = [];
    const sourceSessionId = session(events, timestamp);
    const toolUseId = callId ?? sourceId;
    pending.add(toolUseId, name);
    events.push({
      type: "message",
      sourceSessionId,
      sourceId,
      role: "tool",
      kind: "tool_call",
      content: name,
      toolName: name,
      toolInput: toJsonText(input),
      toolUseId,
      timestamp,
    });
    return events;
  }

  function toolResult(
    item: JsonRecord,
    output: ToolOutput,
    sourceId: string,
    timestamp: number | undefined,
  ): ImportEvent[] {
    const events: ImportEvent[] = [];
    const sourceSessionId = session(events, timestamp);
    const callId = nonEmptyString(item.call_id);
    const call = pending.resolve(callId, nonEmptyString(item.name));
    const toolUseId = call?.id ?? sourceId;
    events.push({
      type: "tool_result",
      sourceSessionId,
      sourceId,
      toolUseId,
      output: output.text,
      isError: output.isError || failedCalls.has(toolUseId),
      toolName: call?.name ?? null,
      timestamp,
    });
    return events;
  }

  function parseItem(item: JsonRecord, sourceId: string, timestamp: number | undefined): ImportEvent[] {
    const type = typeof item.type === "string" ? item.type : "message";
    if (SKIPPED_ITEM_TYPES.has(type)) return [{ type: "skip", reason: `response_item:${type}` }];
    if (type === "message" || type === "agent_message") {
      return parseMessage(type === "agent_message" ? { role: "system", ...item } : item, sourceId, timestamp);
    }
    if (type === "reasoning") {
      const text = [flattenContent(item.summary), flattenContent(item.content)]
        .filter((part) => part)
        .join("\n");
      if (text.trim().length === 0)
        return [{ type: "skip", reason: "response_item:reasoning: no readable text" }];
      const events: ImportEvent[] = [];
      const sourceSessionId = session(events, timestamp);
      events.push({
        type: "message",
        sourceSessionId,
        sourceId,
        role: "assistant",
        kind: "thinking",
        content: text,
        timestamp,
      });
      return events;
    }
    if (type === "function_call" || type === "custom_tool_call") {
      const named = namedCall.safeParse(isRecord(item.function) ? { ...item.function, ...item } : item);
      if (!named.success) return [{ type: "skip", reason: describeZodError(type, named.error) }];
      const fn = isRecord(item.function) ? item.function : {};
      const input = type === "custom_tool_call" ? item.input : (item.arguments ?? fn.arguments);
      return toolCall(named.data.name, input, nonEmptyString(item.call_id), sourceId, timestamp);
    }
    if (type === "local_shell_call") {
      return toolCall("local_shell", item.action ?? null, nonEmptyString(item.call_id), sourceId, timestamp);
    }
    if (type === "web_search_call") {
      const callId = nonEmptyString(item.call_id) ?? nonEmptyString(item.id);
      return toolCall("web_search", item.action ?? null, callId, sourceId, timestamp);
    }
    if (type === "tool_search_call") {
      return toolCall(
        "tool_search",
        item.arguments ?? null,
        nonEmptyString(item.call_id),
        sourceId,
        timestamp,
      );
    }
    if (type === "function_call_output" || type === "custom_tool_call_output" || type === "function_result") {
      return toolResult(item, readToolOutput(item.output ?? item.result), sourceId, timestamp);
    }
    if (type === "tool_search_output") {
      const names = Array.isArray(item.tools)
        ? item.tools.map((tool) => (isRecord(tool) ? tool.name : undefined))
        : [];
      const text = names.filter((name) => typeof name === "string").join("\n");
      return toolResult(item, { text, isError: false }, sourceId, timestamp);
    }
    return [{ type: "unknown", lineType: `response_item:${type}` }];
  }

  /** Event messages repeat response items; only tool failures are kept, to mark the matching output. */
  function parseEventMessage(payload: JsonRecord): ImportEvent[] {
    const type = nonEmptyString(payload.type) ?? "(none)";
    const callId = nonEmptyString(payload.call_id);
    if (callId !== undefined) {
      const result = isRecord(payload.result) ? payload.result : undefined;
      const failed =
        (type === "exec_command_end" && typeof payload.exit_code === "number" && payload.exit_code !== 0) ||
        (type === "patch_apply_end" && payload.success === false) ||
        (type === "mcp_tool_call_end" &&
          (result?.Err !== undefined || (isRecord(result?.Ok) && result.Ok.isError === true)));
      if (failed) failedCalls.add(callId);
    }
    return [{ type: "skip", reason: `event_msg:${type}` }];
  }

  function parseCompacted(
    payload: JsonRecord,
    sourceId: string,
    timestamp: number | undefined,
  ): ImportEvent[] {
    const events: ImportEvent[] = [];
    const content = typeof payload.message === "string" ? payload.message : "";
    const sourceSessionId = session(events, timestamp);
    events.push({
      type: "message",
      sourceSessionId,
      sourceId,
      role: "system",
      kind: "compact_boundary",
      content,
      timestamp,
    });
    return events;
  }

  return {
    format: "codex",
    parseLine(record: unknown, lineNumber: number): ImportEvent[] {
      if (!isRecord(record)) return [{ type: "skip", reason: "record: expected object" }];
      const sourceId = `line-${lineNumber}`;
      const type = record.type;
      const hasPayload = record.payload !== undefined;
      const payload = isRecord(record.payload) ? record.payload : undefined;
      const timestamp = toEpochMs(record.timestamp ?? record.created_at ?? payload?.timestamp);
      if (hasPayload && payload === undefined) return [{ type: "skip", reason: "payload: expected object" }];
      if (type === "session_meta") return parseSessionMeta(payload ?? {}, timestamp);
      if (type === "response_item") return parseItem(payload ?? {}, sourceId, timestamp);
      if (type === "event_msg") return parseEventMessage(payload ?? {});
      if (type === "compacted") return parseCompacted(payload ?? {}, sourceId, timestamp);
      if (typeof type === "string" && SKIPPED_RECORD_TYPES.has(type)) return [{ type: "skip", reason: type }];
      if (record.record_type === "state") return [{ type: "skip", reason: "record_type:state" }];
      if (typeof type === "string" && RESPONSE_ITEM_TYPES.has(type))
        return parseItem(record, sourceId, timestamp);
      if (type === undefined && typeof record.role === "string")
        return parseMessage(record, sourceId, timestamp);
      if (type === undefined && typeof record.id === "string" && record.timestamp !== undefined) {
        return parseSessionMeta(record, timestamp);
      }
      if (typeof type !== "string") return [{ type: "skip", reason: "type: expected string" }];
      return [{ type: "unknown", lineType: type }];
    },
  };
}
