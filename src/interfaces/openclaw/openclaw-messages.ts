/**
 * Turns the messages of an OpenClaw `agent_end` event (pi agent messages: `user`, `assistant` with
 * text / thinking / toolCall blocks, `toolResult`, `bashExecution`, summaries) into capture items,
 * and merges in the tool calls `after_tool_call` reported during the run.
 *
 * `agent_end` carries the session's messages, not only the run's, so every item gets an id derived
 * from the message itself (role, timestamp, content hash): re-sent messages add nothing, new ones
 * are appended in order.
 */
import { createHash } from "node:crypto";
import { z } from "zod";
import type { MessageInput } from "../../capture/capture.js";
import { flattenContent, isRecord, nonEmptyString, toEpochMs } from "../../capture/importers/content-text.js";
import type { ToolResultItem } from "../../sdk.js";
import type { AfterToolCallEvent } from "./openclaw-events.js";

export type CaptureItem = MessageInput | ToolResultItem;

const agentMessage = z.looseObject({ role: z.string().min(1) });
const contentBlock = z.looseObject({ type: z.string() });

/** What the messages of one `agent_end` became. */
export interface MappedMessages {
  items: CaptureItem[];
  /** Messages that were not objects with a `role`, or had nothing to capture. */
  skipped: number;
}

/** A tool call seen by `after_tool_call`, kept until the run's messages arrive. */
export interface ObservedToolCall extends AfterToolCallEvent {
  /** When the hook fired, epoch ms. */
  at: number;
}

/** Maps `agent_end` messages to capture items, in order. Never throws. */
export function mapAgentMessages(messages: readonly unknown[], now: number): MappedMessages {
  const items: CaptureItem[] = [];
  const seen = new Map<string, number>();
  let skipped = 0;
  for (const raw of messages) {
    const parsed = agentMessage.safeParse(raw);
    if (!parsed.success) {
      skipped++;
      continue;
    }
    const message = parsed.data;
    const createdAt = toEpochMs(message.timestamp) ?? now;
    const digest = hash(
      JSON.stringify([message.content ?? null, message.summary ?? null, message.command ?? null]),
    );
    const stamp = toEpochMs(message.timestamp);
    let base = `${message.role}:${stamp ?? "n"}:${digest}`;
    if (stamp === undefined) {
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      base = `${base}:${count}`;
    }
    const mapped = mapMessage(message, base, createdAt);
    if (mapped.length === 0) skipped++;
    items.push(...mapped);
  }
  return { items, skipped };
}

function mapMessage(message: z.infer<typeof agentMessage>, id: string, createdAt: number): CaptureItem[] {
  switch (message.role) {
    case "user": {
      const content = flattenContent(message.content);
      return content.trim() ? [{ id, role: "user", content, createdAt }] : [];
    }
    case "assistant":
      return assistantBlocks(message.content, id, createdAt);
    case "toolResult": {
      const toolUseId = nonEmptyString(message.toolCallId);
      const output = flattenContent(message.content);
      const toolName = nonEmptyString(message.toolName) ?? null;
      if (toolUseId) {
        return [
          {
            type: "tool_result",
            id: `result:${toolUseId}`,
            toolUseId,
            output,
            isError: message.isError === true,
            toolName,
            createdAt,
          },
        ];
      }
      return [
        {
          id,
          role: "tool",
          kind: "tool_call",
          content: toolName ?? "tool",
          toolName: toolName ?? "tool",
          toolOutput: output,
          isError: message.isError === true,
          createdAt,
        },
      ];
    }
    case "bashExecution": {
      const exitCode = message.exitCode;
      return [
        {
          id,
          role: "tool",
          kind: "tool_call",
          content: "bash",
          toolName: "bash",
          toolInput: { command: message.command },
          toolOutput: typeof message.output === "string" ? message.output : "",
          isError: (typeof exitCode === "number" && exitCode !== 0) || message.cancelled === true,
          toolUseId: id,
          createdAt,
          metadata: { userInitiated: true },
        },
      ];
    }
    case "compactionSummary":
    case "branchSummary": {
      const content = flattenContent(message.summary);
      return content.trim() ? [{ id, role: "system", kind: "summary", content, createdAt }] : [];
    }
    default: {
      const content = flattenContent(message.content);
      return content.trim()
        ? [{ id, role: "system", content, createdAt, metadata: { sourceRole: message.role } }]
        : [];
    }
  }
}

function assistantBlocks(content: unknown, id: string, createdAt: number): CaptureItem[] {
  const blocks =
    typeof content === "string" ? [{ type: "text", text: content }] : Array.isArray(content) ? content : [];
  const items: CaptureItem[] = [];
  blocks.forEach((raw, index) => {
    const parsed = contentBlock.safeParse(raw);
    if (!parsed.success) return;
    const block = parsed.data;
    const blockId = blocks.length > 1 ? `${id}:${index}` : id;
    const text = nonEmptyString(block.type === "thinking" ? block.thinking : block.text);
    if ((block.type === "text" || block.type === "thinking") && text !== undefined) {
      items.push({
        id: blockId,
        role: "assistant",
        kind: block.type,
        content: text,
        apiMessageId: id,
        createdAt,
      });
      return;
    }
    const name = nonEmptyString(block.name);
    if (block.type === "toolCall" && name !== undefined) {
      const toolUseId = nonEmptyString(block.id) ?? blockId;
      items.push({
        id: `tool:${toolUseId}`,
        role: "tool",
        kind: "tool_call",
        content: name,
        toolName: name,
        toolInput: block.arguments ?? {},
        toolUseId,
        apiMessageId: id,
        createdAt,
      });
    }
  });
  return items;
}

/**
 * Adds what `after_tool_call` saw to the run's items: a call present in the messages gets its
 * duration, and its result when the messages lack one; a call absent from them (no id, or messages
 * cut short) is appended as a complete tool call.
 */
export function mergeObservedToolCalls(
  items: CaptureItem[],
  observed: readonly ObservedToolCall[],
): CaptureItem[] {
  const merged = [...items];
  const calls = new Map<string, MessageInput>();
  const results = new Set<string>();
  for (const item of merged) {
    if ("type" in item) results.add(item.toolUseId);
    else if (item.kind === "tool_call" && item.toolUseId) calls.set(item.toolUseId, item);
  }
  for (const [index, call] of observed.entries()) {
    const output = call.error ?? toolResultText(call.result);
    const isError = call.error !== undefined;
    const timing = call.durationMs === undefined ? {} : { durationMs: call.durationMs };
    const known = call.toolCallId ? calls.get(call.toolCallId) : undefined;
    if (known) {
      known.metadata = { ...known.metadata, ...timing };
      if (!results.has(call.toolCallId as string) && known.toolOutput === undefined) {
        known.toolOutput = output;
        known.isError = isError;
      }
      continue;
    }
    const toolUseId = call.toolCallId ?? `${call.runId ?? "run"}:${call.at}:${index}`;
    merged.push({
      id: `tool:${toolUseId}`,
      role: "tool",
      kind: "tool_call",
      content: call.toolName,
      toolName: call.toolName,
      toolInput: call.params ?? {},
      toolOutput: output,
      isError,
      toolUseId,
      createdAt: call.at,
      metadata: { ...timing, source: "after_tool_call" },
    });
  }
  return merged;
}

/** A tool result as text: pi results carry `content` blocks; anything else is shown as JSON. */
function toolResultText(result: unknown): string {
  if (result === undefined || result === null) return "";
  if (typeof result === "string") return result;
  if (isRecord(result) && result.content !== undefined) return flattenContent(result.content);
  return JSON.stringify(result) ?? "";
}

function hash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}
