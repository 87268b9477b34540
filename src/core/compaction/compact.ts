import { z } from "zod";
import { InvalidInputError } from "../errors.js";
import type { HistoryMessage } from "./history.js";
import { userGoalText } from "./history.js";
import { estimateTokens } from "./tokens.js";

/** How many of the latest loop records the window keeps by default (docs/design.md#compaction). */
export const DEFAULT_WINDOW_LIMIT = 8;

/**
 * Replaces the observation of an older record when a newer record of the same tool is in the
 * window.
 */
export const TRIMMED_OBSERVATION_TEXT = "This tool result is too old and has been removed.";

/** Observation of a call that has no tool result (yet). */
export const NO_RESULT_TEXT = "(no result yet)";

/** Added per message to every token count: role and framing tokens of a chat message. */
export const MESSAGE_OVERHEAD_TOKENS = 4;

const NO_THOUGHT_TEXT = "(not recorded)";
const SAME_THOUGHT_TEXT = "(same as above)";
const EMPTY_RESULT_TEXT = "(empty result)";
const DEFAULT_SYSTEM_PROMPT =
  "You are an agent continuing a long-running task. The conversation so far has been compacted into the summary and tool records that follow.";
const DEFAULT_INSTRUCTION = "Continue the current task: decide the next step from the tool records above.";

/**
 * One ReAct loop record: the thought before a tool call, the call and its observation.
 */
export interface LoopRecord {
  /** First line of the latest assistant text before the call, truncated. */
  thought: string;
  toolName: string;
  /** First line of the arguments JSON, truncated; `{}` when empty. */
  toolArgs: string;
  /** The tool result verbatim, or {@link NO_RESULT_TEXT}. */
  observation: string;
  callId: string;
}

/** A tool the agent may call, as in an OpenAI function definition. `parameters` is a JSON schema. */
export interface ToolDescription {
  name: string;
  description?: string;
  parameters?: unknown;
}

/** Where the agent loop stands; rendered into the last message. */
export interface CompactionState {
  round?: number;
  maxRounds?: number;
  notes?: string[];
}

/**
 * The first user goal and the latest addition are each cut to this many characters: they anchor
 * the task in every round, and a short goal costs the same tokens in each of them.
 */
export const MAX_GOAL_CHARS = 120;

export interface CompactHistoryOptions {
  messages: readonly HistoryMessage[];
  tools?: readonly ToolDescription[];
  /** Rules for the agent; system messages found in the history are appended to it. */
  systemPrompt?: string;
  /** Only its first line is used. Defaults to a generic "continue" instruction. */
  instruction?: string;
  state?: CompactionState;
  /** Loop records kept in the window; a positive integer, default 8. */
  windowLimit?: number;
  /** Characters of a thought, default 140. */
  maxThoughtChars?: number;
  /** Characters of tool arguments, default 160. */
  maxArgsChars?: number;
  /** Characters of a user goal, default {@link MAX_GOAL_CHARS}. */
  maxGoalChars?: number;
}

export interface CompactionStats {
  inputMessages: number;
  loopRecords: number;
  /** Records older than the window, summarised as tool×count. */
  foldedRecords: number;
  windowRecords: number;
  /** Window records whose observation was replaced by {@link TRIMMED_OBSERVATION_TEXT}. */
  trimmedObservations: number;
  /** {@link estimateTokens} of the input messages, system prompt and tool schemas, with per-message overhead. */
  inputTokens: number;
  /** The same estimate for the four output messages. */
  outputTokens: number;
  /** `1 - outputTokens / inputTokens`; negative when a short history grows, 0 for empty input. */
  savedRatio: number;
}

export interface CompactHistoryResult {
  /** system (rules + tools), assistant (history summary), assistant (ReAct window), system (state + instruction). */
  messages: [HistoryMessage, HistoryMessage, HistoryMessage, HistoryMessage];
  stats: CompactionStats;
}

/**
 * Compacts a long agent history into a fixed four-message skeleton (docs/design.md#compaction):
 * 1. system: rules and a compact tool catalog;
 * 2. assistant: history summary — first and latest real user goal, earlier records folded into tool×count;
 * 3. assistant: the last `windowLimit` loop records, each with thought, tool call and observation;
 *    only the newest record of each tool (names compared case-insensitively) keeps its observation,
 *    and a thought repeated by the next record is shown as "(same as above)";
 * 4. system: current state (round, initial goal, notes) and the instruction for this round.
 * Correction prompts and harness text are never taken for goals (see `userGoalText`). Pure.
 * @throws InvalidInputError when `windowLimit` is not a positive integer.
 */
export function compactHistory(options: CompactHistoryOptions): CompactHistoryResult {
  const windowLimit = options.windowLimit ?? DEFAULT_WINDOW_LIMIT;
  if (!Number.isInteger(windowLimit) || windowLimit < 1) {
    throw new InvalidInputError({ message: "must be a positive integer", field: "windowLimit" });
  }
  const { messages } = options;
  const records = collectLoopRecords(messages, options);
  const folded = records.slice(0, Math.max(0, records.length - windowLimit));
  const window = trimObservationsByTool(records.slice(folded.length));
  const goals = pickUserGoals(messages, options.maxGoalChars ?? MAX_GOAL_CHARS);

  const output: CompactHistoryResult["messages"] = [
    { role: "system", content: renderRules(options, windowLimit) },
    { role: "assistant", content: renderHistorySummary(goals, folded, records.length) },
    { role: "assistant", content: renderWindow(window) },
    {
      role: "system",
      content: renderState(options, goals.first, records.length, folded.length, window.length),
    },
  ];

  const inputTokens =
    countTokens(messages) +
    estimateTokens(options.systemPrompt ?? "") +
    (options.tools && options.tools.length > 0 ? estimateTokens(JSON.stringify(options.tools)) : 0);
  const outputTokens = countTokens(output);
  return {
    messages: output,
    stats: {
      inputMessages: messages.length,
      loopRecords: records.length,
      foldedRecords: folded.length,
      windowRecords: window.length,
      trimmedObservations: window.length - new Set(window.map((record) => toolKey(record.toolName))).size,
      inputTokens,
      outputTokens,
      savedRatio: inputTokens === 0 ? 0 : 1 - outputTokens / inputTokens,
    },
  };
}

/**
 * Extracts one loop record per assistant tool call, in order.
 * The observation is the content of the tool message with the call's id (the last one, if several).
 * The thought is the call's own message text, else the latest earlier assistant text, not looking
 * past a user message.
 */
export function collectLoopRecords(
  messages: readonly HistoryMessage[],
  options: { maxThoughtChars?: number; maxArgsChars?: number } = {},
): LoopRecord[] {
  const results = new Map<string, string>();
  for (const message of messages) {
    if (message.role === "tool" && message.tool_call_id !== undefined) {
      results.set(message.tool_call_id.trim(), message.content ?? "");
    }
  }
  const records: LoopRecord[] = [];
  let thought = NO_THOUGHT_TEXT;
  for (const message of messages) {
    if (message.role === "user") thought = NO_THOUGHT_TEXT;
    if (message.role !== "assistant") continue;
    const text = compactText(message.content ?? "", options.maxThoughtChars ?? 140);
    if (text !== "") thought = text;
    for (const call of message.tool_calls ?? []) {
      const result = results.get(call.id.trim());
      records.push({
        thought,
        toolName: call.function.name.trim() || "unknown_tool",
        toolArgs: compactText(call.function.arguments, options.maxArgsChars ?? 160) || "{}",
        observation: result === undefined ? NO_RESULT_TEXT : result.trim() || EMPTY_RESULT_TEXT,
        callId: call.id,
      });
    }
  }
  return records;
}

/**
 * Keeps the observation of the newest record of each tool and replaces older ones with
 * {@link TRIMMED_OBSERVATION_TEXT}; thoughts and calls stay.
 * Tool names are compared case-insensitively.
 */
export function trimObservationsByTool(records: readonly LoopRecord[]): LoopRecord[] {
  const seen = new Set<string>();
  const result: LoopRecord[] = [];
  for (let index = records.length - 1; index >= 0; index--) {
    const record = records[index]!;
    const key = toolKey(record.toolName);
    result.push(seen.has(key) ? { ...record, observation: TRIMMED_OBSERVATION_TEXT } : { ...record });
    seen.add(key);
  }
  return result.reverse();
}

/**
 * The first and latest real user goal (first line, truncated), or null. See `userGoalText` for
 * what is not a goal.
 */
export function pickUserGoals(
  messages: readonly HistoryMessage[],
  maxGoalChars = MAX_GOAL_CHARS,
): { first: string | null; latest: string | null } {
  let first: string | null = null;
  let latest: string | null = null;
  for (const message of messages) {
    const goal = compactText(userGoalText(message) ?? "", maxGoalChars);
    if (goal === "") continue;
    first ??= goal;
    latest = goal;
  }
  return { first, latest };
}

/**
 * Renders tools one per entry: `1. name: description` and `   params: a(required,string), b(optional,integer:x/y)`,
 * read from the JSON schema's `properties` and `required`, in declaration order.
 */
export function renderToolCatalog(tools: readonly ToolDescription[]): string {
  const lines: string[] = [];
  let number = 0;
  for (const tool of tools) {
    const name = tool.name.trim();
    if (name === "") continue;
    const description = compactText(tool.description ?? "", 200) || "no description";
    lines.push(`${++number}. ${name}: ${description}`, `   params: ${renderParameters(tool.parameters)}`);
  }
  return lines.length === 0 ? "" : ["Available tools (compact):", ...lines].join("\n");
}

const propertySchema = z.object({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  enum: z.array(z.unknown()).optional(),
  required: z.boolean().optional(),
});
const objectSchema = z.object({
  properties: z.record(z.string(), z.unknown()).optional(),
  required: z.array(z.string()).optional(),
});

function renderParameters(parameters: unknown): string {
  const parsed = objectSchema.safeParse(parameters);
  const properties = parsed.success ? Object.entries(parsed.data.properties ?? {}) : [];
  if (!parsed.success || properties.length === 0) return "none";
  const required = new Set(parsed.data.required ?? []);
  return properties
    .map(([key, value]) => {
      const property = propertySchema.safeParse(value);
      const spec = property.success ? property.data : {};
      const status = required.has(key) || spec.required === true ? "required" : "optional";
      let type = Array.isArray(spec.type) ? spec.type.join("|") : (spec.type ?? "");
      if (spec.enum && spec.enum.length > 0) type = `${type || "enum"}:${spec.enum.map(String).join("/")}`;
      return type === "" ? `${key}(${status})` : `${key}(${status},${type})`;
    })
    .join(", ");
}

function renderRules(options: CompactHistoryOptions, windowLimit: number): string {
  const prompts = [options.systemPrompt ?? "", ...systemContents(options.messages)]
    .map((text) => text.trim())
    .filter((text, index, all) => text !== "" && all.indexOf(text) === index);
  const rules = [
    "Context rules:",
    `- Earlier history is summarised; only the latest ${windowLimit} tool records are shown in full.`,
    `- An observation reading "${TRIMMED_OBSERVATION_TEXT}" was replaced by a newer call of the same tool; call the tool again if you need it.`,
  ].join("\n");
  const catalog = renderToolCatalog(options.tools ?? []);
  return [prompts.join("\n\n") || DEFAULT_SYSTEM_PROMPT, rules, catalog]
    .filter((part) => part !== "")
    .join("\n\n");
}

function systemContents(messages: readonly HistoryMessage[]): string[] {
  return messages.flatMap((message) => (message.role === "system" ? [message.content ?? ""] : []));
}

function renderHistorySummary(
  goals: { first: string | null; latest: string | null },
  folded: readonly LoopRecord[],
  total: number,
): string {
  const lines = ["History context (for reference only):"];
  if (goals.first === null) lines.push("- User goal: no usable user input in the history.");
  else if (goals.latest !== null && goals.latest !== goals.first) {
    lines.push(`- User goal: ${goals.first}; latest addition: ${goals.latest}`);
  } else lines.push(`- User goal: ${goals.first}`);
  lines.push(`- Early ReAct summary: ${summariseFolded(folded, total)}`);
  return lines.join("\n");
}

/** The summary of the folded records: "Folded N earlier records: Bash×3, Read×2." sorted by tool name. */
function summariseFolded(folded: readonly LoopRecord[], total: number): string {
  if (total === 0) return "none.";
  if (folded.length === 0) return "none (the window covers every ReAct record).";
  const counts = new Map<string, number>();
  for (const record of folded) counts.set(record.toolName, (counts.get(record.toolName) ?? 0) + 1);
  const parts = [...counts.entries()]
    .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
    .map(([name, count]) => `${name}×${count}`);
  return `Folded ${folded.length} earlier record${folded.length === 1 ? "" : "s"}: ${parts.join(", ")}.`;
}

function renderWindow(window: readonly LoopRecord[]): string {
  const lines = ["Current ReAct loop records (window, oldest first):"];
  if (window.length === 0) lines.push("- No ReAct records yet.");
  window.forEach((record, index) => {
    // A thought shared by consecutive calls (parallel calls, or calls without new text) is shown once.
    const sameThought = index > 0 && window[index - 1]?.thought === record.thought;
    lines.push(
      `${index + 1}) thought: ${sameThought ? SAME_THOUGHT_TEXT : record.thought}`,
      `   tool_call: ${record.toolName}(${record.toolArgs})`,
      `   observation: ${record.observation}`,
    );
  });
  return lines.join("\n");
}

function renderState(
  options: CompactHistoryOptions,
  initialGoal: string | null,
  total: number,
  folded: number,
  window: number,
): string {
  const { round, maxRounds, notes = [] } = options.state ?? {};
  const lines = ["Current execution state:"];
  if (round !== undefined || maxRounds !== undefined) {
    lines.push(`- Round: ${round ?? "?"}${maxRounds !== undefined ? `/${maxRounds}` : ""}`);
  }
  lines.push(`- Tool records: ${total} (${folded} folded, ${window} in the window)`);
  lines.push("Execution anchors:");
  lines.push(`- Initial user goal: ${initialGoal ?? "none recorded; proceed from the current context."}`);
  for (const note of notes) {
    const text = compactText(note, 200);
    if (text !== "") lines.push(`- Note: ${text}`);
  }
  lines.push("- When to end the loop: decide from the tool records yourself.");
  lines.push(`Instruction for this round: ${firstLine(options.instruction ?? "") || DEFAULT_INSTRUCTION}`);
  return lines.join("\n");
}

function toolKey(name: string): string {
  return name.trim().toLowerCase();
}

function countTokens(messages: readonly HistoryMessage[]): number {
  let total = 0;
  for (const message of messages) {
    total += MESSAGE_OVERHEAD_TOKENS + estimateTokens(message.content ?? "");
    for (const call of message.tool_calls ?? []) {
      total += estimateTokens(call.function.name) + estimateTokens(call.function.arguments);
    }
  }
  return total;
}

function firstLine(text: string): string {
  const trimmed = text.trim();
  const end = trimmed.indexOf("\n");
  return (end === -1 ? trimmed : trimmed.slice(0, end)).trim();
}

/** First line, cut to `maxChars` code points with "...". */
function compactText(text: string, maxChars: number): string {
  const line = firstLine(text);
  const characters = Array.from(line);
  if (characters.length <= maxChars) return line;
  if (maxChars <= 3) return characters.slice(0, maxChars).join("");
  return `${characters.slice(0, maxChars - 3).join("")}...`;
}
