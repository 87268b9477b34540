/**
 * Parser for tacit's generic transcript format, for agents without a dedicated importer.
 *
 * The file is JSON Lines. Each line is one of two shapes:
 *
 * 1. **One OpenAI-style chat message**
 *    ```json
 *    {"role": "user", "content": "Fix the failing test", "session_id": "s1", "id": "m1", "timestamp": "2025-01-01T00:00:00Z"}
 *    {"role": "assistant", "content": null, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "bash", "arguments": "{\"command\":\"npm test\"}"}}]}
 *    {"role": "tool", "tool_call_id": "c1", "name": "bash", "content": "1 failing", "is_error": true}
 *    ```
 *    - `role`: `user`, `assistant`, `system`, `developer` (stored as system), `tool`, or the
 *      legacy `function` (a result paired by `name` with the oldest open call of that tool).
 *    - `content`: a string, null, or an array of `{"type": "text", "text": "…"}` parts.
 *    - `tool_calls` (assistant): each becomes a tool call; `function.arguments` is JSON text or
 *      an object. The legacy single `function_call: {name, arguments}` is read as well.
 *    - `tool_call_id` (tool): the call this result answers; `is_error`/`isError` marks a failure.
 *    - `session_id` (optional): the session; without it, the last session named in the file,
 *      else the file name. `id` (optional): the message id, else the line number is used.
 *    - `timestamp` / `created_at` (optional): ISO 8601 or epoch seconds / milliseconds.
 *
 * 2. **A whole conversation**
 *    ```json
 *    {"id": "s2", "title": "Refactor", "cwd": "/repo", "messages": [{"role": "user", "content": "…"}, …]}
 *    ```
 *    `id` (or `session_id`) names the session; each entry of `messages` is read as in shape 1.
 */
import { z } from "zod";
import {
  describeZodError,
  fileStem,
  flattenContent,
  isRecord,
  PendingToolCalls,
  toEpochMs,
  toJsonText,
} from "./content-text.js";
import type { ImportEvent, MessageEvent, ParserContext, TranscriptParser } from "./types.js";

const ROLES = ["user", "assistant", "system", "developer", "tool", "function"] as const;
const idSchema = z.union([z.string(), z.number()]).transform(String);

const toolCallSchema = z.looseObject({
  id: z.string().optional(),
  function: z.looseObject({
    name: z.string({ error: "expected string" }),
    arguments: z.unknown().optional(),
  }),
});
const messageSchema = z.looseObject({
  role: z.enum(ROLES, { error: `expected one of ${ROLES.join(", ")}` }),
  content: z
    .union([z.string(), z.array(z.unknown()), z.null()], { error: "expected string, array or null" })
    .optional(),
  tool_calls: z.array(toolCallSchema).nullish(),
  function_call: z.looseObject({ name: z.string(), arguments: z.unknown().optional() }).nullish(),
  tool_call_id: z.string().optional(),
  name: z.string().optional(),
  id: idSchema.optional(),
  session_id: idSchema.optional(),
});
type GenericMessage = z.infer<typeof messageSchema>;

const conversationSchema = z.looseObject({
  id: idSchema.optional(),
  session_id: idSchema.optional(),
  title: z.string().optional(),
  cwd: z.string().optional(),
  messages: z.array(z.unknown(), { error: "expected array" }),
});

/** Creates a parser for one file in the generic format. */
export function createGenericParser(context: ParserContext): TranscriptParser {
  const pending = new PendingToolCalls();
  const announced = new Set<string>();
  let currentSessionId: string | undefined;

  function session(
    events: ImportEvent[],
    id: string | undefined,
    details: { title?: string; cwd?: string; timestamp?: number },
  ): string {
    const sessionId = id ?? currentSessionId ?? fileStem(context.file);
    currentSessionId = sessionId;
    if (!announced.has(sessionId) || details.title !== undefined || details.cwd !== undefined) {
      announced.add(sessionId);
      events.push({
        type: "session",
        sourceSessionId: sessionId,
        agent: "generic",
        title: details.title,
        cwd: details.cwd,
        timestamp: details.timestamp,
      });
    }
    return sessionId;
  }

  function messageEvents(
    message: GenericMessage,
    sessionId: string,
    sourceId: string,
    raw: unknown,
  ): ImportEvent[] {
    const record = isRecord(raw) ? raw : {};
    const timestamp = toEpochMs(record.timestamp ?? record.created_at);
    if (message.role === "tool" || message.role === "function") {
      const call = pending.resolve(message.tool_call_id, message.name);
      const isError = record.is_error === true || record.isError === true;
      return [
        {
          type: "tool_result",
          sourceSessionId: sessionId,
          sourceId,
          toolUseId: call?.id ?? sourceId,
          output: flattenContent(message.content),
          isError,
          toolName: message.name ?? call?.name ?? null,
          timestamp,
        },
      ];
    }
    const events: ImportEvent[] = [];
    const base = { type: "message" as const, sourceSessionId: sessionId, timestamp };
    const text = flattenContent(message.content);
    if (text.trim().length > 0) {
      const role = message.role === "developer" ? "system" : message.role;
      const event: MessageEvent = { ...base, sourceId, role, kind: "text", content: text };
      if (message.role === "developer") event.metadata = { sourceRole: "developer" };
      events.push(event);
    }
    const calls = [
      ...(message.tool_calls ?? []).map((call) => ({ id: call.id, ...call.function })),
      ...(message.function_call ? [{ id: undefined, ...message.function_call }] : []),
    ];
    calls.forEach((call, index) => {
      const callSourceId = `${sourceId}:call-${index}`;
      const toolUseId = call.id ?? callSourceId;
      pending.add(toolUseId, call.name);
      events.push({
        ...base,
        sourceId: callSourceId,
        role: "tool",
        kind: "tool_call",
        content: call.name,
        toolName: call.name,
        toolInput: toJsonText(call.arguments ?? {}),
        toolUseId,
      });
    });
    return events.length > 0
      ? events
      : [{ type: "skip", reason: `${message.role}: content: no text or tool calls` }];
  }

  function parseConversation(record: Record<string, unknown>, lineNumber: number): ImportEvent[] {
    const parsed = conversationSchema.safeParse(record);
    if (!parsed.success) return [{ type: "skip", reason: describeZodError("conversation", parsed.error) }];
    const conversation = parsed.data;
    const events: ImportEvent[] = [];
    const sessionId = session(events, conversation.session_id ?? conversation.id, {
      title: conversation.title,
      cwd: conversation.cwd,
      timestamp: toEpochMs(record.timestamp ?? record.created_at),
    });
    conversation.messages.forEach((raw, index) => {
      const message = messageSchema.safeParse(raw);
      if (!message.success) {
        events.push({ type: "skip", reason: describeZodError(`messages.${index}`, message.error) });
        return;
      }
      const sourceId = message.data.id ?? `line-${lineNumber}:${index}`;
      events.push(...messageEvents(message.data, sessionId, sourceId, raw));
    });
    return events;
  }

  return {
    format: "generic",
    parseLine(record: unknown, lineNumber: number): ImportEvent[] {
      if (!isRecord(record)) return [{ type: "skip", reason: "record: expected object" }];
      if (record.messages !== undefined) return parseConversation(record, lineNumber);
      const parsed = messageSchema.safeParse(record);
      if (!parsed.success) return [{ type: "skip", reason: describeZodError("message", parsed.error) }];
      const events: ImportEvent[] = [];
      const sessionId = session(events, parsed.data.session_id, { timestamp: toEpochMs(record.timestamp) });
      return [
        ...events,
        ...messageEvents(parsed.data, sessionId, parsed.data.id ?? `line-${lineNumber}`, record),
      ];
    },
  };
}
