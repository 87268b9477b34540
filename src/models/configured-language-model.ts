/**
 * The language model a configuration names: an AI SDK adapter for an API, or the user's own agent
 * run non-interactively (host-agent/), or none when tacit runs offline.
 */
import { createAiSdkLanguageModel } from "./ai-sdk-language-model.js";
import { claudeCodeDialect } from "./host-agent/claude-code-dialect.js";
import { codexDialect } from "./host-agent/codex-dialect.js";
import { createHostAgentModel } from "./host-agent/host-agent-model.js";
import type { LanguageModel } from "./language-model.js";
import type { LlmConfig } from "./model-config.js";

/**
 * The configured language model, or undefined when the provider is `"none"` (tacit stays offline).
 * `env` is the environment a host agent runs with (the user's login, PATH, TACIT_HOME); `cwd`
 * resolves a relative `llm.command`. Does no IO.
 */
export function createConfiguredLanguageModel(
  config: Pick<
    LlmConfig,
    "provider" | "baseURL" | "model" | "apiKey" | "command" | "timeoutMs" | "maxRetries"
  >,
  options: { env: NodeJS.ProcessEnv; cwd?: string } = { env: process.env },
): LanguageModel | undefined {
  if (config.provider === "none") return undefined;
  if (config.provider === "claude-code" || config.provider === "codex") {
    return createHostAgentModel(config.provider === "claude-code" ? claudeCodeDialect : codexDialect, {
      model: config.model,
      command: config.command,
      env: options.env,
      timeoutMs: config.timeoutMs,
      maxRetries: config.maxRetries,
      ...(options.cwd ? { cwd: options.cwd } : {}),
    });
  }
  if (config.model === undefined) return undefined;
  return createAiSdkLanguageModel({
    provider: config.provider,
    model: config.model,
    timeoutMs: config.timeoutMs,
    maxRetries: config.maxRetries,
    ...(config.baseURL !== undefined ? { baseURL: config.baseURL } : {}),
    ...(config.apiKey !== undefined ? { apiKey: config.apiKey } : {}),
  });
}
