/**
 * The input of the learning pipeline: one stored message row, and the bridge from rows to the
 * offline feedback-signal detector (whose `turn` indexes its own message array, so signals are
 * mapped back to row `seq`s here). Pure.
 */
import { userGoalText } from "../compaction/history.js";
import { harnessOrigin, isSlashCommandWrapper, slashCommandRequest } from "../harness-text.js";
import { withoutPastedOutput } from "../lexicon/pasted-output.js";
import type { LlmSignal } from "../signals/model-signals.js";
import { detectSignalsOffline, type OfflineDetectOptions } from "../signals/offline-rules.js";
import { isDataTool } from "../signals/rule-context.js";
import { clip } from "../signals/signal-text.js";
import type { DetectedSignal, SignalMessage } from "../signals/signal-types.js";
import { stripInjectedContext } from "../tacit-context.js";
import type { Message, MessageKind, MessageRole } from "../types.js";
import { signalsAt } from "./row-signals.js";

/**
 * One message of a session as the learning pipeline reads it (mirrors a stored `Message` row).
 * A `tool_call` row carries the call (`toolName`, `toolInput`) and its result (`toolOutput`,
 * `isError`) together; its `content` is usually the tool name.
 */
export interface TaskMessage {
  /** Position within the session, from 0; rows are processed in `seq` order. */
  seq: number;
  role: MessageRole;
  kind: MessageKind;
  content: string;
  toolName: string | null;
  /** Tool input as JSON text. */
  toolInput: string | null;
  toolOutput: string | null;
  isError: boolean;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Text the agent harness wrote into a user turn (slash-command expansions, wrappers). */
  isMeta?: boolean;
  /**
   * Set on subagent (sidechain) rows. Their "user" messages are prompts written by the main
   * agent, so they never state or start a task. Default false.
   */
  isSidechain?: boolean;
}

/** A stored message row as the learning pipeline reads it (recall reads the prompt's task the same way). */
export function toTaskMessage(message: Message): TaskMessage {
  return {
    seq: message.seq,
    role: message.role,
    kind: message.kind,
    content: message.content,
    toolName: message.toolName,
    toolInput: message.toolInput,
    toolOutput: message.toolOutput,
    isError: message.isError,
    createdAt: message.createdAt,
    isMeta: message.metadata.isMeta === true,
    isSidechain: message.isSidechain,
  };
}

/** A detected feedback signal located by the row it came from. */
export interface TaskSignal extends DetectedSignal {
  /** `seq` of the message the signal is about. */
  seq: number;
}

/** The detector's view of a session and the row each of its turns came from. */
export interface SignalMapping {
  messages: SignalMessage[];
  /** `seqs[turn]` is the `seq` of the row behind detector turn `turn`. */
  seqs: number[];
}

/** True for a Claude Code slash-command wrapper (`<command-name>/x</command-name>…`). */
export function isCommandWrapper(message: TaskMessage): boolean {
  return message.role === "user" && isSlashCommandWrapper(message.content);
}

/**
 * The words a user row says in the user's own voice, or null. Sidechain prompts, meta rows,
 * interrupt markers, empty rows and everything the harness writes into a user turn say nothing:
 * slash-command wrappers, command output (`<bash-stdout>`, `<local-command-stdout>`), caveats and
 * system reminders (see harness-text.ts; checked on the text too, for rows stored before capture
 * marked them); a `<tacit-context>` block tacit injected and pasted output (see pasted-output.ts) are cut out. Only these words are ever the source of a feedback signal or a lesson.
 */
export function userWords(message: TaskMessage): string | null {
  if (message.role !== "user" || message.kind !== "text" || message.isSidechain === true) return null;
  if (message.isMeta === true || harnessOrigin(message.content) !== null) return null;
  return userGoalText({ role: "user", content: withoutPastedOutput(stripInjectedContext(message.content)) });
}

/**
 * What a user row asks for: its words (see {@link userWords}), or the slash command it ran with its
 * arguments (`/review src/auth.ts`). A task's goal and title come from it; lessons and signals never
 * do.
 */
export function userRequest(message: TaskMessage): string | null {
  const words = userWords(message);
  if (words !== null || message.isSidechain === true || !isCommandWrapper(message)) return words;
  return message.kind === "text" ? slashCommandRequest(message.content) : null;
}

/**
 * The rows as the main conversation: unchanged when any row is main-chain; when every row is a
 * sidechain row (a subagent transcript stored as its own session) the flag is dropped, so the
 * subagent's prompt counts as its session's goal.
 */
export function asMainChain(messages: readonly TaskMessage[]): TaskMessage[] {
  if (messages.some((message) => message.isSidechain !== true)) return [...messages];
  return messages.map(({ isSidechain: _sidechain, ...rest }) => rest);
}

/** True for a `tool_call` row. */
export function isToolCall(message: TaskMessage): boolean {
  return message.kind === "tool_call";
}

/** True for a tool call whose output is an action's result (not a Read/Grep/Glob/TodoWrite…). */
export function isActionCall(message: TaskMessage): boolean {
  return isToolCall(message) && !isDataTool(message.toolName ?? undefined);
}

/** Tool names whose calls change files. */
const FILE_EDIT_TOOLS = /^(?:edit|multiedit|write|str_replace|str_replace_editor|apply_patch|notebookedit)$/i;

/** True for a tool call that edits or writes a file. */
export function isFileEdit(message: TaskMessage): boolean {
  return isToolCall(message) && FILE_EDIT_TOOLS.test(message.toolName ?? "");
}

/** Execution signals at or above this confidence mark a call failed even without `isError`. */
export const FAILURE_PATTERN_CONFIDENCE = 0.85;

/**
 * True when a tool call failed: the agent flagged it (`isError`), or the detector found a strong
 * failure pattern in its output (exit code, Traceback, command not found, ENOENT…: confidence
 * ≥ {@link FAILURE_PATTERN_CONFIDENCE}). Weaker patterns ("failed" somewhere in the output) alone
 * do not count: successful commands print such words too.
 */
export function isFailedCall(message: TaskMessage, signals: readonly TaskSignal[] = []): boolean {
  if (!isToolCall(message)) return false;
  if (message.isError) return true;
  return signalsAt(signals, message.seq).some(
    (signal) =>
      signal.source === "execution" &&
      signal.type === "reject" &&
      signal.confidence >= FAILURE_PATTERN_CONFIDENCE,
  );
}

/** The parsed tool input: an object when the input is a JSON object, else null. */
export function toolInputObject(message: TaskMessage): Record<string, unknown> | null {
  const text = message.toolInput?.trim() ?? "";
  if (!text.startsWith("{")) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch (error) {
    // Not JSON (a plain-text input): callers fall back to the raw text.
    void error;
    return null;
  }
}

/** The shell command of a command tool call (`command` or `cmd` field), whitespace collapsed, or null. */
export function toolCommand(message: TaskMessage): string | null {
  if (!isToolCall(message)) return null;
  const input = toolInputObject(message);
  const raw = input?.command ?? input?.cmd;
  const command = Array.isArray(raw) ? raw.filter((part) => typeof part === "string").join(" ") : raw;
  if (typeof command !== "string") return null;
  const collapsed = command.replace(/\s+/g, " ").trim();
  return collapsed === "" ? null : collapsed;
}

const TARGET_FIELDS = ["file_path", "notebook_path", "pattern", "path", "url", "query", "description"];

/** What a tool call acted on: its command, file, pattern, URL or description; else its raw input. */
export function toolTarget(message: TaskMessage): string {
  const command = toolCommand(message);
  if (command !== null) return command;
  const input = toolInputObject(message);
  for (const field of TARGET_FIELDS) {
    const value = input?.[field];
    if (typeof value === "string" && value.trim() !== "") return value.trim();
  }
  const prompt = input?.prompt;
  if (typeof prompt === "string" && prompt.trim() !== "") return prompt.trim();
  return (message.toolInput ?? "").replace(/\s+/g, " ").trim();
}

/** `Tool: target`, at most `maxChars` characters (default 120), e.g. `Bash: npm install`. */
export function describeToolCall(message: TaskMessage, maxChars = 120): string {
  const name = message.toolName ?? message.content ?? "tool";
  const target = toolTarget(message);
  return clip(target === "" ? name : `${name}: ${target}`, maxChars);
}

/** The first non-empty line of `text`, trimmed, without Claude Code's `<tool_use_error>` tags. */
export function firstLine(text: string): string {
  for (const line of text.split("\n")) {
    const trimmed = line.replace(/<\/?tool_use_error>/g, "").trim();
    if (trimmed !== "") return trimmed;
  }
  return "";
}

/**
 * The error line of a failed call: the line the detector quoted as its execution evidence, else
 * the first output line, else "(no output)".
 */
export function errorLine(call: TaskMessage, signals: readonly TaskSignal[] = []): string {
  const found = signalsAt(signals, call.seq).find((signal) => signal.source === "execution");
  return firstLine(found?.evidence ?? "") || firstLine(call.toolOutput ?? "") || "(no output)";
}

function sameToolFailedBefore(rows: readonly TaskMessage[], index: number): TaskMessage | undefined {
  const current = rows[index];
  for (let position = index - 1; position >= 0; position -= 1) {
    const earlier = rows[position];
    if (earlier === undefined || !isToolCall(earlier) || earlier.toolName !== current?.toolName) continue;
    return earlier.isError ? earlier : undefined;
  }
  return undefined;
}

/**
 * Map rows to the detector's input, in `seq` order (through {@link asMainChain}):
 * - user rows with words of their own (see {@link userWords}) → `user`; harness text is left out;
 * - assistant `text` rows → `assistant` (thinking, meta, system and empty rows are left out);
 * - `tool_call` rows → one `tool` message with the output, `isError` and the tool name. When a
 *   call retries a tool whose previous call failed, with a different input, a short `assistant`
 *   turn naming the new call (``Bash: `pnpm install` ``) goes before it: the detector's `recovery`
 *   rule wants a changed step between failure and success, and agents often retry without text.
 */
export function toSignalMessages(messages: readonly TaskMessage[]): SignalMapping {
  const rows = asMainChain(messages).sort((first, second) => first.seq - second.seq);
  const out: SignalMessage[] = [];
  const seqs: number[] = [];
  rows.forEach((row, index) => {
    if (row.role === "user" && row.kind === "text") {
      const words = userWords(row);
      if (words !== null) {
        out.push({ role: "user", content: words });
        seqs.push(row.seq);
      }
    } else if (row.role === "assistant" && row.kind === "text" && row.isMeta !== true) {
      if (row.content.trim() !== "") {
        out.push({ role: "assistant", content: row.content });
        seqs.push(row.seq);
      }
    } else if (isToolCall(row)) {
      const failed = sameToolFailedBefore(rows, index);
      if (failed !== undefined && failed.toolInput !== row.toolInput) {
        // The input goes in backticks: the detector masks code, so a command cannot read as phrasing.
        const target = clip(toolTarget(row).replace(/`/g, "'"), 200);
        out.push({ role: "assistant", content: `${row.toolName ?? "tool"}: \`${target}\`` });
        seqs.push(row.seq);
      }
      const message: SignalMessage = { role: "tool", content: row.toolOutput ?? "", isError: row.isError };
      if (row.toolName !== null) message.toolName = row.toolName;
      out.push(message);
      seqs.push(row.seq);
    }
  });
  return { messages: out, seqs };
}

/**
 * Run the offline detector over rows and locate each signal by `seq`. Context (earlier turns,
 * the failing tool) spans everything passed in, so pass a whole session and filter per task.
 */
export function detectTaskSignals(
  messages: readonly TaskMessage[],
  options: OfflineDetectOptions = {},
): TaskSignal[] {
  const mapping = toSignalMessages(messages);
  return detectSignalsOffline(mapping.messages, options).map((signal) => ({
    ...signal,
    seq: mapping.seqs[signal.turn] ?? -1,
  }));
}

/**
 * Place model signals on rows: `turn` when it is the seq of one of `messages`, else the first row
 * whose text (content or tool output) contains the evidence; signals found nowhere are dropped.
 * `turn` of the result is the seq too, and `rule` is `"llm"`.
 */
export function locateLlmSignals(
  signals: readonly LlmSignal[],
  messages: readonly TaskMessage[],
): TaskSignal[] {
  const seqs = new Set(messages.map((message) => message.seq));
  const located: TaskSignal[] = [];
  for (const signal of signals) {
    let seq = signal.turn !== null && seqs.has(signal.turn) ? signal.turn : undefined;
    if (seq === undefined) {
      const needle = signal.evidence.slice(0, 80);
      seq = messages.find(
        (message) => message.content.includes(needle) || (message.toolOutput ?? "").includes(needle),
      )?.seq;
    }
    if (seq === undefined) continue;
    located.push({
      type: signal.type,
      source: signal.source,
      evidence: signal.evidence,
      confidence: signal.confidence,
      turn: seq,
      seq,
      rule: "llm",
    });
  }
  return located;
}

export {
  type LlmSignal,
  llmSignalSchema,
  MIN_LLM_SIGNAL_CONFIDENCE,
  readLlmSignals,
} from "../signals/model-signals.js";
export { clip } from "../signals/signal-text.js";
