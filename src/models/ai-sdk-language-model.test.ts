import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  fixtureResponse,
  type LoopbackLlmServer,
  startLoopbackLlmServer,
} from "../testing/loopback-llm-server.js";
import { createAiSdkLanguageModel } from "./ai-sdk-language-model.js";
import { createConfiguredLanguageModel } from "./configured-language-model.js";
import { type LanguageModel, ModelCallError } from "./language-model.js";

let server: LoopbackLlmServer;
beforeEach(async () => {
  server = await startLoopbackLlmServer();
});
afterEach(async () => {
  await server.close();
});

const openai = (options: { timeoutMs?: number; maxRetries?: number; maxRetryDelayMs?: number } = {}) =>
  createAiSdkLanguageModel({
    provider: "openai-compatible",
    baseURL: `${server.url}/v1/`,
    model: "gpt-4o-mini",
    apiKey: "sk-test-loopback-0000000000",
    ...options,
  });

const anthropic = () =>
  createAiSdkLanguageModel({
    provider: "anthropic",
    baseURL: `${server.url}/v1`,
    model: "claude-haiku-4-5",
    apiKey: "anthropic-test-key",
    maxRetries: 1,
  });

async function failure(model: LanguageModel, signal?: AbortSignal): Promise<ModelCallError> {
  const error = await model
    .generate({ prompt: "hello", maxOutputTokens: 50, ...(signal ? { abortSignal: signal } : {}) })
    .then(
      () => undefined,
      (caught: unknown) => caught,
    );
  if (!ModelCallError.isInstance(error)) throw new Error(`expected a ModelCallError, got ${String(error)}`);
  return error;
}

describe("OpenAI-compatible adapter", () => {
  it("speaks chat-completions and reports text and usage", async () => {
    server.enqueue(fixtureResponse("openai-chat-valid"));
    const model = openai();
    expect(model.provider).toBe("openai-compatible");
    expect(model.modelId).toBe("gpt-4o-mini");
    const result = await model.generate({
      system: "be brief",
      prompt: "hello",
      maxOutputTokens: 64,
      temperature: 0,
    });
    expect(result.text).toContain('"lessons"');
    expect(result.usage).toEqual({ inputTokens: 212, outputTokens: 31 });
    const [request] = server.requests;
    expect(request?.path).toBe("/v1/chat/completions");
    expect(request?.headers.authorization).toBe("Bearer sk-test-loopback-0000000000");
    expect(request?.body).toMatchObject({
      model: "gpt-4o-mini",
      max_tokens: 64,
      temperature: 0,
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "hello" },
      ],
    });
  });

  it("reports missing usage as null", async () => {
    server.enqueue(fixtureResponse("openai-chat-no-usage"));
    const result = await openai().generate({ prompt: "hello" });
    expect(result.usage).toEqual({ inputTokens: null, outputTokens: null });
  });

  it("retries a 429 after the retry-after delay, then succeeds", async () => {
    server.enqueue(
      fixtureResponse("openai-error-429", { status: 429, headers: { "retry-after": "0" } }),
      fixtureResponse("openai-chat-valid"),
    );
    const result = await openai().generate({ prompt: "hello" });
    expect(result.usage.inputTokens).toBe(212);
    expect(server.requests).toHaveLength(2);
  });

  it("retries a 500 with exponential backoff when the server sends no retry-after", async () => {
    server.enqueue(
      fixtureResponse("openai-error-500", { status: 500 }),
      fixtureResponse("openai-chat-valid"),
    );
    const started = Date.now();
    await openai({ maxRetries: 1 }).generate({ prompt: "hello" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(server.requests).toHaveLength(2);
  });

  it("gives up after maxRetries with an http-error naming the status", async () => {
    const error500 = fixtureResponse("openai-error-500", { status: 500, headers: { "retry-after-ms": "0" } });
    server.enqueue(error500, error500, error500, fixtureResponse("openai-chat-valid"));
    const error = await failure(openai({ maxRetries: 2 }));
    expect(error.kind).toBe("http-error");
    expect(error.statusCode).toBe(500);
    expect(error.attempts).toBe(3);
    expect(error.isRetryable).toBe(true);
    expect(server.requests).toHaveLength(3);
  });

  it("does not retry a 400", async () => {
    server.enqueue({
      status: 400,
      body: { error: { message: "bad request", type: "invalid_request_error" } },
    });
    const error = await failure(openai());
    expect(error).toMatchObject({ kind: "http-error", statusCode: 400, attempts: 1, isRetryable: false });
    expect(server.requests).toHaveLength(1);
  });

  it("does not wait for a retry-after longer than maxRetryDelayMs", async () => {
    server.enqueue(fixtureResponse("openai-error-429", { status: 429, headers: { "retry-after": "3600" } }));
    const started = Date.now();
    const error = await failure(openai({ maxRetryDelayMs: 1000 }));
    expect(error).toMatchObject({ kind: "http-error", statusCode: 429, isRetryable: true });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests).toHaveLength(1);
  });

  it("times out a hanging attempt and does not retry it", async () => {
    server.enqueue({ hang: true }, fixtureResponse("openai-chat-valid"));
    const started = Date.now();
    const error = await failure(openai({ timeoutMs: 300 }));
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(5000);
    expect(server.requests).toHaveLength(1);
  });

  it("reports a caller abort as aborted", async () => {
    server.enqueue({ hang: true });
    const error = await failure(openai(), AbortSignal.timeout(200));
    expect(error.kind).toBe("aborted");
  });

  it("reports an unreadable 200 body as invalid-response", async () => {
    server.enqueue({ rawBody: "<html>502 Bad Gateway</html>", headers: { "content-type": "text/html" } });
    const error = await failure(openai());
    expect(error).toMatchObject({ kind: "invalid-response", statusCode: 200 });
  });

  it("reports an unreachable server as an http-error", async () => {
    const model = openai({ maxRetries: 0 });
    await server.close();
    const error = await failure(model);
    expect(error.kind).toBe("http-error");
    server = await startLoopbackLlmServer();
  });
});

describe("Anthropic adapter", () => {
  it("speaks the Messages API and reports text and usage", async () => {
    server.enqueue(fixtureResponse("anthropic-message-valid"));
    const model = anthropic();
    expect(model.provider).toBe("anthropic");
    const result = await model.generate({ system: "be brief", prompt: "hello", maxOutputTokens: 64 });
    expect(result.text).toContain('"lessons"');
    expect(result.usage).toEqual({ inputTokens: 230, outputTokens: 34 });
    const [request] = server.requests;
    expect(request?.path).toBe("/v1/messages");
    expect(request?.headers["x-api-key"]).toBe("anthropic-test-key");
    expect(request?.body).toMatchObject({
      model: "claude-haiku-4-5",
      max_tokens: 64,
      system: [{ type: "text", text: "be brief" }],
      messages: [{ role: "user", content: [{ type: "text", text: "hello" }] }],
    });
  });

  it("retries a 429 and fails on repeated 500s", async () => {
    server.enqueue(
      fixtureResponse("anthropic-error-429", { status: 429, headers: { "retry-after": "0" } }),
      fixtureResponse("anthropic-message-valid"),
    );
    expect((await anthropic().generate({ prompt: "hello" })).usage.outputTokens).toBe(34);
    const error500 = fixtureResponse("anthropic-error-500", {
      status: 500,
      headers: { "retry-after-ms": "0" },
    });
    server.enqueue(error500, error500);
    const error = await failure(anthropic());
    expect(error).toMatchObject({ kind: "http-error", statusCode: 500, attempts: 2 });
    expect(error.message).toContain("Internal server error");
  });
});

describe("createConfiguredLanguageModel", () => {
  it("returns undefined for provider none and an adapter otherwise", () => {
    const base = {
      baseURL: undefined,
      apiKey: undefined,
      command: undefined,
      timeoutMs: 1000,
      maxRetries: 0,
    };
    expect(createConfiguredLanguageModel({ ...base, provider: "none", model: undefined })).toBeUndefined();
    const model = createConfiguredLanguageModel({
      ...base,
      provider: "anthropic",
      model: "claude-haiku-4-5",
    });
    expect(model?.provider).toBe("anthropic");
  });

  it("refuses an openai-compatible model without a base URL", () => {
    expect(() => createAiSdkLanguageModel({ provider: "openai-compatible", model: "m" })).toThrow(/base URL/);
  });
});
