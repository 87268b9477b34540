/**
 * The model gate: the one way tacit calls a language model. Every call, in order:
 *
 * 1. **Breaker** — a persisted circuit breaker (see `circuit-breaker.ts`) refuses calls while open.
 * 2. **Redaction and fencing** — secrets are redacted from the prompt, which is then wrapped in
 *    `<data>…</data>` with a system rule that its content is data, not instructions.
 * 3. **Ceiling** — the call is reserved against the daily limits (UTC day) in the call log, charged
 *    with estimated input tokens + `maxOutputTokens`; a call that would cross either limit is refused
 *    and never sent. The reservation is atomic, so concurrent processes cannot overshoot together.
 * 4. **Call** — through the LanguageModel adapter (timeouts and retries live there).
 * 5. **Validation** — one JSON value is read out of the reply and checked with the caller's zod
 *    schema. Output is data: it is never evaluated or executed.
 * 6. **Log** — the reservation row is completed with latency, reported tokens, status and error;
 *    refused calls get a row too. Failures (timeout, HTTP error, empty or malformed output) count
 *    towards opening the breaker.
 *
 * The gate never throws for model failures: it returns `{ ok: false, reason }` and the caller
 * takes its offline path. It throws only for bugs and store failures.
 */
import type { ZodType } from "zod";
import type { Redactor } from "../core/redaction.js";
import { CircuitBreaker, type CircuitBreakerConfig, CLOSED_BREAKER_STATE } from "./circuit-breaker.js";
import { type LanguageModel, ModelCallError, type TokenUsage } from "./language-model.js";
import { type LlmCallLog, type LlmCallOutcome, type LlmCallStart, utcDayStart } from "./llm-call-log.js";
import type { DailyCeiling } from "./model-config.js";
import { DATA_FENCE_RULE, estimateTokens, fenceAsData, parseModelOutput } from "./model-output.js";

/** Why a gated call produced no value. */
export type ModelGateFailure =
  | "no-model"
  | "ceiling"
  | "breaker-open"
  | "timeout"
  | "http-error"
  | "invalid-output"
  | "aborted";

/** One gated call. */
export interface ModelGateRequest<T> {
  /** What the call is for, logged with it, e.g. `"distil-lessons"`. */
  purpose: string;
  /** Trusted instructions (system prompt). The data-fence rule is appended to it. */
  system?: string;
  /** The untrusted material: redacted, then fenced as data. */
  prompt: string;
  /** Trusted text placed after the fenced data in the user message (e.g. "Reply with JSON only."). */
  instructions?: string;
  /** Validates the JSON value read from the reply. */
  schema: ZodType<T>;
  /** Upper bound on reply tokens, sent to the provider and charged to the ceiling. Default 1024. */
  maxOutputTokens?: number;
  temperature?: number;
  abortSignal?: AbortSignal;
}

/** Result of a gated call. `warnings` say what degraded (refusals, redactions, estimates). */
export type ModelGateResult<T> =
  | { ok: true; value: T; text: string; usage: TokenUsage; warnings: string[] }
  | {
      ok: false;
      reason: ModelGateFailure;
      /** Human-readable cause, e.g. "HTTP 500: Internal Server Error". */
      detail: string;
      /** The raw reply, when there was one (invalid output). Untrusted. */
      text?: string;
      warnings: string[];
    };

/** The gate every LLM call goes through. */
export interface ModelGate {
  /** The model behind the gate; undefined when none is configured (every call: `no-model`). */
  readonly model: LanguageModel | undefined;
  call<T>(request: ModelGateRequest<T>): Promise<ModelGateResult<T>>;
}

/** Options of {@link createModelGate}. */
export interface ModelGateOptions {
  /** The model; undefined when tacit runs offline. */
  model: LanguageModel | undefined;
  log: LlmCallLog;
  /** Breaker thresholds; its state is loaded from and saved to `log`. */
  breaker: CircuitBreakerConfig;
  ceiling: DailyCeiling;
  /** Clock, ms since the epoch (injected for tests). */
  now: () => number;
  /** Redacts secrets from the prompt (use `createRedactor` from core/redaction). */
  redact: Redactor;
  /** Key of the persisted breaker state. Default `${provider}/${modelId}`. */
  breakerKey?: string;
  /** Default `maxOutputTokens`. Default 1024. */
  defaultMaxOutputTokens?: number;
}

/** Creates the model gate. Does no IO until the first call. */
export function createModelGate(options: ModelGateOptions): ModelGate {
  const { model, log, now, redact } = options;
  const breaker = new CircuitBreaker(options.breaker, now);
  const breakerKey = options.breakerKey ?? (model ? `${model.provider}/${model.modelId}` : "none");
  const defaultMaxOutputTokens = options.defaultMaxOutputTokens ?? 1024;
  const loadBreaker = async () =>
    breaker.restore((await log.loadBreaker(breakerKey)) ?? CLOSED_BREAKER_STATE);
  const saveBreaker = () => log.saveBreaker(breakerKey, breaker.state());

  return {
    model,
    async call<T>(request: ModelGateRequest<T>): Promise<ModelGateResult<T>> {
      const warnings: string[] = [];
      if (!model) {
        return { ok: false, reason: "no-model", detail: "no language model is configured", warnings };
      }
      const start: LlmCallStart = {
        purpose: request.purpose,
        provider: model.provider,
        model: model.modelId,
        startedAt: now(),
      };
      const refuse = async (
        status: "refused-ceiling" | "refused-breaker",
        reason: ModelGateFailure,
        detail: string,
      ): Promise<ModelGateResult<T>> => {
        await log.record({
          ...start,
          status,
          latencyMs: null,
          inputTokens: null,
          outputTokens: null,
          chargedTokens: 0,
          httpStatus: null,
          error: detail,
        });
        warnings.push(`LLM call not made: ${detail}`);
        return { ok: false, reason, detail, warnings };
      };

      await loadBreaker();
      if (!breaker.canAttempt()) {
        const retryAt = breaker.retryAt();
        const failures = breaker.state().consecutiveFailures;
        const until = retryAt === null ? "" : `; calls resume after ${new Date(retryAt).toISOString()}`;
        return refuse(
          "refused-breaker",
          "breaker-open",
          `circuit breaker open after ${failures} failures${until}`,
        );
      }

      const prompt = buildPrompt(request, redact);
      if (prompt.redactions > 0) warnings.push(`redacted ${prompt.redactions} secret(s) from the prompt`);
      const maxOutputTokens = request.maxOutputTokens ?? defaultMaxOutputTokens;
      const estimatedInput = estimateTokens(prompt.system) + estimateTokens(prompt.prompt);
      const { maxCallsPerDay, maxTokensPerDay } = options.ceiling;
      const reservation = await log.reserve(start, {
        since: utcDayStart(start.startedAt),
        maxCalls: maxCallsPerDay,
        maxTokens: maxTokensPerDay,
        estimatedTokens: estimatedInput + maxOutputTokens,
      });
      if (!reservation.reserved) {
        const { usage } = reservation;
        const detail =
          reservation.limit === "calls"
            ? `daily ceiling reached: ${usage.calls} of ${maxCallsPerDay} calls used today (UTC)`
            : `daily token ceiling: ${usage.tokens} used today (UTC) + up to ${estimatedInput + maxOutputTokens} for this call > ${maxTokensPerDay}`;
        return refuse("refused-ceiling", "ceiling", detail);
      }

      if (breaker.startAttempt()) await saveBreaker();
      const began = performance.now();
      const elapsed = () => performance.now() - began;
      let outcome: LlmCallOutcome;
      let result: ModelGateResult<T>;
      try {
        const reply = await model.generate({
          system: prompt.system,
          prompt: prompt.prompt,
          maxOutputTokens,
          ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
          ...(request.abortSignal ? { abortSignal: request.abortSignal } : {}),
        });
        warnings.push(...(reply.warnings ?? []).map((warning) => `provider warning: ${warning}`));
        const { inputTokens, outputTokens } = reply.usage;
        if (inputTokens === null || outputTokens === null) {
          warnings.push("the provider reported no token usage; an estimate was charged to the ceiling");
        }
        const parsed = parseModelOutput(reply.text, request.schema);
        outcome = {
          status: parsed.ok ? "ok" : "invalid-output",
          latencyMs: elapsed(),
          inputTokens,
          outputTokens,
          chargedTokens: (inputTokens ?? estimatedInput) + (outputTokens ?? estimateTokens(reply.text)),
          httpStatus: null,
          error: parsed.ok ? null : parsed.detail,
        };
        result = parsed.ok
          ? { ok: true, value: parsed.value, text: reply.text, usage: reply.usage, warnings }
          : { ok: false, reason: "invalid-output", detail: parsed.detail, text: reply.text, warnings };
      } catch (error) {
        if (!ModelCallError.isInstance(error)) {
          // A bug, not a model failure: close the reservation so the row is not left pending, then throw.
          await log.finish(
            reservation.id,
            failedOutcome("http-error", elapsed(), 0, redact(String(error)).text, null),
          );
          throw error;
        }
        const { status, reason, charged } = classify(error, estimatedInput + maxOutputTokens);
        outcome = failedOutcome(
          status,
          elapsed(),
          charged,
          redact(error.message).text,
          error.statusCode ?? null,
        );
        result = { ok: false, reason, detail: error.message, warnings };
      }
      await log.finish(reservation.id, outcome);
      await settleBreaker(outcome.status, warnings);
      return result;
    },
  };

  /** Applies the call's outcome to the freshest stored breaker state and saves it. */
  async function settleBreaker(status: LlmCallOutcome["status"], warnings: string[]): Promise<void> {
    if (status === "aborted" || status === "unavailable") return;
    await loadBreaker();
    const wasOpen = breaker.state().status === "open";
    if (status === "ok") breaker.recordSuccess();
    else breaker.recordFailure();
    const state = breaker.state();
    if (state.status === "open" && !wasOpen) {
      warnings.push(
        `circuit breaker opened after ${state.consecutiveFailures} consecutive failures; ` +
          `LLM calls pause for ${Math.round(options.breaker.cooldownMs / 1000)} s`,
      );
    }
    await saveBreaker();
  }
}

/** The system and user text actually sent: redacted, with the untrusted prompt fenced as data. */
function buildPrompt(
  request: Pick<ModelGateRequest<unknown>, "system" | "prompt" | "instructions">,
  redact: Redactor,
): { system: string; prompt: string; redactions: number } {
  const system = redact(request.system ?? "");
  const data = redact(request.prompt);
  const instructions = redact(request.instructions ?? "");
  const parts = [fenceAsData(data.text)];
  if (instructions.text.trim()) parts.push(instructions.text);
  return {
    system: system.text.trim() ? `${system.text}\n\n${DATA_FENCE_RULE}` : DATA_FENCE_RULE,
    prompt: parts.join("\n\n"),
    redactions: system.count + data.count + instructions.count,
  };
}

/**
 * Maps an adapter failure to a log status, a gate reason and the tokens charged: a timeout or an
 * abort may have been generating, and an unreadable 2xx reply may have been billed, so they are
 * charged the full reservation; an HTTP error or a missing package costs nothing.
 */
function classify(
  error: ModelCallError,
  reserved: number,
): { status: LlmCallOutcome["status"]; reason: ModelGateFailure; charged: number } {
  switch (error.kind) {
    case "timeout":
      return { status: "timeout", reason: "timeout", charged: reserved };
    case "aborted":
      return { status: "aborted", reason: "aborted", charged: reserved };
    case "invalid-response":
      return { status: "invalid-output", reason: "invalid-output", charged: reserved };
    case "unavailable":
      return { status: "unavailable", reason: "no-model", charged: 0 };
    case "http-error":
      return { status: "http-error", reason: "http-error", charged: 0 };
  }
}

function failedOutcome(
  status: LlmCallOutcome["status"],
  latencyMs: number,
  chargedTokens: number,
  error: string,
  httpStatus: number | null,
): LlmCallOutcome {
  return {
    status,
    latencyMs,
    inputTokens: null,
    outputTokens: null,
    chargedTokens,
    httpStatus,
    error: error.slice(0, 500),
  };
}
