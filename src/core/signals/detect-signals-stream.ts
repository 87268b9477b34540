/**
 * The pure core of `tacit signals detect`: one JSON Lines input line in, one output line (or
 * an error naming the line and field) out. The CLI owns stdin/stdout; this file owns the
 * contract. Patterns are compiled at module load, so a run over thousands of conversations
 * costs only the matching.
 */
import type { z } from "zod";
import { describeJsonError } from "../json-error.js";
import { detectOffline, GRADED_SIGNAL_FLOOR } from "./offline-rules.js";
import type { SignalOutputLine } from "./signal-types.js";
import { signalConversationSchema } from "./signal-types.js";
import { turnSatisfaction } from "./turn-satisfaction.js";

/** Result for one input line: `output` (a JSON line without newline), `error`, or neither for a blank line. */
export interface SignalLineResult {
  output?: string;
  error?: string;
}

/** Options of `detectSignalsForLine`. */
export interface SignalLineOptions {
  /**
   * Signals under this confidence are left out. Default {@link GRADED_SIGNAL_FLOOR}: graded output,
   * weak cues included; 0.5 keeps only the confident signals learning uses.
   */
  minConfidence?: number;
}

function fieldPath(path: readonly PropertyKey[]): string {
  let text = "";
  for (const key of path) {
    text += typeof key === "number" ? `[${key}]` : `${text.length > 0 ? "." : ""}${String(key)}`;
  }
  return text.length > 0 ? text : "(line)";
}

type ValidationIssue = z.ZodError["issues"][number];

function describeIssues(issues: readonly ValidationIssue[]): string {
  const shown = issues.slice(0, 3).map((issue) => `${fieldPath(issue.path)}: ${issue.message}`);
  const more = issues.length > shown.length ? ` (and ${issues.length - shown.length} more)` : "";
  return `${shown.join("; ")}${more}`;
}

/**
 * Validate one input line `{"id", "messages": [{"role", "content", "isError"?, "toolName"?}]}`,
 * detect signals offline and return the output line
 * `{"id", "signals": [{"turn", "type", "source", "confidence", "evidence"}],
 *   "turns": [{"turn", "satisfaction", "satisfied", "dissatisfied"}]}` — one `turns` entry per
 * user message, from every cue on it whatever `minConfidence` is (turn-satisfaction.ts).
 * `lineNumber` (1-based) only labels errors: `line 3: messages[2].role: Invalid option …`.
 * Blank lines return `{}`. Never throws.
 */
export function detectSignalsForLine(
  line: string,
  lineNumber: number,
  options: SignalLineOptions = {},
): SignalLineResult {
  if (line.trim().length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    // The parser's message quotes the line, which may hold a secret: say where, never what.
    void error;
    return { error: `line ${lineNumber}: invalid JSON: ${describeJsonError(line)}` };
  }
  const parsed = signalConversationSchema.safeParse(value);
  if (!parsed.success) return { error: `line ${lineNumber}: ${describeIssues(parsed.error.issues)}` };
  const { messages } = parsed.data;
  const { signals, cues } = detectOffline(messages, {
    minConfidence: options.minConfidence ?? GRADED_SIGNAL_FLOOR,
  });
  const output: SignalOutputLine = {
    id: parsed.data.id,
    signals: signals.map((signal) => ({
      turn: signal.turn,
      type: signal.type,
      source: signal.source,
      confidence: signal.confidence,
      evidence: signal.evidence,
    })),
    turns: turnSatisfaction(messages, cues),
  };
  return { output: JSON.stringify(output) };
}
