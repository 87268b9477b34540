/**
 * Types and boundary schemas for feedback signals and live
 * interaction signals (docs/design.md, "Feedback signals" and "Live signals").
 */
import { z } from "zod";

/** What a feedback signal says about the current approach. */
export type FeedbackSignalType =
  | "reject"
  | "correction"
  | "constraint"
  | "success"
  | "confusion"
  | "preference";

/** Every feedback signal type, in a stable order (used by reports and schemas). */
export const FEEDBACK_SIGNAL_TYPES: readonly FeedbackSignalType[] = [
  "reject",
  "correction",
  "constraint",
  "success",
  "confusion",
  "preference",
];

/**
 * Who produced the signal: the user's words, a tool's result (`execution`), or the
 * assistant noticing its own mistake (`assistant_self_check`).
 */
export type FeedbackSignalSource = "user" | "execution" | "assistant_self_check";

/** Every feedback signal source, in a stable order. */
export const FEEDBACK_SIGNAL_SOURCES: readonly FeedbackSignalSource[] = [
  "user",
  "execution",
  "assistant_self_check",
];

/** Role of a message fed to the detectors. `system` messages are accepted and ignored. */
export type SignalMessageRole = "user" | "assistant" | "tool" | "system";

/** One message of a conversation as the signal detectors see it. */
export interface SignalMessage {
  role: SignalMessageRole;
  content: string;
  /** Set on tool results the agent marked as failed. When absent, tool output is inspected. */
  isError?: boolean;
  /** Name of the tool that produced a `tool` message (e.g. `Bash`, `Read`). */
  toolName?: string;
}

/** A feedback signal found in a conversation. */
export interface DetectedSignal {
  /** Index into the conversation's `messages` array. */
  turn: number;
  type: FeedbackSignalType;
  source: FeedbackSignalSource;
  /**
   * Graded 0.1–0.95: weak cues (a bare "No,", a request to search again) sit under 0.5, confident
   * signals at or above it. Signals under the caller's floor are dropped.
   */
  confidence: number;
  /** Verbatim excerpt of the message (the sentence that triggered the rule), at most 240 characters. */
  evidence: string;
  /** Id of the rule that produced the signal (see `OFFLINE_SIGNAL_RULES`). */
  rule: string;
}

/** Names of the live interaction signals recall uses to match heuristic triggers. */
export type LiveSignalName =
  | "userDissatisfaction"
  | "constraintRestatement"
  | "repeatedFailure"
  | "acceptanceUnclear"
  | "sameErrorRepeated";

/** Every live signal name, in a stable order. */
export const LIVE_SIGNAL_NAMES: readonly LiveSignalName[] = [
  "userDissatisfaction",
  "constraintRestatement",
  "repeatedFailure",
  "acceptanceUnclear",
  "sameErrorRepeated",
];

/** A live signal with the turn and verbatim text that support it. */
export interface LiveSignal {
  name: LiveSignalName;
  /** Index into the `recent` array passed to the detector. */
  turn: number;
  evidence: string;
  /** How sure the detector is, when a graded signal supports it (absent for pattern-only checks). */
  confidence?: number;
}

const roleSchema = z.enum(["user", "assistant", "tool", "system"]);

/**
 * One message of an input line of `tacit signals detect`. Unknown keys are ignored. A tool message
 * as `tacit export conversations` writes it (`content` the tool's name, `toolOutput` what it
 * printed, `toolName` null when unknown) is read as its output.
 */
export const signalMessageSchema = z
  .object({
    role: roleSchema,
    content: z.string(),
    isError: z.boolean().nullish(),
    toolName: z.string().nullish(),
    toolOutput: z.string().nullish(),
  })
  .transform(({ toolOutput, ...message }): SignalMessage => {
    const content = message.role === "tool" && typeof toolOutput === "string" ? toolOutput : message.content;
    return {
      role: message.role,
      content,
      ...(typeof message.isError === "boolean" ? { isError: message.isError } : {}),
      ...(typeof message.toolName === "string" ? { toolName: message.toolName } : {}),
    };
  });

/**
 * One input line of `tacit signals detect` (JSON Lines on stdin):
 * `{"id": "...", "messages": [{"role": "user|assistant|tool", "content": "..."}]}`.
 */
export const signalConversationSchema = z.object({
  id: z.string().min(1),
  messages: z.array(signalMessageSchema),
});

/** A parsed input line of `tacit signals detect`. */
export type SignalConversation = z.infer<typeof signalConversationSchema>;

const feedbackSignalTypeSchema = z.enum([
  "reject",
  "correction",
  "constraint",
  "success",
  "confusion",
  "preference",
]);
const feedbackSignalSourceSchema = z.enum(["user", "execution", "assistant_self_check"]);

/** One signal of an output line. This shape is a stable contract used by other tools. */
export const signalOutputSignalSchema = z.object({
  turn: z.number().int().nonnegative(),
  type: feedbackSignalTypeSchema,
  source: feedbackSignalSourceSchema,
  confidence: z.number().min(0).max(1),
  evidence: z.string(),
});

/**
 * One user turn's satisfaction on an output line (an addition to the stable contract):
 * `satisfaction` = `satisfied` − `dissatisfied`, each 1 − Π(1 − confidence) over the turn's cues.
 */
export const signalOutputTurnSchema = z.object({
  turn: z.number().int().nonnegative(),
  satisfaction: z.number().min(-1).max(1),
  satisfied: z.number().min(0).max(1),
  dissatisfied: z.number().min(0).max(1),
});

/**
 * One output line of `tacit signals detect`: `{"id": "...", "signals": [...], "turns": [...]}`.
 * `turns` (one entry per user message) was added after `signals`; readers of the older shape
 * keep working.
 */
export const signalOutputLineSchema = z.object({
  id: z.string(),
  signals: z.array(signalOutputSignalSchema),
  turns: z.array(signalOutputTurnSchema),
});

/** A parsed output line of `tacit signals detect`. */
export type SignalOutputLine = z.infer<typeof signalOutputLineSchema>;
