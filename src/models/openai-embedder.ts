/**
 * An Embedder over any OpenAI-compatible `POST /embeddings` endpoint (OpenAI, Ollama, vLLM, LM
 * Studio, …) through the AI SDK's `embedMany`. The offline hashing embedder stays the default; this
 * one is used when an embeddings endpoint is configured (TACIT_EMBEDDINGS_BASE_URL / _MODEL).
 *
 * Vectors are scaled to unit length, like the hashing embedder's, so either kind compares the same
 * way. Requests are sent in batches of `batchSize`, one at a time, each with its own timeout and
 * the same retry policy as the language models (`callWithRetries`).
 */
import type { EmbeddingModel } from "ai";
import { normalizeInPlace } from "../core/vector.js";
import { callWithRetries, importPackage, loadAiSdk } from "./ai-sdk-language-model.js";
import type { Embedder, EmbedOptions, EmbedResult } from "./embedder.js";
import { ModelCallError } from "./language-model.js";

/** Options of {@link createOpenAIEmbedder}. */
export interface OpenAIEmbedderOptions {
  /** Base URL, e.g. `https://api.openai.com/v1` or `http://localhost:11434/v1`. */
  baseURL: string;
  /** Model id, e.g. `text-embedding-3-small` or `nomic-embed-text`. */
  model: string;
  /** Sent as `Authorization: Bearer`. Never logged. */
  apiKey?: string;
  /**
   * Expected vector length. When set, no request is made until the first `embed` and every vector
   * is checked against it; when unset, {@link createOpenAIEmbedder} embeds one probe text to learn it.
   */
  dimensions?: number;
  /** Values per request. Default 96. */
  batchSize?: number;
  /** Timeout of each HTTP attempt, ms. Default 60000. */
  timeoutMs?: number;
  /** Retries after a retryable HTTP failure (429, 5xx). Default 2. */
  maxRetries?: number;
}

const PROBE_TEXT = "dimension probe";

/**
 * Creates the OpenAI-compatible embedder. Resolves at once when `dimensions` is given; otherwise it
 * makes one request (a short probe text) to learn the vector length. Throws
 * {@link ModelCallError} when that request fails.
 */
export async function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Promise<Embedder> {
  const batchSize = options.batchSize ?? 96;
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new RangeError(`batchSize must be ≥ 1, got ${batchSize}`);
  const retry = { timeoutMs: options.timeoutMs ?? 60_000, maxRetries: options.maxRetries ?? 2 };
  let model: Promise<EmbeddingModel> | undefined;
  const resolveModel = () => {
    model ??= importPackage("@ai-sdk/openai-compatible", () => import("@ai-sdk/openai-compatible")).then(
      ({ createOpenAICompatible }) =>
        createOpenAICompatible({
          name: "openai-compatible",
          baseURL: options.baseURL.replace(/\/+$/, ""),
          ...(options.apiKey ? { apiKey: options.apiKey } : {}),
        }).embeddingModel(options.model),
    );
    return model;
  };

  const embedBatch = async (
    values: string[],
    abortSignal: AbortSignal | undefined,
  ): Promise<Float32Array[]> => {
    const [ai, embeddingModel] = await Promise.all([loadAiSdk(), resolveModel()]);
    const result = await callWithRetries(
      (signal) => ai.embedMany({ model: embeddingModel, values, maxRetries: 0, abortSignal: signal }),
      { ...retry, ...(abortSignal ? { abortSignal } : {}) },
    );
    if (result.embeddings.length !== values.length) {
      throw invalidResponse(`expected ${values.length} embeddings, got ${result.embeddings.length}`);
    }
    return result.embeddings.map((embedding) => normalizeInPlace(Float32Array.from(embedding)));
  };

  let dimensions = options.dimensions;
  if (dimensions === undefined) {
    const [probe] = await embedBatch([PROBE_TEXT], undefined);
    dimensions = probe?.length ?? 0;
    if (dimensions === 0) throw invalidResponse("the endpoint returned an empty vector");
  }
  const length = dimensions;

  return {
    provider: "openai-compatible",
    modelId: options.model,
    dimensions: length,
    async embed({ values, abortSignal }: EmbedOptions): Promise<EmbedResult> {
      const embeddings: Float32Array[] = [];
      for (let offset = 0; offset < values.length; offset += batchSize) {
        const vectors = await embedBatch(values.slice(offset, offset + batchSize), abortSignal);
        for (const vector of vectors) {
          if (vector.length !== length) {
            throw invalidResponse(`expected vectors of ${length} dimensions, got ${vector.length}`);
          }
          embeddings.push(vector);
        }
      }
      return { embeddings };
    },
  };
}

function invalidResponse(message: string): ModelCallError {
  return new ModelCallError({ message, kind: "invalid-response", attempts: 1, isRetryable: false });
}
