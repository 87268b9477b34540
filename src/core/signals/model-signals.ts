/**
 * Feedback signals as a model reports them: the shape, validated leniently (an unknown source is
 * the user's, a missing confidence 0.5), and the confidence floor under which they are dropped.
 * Learning places them on rows (`locateLlmSignals`). Pure.
 */
import { z } from "zod";
import { clip } from "./signal-text.js";
import {
  FEEDBACK_SIGNAL_SOURCES,
  FEEDBACK_SIGNAL_TYPES,
  type FeedbackSignalSource,
  type FeedbackSignalType,
} from "./signal-types.js";

/** A feedback signal as a model reports it; `turn` is the `#n` number of the rendered row (its seq). */
export interface LlmSignal {
  type: FeedbackSignalType;
  source: FeedbackSignalSource;
  evidence: string;
  /** The row's `seq`, or null when the model gave none (then it is located by its evidence). */
  turn: number | null;
  confidence: number;
}

/** Model signals under this confidence are dropped (the extraction floor). */
export const MIN_LLM_SIGNAL_CONFIDENCE = 0.5;
const MAX_SIGNAL_EVIDENCE_CHARS = 240;

const turnSchema = z
  .union([z.number().int().nonnegative(), z.string().regex(/^\s*#?\d+\s*$/)])
  .transform((value) => (typeof value === "number" ? value : Number(value.replace(/[#\s]/g, ""))));

/**
 * One model-reported signal, validated leniently: an unknown `source`
 * becomes `user`, a missing or non-numeric confidence 0.5 (then clamped to 0..1), `turn` may be a
 * number, a numeric string or `turnId`. Strict on `type` and on a non-empty `evidence`.
 */
export const llmSignalSchema: z.ZodType<LlmSignal, unknown> = z
  .object({
    type: z.enum(FEEDBACK_SIGNAL_TYPES as [FeedbackSignalType, ...FeedbackSignalType[]]),
    source: z
      .enum(FEEDBACK_SIGNAL_SOURCES as [FeedbackSignalSource, ...FeedbackSignalSource[]])
      .catch("user"),
    evidence: z
      .string()
      .transform((text) => text.trim())
      .pipe(z.string().min(1)),
    turn: turnSchema.optional().catch(undefined),
    turnId: turnSchema.optional().catch(undefined),
    confidence: z.number().finite().catch(0.5),
  })
  .transform((signal) => ({
    type: signal.type,
    source: signal.source,
    evidence: clip(signal.evidence, MAX_SIGNAL_EVIDENCE_CHARS),
    turn: signal.turn ?? signal.turnId ?? null,
    confidence: Math.min(1, Math.max(0, signal.confidence)),
  }));

/**
 * Keep the items of a model's signal array that validate and reach
 * {@link MIN_LLM_SIGNAL_CONFIDENCE}; invalid items are dropped, not fatal. Not an array → [].
 */
export function readLlmSignals(value: unknown, max = 20): LlmSignal[] {
  if (!Array.isArray(value)) return [];
  const signals: LlmSignal[] = [];
  for (const item of value) {
    const parsed = llmSignalSchema.safeParse(item);
    if (parsed.success && parsed.data.confidence >= MIN_LLM_SIGNAL_CONFIDENCE) signals.push(parsed.data);
    if (signals.length === max) break;
  }
  return signals;
}
