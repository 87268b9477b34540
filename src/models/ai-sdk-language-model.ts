/**
 * LanguageModel adapters over the Vercel AI SDK: any OpenAI-compatible chat-completions endpoint
 * (OpenAI, Ollama, vLLM, LM Studio, OpenRouter: give its base URL) and the Anthropic Messages API.
 *
 * The SDK packages load on first call (dynamic import), so code that only builds an adapter, and
 * the hook path, never pays for them.
 *
 * Retries are ours, not the SDK's: the SDK's `maxRetries` shares one timeout across all attempts,
 * so a hang on the first attempt leaves no time for a retry, and a long retry-after could stall a
 * call. Here every attempt has its own timeout; only retryable HTTP failures (408, 409, 429, 5xx,
 * connection refused — the SDK's own `APICallError.isRetryable`) are retried; a timeout is not
 * (a model that hung once is likely to hang again; the circuit breaker deals with it). Total time
 * is bounded by `(maxRetries + 1) × timeoutMs + maxRetries × maxRetryDelayMs`.
 */
import { setTimeout as sleep } from "node:timers/promises";
import type { LanguageModel as AiSdkLanguageModel } from "ai";
import { TacitError } from "../core/errors.js";
import {
  type GenerateOptions,
  type GenerateResult,
  type LanguageModel,
  ModelCallError,
} from "./language-model.js";

/** Which wire protocol an adapter speaks. */
export type ModelProvider = "openai-compatible" | "anthropic";

/** Options of {@link createAiSdkLanguageModel}. */
export interface AiSdkLanguageModelOptions {
  provider: ModelProvider;
  /**
   * Base URL of the API, e.g. `https://api.openai.com/v1`, `http://localhost:11434/v1` (Ollama).
   * Required for `openai-compatible`; for `anthropic` the default is `https://api.anthropic.com/v1`.
   */
  baseURL?: string;
  /** Model id sent to the provider. */
  model: string;
  /** Sent as `Authorization: Bearer` (OpenAI-compatible) or `x-api-key` (Anthropic). Never logged. */
  apiKey?: string;
  /** Timeout of each HTTP attempt in ms. Default 60000. */
  timeoutMs?: number;
  /** Retries after a retryable HTTP failure. Default 2. */
  maxRetries?: number;
  /** Longest wait before a retry (a longer `retry-after` ends the call instead). Default 20000. */
  maxRetryDelayMs?: number;
}

/** Options of {@link callWithRetries}. */
export interface RetryOptions {
  /** Timeout of each attempt in ms. */
  timeoutMs: number;
  /** Retries after a retryable failure. */
  maxRetries: number;
  /** Longest wait before a retry, in ms. Default 20000. */
  maxRetryDelayMs?: number;
  /** First backoff delay when the server sends no retry-after, in ms (doubles each retry). Default 1000. */
  initialDelayMs?: number;
  abortSignal?: AbortSignal;
}

type AiModule = typeof import("ai");

let aiModule: Promise<AiModule> | undefined;

/**
 * Loads the `ai` package once. Also turns off the SDK's console warnings (they would print to
 * stdout, which is the MCP channel); adapters return provider warnings on results instead.
 */
export function loadAiSdk(): Promise<AiModule> {
  aiModule ??= importPackage<AiModule>("ai", () => import("ai")).then((module) => {
    if (globalThis.AI_SDK_LOG_WARNINGS === undefined) globalThis.AI_SDK_LOG_WARNINGS = false;
    return module;
  });
  return aiModule;
}

/** Imports an optional package, naming it in the error when it is missing. */
export async function importPackage<T>(name: string, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    throw new ModelCallError({
      message: `the package ${name} is not installed; run: npm install ${name}`,
      kind: "unavailable",
      attempts: 0,
      isRetryable: false,
      cause: error,
    });
  }
}

/**
 * Creates a LanguageModel for an OpenAI-compatible endpoint or the Anthropic Messages API.
 * Does no IO: the provider package loads and the first request is made on the first call.
 */
export function createAiSdkLanguageModel(options: AiSdkLanguageModelOptions): LanguageModel {
  if (options.provider === "openai-compatible" && !options.baseURL) {
    throw new TacitError("an openai-compatible model needs a base URL (TACIT_LLM_BASE_URL)");
  }
  const retry = {
    timeoutMs: options.timeoutMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    maxRetryDelayMs: options.maxRetryDelayMs ?? 20_000,
  };
  let resolved: Promise<AiSdkLanguageModel> | undefined;
  const resolveModel = () => {
    resolved ??= buildModel(options);
    return resolved;
  };
  return {
    provider: options.provider,
    modelId: options.model,
    async generate(call: GenerateOptions): Promise<GenerateResult> {
      const [ai, model] = await Promise.all([loadAiSdk(), resolveModel()]);
      const result = await callWithRetries(
        (abortSignal) =>
          ai.generateText({
            model,
            ...(call.system !== undefined ? { system: call.system } : {}),
            prompt: call.prompt,
            ...(call.maxOutputTokens !== undefined ? { maxOutputTokens: call.maxOutputTokens } : {}),
            ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
            maxRetries: 0,
            abortSignal,
          }),
        { ...retry, ...(call.abortSignal ? { abortSignal: call.abortSignal } : {}) },
      );
      return {
        text: result.text,
        usage: {
          inputTokens: result.usage.inputTokens ?? null,
          outputTokens: result.usage.outputTokens ?? null,
        },
        warnings: (result.warnings ?? []).map((warning) => JSON.stringify(warning)),
      };
    },
  };
}

async function buildModel(options: AiSdkLanguageModelOptions): Promise<AiSdkLanguageModel> {
  if (options.provider === "anthropic") {
    const { createAnthropic } = await importPackage("@ai-sdk/anthropic", () => import("@ai-sdk/anthropic"));
    const provider = createAnthropic({
      ...(options.baseURL ? { baseURL: stripSlash(options.baseURL) } : {}),
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    });
    return provider(options.model);
  }
  const { createOpenAICompatible } = await importPackage(
    "@ai-sdk/openai-compatible",
    () => import("@ai-sdk/openai-compatible"),
  );
  const provider = createOpenAICompatible({
    name: "openai-compatible",
    baseURL: stripSlash(options.baseURL ?? ""),
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
  });
  return provider.chatModel(options.model);
}

function stripSlash(url: string): string {
  return url.replace(/\/+$/, "");
}

/**
 * Runs `work` with a fresh per-attempt timeout signal, retrying retryable HTTP failures with
 * backoff (honouring `retry-after-ms` / `retry-after`). Every failure becomes a
 * {@link ModelCallError}; errors that are not the SDK's or an abort (bugs) are rethrown as they are.
 */
export async function callWithRetries<T>(
  work: (abortSignal: AbortSignal) => Promise<T>,
  options: RetryOptions,
): Promise<T> {
  const { APICallError, AISDKError, LoadAPIKeyError } = await loadAiSdk();
  const maxRetryDelayMs = options.maxRetryDelayMs ?? 20_000;
  const initialDelayMs = options.initialDelayMs ?? 1000;
  for (let attempt = 1; ; attempt++) {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const signal = options.abortSignal ? AbortSignal.any([options.abortSignal, timeout]) : timeout;
    try {
      return await work(signal);
    } catch (error) {
      if (options.abortSignal?.aborted) {
        throw new ModelCallError({
          message: "the call was aborted by the caller",
          kind: "aborted",
          attempts: attempt,
          isRetryable: false,
          cause: error,
        });
      }
      if (timeout.aborted) {
        throw new ModelCallError({
          message: `no answer within ${options.timeoutMs} ms`,
          kind: "timeout",
          attempts: attempt,
          isRetryable: true,
          cause: error,
        });
      }
      if (ModelCallError.isInstance(error)) throw error;
      if (LoadAPIKeyError.isInstance(error)) {
        throw new ModelCallError({
          message: error.message,
          kind: "unavailable",
          attempts: attempt,
          isRetryable: false,
          cause: error,
        });
      }
      if (APICallError.isInstance(error)) {
        const status = error.statusCode;
        if (status !== undefined && status >= 200 && status < 300) {
          throw new ModelCallError({
            message: `unreadable response: ${error.message}`,
            kind: "invalid-response",
            statusCode: status,
            attempts: attempt,
            isRetryable: false,
            cause: error,
          });
        }
        const delay = retryDelay(error.responseHeaders, initialDelayMs * 2 ** (attempt - 1));
        if (error.isRetryable && attempt <= options.maxRetries && delay <= maxRetryDelayMs) {
          try {
            await sleep(delay, undefined, options.abortSignal ? { signal: options.abortSignal } : {});
          } catch (sleepError) {
            throw new ModelCallError({
              message: "the call was aborted by the caller",
              kind: "aborted",
              attempts: attempt,
              isRetryable: false,
              cause: sleepError,
            });
          }
          continue;
        }
        throw new ModelCallError({
          message: `${status !== undefined ? `HTTP ${status}: ` : ""}${error.message}`,
          kind: "http-error",
          ...(status !== undefined ? { statusCode: status } : {}),
          attempts: attempt,
          isRetryable: error.isRetryable,
          cause: error,
        });
      }
      if (AISDKError.isInstance(error)) {
        throw new ModelCallError({
          message: `unreadable response: ${error.message}`,
          kind: "invalid-response",
          attempts: attempt,
          isRetryable: false,
          cause: error,
        });
      }
      throw error;
    }
  }
}

/** The server's requested delay (`retry-after-ms`, then `retry-after` in seconds or as a date). */
function retryDelay(headers: Record<string, string> | undefined, fallbackMs: number): number {
  const milliseconds = Number.parseFloat(headers?.["retry-after-ms"] ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const retryAfter = headers?.["retry-after"];
  if (retryAfter !== undefined) {
    const seconds = Number.parseFloat(retryAfter);
    if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
    const date = Date.parse(retryAfter);
    if (Number.isFinite(date)) return Math.max(0, date - Date.now());
  }
  return fallbackMs;
}
