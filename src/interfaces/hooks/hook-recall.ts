/**
 * Recall for the prompt hooks, loaded only on SessionStart and UserPromptSubmit so tool events never
 * pay for the recall code, the signal rules or the model configuration.
 */
import type { Embedder } from "../../models/embedder.js";
import { EmbeddingCache } from "../../models/embedding-cache.js";
import { createHashingEmbedder } from "../../models/hashing-embedder.js";
import { type EmbeddingsConfig, openAIEmbedderOptions } from "../../models/model-config.js";
import { recall } from "../../recall/recall.js";
import type { Store } from "../../store/store.js";
import type { HookRecallRequest } from "./handle-hook.js";
import type { HookConfig } from "./hook-config.js";

/**
 * Embeddings of this process, kept between prompts: the hook daemon embeds the same lesson triggers
 * and recent turns prompt after prompt (a hook in its own process embeds once and exits).
 */
const embeddings = new EmbeddingCache();

/**
 * The budgeted recall text for a prompt, "" when nothing is relevant. Uses the configured embedder
 * (as `openRuntime` does), so vectors compare with the ones learning stored, and the configured
 * recall settings; null: the defaults (nothing is configured).
 */
export async function recallForHook(
  deps: { store: Store; config: HookConfig | null; now: () => number },
  request: HookRecallRequest,
): Promise<string> {
  const embedder = embeddings.wrap(await configuredEmbedder(deps.config?.embeddings));
  const result = await recall(
    { store: deps.store, embedder, now: deps.now, ...(deps.config ? { config: deps.config.recall } : {}) },
    { query: request.query, projectId: request.projectId, sessionId: request.sessionId },
  );
  return result.context;
}

async function configuredEmbedder(endpoint: EmbeddingsConfig | undefined): Promise<Embedder> {
  if (!endpoint) return createHashingEmbedder();
  const { createOpenAIEmbedder } = await import("../../models/openai-embedder.js");
  return createOpenAIEmbedder(openAIEmbedderOptions(endpoint));
}
