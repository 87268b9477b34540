import { type Capture, createCapture } from "./capture/capture.js";
import { createRedactor } from "./core/redaction.js";
import type { LearnServices } from "./learn/learn-worker.js";
import { createLessonBook, type LessonBook } from "./learn/lesson-book.js";
import { createConfiguredLanguageModel } from "./models/ai-sdk-language-model.js";
import type { Embedder } from "./models/embedder.js";
import { createHashingEmbedder } from "./models/hashing-embedder.js";
import type { LanguageModel } from "./models/language-model.js";
import { type ModelConfig, resolveModelConfig } from "./models/model-config.js";
import { createModelGate, type ModelGate } from "./models/model-gate.js";
import { createOpenAIEmbedder } from "./models/openai-embedder.js";
import { openStore, resolveDatabaseLocation } from "./store/open-store.js";
import type { SqliteStore } from "./store/sqlite/sqlite-store.js";

/** Everything a command, hook or SDK call needs, wired once from the environment. */
export interface Runtime {
  store: SqliteStore;
  capture: Capture;
  embedder: Embedder;
  gate: ModelGate;
  lessons: LessonBook;
  models: ModelConfig;
  now: () => number;
  close(): Promise<void>;
}

/**
 * Opens the store and builds the services on it: the configured language model behind the model
 * gate (offline when none is configured), the configured embedder (else the offline hashing one),
 * capture and the lesson book. An injected `model` or `embedder` (the SDK's, a test's) replaces the
 * configured one; an injected model still goes through the gate, its ceiling and breaker.
 */
export async function openRuntime(options: {
  db?: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  now?: () => number;
  /** Used instead of the configured embedder. */
  embedder?: Embedder;
  /** Used instead of the configured language model. */
  model?: LanguageModel;
  /** An opened store (a read-only one, for commands that only read); closed with the runtime. */
  store?: SqliteStore;
}): Promise<Runtime> {
  const env = options.env ?? process.env;
  const now = options.now ?? Date.now;
  const models = resolveModelConfig({ env });
  const store =
    options.store ?? openStore(resolveDatabaseLocation({ db: options.db, env, cwd: options.cwd }));
  try {
    const embedder =
      options.embedder ??
      (models.embeddings
        ? await createOpenAIEmbedder({
            baseURL: models.embeddings.baseURL,
            model: models.embeddings.model,
            ...(models.embeddings.apiKey ? { apiKey: models.embeddings.apiKey } : {}),
            ...(models.embeddings.dimensions ? { dimensions: models.embeddings.dimensions } : {}),
          })
        : createHashingEmbedder());
    const gate = createModelGate({
      model: options.model ?? createConfiguredLanguageModel(models.llm),
      log: store.llmCalls,
      breaker: models.llm.breaker,
      ceiling: models.llm.ceiling,
      now,
      redact: createRedactor(),
    });
    return {
      store,
      capture: createCapture({ store, now }),
      embedder,
      gate,
      lessons: createLessonBook({ store, embedder, now }),
      models,
      now,
      close: () => store.close(),
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}

/**
 * The services `learnSessions` runs on, from a runtime: its store, lesson book, model gate, clock,
 * and embedder (so evidence is indexed for recall after learning). The CLI and the SDK both learn
 * through it, adding only what their run is about (config, session, since, progress).
 */
export function learnServices(
  runtime: Pick<Runtime, "store" | "lessons" | "gate" | "embedder" | "now">,
): LearnServices {
  return {
    store: runtime.store,
    lessons: runtime.lessons,
    gate: runtime.gate,
    embedder: runtime.embedder,
    now: runtime.now,
  };
}
