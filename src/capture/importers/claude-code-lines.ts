/**
 * The shapes of Claude Code transcript lines: the line types and system subtypes skipped as noise,
 * the conversation and legacy tool line schemas (with the hot-path check), and the subagent
 * transcript layout read from a file path.
 */
import { z } from "zod";
import { fileName, isRecord, type JsonRecord } from "./content-text.js";

/** Line types that carry UI or bookkeeping state and nothing to learn from. */
export const SKIPPED_LINE_TYPES = new Set(
  [
    "permission-mode mode file-history-snapshot queue-operation attachment progress agent-name last-prompt",
    "frame-link pr-link started result relocated worktree-state bridge-session atis-latch",
  ]
    .join(" ")
    .split(" "),
);

/** `system` subtypes that are status noise (hooks, timings, API errors, refusal bookkeeping). */
export const SKIPPED_SYSTEM_SUBTYPES = new Set(
  [
    "session_start turn_duration stop_hook_summary informational",
    "api_error error api_refusal model_refusal_fallback",
  ]
    .join(" ")
    .split(" "),
);

export const conversationLine = z.looseObject({
  uuid: z.string().optional(),
  parentUuid: z.string().nullish(),
  isSidechain: z.boolean().optional(),
  isMeta: z.boolean().optional(),
  message: z.looseObject(
    {
      id: z.string().optional(),
      model: z.string().optional(),
      content: z.union([z.string(), z.array(z.unknown())], { error: "expected string or array" }),
    },
    { error: "expected object" },
  ),
});
/** A `user` or `assistant` line. */
export type ConversationLine = z.infer<typeof conversationLine>;

const contentBlock = z.looseObject({ type: z.string() });
/** One content block of a conversation line: only its type is known. */
export type ContentBlock = z.infer<typeof contentBlock>;

const optionalString = (value: unknown) => value === undefined || typeof value === "string";
const optionalBoolean = (value: unknown) => value === undefined || typeof value === "boolean";

/**
 * The hot path of `conversationLine.safeParse`: the same checks written out, since nearly every
 * line passes them. A line that fails goes through zod, which gives the reason.
 */
export function isConversationLine(line: JsonRecord): line is ConversationLine {
  const message = line.message;
  return (
    optionalString(line.uuid) &&
    (line.parentUuid === null || optionalString(line.parentUuid)) &&
    optionalBoolean(line.isSidechain) &&
    optionalBoolean(line.isMeta) &&
    isRecord(message) &&
    optionalString(message.id) &&
    optionalString(message.model) &&
    (typeof message.content === "string" || Array.isArray(message.content))
  );
}
export const legacyToolLine = z.looseObject({ name: z.string({ error: "expected string" }) });

/** Where a subagent transcript sits: its agent id, and the parent session id when the path names it. */
export interface SubagentPath {
  agentId: string;
  parentFromPath: string | null;
}

/**
 * Reads the subagent layout from the file path alone: `<parent>/subagents/agent-<id>.jsonl`
 * (2.1.x), or a bare `agent-<id>.jsonl` (2.0.x, parent named by the lines). Null otherwise.
 */
export function subagentPath(file: string): SubagentPath | null {
  const nested = /([^\\/]+)[\\/]subagents[\\/]agent-([^\\/]+)\.jsonl$/.exec(file);
  if (nested?.[1] && nested[2]) return { agentId: nested[2], parentFromPath: nested[1] };
  const legacy = /^agent-(.+)\.jsonl$/.exec(fileName(file));
  if (legacy?.[1]) return { agentId: legacy[1], parentFromPath: null };
  return null;
}
