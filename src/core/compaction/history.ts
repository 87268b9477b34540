import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import { harnessOrigin, isSlashCommandWrapper, slashCommandRequest } from "../harness-text.js";

/** The role of a history message, as in OpenAI chat messages. */
export type HistoryRole = "system" | "user" | "assistant" | "tool";

/**
 * Marks a user message that was not typed by the user:
 * - `correction`: a retry prompt written by tacit or the agent loop after a bad model reply
 *   ("Please re-analyse the current state…");
 * - `meta`: text injected by the agent harness (Claude Code `isMeta` lines such as slash-command
 *   expansions, compact summaries).
 * Neither is ever taken for a user goal.
 */
export type HistoryMessageKind = "correction" | "meta";

/** A tool invocation on an assistant message (OpenAI `tool_calls[]`). `arguments` is JSON text. */
export interface HistoryToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/**
 * One message of an agent history in OpenAI chat shape. Tool results are `role: "tool"` messages
 * that point at their call with `tool_call_id`.
 */
export interface HistoryMessage {
  role: HistoryRole;
  content: string | null;
  tool_calls?: HistoryToolCall[];
  tool_call_id?: string;
  /** For tool messages: the tool name, where known. */
  name?: string;
  kind?: HistoryMessageKind;
}

const contentPartSchema = z.object({ type: z.string(), text: z.string().optional() });

/** OpenAI content-part arrays are flattened to text; non-text parts become `[type]`. */
const contentSchema = z
  .union([z.string(), z.null(), z.array(contentPartSchema)])
  .optional()
  .transform((content): string | null => {
    if (content === undefined || content === null) return null;
    if (typeof content === "string") return content;
    return content.map((part) => part.text ?? `[${part.type}]`).join("\n");
  });

/**
 * Tool arguments as JSON text. OpenAI sends a string of JSON; other models and frameworks send the
 * object itself, or name the field `parameters` (Llama-style function calls): those are read as
 * the JSON of the object, never refused.
 */
const argumentsSchema = z
  .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown()), z.null()])
  .transform((value) => (typeof value === "string" ? value : (JSON.stringify(value ?? {}) ?? "{}")));

const toolFunctionSchema = z
  .object({
    name: z.string(),
    arguments: argumentsSchema.optional(),
    parameters: argumentsSchema.optional(),
  })
  .transform((fn) => ({ name: fn.name, arguments: fn.arguments ?? fn.parameters ?? "{}" }));

const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal("function").default("function"),
  function: toolFunctionSchema,
});

/**
 * Validates one OpenAI-style history message. Unknown fields are dropped; string-or-parts content
 * is normalised to `string | null`; a `tool` message must name its call in `tool_call_id`.
 */
export const historyMessageSchema: z.ZodType<HistoryMessage, unknown> = z
  .object({
    role: z.enum(["system", "user", "assistant", "tool"]),
    content: contentSchema,
    tool_calls: z.array(toolCallSchema).optional(),
    tool_call_id: z.string().optional(),
    name: z.string().optional(),
    kind: z.enum(["correction", "meta"]).optional(),
  })
  .superRefine((message, context) => {
    if (message.role === "tool" && message.tool_call_id === undefined) {
      context.addIssue({
        code: "custom",
        path: ["tool_call_id"],
        message: "a tool message needs tool_call_id",
      });
    }
  });

/**
 * Validates a list of history messages (for example a parsed JSON file).
 * @throws InvalidInputError naming the first bad field, e.g. `messages[3].tool_calls[0].function.name`.
 */
export function parseHistoryMessages(input: unknown): HistoryMessage[] {
  const result = z.array(historyMessageSchema).safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = ["messages", ...(issue?.path ?? [])]
    .map((key, index) =>
      typeof key === "number" ? `[${key}]` : index === 0 ? String(key) : `.${String(key)}`,
    )
    .join("");
  throw new InvalidInputError({ message: issue?.message ?? "invalid history", field, cause: result.error });
}

/**
 * Text that tacit, the agent or its harness writes into user turns on its own. A user message
 * matching one of these is a correction prompt (never a goal):
 * - Claude Code's interrupt marker (`[Request interrupted by user…]`);
 * - harness reminders (`<system-reminder>…`);
 * - tacit's retry prompt, in English and in Chinese.
 */
export const CORRECTION_PROMPT_PATTERNS: readonly RegExp[] = [
  /^\[Request interrupted/,
  /^<system-reminder>/,
  /Please re-analy[sz]e the current state and output the correct content/i,
  /请重新分析当前状态[,，]\s*输出正确的内容/,
];

/** True for a user message flagged `kind: "correction"` or matching {@link CORRECTION_PROMPT_PATTERNS}. */
export function isCorrectionPrompt(message: HistoryMessage): boolean {
  if (message.role !== "user") return false;
  if (message.kind === "correction") return true;
  const text = (message.content ?? "").trim();
  return CORRECTION_PROMPT_PATTERNS.some((pattern) => pattern.test(text));
}

/**
 * The goal a user message states, or null when it states none: only plain user messages count
 * (not `meta`, not correction prompts, not harness text such as command output or caveats (see
 * harness-text.ts), not empty). A slash-command wrapper
 * (`<command-name>/x</command-name><command-args>y</command-args>`) is never a goal as written;
 * it yields `/x y` when it has arguments and null otherwise.
 */
export function userGoalText(message: HistoryMessage): string | null {
  if (message.role !== "user" || message.kind !== undefined || isCorrectionPrompt(message)) return null;
  const text = (message.content ?? "").trim();
  if (text === "") return null;
  if (isSlashCommandWrapper(text)) return slashCommandRequest(text);
  return harnessOrigin(text) === null ? text : null;
}

/** How {@link fromClaudeCodeTranscript} treats sidechain (subagent) lines. */
export type SidechainMode = "auto" | "include" | "exclude";

const transcriptLineSchema = z.object({
  type: z.enum(["user", "assistant"]),
  isSidechain: z.boolean().optional(),
  isMeta: z.boolean().optional(),
  isCompactSummary: z.boolean().optional(),
  sourceToolUseID: z.string().optional(),
  message: z.object({
    id: z.string().optional(),
    content: z.union([z.string(), z.array(z.unknown())]),
  }),
});
type TranscriptLine = z.infer<typeof transcriptLineSchema>;

const blockSchema = z.union([
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({
    type: z.literal("tool_use"),
    id: z.string().optional(),
    name: z.string(),
    input: z.unknown().optional(),
  }),
  z.object({
    type: z.literal("tool_result"),
    tool_use_id: z.string().optional(),
    content: z.unknown().optional(),
    text: z.string().optional(),
  }),
]);
type Block = z.infer<typeof blockSchema>;

/**
 * Converts parsed Claude Code JSONL lines into history messages.
 *
 * - Only `user` and `assistant` lines with `message.content` are read; other line types
 *   (system, summary, attachment, progress…) and malformed lines are skipped.
 * - Text blocks become content; thinking and other non-text blocks are dropped.
 * - Consecutive assistant lines of one API response (same `message.id`) merge into one message;
 *   `tool_use` blocks become `tool_calls` (arguments = JSON of `input`; a missing id becomes
 *   `call_<line>_<block>`).
 * - `tool_result` blocks in user lines become `role: "tool"` messages. A result without
 *   `tool_use_id` is matched to the oldest unanswered call.
 * - `<system-reminder>` blocks that Claude Code appends to tool results and user text are removed:
 *   they are harness text, not the tool's output or the user's words.
 * - User lines flagged `isMeta` or `isCompactSummary` get `kind: "meta"`.
 * - `sidechains` (default `"auto"`): subagent lines are dropped when the transcript has main-chain
 *   lines, and kept when it is itself a subagent transcript.
 */
export function fromClaudeCodeTranscript(
  records: readonly unknown[],
  options: { sidechains?: SidechainMode } = {},
): HistoryMessage[] {
  const lines: Array<{ line: TranscriptLine; index: number }> = [];
  records.forEach((record, index) => {
    const parsed = transcriptLineSchema.safeParse(record);
    if (parsed.success) lines.push({ line: parsed.data, index });
  });
  const mode = options.sidechains ?? "auto";
  const hasMainChain = lines.some(({ line }) => line.isSidechain !== true);
  const keepSidechain = mode === "include" || (mode === "auto" && !hasMainChain);

  const messages: HistoryMessage[] = [];
  const toolNames = new Map<string, string>();
  const unanswered: string[] = [];
  let lastAssistantId: string | undefined;
  let orphans = 0;

  for (const { line, index } of lines) {
    if (line.isSidechain === true && !keepSidechain) continue;
    const blocks = readBlocks(line.message.content);
    if (line.type === "assistant") {
      const text = blocks.flatMap((block) => (block.type === "text" ? [block.text] : []));
      const calls: HistoryToolCall[] = [];
      blocks.forEach((block, blockIndex) => {
        if (block.type !== "tool_use") return;
        const id = block.id ?? `call_${index}_${blockIndex}`;
        toolNames.set(id, block.name);
        unanswered.push(id);
        calls.push({
          id,
          type: "function",
          function: { name: block.name, arguments: JSON.stringify(block.input ?? {}) ?? "{}" },
        });
      });
      if (text.length === 0 && calls.length === 0) continue;
      const previous = messages.at(-1);
      const sameResponse = line.message.id !== undefined && line.message.id === lastAssistantId;
      if (previous?.role === "assistant" && sameResponse) {
        appendToAssistant(previous, text, calls);
      } else {
        messages.push({
          role: "assistant",
          content: text.length > 0 ? text.join("\n") : null,
          ...(calls.length > 0 ? { tool_calls: calls } : {}),
        });
      }
      lastAssistantId = line.message.id;
      continue;
    }

    lastAssistantId = undefined;
    const text: string[] = [];
    for (const block of blocks) {
      if (block.type === "text" && withoutReminders(block.text) !== "")
        text.push(withoutReminders(block.text));
      if (block.type !== "tool_result") continue;
      const id =
        pickCallId(block.tool_use_id, line.sourceToolUseID, unanswered) ?? `call_orphan_${++orphans}`;
      const name = toolNames.get(id);
      messages.push({
        role: "tool",
        content: withoutReminders(resultText(block.content, block.text)),
        tool_call_id: id,
        ...(name !== undefined ? { name } : {}),
      });
    }
    if (text.length === 0) continue;
    const meta = line.isMeta === true || line.isCompactSummary === true;
    messages.push({ role: "user", content: text.join("\n"), ...(meta ? { kind: "meta" as const } : {}) });
  }
  return messages;
}

function readBlocks(content: string | unknown[]): Block[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return content.flatMap((block) => {
    const parsed = blockSchema.safeParse(block);
    return parsed.success ? [parsed.data] : [];
  });
}

function appendToAssistant(message: HistoryMessage, text: string[], calls: HistoryToolCall[]): void {
  if (text.length > 0)
    message.content = [message.content, ...text].filter((part) => part !== null).join("\n");
  if (calls.length > 0) message.tool_calls = [...(message.tool_calls ?? []), ...calls];
}

/**
 * The call a tool result answers: its own `tool_use_id` when present, else the line's
 * `sourceToolUseID` if that call is still unanswered, else the oldest unanswered call.
 */
function pickCallId(
  explicit: string | undefined,
  hint: string | undefined,
  unanswered: string[],
): string | undefined {
  const wanted = explicit ?? hint;
  const position = wanted !== undefined ? unanswered.indexOf(wanted) : -1;
  if (position >= 0) return unanswered.splice(position, 1)[0];
  if (explicit !== undefined) return explicit;
  return unanswered.shift() ?? hint;
}

function resultText(content: unknown, fallback: string | undefined): string {
  if (typeof content === "string") return content;
  if (Array.isArray(content)) {
    return content
      .map((part) => {
        const parsed = contentPartSchema.safeParse(part);
        if (!parsed.success) return "";
        return parsed.data.text ?? `[${parsed.data.type}]`;
      })
      .filter((part) => part !== "")
      .join("\n");
  }
  return fallback ?? "";
}

function withoutReminders(text: string): string {
  if (!text.includes("<system-reminder>")) return text;
  return text.replace(/\s*<system-reminder>[\s\S]*?<\/system-reminder>/g, "").trim();
}
