/**
 * Parser for Claude Code transcripts (`~/.claude/projects/<project>/<session>.jsonl`, and subagent
 * transcripts at `<session>/subagents/agent-<id>.jsonl` or, in 2.0.x, `agent-<id>.jsonl`).
 *
 * Each line is one record. `user`/`assistant` lines carry `message.content` as a string or as
 * content blocks; one API message is written over several lines that share `message.id`. Tool
 * results arrive as `tool_result` blocks in user lines: the block is the truth, the line's
 * `toolUseResult` only fills in an empty block.
 *
 * Text Claude Code itself writes into user lines is marked as not the user's (`isMeta` and an
 * `origin`, see harness-text.ts): `!command` input and output (`<bash-input>`, `<bash-stdout>`),
 * slash-command wrappers and their output, the local-command caveat, `isMeta` lines (a slash
 * command's expansion). `<system-reminder>` blocks appended to the user's text move to
 * `metadata.systemReminders`.
 */
import { harnessOrigin, splitSystemReminders } from "../../core/harness-text.js";
import {
  type ContentBlock,
  type ConversationLine,
  conversationLine,
  isConversationLine,
  legacyToolLine,
  SKIPPED_LINE_TYPES,
  SKIPPED_SYSTEM_SUBTYPES,
  subagentPath,
} from "./claude-code-lines.js";
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

interface SessionState {
  cwd: string | null;
  gitBranch: string | null;
  title: string | null;
}

/** The session a line belongs to; `parent` and `agentId` are set for subagent transcripts. */
interface SessionIdentity {
  id: string;
  parent: string | null;
  agentId: string | null;
}

/** Creates a parser for one Claude Code transcript file. */
export function createClaudeCodeParser(context: ParserContext): TranscriptParser {
  const subagent = subagentPath(context.file);
  const sessions = new Map<string, SessionState>();
  const pending = new PendingToolCalls();
  let current: SessionIdentity | undefined;
  /** Summary lines read before any line named a session (see parseSummary). */
  const waitingSummaries: Array<{ line: JsonRecord; lineNumber: number; summary: string }> = [];

  function identify(line: JsonRecord): SessionIdentity {
    const lineSessionId = nonEmptyString(line.sessionId);
    if (subagent?.parentFromPath) {
      const parent = subagent.parentFromPath;
      return { id: `${parent}/agent-${subagent.agentId}`, parent, agentId: subagent.agentId };
    }
    // A bare agent-<id>.jsonl is a subagent only when its lines carry that agentId under the
    // parent's sessionId; otherwise it is an ordinary transcript whose name starts with "agent-".
    if (subagent && lineSessionId !== undefined && line.agentId === subagent.agentId) {
      return {
        id: `${lineSessionId}/agent-${subagent.agentId}`,
        parent: lineSessionId,
        agentId: subagent.agentId,
      };
    }
    if (lineSessionId === undefined && current) return current;
    return { id: lineSessionId ?? fileStem(context.file), parent: null, agentId: null };
  }

  /** A SessionEvent when the session is new or its cwd, branch or title changed; else nothing. */
  function announce(
    line: JsonRecord,
    title?: string,
  ): { sessionId: string; events: Array<SessionEvent | MessageEvent> } {
    const identity = identify(line);
    const { id, parent } = identity;
    current = identity;
    const known = sessions.get(id);
    const next: SessionState = {
      cwd: nonEmptyString(line.cwd) ?? known?.cwd ?? null,
      gitBranch: nonEmptyString(line.gitBranch) ?? known?.gitBranch ?? null,
      title: title ?? known?.title ?? null,
    };
    if (known && known.cwd === next.cwd && known.gitBranch === next.gitBranch && known.title === next.title) {
      return { sessionId: id, events: [] };
    }
    sessions.set(id, next);
    const waiting = waitingSummaries.splice(0);
    const metadata: Record<string, unknown> = {};
    if (typeof line.version === "string") metadata.version = line.version;
    if (identity.agentId) metadata.agentId = identity.agentId;
    const event: SessionEvent = {
      type: "session",
      sourceSessionId: id,
      agent: "claude-code",
      cwd: next.cwd,
      gitBranch: next.gitBranch,
      title: next.title,
      parentSourceSessionId: parent,
      timestamp: toEpochMs(line.timestamp),
      metadata,
    };
    // Summaries read before the file named a session go to the first session it names.
    const summaries = waiting.map((held) => summaryMessage(held.line, held.lineNumber, held.summary, id));
    return { sessionId: id, events: [event, ...summaries] };
  }

  function lineId(line: JsonRecord, lineNumber: number): string {
    return nonEmptyString(line.uuid) ?? `line-${lineNumber}`;
  }

  function baseMessage(line: ConversationLine | JsonRecord, sessionId: string, sourceId: string) {
    return {
      type: "message" as const,
      sourceSessionId: sessionId,
      sourceId,
      isSidechain: line.isSidechain === true,
      parentId: nonEmptyString(line.parentUuid) ?? null,
      timestamp: toEpochMs(line.timestamp),
    };
  }

  function parseUser(line: ConversationLine, sessionId: string, lineNumber: number): ImportEvent[] {
    const id = lineId(line, lineNumber);
    const content = line.message.content;
    const blocks = typeof content === "string" ? [{ type: "text", text: content }] : content;
    const events: ImportEvent[] = [];
    const textBlocks: unknown[] = [];
    let firstTextIndex = -1;
    let toolResults = 0;
    blocks.forEach((block, index) => {
      if (!isRecord(block) || block.type !== "tool_result") {
        if (firstTextIndex < 0) firstTextIndex = index;
        textBlocks.push(block);
        return;
      }
      toolResults += 1;
      events.push(toolResultFromBlock(line, block, sessionId, blocks.length > 1 ? `${id}:${index}` : id));
    });
    const flattened = flattenContent(textBlocks);
    if (flattened.trim().length > 0) {
      // Reminders Claude Code appends to the user's text are its own words: kept aside, in metadata.
      const split = splitSystemReminders(flattened);
      const text = split.text === "" ? flattened : split.text;
      const origin = harnessOrigin(text) ?? (line.isMeta === true ? "meta" : null);
      const isCompactSummary = line.isCompactSummary === true;
      const message: MessageEvent = {
        ...baseMessage(line, sessionId, toolResults > 0 ? `${id}:${firstTextIndex}` : id),
        role: isCompactSummary ? "system" : "user",
        kind: isCompactSummary ? "summary" : "text",
        content: text,
      };
      const metadata: Record<string, unknown> = {};
      if (origin !== null) Object.assign(metadata, { isMeta: true, origin });
      if (split.text !== "" && split.reminders.length > 0) metadata.systemReminders = split.reminders;
      if (isCompactSummary) metadata.isCompactSummary = true;
      if (Object.keys(metadata).length > 0) message.metadata = metadata;
      const promptId = nonEmptyString(line.promptId);
      if (promptId !== undefined) message.promptId = promptId;
      events.unshift(message);
    }
    return events.length > 0
      ? events
      : [{ type: "skip", reason: "user: message.content has no text or tool results" }];
  }

  function toolResultFromBlock(
    line: ConversationLine,
    block: JsonRecord,
    sessionId: string,
    sourceId: string,
  ): ImportEvent {
    const lineToolUseId = nonEmptyString(line.sourceToolUseID);
    const explicitId =
      nonEmptyString(block.tool_use_id) ??
      (lineToolUseId !== undefined && pending.has(lineToolUseId) ? lineToolUseId : undefined);
    const call = pending.resolve(explicitId);
    const extra = isRecord(line.toolUseResult) ? line.toolUseResult : undefined;
    let output = flattenContent(block.content);
    if (output.length === 0) {
      if (typeof line.toolUseResult === "string") output = line.toolUseResult;
      else if (extra) output = [extra.stdout, extra.stderr].filter((part) => nonEmptyString(part)).join("\n");
    }
    const blockError = typeof block.is_error === "boolean" ? block.is_error : undefined;
    const extraError = typeof extra?.is_error === "boolean" ? extra.is_error : undefined;
    return {
      type: "tool_result",
      sourceSessionId: sessionId,
      sourceId,
      toolUseId: call?.id ?? lineToolUseId ?? sourceId,
      output,
      isError: blockError ?? extraError ?? false,
      toolName: call?.name ?? null,
      timestamp: toEpochMs(line.timestamp),
    };
  }

  function parseAssistant(line: ConversationLine, sessionId: string, lineNumber: number): ImportEvent[] {
    const id = lineId(line, lineNumber);
    const content = line.message.content;
    const blocks = typeof content === "string" ? [{ type: "text", text: content }] : content;
    const apiMessageId = nonEmptyString(line.message.id) ?? id;
    const metadata = line.message.model ? { model: line.message.model } : undefined;
    const events: ImportEvent[] = [];
    const skippedTypes: string[] = [];
    blocks.forEach((raw, index) => {
      // The same check as `ContentBlock`, written out for the hot path.
      if (!isRecord(raw) || typeof raw.type !== "string") {
        skippedTypes.push("(no type)");
        return;
      }
      const block = raw as ContentBlock;
      const base = {
        ...baseMessage(line, sessionId, blocks.length > 1 ? `${id}:${index}` : id),
        apiMessageId,
      };
      const text = nonEmptyString(block.type === "thinking" ? block.thinking : block.text);
      const name = nonEmptyString(block.name);
      if ((block.type === "text" || block.type === "thinking") && text !== undefined) {
        events.push({ ...base, role: "assistant", kind: block.type, content: text, metadata });
      } else if ((block.type === "tool_use" || block.type === "server_tool_use") && name !== undefined) {
        const toolUseId = nonEmptyString(block.id) ?? base.sourceId;
        pending.add(toolUseId, name);
        events.push({
          ...base,
          role: "tool",
          kind: "tool_call",
          content: name,
          toolName: name,
          toolInput: toJsonText(block.input ?? {}),
          toolUseId,
          metadata,
        });
      } else if (block.type !== "text" && block.type !== "thinking") {
        // Empty text/thinking blocks are dropped; other types are named if the line yields nothing.
        skippedTypes.push(block.type);
      }
    });
    if (events.length > 0) return events;
    const detail = skippedTypes.length > 0 ? ` (block types: ${skippedTypes.join(", ")})` : "";
    return [{ type: "skip", reason: `assistant: no importable content blocks${detail}` }];
  }

  function parseConversation(
    line: JsonRecord,
    type: "user" | "assistant",
    lineNumber: number,
  ): ImportEvent[] {
    let conversation: ConversationLine;
    if (isConversationLine(line)) conversation = line;
    else {
      const parsed = conversationLine.safeParse(line);
      if (!parsed.success) return [{ type: "skip", reason: describeZodError(type, parsed.error) }];
      conversation = parsed.data;
    }
    const { sessionId, events } = announce(line);
    const body =
      type === "user"
        ? parseUser(conversation, sessionId, lineNumber)
        : parseAssistant(conversation, sessionId, lineNumber);
    return [...events, ...body];
  }

  function parseSystem(line: JsonRecord, lineNumber: number): ImportEvent[] {
    const subtype = nonEmptyString(line.subtype) ?? "(none)";
    const { sessionId, events } = announce(line);
    if (subtype === "compact_boundary" || subtype === "local_command") {
      const metadata: Record<string, unknown> = {};
      if (line.compactMetadata !== undefined) metadata.compactMetadata = line.compactMetadata;
      if (subtype === "local_command") {
        metadata.isMeta = true;
        metadata.origin = harnessOrigin(typeof line.content === "string" ? line.content : "") ?? "meta";
      }
      const message: MessageEvent = {
        ...baseMessage(line, sessionId, lineId(line, lineNumber)),
        role: "system",
        kind: subtype === "compact_boundary" ? "compact_boundary" : "text",
        content: typeof line.content === "string" ? line.content : "",
        metadata,
      };
      return [...events, message];
    }
    // The line may still have announced the session (session_start carries cwd and branch).
    if (SKIPPED_SYSTEM_SUBTYPES.has(subtype))
      return [...events, { type: "skip", reason: `system:${subtype}` }];
    return [...events, { type: "unknown", lineType: `system:${subtype}` }];
  }

  /**
   * A `summary` line names no session. After a line that did, it belongs to that session. Before
   * any (Claude Code writes them at the top of a file, and some files hold nothing else), it waits
   * for the file's first session, so it never makes a session of its own named after the file.
   */
  function parseSummary(line: JsonRecord, lineNumber: number): ImportEvent[] {
    const summary = nonEmptyString(line.summary);
    if (summary === undefined)
      return [{ type: "skip", reason: "summary: summary: expected non-empty string" }];
    if (current === undefined && nonEmptyString(line.sessionId) === undefined && !subagent?.parentFromPath) {
      waitingSummaries.push({ line, lineNumber, summary });
      return [];
    }
    const { sessionId, events } = announce(line);
    return [...events, summaryMessage(line, lineNumber, summary, sessionId)];
  }

  function summaryMessage(
    line: JsonRecord,
    lineNumber: number,
    summary: string,
    sessionId: string,
  ): MessageEvent {
    const leafUuid = nonEmptyString(line.leafUuid);
    return {
      ...baseMessage(line, sessionId, `summary:${leafUuid ?? `line-${lineNumber}`}`),
      role: "system",
      kind: "summary",
      content: summary,
      metadata: leafUuid ? { leafUuid } : undefined,
    };
  }

  function parseTitle(line: JsonRecord, type: string): ImportEvent[] {
    const title = nonEmptyString(type === "custom-title" ? line.customTitle : line.aiTitle);
    const field = type === "custom-title" ? "customTitle" : "aiTitle";
    if (title === undefined)
      return [{ type: "skip", reason: `${type}: ${field}: expected non-empty string` }];
    const known = sessions.get(identify(line).id);
    // A title the user chose outranks the one Claude Code generated.
    if (type === "ai-title" && known?.title)
      return [{ type: "skip", reason: "ai-title: custom title already set" }];
    const { events } = announce(line, title);
    return events.length > 0 ? events : [{ type: "skip", reason: `${type}: title unchanged` }];
  }

  /** Drifted shape: `tool_use` / `tool_result` written as whole lines with name/input/output. */
  function parseLegacyTool(line: JsonRecord, type: string, lineNumber: number): ImportEvent[] {
    const parsed = legacyToolLine.safeParse(line);
    if (!parsed.success) return [{ type: "skip", reason: describeZodError(type, parsed.error) }];
    const name = parsed.data.name;
    const { sessionId, events } = announce(line);
    const id = lineId(line, lineNumber);
    if (type === "tool_use") {
      const toolUseId = nonEmptyString(line.id) ?? id;
      pending.add(toolUseId, name);
      const call: MessageEvent = {
        ...baseMessage(line, sessionId, id),
        role: "tool",
        kind: "tool_call",
        content: name,
        toolName: name,
        toolInput: toJsonText(line.input ?? {}),
        toolUseId,
        metadata: { legacyShape: true },
      };
      return [...events, call];
    }
    const call = pending.resolve(nonEmptyString(line.tool_use_id), name);
    return [
      ...events,
      {
        type: "tool_result",
        sourceSessionId: sessionId,
        sourceId: id,
        toolUseId: call?.id ?? id,
        output: flattenContent(line.output ?? line.content),
        isError: line.is_error === true,
        toolName: name,
        timestamp: toEpochMs(line.timestamp),
      },
    ];
  }

  return {
    format: "claude-code",
    parseLine(record: unknown, lineNumber: number): ImportEvent[] {
      if (!isRecord(record)) return [{ type: "skip", reason: "record: expected object" }];
      const type = record.type;
      if (typeof type !== "string") return [{ type: "skip", reason: "type: expected string" }];
      if (type === "user" || type === "assistant") return parseConversation(record, type, lineNumber);
      if (type === "system") return parseSystem(record, lineNumber);
      if (type === "summary") return parseSummary(record, lineNumber);
      if (type === "custom-title" || type === "ai-title") return parseTitle(record, type);
      if (type === "tool_use" || type === "tool_result") return parseLegacyTool(record, type, lineNumber);
      if (SKIPPED_LINE_TYPES.has(type)) return [{ type: "skip", reason: type }];
      return [{ type: "unknown", lineType: type }];
    },
  };
}
