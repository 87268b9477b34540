/**
 * Parser for OpenClaw session transcripts (`~/.openclaw/agents/<agent>/sessions/<id>.jsonl`),
 * which use the pi coding-agent session format: a `session` header line, then entries with
 * `id`/`parentId` forming a tree. `message` entries hold `message.role` user, assistant (content
 * blocks text / thinking / toolCall), toolResult (`toolCallId`, `isError`), bashExecution,
 * custom, branchSummary or compactionSummary.
 */
import { z } from "zod";
import {
  describeZodError,
  fileStem,
  flattenContent,
  isRecord,
  type JsonRecord,
  nonEmptyString,
  PendingToolCalls,
  toEpochMs,
  toJsonText,
} from "./content-text.js";
import type { ImportEvent, MessageEvent, ParserContext, SessionEvent, TranscriptParser } from "./types.js";

/** Entries that record settings or extension state, not conversation. */
const SKIPPED_ENTRY_TYPES = new Set(["model_change", "thinking_level_change", "custom", "label"]);

const header = z.looseObject({ id: z.string({ error: "expected string" }), cwd: z.string().optional() });
const messageEntry = z.looseObject({
  message: z.looseObject(
    {
      role: z.string({ error: "expected string" }),
      content: z.union([z.string(), z.array(z.unknown())], { error: "expected string or array" }).optional(),
    },
    { error: "expected object" },
  ),
});
type EntryMessage = z.infer<typeof messageEntry>["message"];
const contentBlock = z.looseObject({ type: z.string() });

/** Creates a parser for one OpenClaw session file. */
export function createOpenClawParser(context: ParserContext): TranscriptParser {
  const pending = new PendingToolCalls();
  let sessionId: string | undefined;
  let sessionCwd: string | null = null;

  /** The session id, announcing a file-named session first when the header is missing. */
  function session(events: ImportEvent[], timestamp: number | undefined): string {
    if (sessionId === undefined) {
      sessionId = fileStem(context.file);
      events.push({ type: "session", sourceSessionId: sessionId, agent: "openclaw", timestamp });
    }
    return sessionId;
  }

  function parseHeader(entry: JsonRecord): ImportEvent[] {
    const parsed = header.safeParse(entry);
    if (!parsed.success) return [{ type: "skip", reason: describeZodError("session", parsed.error) }];
    if (sessionId !== undefined && sessionId !== parsed.data.id) {
      return [
        { type: "skip", reason: `session: another session header (${parsed.data.id}) inside ${sessionId}` },
      ];
    }
    sessionId = parsed.data.id;
    sessionCwd = nonEmptyString(parsed.data.cwd) ?? null;
    const metadata: Record<string, unknown> = {};
    if (entry.version !== undefined) metadata.version = entry.version;
    if (entry.parentSession !== undefined) metadata.parentSession = entry.parentSession;
    const event: SessionEvent = {
      type: "session",
      sourceSessionId: sessionId,
      agent: "openclaw",
      cwd: sessionCwd,
      timestamp: toEpochMs(entry.timestamp),
      metadata,
    };
    return [event];
  }

  function parseAssistant(
    message: EntryMessage,
    base: Omit<MessageEvent, "role" | "kind" | "content">,
  ): MessageEvent[] {
    const content = message.content ?? [];
    const blocks = typeof content === "string" ? [{ type: "text", text: content }] : content;
    const metadata = typeof message.model === "string" ? { model: message.model } : undefined;
    const events: MessageEvent[] = [];
    blocks.forEach((raw, index) => {
      const parsed = contentBlock.safeParse(raw);
      if (!parsed.success) return;
      const block = parsed.data;
      const at = {
        ...base,
        sourceId: blocks.length > 1 ? `${base.sourceId}:${index}` : base.sourceId,
        metadata,
      };
      const text = nonEmptyString(block.type === "thinking" ? block.thinking : block.text);
      const name = nonEmptyString(block.name);
      if ((block.type === "text" || block.type === "thinking") && text !== undefined) {
        events.push({ ...at, role: "assistant", kind: block.type, content: text });
      } else if (block.type === "toolCall" && name !== undefined) {
        const toolUseId = nonEmptyString(block.id) ?? at.sourceId;
        pending.add(toolUseId, name);
        const input = toJsonText(block.arguments ?? {});
        events.push({
          ...at,
          role: "tool",
          kind: "tool_call",
          content: name,
          toolName: name,
          toolInput: input,
          toolUseId,
        });
      }
    });
    return events;
  }

  function parseMessage(entry: JsonRecord, lineNumber: number): ImportEvent[] {
    const parsed = messageEntry.safeParse(entry);
    if (!parsed.success) return [{ type: "skip", reason: describeZodError("message", parsed.error) }];
    const message = parsed.data.message;
    const timestamp = toEpochMs(entry.timestamp) ?? toEpochMs(message.timestamp);
    const events: ImportEvent[] = [];
    const sourceSessionId = session(events, timestamp);
    const sourceId = nonEmptyString(entry.id) ?? `line-${lineNumber}`;
    const base = { type: "message" as const, sourceSessionId, sourceId, timestamp };
    const parentId = nonEmptyString(entry.parentId) ?? null;
    const role = message.role;
    if (role === "assistant") {
      const blocks = parseAssistant(message, { ...base, parentId, apiMessageId: sourceId });
      if (blocks.length === 0)
        return [...events, { type: "skip", reason: "message: assistant: no importable blocks" }];
      return [...events, ...blocks];
    }
    if (role === "toolResult") {
      const call = pending.resolve(nonEmptyString(message.toolCallId), nonEmptyString(message.toolName));
      events.push({
        type: "tool_result",
        sourceSessionId,
        sourceId,
        toolUseId: call?.id ?? sourceId,
        output: flattenContent(message.content),
        isError: message.isError === true,
        toolName: nonEmptyString(message.toolName) ?? call?.name ?? null,
        timestamp,
      });
      return events;
    }
    if (role === "bashExecution") {
      // A command the user ran directly: call and result live on one record.
      const exitCode = message.exitCode;
      events.push({
        ...base,
        parentId,
        role: "tool",
        kind: "tool_call",
        content: "bash",
        toolName: "bash",
        toolInput: JSON.stringify({ command: message.command }),
        toolOutput: typeof message.output === "string" ? message.output : "",
        isError: (typeof exitCode === "number" && exitCode !== 0) || message.cancelled === true,
        toolUseId: sourceId,
        metadata: { userInitiated: true },
      });
      return events;
    }
    const summary = role === "branchSummary" || role === "compactionSummary";
    const text = summary ? flattenContent(message.summary) : flattenContent(message.content);
    if (text.trim().length === 0) return [...events, { type: "skip", reason: `message: ${role}: no text` }];
    const metadata: Record<string, unknown> = {};
    if (role !== "user" && role !== "system") metadata.sourceRole = role;
    if (typeof message.customType === "string") metadata.customType = message.customType;
    events.push({
      ...base,
      parentId,
      role: role === "user" ? "user" : "system",
      kind: summary ? "summary" : "text",
      content: text,
      metadata: Object.keys(metadata).length > 0 ? metadata : undefined,
    });
    return events;
  }

  /** `compaction`, `branch_summary` and `custom_message` entries carry text at the entry level. */
  function parseEntryText(entry: JsonRecord, type: string, lineNumber: number): ImportEvent[] {
    const text = flattenContent(type === "custom_message" ? entry.content : entry.summary);
    const timestamp = toEpochMs(entry.timestamp);
    const events: ImportEvent[] = [];
    const sourceSessionId = session(events, timestamp);
    const kind = type === "compaction" ? "compact_boundary" : type === "branch_summary" ? "summary" : "text";
    if (kind === "text" && text.trim().length === 0)
      return [...events, { type: "skip", reason: `${type}: content: no text` }];
    const metadata: Record<string, unknown> = { entryType: type };
    if (typeof entry.customType === "string") metadata.customType = entry.customType;
    events.push({
      type: "message",
      sourceSessionId,
      sourceId: nonEmptyString(entry.id) ?? `line-${lineNumber}`,
      parentId: nonEmptyString(entry.parentId) ?? null,
      role: "system",
      kind,
      content: text,
      timestamp,
      metadata,
    });
    return events;
  }

  return {
    format: "openclaw",
    parseLine(record: unknown, lineNumber: number): ImportEvent[] {
      if (!isRecord(record)) return [{ type: "skip", reason: "record: expected object" }];
      const type = record.type;
      if (typeof type !== "string") return [{ type: "skip", reason: "type: expected string" }];
      if (type === "session") return parseHeader(record);
      if (type === "message") return parseMessage(record, lineNumber);
      if (type === "compaction" || type === "branch_summary" || type === "custom_message") {
        return parseEntryText(record, type, lineNumber);
      }
      if (type === "session_info") {
        const title = nonEmptyString(record.name);
        if (title === undefined)
          return [{ type: "skip", reason: "session_info: name: expected non-empty string" }];
        const events: ImportEvent[] = [];
        const sourceSessionId = session(events, toEpochMs(record.timestamp));
        return [...events, { type: "session", sourceSessionId, agent: "openclaw", cwd: sessionCwd, title }];
      }
      if (SKIPPED_ENTRY_TYPES.has(type)) return [{ type: "skip", reason: type }];
      return [{ type: "unknown", lineType: type }];
    },
  };
}
