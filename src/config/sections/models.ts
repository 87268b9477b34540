/** The `llm` and `embeddings` sections: which models tacit may call, and the limits on them. */
import * as z from "zod/mini";
import { DEFAULT_CIRCUIT_BREAKER_CONFIG } from "../../models/circuit-breaker.js";
import { DEFAULT_DAILY_CEILING } from "../../models/model-config.js";
import { count, group, positive, section, setting } from "../setting.js";

/** The language model used for learning (and the optional recall filter). Offline when none is set. */
export const llmSettingsSchema = section({
  provider: setting(z.optional(z.enum(["openai-compatible", "anthropic", "claude-code", "codex", "none"])), {
    description:
      "Which model: an API (`openai-compatible`: OpenAI, Ollama, vLLM, LM Studio, OpenRouter; `anthropic`), the user's own logged-in agent (`claude-code` runs `claude -p`, `codex` runs `codex exec`), or `none` (offline). Unset: `openai-compatible` when a base URL and a model are set, else `none`.",
  }),
  baseURL: setting(z.optional(z.url()), {
    description: "The API's base URL, e.g. `http://127.0.0.1:11434/v1`. Required for openai-compatible.",
  }),
  model: setting(z.optional(z.string().check(z.minLength(1))), {
    description:
      "The model name. Required for the APIs; for `claude-code` the default is `haiku` (a small fast model), for `codex` the model of the user's Codex configuration.",
  }),
  apiKey: setting(z.optional(z.string().check(z.minLength(1))), {
    description: "The API key. Never shown, logged or stored in the database.",
    secret: true,
  }),
  command: setting(z.optional(z.string().check(z.minLength(1))), {
    description:
      "For `claude-code` and `codex`: the agent's binary, a path or a name on PATH. Unset: `claude` or `codex` on PATH.",
  }),
  timeoutMs: positive(60_000, "Timeout of each HTTP attempt, in milliseconds."),
  maxRetries: setting(z._default(z.int().check(z.gte(0), z.lte(10)), 2), {
    description: "Retries of a failed attempt (on 408, 409, 429 and 5xx, honouring retry-after), 0 to 10.",
  }),
  breaker: group({
    failureThreshold: positive(
      DEFAULT_CIRCUIT_BREAKER_CONFIG.failureThreshold,
      "Consecutive failed calls that open the circuit breaker; the offline path serves while it is open.",
    ),
    cooldownMs: count(
      DEFAULT_CIRCUIT_BREAKER_CONFIG.cooldownMs,
      "How long the breaker stays open before one trial call, in milliseconds.",
    ),
  }),
  ceiling: group({
    maxCallsPerDay: count(
      DEFAULT_DAILY_CEILING.maxCallsPerDay,
      "Model calls allowed per UTC day; a call past it is refused and never sent.",
      { env: "TACIT_LLM_MAX_CALLS_PER_DAY" },
    ),
    maxTokensPerDay: count(
      DEFAULT_DAILY_CEILING.maxTokensPerDay,
      "Input + output tokens allowed per UTC day (reserved before each call).",
      { env: "TACIT_LLM_MAX_TOKENS_PER_DAY" },
    ),
  }),
});

/** The embeddings endpoint; none means the offline hashing embedder. */
export const embeddingsSettingsSchema = section({
  baseURL: setting(z.optional(z.url()), {
    description:
      "An OpenAI-compatible embeddings endpoint. Unset (with the model): the offline hashing embedder.",
  }),
  model: setting(z.optional(z.string().check(z.minLength(1))), {
    description: "The embedding model; needed together with the base URL.",
  }),
  apiKey: setting(z.optional(z.string().check(z.minLength(1))), {
    description: "The endpoint's API key. Never shown, logged or stored in the database.",
    secret: true,
  }),
  dimensions: setting(z.optional(z.int().check(z.positive())), {
    description: "The vector length to expect. Unset: taken from the first response.",
  }),
  batchSize: setting(z._default(z.int().check(z.positive(), z.lte(2048)), 96), {
    description: "Texts sent per request, 1 to 2048.",
  }),
  timeoutMs: positive(60_000, "Timeout of each HTTP attempt, in milliseconds."),
  maxRetries: setting(z._default(z.int().check(z.gte(0), z.lte(10)), 2), {
    description: "Retries of a failed attempt, 0 to 10.",
  }),
});
