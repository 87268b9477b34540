/**
 * Transcript format detection and the parser factory. Detection reads the first few parsed
 * records: each record votes for the format its shape belongs to, the format with most votes
 * wins, and the file path breaks ties (`.claude/projects`, `.codex/sessions`, `rollout-*.jsonl`,
 * `.openclaw`, …).
 */
import { createClaudeCodeParser } from "./claude-code-parser.js";
import { createCodexParser } from "./codex-parser.js";
import { fileName, isRecord, type JsonRecord } from "./content-text.js";
import { createGenericParser } from "./generic-parser.js";
import { createOpenClawParser } from "./openclaw-parser.js";
import type { ParserContext, TranscriptFormat, TranscriptParser } from "./types.js";

/** Order used when votes tie and the path gives no hint: the most specific shapes first. */
const FORMATS: readonly TranscriptFormat[] = ["claude-code", "codex", "openclaw", "generic"];

/** Line types only Claude Code writes (besides user/assistant/system/summary). */
const CLAUDE_TYPES = new Set([
  "user",
  "assistant",
  "system",
  "summary",
  "attachment",
  "progress",
  "file-history-snapshot",
  "queue-operation",
  "permission-mode",
  "mode",
  "custom-title",
  "ai-title",
  "agent-name",
  "last-prompt",
  "tool_use",
  "tool_result",
]);
const CODEX_WRAPPED_TYPES = new Set([
  "session_meta",
  "response_item",
  "event_msg",
  "turn_context",
  "compacted",
]);
const CODEX_BARE_TYPES = new Set([
  "function_call",
  "function_call_output",
  "function_result",
  "custom_tool_call",
  "local_shell_call",
  "reasoning",
  "world_state",
]);
const OPENCLAW_TYPES = new Set([
  "model_change",
  "thinking_level_change",
  "compaction",
  "branch_summary",
  "custom_message",
  "session_info",
  "label",
  "custom",
]);

/** The format one record's shape belongs to, or undefined when it proves nothing. */
function classify(record: JsonRecord): TranscriptFormat | undefined {
  const type = typeof record.type === "string" ? record.type : undefined;
  const claudeIds = ["sessionId", "uuid", "parentUuid", "leafUuid", "messageId"].some((key) => key in record);
  if (type !== undefined && CLAUDE_TYPES.has(type) && claudeIds) return "claude-code";
  if (type !== undefined && CODEX_WRAPPED_TYPES.has(type) && "payload" in record) return "codex";
  if (record.record_type === "state") return "codex";
  if (type === "session" && typeof record.id === "string") return "openclaw";
  if (type === "message" && isRecord(record.message) && typeof record.message.role === "string")
    return "openclaw";
  if (type !== undefined && OPENCLAW_TYPES.has(type) && "parentId" in record) return "openclaw";
  if (type === "message" && Array.isArray(record.content)) return "codex";
  if (type !== undefined && CODEX_BARE_TYPES.has(type)) return "codex";
  if (type === undefined && typeof record.role === "string") {
    // Drifted Codex lines write the text in `message`; generic lines use `content`.
    return typeof record.message === "string" && record.content === undefined ? "codex" : "generic";
  }
  if (type === undefined && Array.isArray(record.messages)) return "generic";
  if (type === undefined && typeof record.id === "string" && "instructions" in record) return "codex";
  return undefined;
}

/** The format a file path suggests, if any. */
function pathHint(file: string): TranscriptFormat | undefined {
  const path = file.replace(/\\/g, "/").toLowerCase();
  if (/(^|\/)\.?claude(-code)?\//.test(path)) return "claude-code";
  if (/(^|\/)\.?codex\//.test(path) || /^rollout-.*\.jsonl$/.test(fileName(path))) return "codex";
  if (/(^|\/)\.?(openclaw|pi)\//.test(path)) return "openclaw";
  return undefined;
}

/**
 * Decides a file's format from its first parsed records (a handful is enough; non-objects are
 * ignored) and its path. Returns null when no record has a recognizable shape.
 */
export function detectFormat(firstRecords: unknown[], file: string): TranscriptFormat | null {
  const votes = new Map<TranscriptFormat, number>();
  for (const record of firstRecords) {
    if (!isRecord(record)) continue;
    const format = classify(record);
    if (format !== undefined) votes.set(format, (votes.get(format) ?? 0) + 1);
  }
  const top = Math.max(0, ...votes.values());
  if (top === 0) return null;
  const leaders = FORMATS.filter((format) => votes.get(format) === top);
  const hint = pathHint(file);
  return hint !== undefined && leaders.includes(hint) ? hint : (leaders[0] ?? null);
}

/** Creates the stateful parser for one file of the given format. */
export function createParser(format: TranscriptFormat, context: ParserContext): TranscriptParser {
  switch (format) {
    case "claude-code":
      return createClaudeCodeParser(context);
    case "codex":
      return createCodexParser(context);
    case "openclaw":
      return createOpenClawParser(context);
    case "generic":
      return createGenericParser(context);
  }
}
