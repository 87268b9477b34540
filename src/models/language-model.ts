/**
 * The LanguageModel port: one text-in, text-out call. Adapters: the AI SDK ones in
 * `ai-sdk-language-model.ts` (OpenAI-compatible endpoints and the Anthropic Messages API) and the
 * user's own agent run non-interactively in `host-agent/` (`claude -p`, `codex exec`). Nothing
 * but the model gate (`model-gate.ts`) should call a LanguageModel: the gate adds the daily
 * ceiling, the circuit breaker, redaction, fencing, output validation and the call log.
 */
import { TacitError } from "../core/errors.js";

/** Input of {@link LanguageModel.generate}. */
export interface GenerateOptions {
  /** Trusted instructions (the system prompt). */
  system?: string;
  /** The user message. */
  prompt: string;
  /** Upper bound on generated tokens; adapters always send it so the provider enforces it. */
  maxOutputTokens?: number;
  /** Sampling temperature; provider default when omitted. */
  temperature?: number;
  /** Cancels the call; the adapter then throws a {@link ModelCallError} of kind `"aborted"`. */
  abortSignal?: AbortSignal;
}

/** Token counts as the provider reported them; `null` when it did not. */
export interface TokenUsage {
  inputTokens: number | null;
  outputTokens: number | null;
}

/** Output of {@link LanguageModel.generate}. */
export interface GenerateResult {
  /** The generated text, possibly empty. Untrusted: validate before use, never execute. */
  text: string;
  usage: TokenUsage;
  /** Provider warnings (unsupported settings and the like), instead of console output. */
  warnings?: string[];
}

/**
 * Generates text. Throws {@link ModelCallError} when the call fails (timeout, HTTP error after
 * retries, unreadable response); a successful call may still return empty or useless text.
 */
export interface LanguageModel {
  /** Which API or agent, e.g. `"openai-compatible"`, `"anthropic"` or `"claude-code"`. */
  readonly provider: string;
  /** The model id sent to the provider, e.g. `"gpt-4o-mini"` or `"claude-haiku-4-5"`. */
  readonly modelId: string;
  generate(options: GenerateOptions): Promise<GenerateResult>;
}

/** Why a model call failed. */
export type ModelCallErrorKind =
  /** No answer within the timeout. */
  | "timeout"
  /** The caller's abort signal fired. */
  | "aborted"
  /** The server answered with an error status (after retries), or could not be reached. */
  | "http-error"
  /** The server answered 2xx with a body the adapter could not read. */
  | "invalid-response"
  /** The model cannot be used as configured: a provider package or the API key is missing. */
  | "unavailable";

/** A model or embedding call failed. `isRetryable` says whether trying again later may help. */
export class ModelCallError extends TacitError {
  static override readonly marker: string = "tacit.error.model-call";
  override readonly name = "ModelCallError";
  readonly kind: ModelCallErrorKind;
  /** HTTP status of the last attempt, when there was one. */
  readonly statusCode: number | undefined;
  /** How many HTTP attempts were made (1 + retries). */
  readonly attempts: number;
  readonly isRetryable: boolean;

  constructor(options: {
    message: string;
    kind: ModelCallErrorKind;
    statusCode?: number;
    attempts: number;
    isRetryable: boolean;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.kind = options.kind;
    this.statusCode = options.statusCode;
    this.attempts = options.attempts;
    this.isRetryable = options.isRetryable;
  }
}
