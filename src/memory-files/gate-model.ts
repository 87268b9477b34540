/**
 * The memory gate's model mode: one call through the model gate (breaker, ceiling, redaction and
 * fencing, call log), whose JSON answer `{decision, candidate_fact, reason}` is validated with zod.
 * The caller falls back to the offline rules when it fails.
 */
import type { GateTurn, GateVerdict } from "../core/memory-gate/gate-decision.js";
import {
  GATE_ANSWER_INSTRUCTIONS,
  GATE_SYSTEM_PROMPT,
  gateModelAnswerSchema,
  gatePrompt,
} from "../core/memory-gate/gate-prompt.js";
import type { ModelGate, ModelGateFailure } from "../models/model-gate.js";

/** What the gate's purpose is called in the model-call log. */
export const GATE_CALL_PURPOSE = "memory-gate";
/** Reply tokens the answer may take. */
const MAX_OUTPUT_TOKENS = 400;

/** The model's verdict, or why there is none. */
export type ModelGateDecision =
  | {
      ok: true;
      verdict: GateVerdict;
      model: string;
      latencyMs: number;
      promptTokens: number | null;
      completionTokens: number | null;
      rawResponse: string;
      warnings: string[];
    }
  | {
      ok: false;
      reason: ModelGateFailure;
      detail: string;
      /** The reply, when there was one that did not validate. */
      rawResponse: string | null;
      latencyMs: number;
      warnings: string[];
    };

/** Asks the model behind `gate` to decide `turn`. Never throws for a model failure. */
export async function decideWithModel(gate: ModelGate, turn: GateTurn): Promise<ModelGateDecision> {
  const began = performance.now();
  const result = await gate.call({
    purpose: GATE_CALL_PURPOSE,
    system: GATE_SYSTEM_PROMPT,
    prompt: gatePrompt(turn),
    instructions: GATE_ANSWER_INSTRUCTIONS,
    schema: gateModelAnswerSchema,
    maxOutputTokens: MAX_OUTPUT_TOKENS,
    temperature: 0,
  });
  const latencyMs = performance.now() - began;
  if (!result.ok) {
    return {
      ok: false,
      reason: result.reason,
      detail: result.detail,
      rawResponse: result.text ?? null,
      latencyMs,
      warnings: result.warnings,
    };
  }
  const answer = result.value;
  const fact = answer.decision === "NO_WRITE" ? null : (answer.candidate_fact ?? null);
  return {
    ok: true,
    verdict: {
      decision: answer.decision,
      candidateFact: fact,
      reason: answer.reason,
      decidedBy: "model",
      confidence: null,
      findings: [],
    },
    model: gate.model?.modelId ?? "model",
    latencyMs,
    promptTokens: result.usage.inputTokens,
    completionTokens: result.usage.outputTokens,
    rawResponse: result.text,
    warnings: result.warnings,
  };
}
