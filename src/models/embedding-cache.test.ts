import { describe, expect, it } from "vitest";
import type { Embedder } from "./embedder.js";
import { EmbeddingCache } from "./embedding-cache.js";
import { createHashingEmbedder } from "./hashing-embedder.js";

/** The hashing embedder, recording the texts of each call it gets. */
function counted(embedder: Embedder = createHashingEmbedder()): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    provider: embedder.provider,
    modelId: embedder.modelId,
    dimensions: embedder.dimensions,
    calls,
    embed: async (options) => {
      calls.push([...options.values]);
      return embedder.embed(options);
    },
  };
}

const hashing = createHashingEmbedder();
const direct = (texts: string[]) => texts.map((text) => hashing.embedSync(text));

describe("EmbeddingCache", () => {
  it("answers texts seen before with the embedder's own vectors, and embeds only the others, once each", async () => {
    const inner = counted();
    const embedder = new EmbeddingCache().wrap(inner);
    expect(embedder).toMatchObject({ provider: "tacit", modelId: "hashing-v1", dimensions: 512 });
    const first = ["installing the dependencies", "running the tests"];
    expect((await embedder.embed({ values: first })).embeddings).toEqual(direct(first));
    const second = [
      "running the tests",
      "pushing a branch",
      "installing the dependencies",
      "pushing a branch",
    ];
    expect((await embedder.embed({ values: second })).embeddings).toEqual(direct(second));
    expect((await embedder.embed({ values: first })).embeddings).toEqual(direct(first));
    expect(inner.calls).toEqual([first, ["pushing a branch"]]);
    expect((await embedder.embed({ values: [] })).embeddings).toEqual([]);
    expect(inner.calls).toHaveLength(2);
  });

  it("hands out copies: changing a returned vector changes no later answer", async () => {
    const embedder = new EmbeddingCache().wrap(hashing);
    const [fresh, twin] = (await embedder.embed({ values: ["use pnpm", "use pnpm"] })).embeddings;
    fresh?.fill(7);
    twin?.fill(8);
    const [cached] = (await embedder.embed({ values: ["use pnpm"] })).embeddings;
    cached?.fill(9);
    expect((await embedder.embed({ values: ["use pnpm"] })).embeddings).toEqual(direct(["use pnpm"]));
  });

  it("keeps the vectors of different embedders apart", async () => {
    const cache = new EmbeddingCache();
    const small = createHashingEmbedder({ dimensions: 384 });
    const [wide] = (await cache.wrap(hashing).embed({ values: ["use pnpm"] })).embeddings;
    const [narrow] = (await cache.wrap(small).embed({ values: ["use pnpm"] })).embeddings;
    expect(wide).toHaveLength(512);
    expect(narrow).toEqual(small.embedSync("use pnpm"));
    expect(cache.size).toBe(2);
  });

  it("holds at most its byte bound, dropping the least recently used first", async () => {
    const inner = counted();
    // Room for three 512-dimension vectors (2 KiB each) and their short keys, not four.
    const cache = new EmbeddingCache(3 * 2048 + 200);
    const embedder = cache.wrap(inner);
    await embedder.embed({ values: ["a one", "b two", "c three"] });
    expect(cache.size).toBe(3);
    await embedder.embed({ values: ["a one"] });
    await embedder.embed({ values: ["d four"] });
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    inner.calls.length = 0;
    // "b two" was the least recently used: it is the one embedded again.
    expect((await embedder.embed({ values: ["a one", "c three", "d four", "b two"] })).embeddings).toEqual(
      direct(["a one", "c three", "d four", "b two"]),
    );
    expect(inner.calls).toEqual([["b two"]]);
    expect(cache.size).toBe(3);
  });

  it("does not keep a vector larger than its whole bound", async () => {
    const cache = new EmbeddingCache(1024);
    expect((await cache.wrap(hashing).embed({ values: ["use pnpm"] })).embeddings).toEqual(
      direct(["use pnpm"]),
    );
    expect(cache.size).toBe(0);
    expect(cache.bytes).toBe(0);
  });

  it("fails loudly when the embedder answers fewer vectors than texts", async () => {
    const short: Embedder = { ...hashing, embed: async () => ({ embeddings: [] }) };
    await expect(new EmbeddingCache().wrap(short).embed({ values: ["use pnpm"] })).rejects.toThrow(
      /returned 0 vectors for 1 texts/,
    );
  });

  it("honours an aborted signal before answering, even from memory", async () => {
    const embedder = new EmbeddingCache().wrap(hashing);
    await embedder.embed({ values: ["use pnpm"] });
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    await expect(embedder.embed({ values: ["use pnpm"], abortSignal: controller.signal })).rejects.toThrow(
      "stop",
    );
  });
});
