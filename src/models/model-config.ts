/**
 * Model configuration: which language model and embeddings endpoint tacit may use, and the limits
 * on them, as the model adapters and the gate take it. The settings (`llm.*`, `embeddings.*` of
 * `tacit config`, the `TACIT_LLM_*` / `TACIT_EMBEDDINGS_*` variables) are resolved in
 * src/config/model-settings.ts.
 *
 * API keys are never logged: use {@link describeModelConfig} to show a configuration.
 */
import type { CircuitBreakerConfig } from "./circuit-breaker.js";
import type { OpenAIEmbedderOptions } from "./openai-embedder.js";

/**
 * Which language model to use: an API (`openai-compatible`, `anthropic`), the user's own agent run
 * non-interactively (`claude-code`: `claude -p`; `codex`: `codex exec`), or `"none"` (fully offline).
 */
export type LlmProviderName = "openai-compatible" | "anthropic" | "claude-code" | "codex" | "none";

/** The model `claude -p` runs when `llm.model` is not set: the alias of Anthropic's small fast model. */
export const DEFAULT_CLAUDE_CODE_MODEL = "haiku";

/** The providers that run the user's installed agent rather than call an API. */
export const HOST_AGENT_PROVIDERS: ReadonlySet<LlmProviderName> = new Set(["claude-code", "codex"]);

/** Hard daily limits on model use (UTC days). */
export interface DailyCeiling {
  /** Calls per day (a call may make up to 1 + maxRetries HTTP requests). Default 200. */
  maxCallsPerDay: number;
  /** Input + output tokens per day. Default 400000. */
  maxTokensPerDay: number;
}

/** The resolved language-model configuration. */
export interface LlmConfig {
  provider: LlmProviderName;
  baseURL: string | undefined;
  model: string | undefined;
  /** Secret: never log it. */
  apiKey: string | undefined;
  /** The agent's binary for `claude-code` and `codex` (a path or a name on PATH); undefined: found on PATH. */
  command: string | undefined;
  /** Timeout of each HTTP attempt, ms. */
  timeoutMs: number;
  maxRetries: number;
  breaker: CircuitBreakerConfig;
  ceiling: DailyCeiling;
}

/** The resolved embeddings endpoint; absent means the offline hashing embedder. */
export interface EmbeddingsConfig {
  baseURL: string;
  model: string;
  /** Secret: never log it. */
  apiKey: string | undefined;
  /** Expected vector length; when unset, taken from the first response. */
  dimensions: number | undefined;
  /** Values per request. Default 96. */
  batchSize: number;
  timeoutMs: number;
  maxRetries: number;
}

/** The models tacit may use (see `resolveModelConfig` in src/config/model-settings.ts). */
export interface ModelConfig {
  llm: LlmConfig;
  embeddings: EmbeddingsConfig | undefined;
  /** The config file that was read, or undefined when there was none. */
  file: string | undefined;
}

/** Defaults of the language-model limits. */
export const DEFAULT_DAILY_CEILING: Readonly<DailyCeiling> = Object.freeze({
  maxCallsPerDay: 200,
  maxTokensPerDay: 400_000,
});

/** The options of `createOpenAIEmbedder` for a configured endpoint. */
export function openAIEmbedderOptions(embeddings: EmbeddingsConfig): OpenAIEmbedderOptions {
  return {
    baseURL: embeddings.baseURL,
    model: embeddings.model,
    ...(embeddings.apiKey ? { apiKey: embeddings.apiKey } : {}),
    ...(embeddings.dimensions ? { dimensions: embeddings.dimensions } : {}),
    batchSize: embeddings.batchSize,
    timeoutMs: embeddings.timeoutMs,
    maxRetries: embeddings.maxRetries,
  };
}

/** The configuration as safe-to-show data: API keys replaced by `"[set]"`. */
export function describeModelConfig(config: ModelConfig): Record<string, unknown> {
  const hide = (key: string | undefined) => (key === undefined ? undefined : "[set]");
  return {
    file: config.file,
    llm: { ...config.llm, apiKey: hide(config.llm.apiKey) },
    embeddings: config.embeddings
      ? { ...config.embeddings, apiKey: hide(config.embeddings.apiKey) }
      : undefined,
  };
}
