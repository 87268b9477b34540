import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cosineSimilarity } from "../core/vector.js";
import {
  fixtureResponse,
  type LoopbackLlmServer,
  loadFixture,
  startLoopbackLlmServer,
} from "../testing/loopback-llm-server.js";
import { embedderId } from "./embedder.js";
import { ModelCallError } from "./language-model.js";
import { createOpenAIEmbedder } from "./openai-embedder.js";

let server: LoopbackLlmServer;
beforeEach(async () => {
  server = await startLoopbackLlmServer();
});
afterEach(async () => {
  await server.close();
});

const options = () => ({
  baseURL: `${server.url}/v1`,
  model: "text-embedding-3-small",
  apiKey: "sk-embed-test",
});

/** A recorded /embeddings response with the first `count` vectors of the fixture. */
function vectors(count: number) {
  const body = loadFixture("openai-embeddings") as { data: unknown[] };
  return { body: { ...body, data: body.data.slice(0, count) } };
}

describe("OpenAI-compatible embedder", () => {
  it("learns its dimensions from a probe when none are configured", async () => {
    server.enqueue(fixtureResponse("openai-embeddings-one"));
    const embedder = await createOpenAIEmbedder(options());
    expect(embedder.dimensions).toBe(8);
    expect(embedderId(embedder)).toBe("openai-compatible/text-embedding-3-small@8");
    const [probe] = server.requests;
    expect(probe?.path).toBe("/v1/embeddings");
    expect(probe?.headers.authorization).toBe("Bearer sk-embed-test");
    expect(probe?.body).toMatchObject({ model: "text-embedding-3-small", input: ["dimension probe"] });
  });

  it("embeds in batches, in order, as unit vectors", async () => {
    const embedder = await createOpenAIEmbedder({ ...options(), dimensions: 8, batchSize: 2 });
    expect(server.requests).toHaveLength(0);
    server.enqueue(vectors(2), vectors(1));
    const { embeddings } = await embedder.embed({ values: ["a", "b", "c"] });
    expect(server.requests.map((request) => (request.body as { input: string[] }).input)).toEqual([
      ["a", "b"],
      ["c"],
    ]);
    expect(embeddings).toHaveLength(3);
    for (const vector of embeddings) {
      expect(vector).toBeInstanceOf(Float32Array);
      expect(vector.length).toBe(8);
      expect(cosineSimilarity(vector, vector)).toBeCloseTo(1, 5);
    }
    // The third value got the first vector of the second response.
    expect(Array.from(embeddings[2]!)).toEqual(Array.from(embeddings[0]!));
    expect(await embedder.embed({ values: [] })).toEqual({ embeddings: [] });
  });

  it("retries a 429 and fails on a wrong vector length", async () => {
    const embedder = await createOpenAIEmbedder({ ...options(), dimensions: 16 });
    server.enqueue(
      fixtureResponse("openai-error-429", { status: 429, headers: { "retry-after": "0" } }),
      vectors(1),
    );
    const error = await embedder.embed({ values: ["a"] }).catch((caught: unknown) => caught);
    expect(server.requests).toHaveLength(2);
    expect(ModelCallError.isInstance(error) && error.kind).toBe("invalid-response");
    expect((error as Error).message).toMatch(/16 dimensions, got 8/);
  });

  it("throws a ModelCallError when the endpoint fails", async () => {
    server.enqueue(fixtureResponse("openai-error-500", { status: 500 }));
    const error = await createOpenAIEmbedder({ ...options(), maxRetries: 0 }).catch(
      (caught: unknown) => caught,
    );
    expect(ModelCallError.isInstance(error) && error.kind).toBe("http-error");
  });
});
