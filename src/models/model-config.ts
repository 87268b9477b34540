/**
 * Model configuration: which language model and embeddings endpoint tacit may use, and the limits
 * on them. Read from `$TACIT_HOME/config.json` (keys `llm` and `embeddings`; other top-level keys
 * belong to other parts of tacit and are ignored here) and from the environment, which wins:
 *
 * | env | config.json | default |
 * |---|---|---|
 * | `TACIT_LLM_PROVIDER` | `llm.provider` | `"none"`, or `"openai-compatible"` when a base URL and a model are set |
 * | `TACIT_LLM_BASE_URL` | `llm.baseURL` | — (required for openai-compatible) |
 * | `TACIT_LLM_MODEL` | `llm.model` | — (required unless provider is none) |
 * | `TACIT_LLM_API_KEY` | `llm.apiKey` | — |
 * | `TACIT_LLM_TIMEOUT_MS` | `llm.timeoutMs` | 60000 (per HTTP attempt) |
 * | `TACIT_LLM_MAX_RETRIES` | `llm.maxRetries` | 2 |
 * | `TACIT_LLM_MAX_CALLS_PER_DAY` | `llm.ceiling.maxCallsPerDay` | 200 |
 * | `TACIT_LLM_MAX_TOKENS_PER_DAY` | `llm.ceiling.maxTokensPerDay` | 400000 |
 * | — | `llm.breaker.failureThreshold` / `cooldownMs` | 3 / 300000 |
 * | `TACIT_EMBEDDINGS_BASE_URL` | `embeddings.baseURL` | — (none: the offline hashing embedder) |
 * | `TACIT_EMBEDDINGS_MODEL` | `embeddings.model` | — |
 * | `TACIT_EMBEDDINGS_API_KEY` | `embeddings.apiKey` | — |
 * | — | `embeddings.dimensions` / `batchSize` | from the first response / 96 |
 *
 * API keys are never logged: use {@link describeModelConfig} to show a configuration.
 */
import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join, resolve } from "node:path";
import { z } from "zod";
import { InvalidInputError } from "../core/errors.js";
import { describeJsonError } from "../core/json-error.js";
import { type CircuitBreakerConfig, DEFAULT_CIRCUIT_BREAKER_CONFIG } from "./circuit-breaker.js";

/** Which language model API to use; `"none"` keeps tacit fully offline. */
export type LlmProviderName = "openai-compatible" | "anthropic" | "none";

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

/** Everything {@link resolveModelConfig} returns. */
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

const positiveInteger = z.number().int().positive();
const nonNegativeInteger = z.number().int().nonnegative();

const llmSchema = z.strictObject({
  provider: z.enum(["openai-compatible", "anthropic", "none"]).optional(),
  baseURL: z.url().optional(),
  model: z.string().min(1).optional(),
  apiKey: z.string().min(1).optional(),
  timeoutMs: positiveInteger.optional(),
  maxRetries: nonNegativeInteger.max(10).optional(),
  breaker: z
    .strictObject({ failureThreshold: positiveInteger.optional(), cooldownMs: nonNegativeInteger.optional() })
    .optional(),
  ceiling: z
    .strictObject({
      maxCallsPerDay: nonNegativeInteger.optional(),
      maxTokensPerDay: nonNegativeInteger.optional(),
    })
    .optional(),
});

const embeddingsSchema = z.strictObject({
  baseURL: z.url().optional(),
  model: z.string().min(1).optional(),
  apiKey: z.string().min(1).optional(),
  dimensions: positiveInteger.optional(),
  batchSize: positiveInteger.max(2048).optional(),
  timeoutMs: positiveInteger.optional(),
  maxRetries: nonNegativeInteger.max(10).optional(),
});

/** The part of `config.json` this module reads. Unknown top-level keys are left to others. */
const configFileSchema = z.looseObject({
  llm: llmSchema.optional(),
  embeddings: embeddingsSchema.optional(),
});

/** Options of {@link resolveModelConfig}. */
export interface ResolveModelConfigOptions {
  /** The environment to read (tests pass their own). */
  env: Record<string, string | undefined>;
  /** The config file; default `$TACIT_HOME/config.json` (`~/.tacit/config.json`). A missing file is fine. */
  file?: string;
}

/**
 * Resolves the model configuration from the config file and the environment (env wins). Throws
 * {@link InvalidInputError} naming the file (or variable) and field when a value is invalid or a
 * required one is missing.
 */
export function resolveModelConfig(options: ResolveModelConfigOptions): ModelConfig {
  const { env } = options;
  const path =
    options.file ?? join(env.TACIT_HOME ? resolve(env.TACIT_HOME) : join(homedir(), ".tacit"), "config.json");
  const fromFile = readConfigFile(path);
  const llmFile = fromFile.content.llm ?? {};
  // Where to point a "missing value" error: the config file when there is one, else the variable.
  const source = (field: string, variable: string) =>
    fromFile.found ? { file: path, field } : { field: variable };

  const text = (variable: string) => {
    const value = env[variable]?.trim();
    return value ? value : undefined;
  };
  const number = (variable: string, schema: z.ZodNumber): number | undefined => {
    const raw = text(variable);
    if (raw === undefined) return undefined;
    const parsed = schema.safeParse(Number(raw));
    if (!parsed.success) {
      throw new InvalidInputError({
        message: `${variable}=${JSON.stringify(raw)} is not a valid number`,
        field: variable,
      });
    }
    return parsed.data;
  };
  const url = (variable: string): string | undefined => {
    const raw = text(variable);
    if (raw !== undefined && !z.url().safeParse(raw).success) {
      throw new InvalidInputError({
        message: `${variable}=${JSON.stringify(raw)} is not a URL`,
        field: variable,
      });
    }
    return raw;
  };

  const providerRaw = text("TACIT_LLM_PROVIDER");
  if (providerRaw !== undefined && !["openai-compatible", "anthropic", "none"].includes(providerRaw)) {
    throw new InvalidInputError({
      message: `TACIT_LLM_PROVIDER must be openai-compatible, anthropic or none, got ${JSON.stringify(providerRaw)}`,
      field: "TACIT_LLM_PROVIDER",
    });
  }
  const baseURL = url("TACIT_LLM_BASE_URL") ?? llmFile.baseURL;
  const model = text("TACIT_LLM_MODEL") ?? llmFile.model;
  const provider: LlmProviderName =
    (providerRaw as LlmProviderName | undefined) ??
    llmFile.provider ??
    (baseURL !== undefined && model !== undefined ? "openai-compatible" : "none");

  const llm: LlmConfig = {
    provider,
    baseURL,
    model,
    apiKey: text("TACIT_LLM_API_KEY") ?? llmFile.apiKey,
    timeoutMs: number("TACIT_LLM_TIMEOUT_MS", positiveInteger) ?? llmFile.timeoutMs ?? 60_000,
    maxRetries: number("TACIT_LLM_MAX_RETRIES", nonNegativeInteger.max(10)) ?? llmFile.maxRetries ?? 2,
    breaker: {
      failureThreshold: llmFile.breaker?.failureThreshold ?? DEFAULT_CIRCUIT_BREAKER_CONFIG.failureThreshold,
      cooldownMs: llmFile.breaker?.cooldownMs ?? DEFAULT_CIRCUIT_BREAKER_CONFIG.cooldownMs,
    },
    ceiling: {
      maxCallsPerDay:
        number("TACIT_LLM_MAX_CALLS_PER_DAY", nonNegativeInteger) ??
        llmFile.ceiling?.maxCallsPerDay ??
        DEFAULT_DAILY_CEILING.maxCallsPerDay,
      maxTokensPerDay:
        number("TACIT_LLM_MAX_TOKENS_PER_DAY", nonNegativeInteger) ??
        llmFile.ceiling?.maxTokensPerDay ??
        DEFAULT_DAILY_CEILING.maxTokensPerDay,
    },
  };
  if (llm.provider !== "none" && llm.model === undefined) {
    throw new InvalidInputError({
      message: `provider ${llm.provider} needs a model (TACIT_LLM_MODEL or llm.model)`,
      ...source("llm.model", "TACIT_LLM_MODEL"),
    });
  }
  if (llm.provider === "openai-compatible" && llm.baseURL === undefined) {
    throw new InvalidInputError({
      message: "provider openai-compatible needs a base URL (TACIT_LLM_BASE_URL or llm.baseURL)",
      ...source("llm.baseURL", "TACIT_LLM_BASE_URL"),
    });
  }

  const embeddingsFile = fromFile.content.embeddings ?? {};
  const embeddingsBaseURL = url("TACIT_EMBEDDINGS_BASE_URL") ?? embeddingsFile.baseURL;
  const embeddingsModel = text("TACIT_EMBEDDINGS_MODEL") ?? embeddingsFile.model;
  let embeddings: EmbeddingsConfig | undefined;
  if (embeddingsBaseURL !== undefined || embeddingsModel !== undefined) {
    if (embeddingsBaseURL === undefined || embeddingsModel === undefined) {
      const missing = embeddingsBaseURL === undefined ? "baseURL" : "model";
      throw new InvalidInputError({
        message: `an embeddings endpoint needs both a base URL and a model (missing ${missing}; TACIT_EMBEDDINGS_BASE_URL / TACIT_EMBEDDINGS_MODEL)`,
        ...source(
          `embeddings.${missing}`,
          missing === "baseURL" ? "TACIT_EMBEDDINGS_BASE_URL" : "TACIT_EMBEDDINGS_MODEL",
        ),
      });
    }
    embeddings = {
      baseURL: embeddingsBaseURL,
      model: embeddingsModel,
      apiKey: text("TACIT_EMBEDDINGS_API_KEY") ?? embeddingsFile.apiKey,
      dimensions: embeddingsFile.dimensions,
      batchSize: embeddingsFile.batchSize ?? 96,
      timeoutMs: embeddingsFile.timeoutMs ?? 60_000,
      maxRetries: embeddingsFile.maxRetries ?? 2,
    };
  }
  return { llm, embeddings, file: fromFile.found ? path : undefined };
}

function readConfigFile(path: string): { found: boolean; content: z.infer<typeof configFileSchema> } {
  let raw: string;
  try {
    raw = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { found: false, content: {} };
    throw new InvalidInputError({
      message: `cannot read: ${(error as Error).message}`,
      file: path,
      cause: error,
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    // A config file holds API keys: the parser's message would quote it. Say where, never what.
    void error;
    throw new InvalidInputError({ message: `not valid JSON: ${describeJsonError(raw)}`, file: path });
  }
  const parsed = configFileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue ? fieldOf(issue) : undefined;
    throw new InvalidInputError({
      message: issue?.message ?? "invalid configuration",
      file: path,
      ...(field ? { field } : {}),
      cause: parsed.error,
    });
  }
  return { found: true, content: parsed.data };
}

function fieldOf(issue: z.core.$ZodIssue): string | undefined {
  const path = issue.path.map(String);
  // An unknown key is reported on its parent; name the key itself.
  if (issue.code === "unrecognized_keys" && issue.keys.length > 0) path.push(issue.keys[0] ?? "");
  return path.length > 0 ? path.join(".") : undefined;
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
