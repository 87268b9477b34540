import { type Capture, createCapture } from "./capture/capture.js";
import { type ResolvedConfig, resolveConfig } from "./config/load-config.js";
import { modelConfigFrom } from "./config/model-settings.js";
import { type ServiceSettings, serviceSettings } from "./config/service-settings.js";
import { createRedactor } from "./core/redaction.js";
import type { LearnServices } from "./learn/learn-worker.js";
import { createLessonBook, type LessonBook } from "./lessons/index.js";
import { createConfiguredLanguageModel } from "./models/configured-language-model.js";
import type { Embedder } from "./models/embedder.js";
import { createHashingEmbedder } from "./models/hashing-embedder.js";
import type { LanguageModel } from "./models/language-model.js";
import { type ModelConfig, openAIEmbedderOptions } from "./models/model-config.js";
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
  /** The effective configuration and where each value came from. */
  config: ResolvedConfig;
  /** The configuration as each service takes it (recall, learning, skills…). */
  settings: ServiceSettings;
  now: () => number;
  close(): Promise<void>;
}

/**
 * Opens the store and builds the services on it from the configuration (`tacit config`: defaults,
 * `$TACIT_HOME/config.json`, the project file of `cwd`, the environment): the configured language
 * model behind the model gate (offline when none is configured), the configured embedder (else the
 * offline hashing one), capture and the lesson book. An injected `model` or `embedder` (the SDK's, a
 * test's) replaces the configured one; an injected model still goes through the gate, its ceiling
 * and breaker.
 */
export async function openRuntime(options: {
  db?: string;
  env?: NodeJS.ProcessEnv;
  /** The working directory: relative `--db` paths, and the project whose `.tacit/config.json` is read (none without it). */
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
  const config = resolveConfig({ env, ...(options.cwd ? { cwd: options.cwd } : { projectDir: null }) });
  const models = modelConfigFrom(config);
  const settings = serviceSettings(config.values);
  const redact = createRedactor(settings.capture.redaction);
  const store =
    options.store ?? openStore(resolveDatabaseLocation({ db: options.db, env, cwd: options.cwd }));
  try {
    const embedder =
      options.embedder ??
      (models.embeddings
        ? await createOpenAIEmbedder(openAIEmbedderOptions(models.embeddings))
        : createHashingEmbedder());
    const gate = createModelGate({
      model:
        options.model ??
        createConfiguredLanguageModel(models.llm, { env, ...(options.cwd ? { cwd: options.cwd } : {}) }),
      log: store.llmCalls,
      breaker: models.llm.breaker,
      ceiling: models.llm.ceiling,
      now,
      redact,
    });
    return {
      store,
      capture: createCapture({ store, now, config: settings.capture }),
      embedder,
      gate,
      lessons: createLessonBook({ store, embedder, now, redact, config: settings.lessonBook }),
      models,
      config,
      settings,
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
 * embedder (so evidence is indexed for recall after learning) and skill settings. The CLI and the
 * SDK both learn through it, adding only what their run is about (session, since, progress), and
 * the learning settings (`runtime.settings.learn`).
 */
export function learnServices(
  runtime: Pick<Runtime, "store" | "lessons" | "gate" | "embedder" | "now"> & {
    settings?: Pick<ServiceSettings, "skills">;
  },
): LearnServices {
  return {
    store: runtime.store,
    lessons: runtime.lessons,
    gate: runtime.gate,
    embedder: runtime.embedder,
    now: runtime.now,
    ...(runtime.settings ? { skills: runtime.settings.skills } : {}),
  };
}
