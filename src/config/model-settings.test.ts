import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { describeModelConfig } from "../models/model-config.js";
import { invalidInput } from "../testing/invalid-input.js";
import { useTempDir } from "../testing/temp-dir.js";
import { resolveModelConfig } from "./model-settings.js";

const tempDir = useTempDir("tacit-model-config-");

function home(config?: unknown): string {
  const dir = tempDir();
  if (config !== undefined) {
    writeFileSync(join(dir, "config.json"), typeof config === "string" ? config : JSON.stringify(config));
  }
  return dir;
}

describe("resolveModelConfig", () => {
  it("defaults to offline with the documented limits", () => {
    const config = resolveModelConfig({ env: { TACIT_HOME: home() } });
    expect(config.file).toBeUndefined();
    expect(config.embeddings).toBeUndefined();
    expect(config.llm).toEqual({
      provider: "none",
      baseURL: undefined,
      model: undefined,
      apiKey: undefined,
      command: undefined,
      timeoutMs: 60_000,
      maxRetries: 2,
      breaker: { failureThreshold: 3, cooldownMs: 300_000 },
      ceiling: { maxCallsPerDay: 200, maxTokensPerDay: 400_000 },
    });
  });

  it("reads $TACIT_HOME/config.json", () => {
    const dir = home({
      llm: {
        provider: "anthropic",
        model: "claude-haiku-4-5",
        apiKey: "file-key",
        timeoutMs: 5000,
        breaker: { failureThreshold: 5 },
        ceiling: { maxCallsPerDay: 10 },
      },
      embeddings: { baseURL: "http://localhost:11434/v1", model: "nomic-embed-text", dimensions: 768 },
    });
    const config = resolveModelConfig({ env: { TACIT_HOME: dir } });
    expect(config.file).toBe(join(dir, "config.json"));
    expect(config.llm).toMatchObject({
      provider: "anthropic",
      model: "claude-haiku-4-5",
      apiKey: "file-key",
      timeoutMs: 5000,
      breaker: { failureThreshold: 5, cooldownMs: 300_000 },
      ceiling: { maxCallsPerDay: 10, maxTokensPerDay: 400_000 },
    });
    expect(config.embeddings).toEqual({
      baseURL: "http://localhost:11434/v1",
      model: "nomic-embed-text",
      apiKey: undefined,
      dimensions: 768,
      batchSize: 96,
      timeoutMs: 60_000,
      maxRetries: 2,
    });
  });

  it("lets the environment win over the file", () => {
    const dir = home({ llm: { provider: "anthropic", model: "file-model", apiKey: "file-key" } });
    const config = resolveModelConfig({
      env: {
        TACIT_HOME: dir,
        TACIT_LLM_PROVIDER: "openai-compatible",
        TACIT_LLM_BASE_URL: "http://127.0.0.1:11434/v1",
        TACIT_LLM_MODEL: "llama3.2",
        TACIT_LLM_API_KEY: "env-key",
        TACIT_LLM_MAX_CALLS_PER_DAY: "3",
        TACIT_LLM_MAX_TOKENS_PER_DAY: "9000",
        TACIT_LLM_TIMEOUT_MS: "300",
        TACIT_EMBEDDINGS_BASE_URL: "http://127.0.0.1:11434/v1",
        TACIT_EMBEDDINGS_MODEL: "nomic-embed-text",
        TACIT_EMBEDDINGS_API_KEY: "embed-key",
      },
    });
    expect(config.llm).toMatchObject({
      provider: "openai-compatible",
      baseURL: "http://127.0.0.1:11434/v1",
      model: "llama3.2",
      apiKey: "env-key",
      timeoutMs: 300,
      ceiling: { maxCallsPerDay: 3, maxTokensPerDay: 9000 },
    });
    expect(config.embeddings).toMatchObject({ model: "nomic-embed-text", apiKey: "embed-key" });
  });

  it("infers openai-compatible from a base URL and a model", () => {
    const config = resolveModelConfig({
      env: { TACIT_HOME: home(), TACIT_LLM_BASE_URL: "http://localhost:1234/v1", TACIT_LLM_MODEL: "qwen" },
    });
    expect(config.llm.provider).toBe("openai-compatible");
  });

  it("uses the user's own agent: claude-code with a small fast model by default, codex with its own", () => {
    const claude = resolveModelConfig({ env: { TACIT_HOME: home(), TACIT_LLM_PROVIDER: "claude-code" } });
    expect(claude.llm).toMatchObject({ provider: "claude-code", model: "haiku", command: undefined });
    const codex = resolveModelConfig({
      env: { TACIT_HOME: home(), TACIT_LLM_PROVIDER: "codex", TACIT_LLM_COMMAND: "/opt/codex/bin/codex" },
    });
    expect(codex.llm).toMatchObject({ provider: "codex", model: undefined, command: "/opt/codex/bin/codex" });
    const fromFile = resolveModelConfig({
      env: {
        TACIT_HOME: home({ llm: { provider: "claude-code", model: "sonnet", command: "claude-work" } }),
      },
    });
    expect(fromFile.llm).toMatchObject({ provider: "claude-code", model: "sonnet", command: "claude-work" });
  });

  it("takes an explicit file path", () => {
    const dir = home();
    const file = join(dir, "custom.json");
    writeFileSync(file, JSON.stringify({ llm: { provider: "none" } }));
    expect(resolveModelConfig({ env: {}, file }).file).toBe(file);
  });

  it("names the file and field of an invalid value", () => {
    const dir = home({ llm: { ceiling: { maxCallsPerDay: -1 } } });
    const error = invalidInput(() => resolveModelConfig({ env: { TACIT_HOME: dir } }));
    expect(error.file).toBe(join(dir, "config.json"));
    expect(error.field).toBe("llm.ceiling.maxCallsPerDay");
  });

  it("names an unknown key, in a section or at the top", () => {
    const dir = home({ llm: { modle: "typo" } });
    const error = invalidInput(() => resolveModelConfig({ env: { TACIT_HOME: dir } }));
    expect(error.field).toBe("llm.modle");
    expect(error.message).toContain('did you mean "llm.model"');
    const other = home({ other: { owned: "elsewhere" } });
    expect(invalidInput(() => resolveModelConfig({ env: { TACIT_HOME: other } })).field).toBe("other");
  });

  it("refuses a file that is not JSON", () => {
    const dir = home('{\n  "llm": {\n    "model": "m",\n    provider: "none"\n  }\n}');
    const error = invalidInput(() => resolveModelConfig({ env: { TACIT_HOME: dir } }));
    expect(error.message).toMatch(/config\.json:4: not valid JSON/);
    expect(error.line).toBe(4);
  });

  it("refuses bad environment values, naming the variable", () => {
    const env = { TACIT_HOME: home() };
    expect(
      invalidInput(() => resolveModelConfig({ env: { ...env, TACIT_LLM_PROVIDER: "openai" } })).field,
    ).toBe("TACIT_LLM_PROVIDER");
    expect(
      invalidInput(() => resolveModelConfig({ env: { ...env, TACIT_LLM_MAX_CALLS_PER_DAY: "many" } })).field,
    ).toBe("TACIT_LLM_MAX_CALLS_PER_DAY");
    expect(
      invalidInput(() => resolveModelConfig({ env: { ...env, TACIT_LLM_BASE_URL: "not a url" } })).field,
    ).toBe("TACIT_LLM_BASE_URL");
  });

  it("requires a model, and a base URL for openai-compatible", () => {
    const env = { TACIT_HOME: home() };
    expect(
      invalidInput(() => resolveModelConfig({ env: { ...env, TACIT_LLM_PROVIDER: "anthropic" } })).field,
    ).toBe("TACIT_LLM_MODEL");
    expect(
      invalidInput(() =>
        resolveModelConfig({
          env: { ...env, TACIT_LLM_PROVIDER: "openai-compatible", TACIT_LLM_MODEL: "m" },
        }),
      ).field,
    ).toBe("TACIT_LLM_BASE_URL");
    expect(
      invalidInput(() => resolveModelConfig({ env: { ...env, TACIT_EMBEDDINGS_MODEL: "m" } })).field,
    ).toBe("TACIT_EMBEDDINGS_BASE_URL");
  });

  it("never shows API keys in describeModelConfig", () => {
    const config = resolveModelConfig({
      env: {
        TACIT_HOME: home(),
        TACIT_LLM_PROVIDER: "anthropic",
        TACIT_LLM_MODEL: "claude-haiku-4-5",
        TACIT_LLM_API_KEY: "sk-ant-secret-value-123456",
      },
    });
    const shown = JSON.stringify(describeModelConfig(config));
    expect(shown).not.toContain("sk-ant-secret");
    expect(shown).toContain("[set]");
  });
});
