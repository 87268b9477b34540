/**
 * The `llm` and `embeddings` settings as the model adapters take them (models/model-config.ts),
 * with the checks that span settings (a provider needs a model; openai-compatible a base URL; an
 * embeddings endpoint both), and which models are active and why, for `tacit doctor`.
 */
import { InvalidInputError } from "../core/errors.js";
import {
  DEFAULT_CLAUDE_CODE_MODEL,
  type EmbeddingsConfig,
  HOST_AGENT_PROVIDERS,
  type LlmConfig,
  type LlmProviderName,
  type ModelConfig,
} from "../models/model-config.js";
import { findSettingKey } from "./keys.js";
import { type ResolvedConfig, resolveConfig, type SettingOrigin } from "./load-config.js";

/**
 * The model configuration of the user file (`file`, default `$TACIT_HOME/config.json`) and the
 * environment, which wins. A project file never sets models. Throws {@link InvalidInputError}
 * naming the file (or variable) and field when a value is invalid or a required one is missing.
 */
export function resolveModelConfig(options: { env: NodeJS.ProcessEnv; file?: string }): ModelConfig {
  return modelConfigFrom(resolveConfig({ env: options.env, userFile: options.file, projectDir: null }));
}

/** The model configuration of a resolved configuration (see {@link resolveModelConfig}). */
export function modelConfigFrom(resolved: ResolvedConfig): ModelConfig {
  const { llm: settings, embeddings: endpoint } = resolved.values;
  const userFile = resolved.files.read.includes(resolved.files.user) ? resolved.files.user : undefined;
  // Where to point a "missing value" error: the config file when there is one, else the variable.
  const missing = (key: string, message: string): never => {
    const setting = findSettingKey(key);
    throw new InvalidInputError({
      message,
      ...(userFile ? { file: userFile, field: key } : { field: setting?.env ?? key }),
    });
  };
  const provider: LlmProviderName =
    settings.provider ??
    (settings.baseURL !== undefined && settings.model !== undefined ? "openai-compatible" : "none");
  const llm: LlmConfig = {
    provider,
    baseURL: settings.baseURL,
    model: settings.model ?? (provider === "claude-code" ? DEFAULT_CLAUDE_CODE_MODEL : undefined),
    apiKey: settings.apiKey,
    command: settings.command,
    timeoutMs: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    breaker: { ...settings.breaker },
    ceiling: { ...settings.ceiling },
  };
  if (llm.provider !== "none" && !HOST_AGENT_PROVIDERS.has(llm.provider) && llm.model === undefined) {
    missing("llm.model", `provider ${llm.provider} needs a model (TACIT_LLM_MODEL or llm.model)`);
  }
  if (llm.provider === "openai-compatible" && llm.baseURL === undefined) {
    missing("llm.baseURL", "provider openai-compatible needs a base URL (TACIT_LLM_BASE_URL or llm.baseURL)");
  }
  let embeddings: EmbeddingsConfig | undefined;
  if (endpoint.baseURL !== undefined || endpoint.model !== undefined) {
    if (endpoint.baseURL === undefined || endpoint.model === undefined) {
      const absent = endpoint.baseURL === undefined ? "baseURL" : "model";
      missing(
        `embeddings.${absent}`,
        `an embeddings endpoint needs both a base URL and a model (missing ${absent}; TACIT_EMBEDDINGS_BASE_URL / TACIT_EMBEDDINGS_MODEL)`,
      );
    }
    embeddings = {
      baseURL: endpoint.baseURL as string,
      model: endpoint.model as string,
      apiKey: endpoint.apiKey,
      dimensions: endpoint.dimensions,
      batchSize: endpoint.batchSize,
      timeoutMs: endpoint.timeoutMs,
      maxRetries: endpoint.maxRetries,
    };
  }
  return { llm, embeddings, file: userFile };
}

/** Which model is active, and why, in words. */
export interface ModelChoice {
  active: string;
  reason: string;
}

/** The active language model and embedder of a configuration, each with the reason (`tacit doctor`). */
export function describeModelChoice(resolved: ResolvedConfig): {
  languageModel: ModelChoice;
  embedder: ModelChoice;
} {
  const models = modelConfigFrom(resolved);
  const from = (key: string) => originText(resolved.origins.get(key));
  const { llm, embeddings } = models;
  let languageModel: ModelChoice;
  if (llm.provider === "none") {
    languageModel = {
      active: "none (offline rules)",
      reason:
        resolved.origins.get("llm.provider")?.source === "default"
          ? "offline: no TACIT_LLM_* variable or llm.* setting names a model"
          : `offline: llm.provider is none (${from("llm.provider")})`,
    };
  } else if (HOST_AGENT_PROVIDERS.has(llm.provider)) {
    const agent = llm.provider === "claude-code" ? "Claude Code" : "Codex";
    languageModel = {
      active: `${llm.provider} ${llm.model ?? "(the model of the user's Codex configuration)"}: the user's own ${agent}, run non-interactively with their existing login`,
      reason: `llm.provider from ${from("llm.provider")}; llm.model from ${from("llm.model")}${llm.command ? `; llm.command from ${from("llm.command")}` : ""}`,
    };
  } else {
    const provider =
      resolved.values.llm.provider === undefined
        ? "inferred from a base URL and a model"
        : `llm.provider from ${from("llm.provider")}`;
    languageModel = {
      active: `${llm.provider} ${llm.model}${llm.baseURL ? ` at ${llm.baseURL}` : ""}`,
      reason: `${provider}; llm.model from ${from("llm.model")}${llm.baseURL ? `; llm.baseURL from ${from("llm.baseURL")}` : ""}`,
    };
  }
  const embedder: ModelChoice = embeddings
    ? {
        active: `openai-compatible ${embeddings.model} at ${embeddings.baseURL}`,
        reason: `embeddings.baseURL from ${from("embeddings.baseURL")}; embeddings.model from ${from("embeddings.model")}`,
      }
    : {
        active: "tacit/hashing-v1 (offline)",
        reason: "no TACIT_EMBEDDINGS_* variable or embeddings.* setting names an endpoint",
      };
  return { languageModel, embedder };
}

/** Where a value came from, in words: "the default", "TACIT_LLM_MODEL", "/home/me/.tacit/config.json". */
export function originText(origin: SettingOrigin | undefined): string {
  if (!origin || origin.source === "default") return "the default";
  if (origin.source === "env") return `${origin.from}`;
  return `${origin.source} file ${origin.from}`;
}
