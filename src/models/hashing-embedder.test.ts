import { describe, expect, it } from "vitest";
import { InvalidInputError, TacitError } from "../core/errors.js";
import { cosineSimilarity } from "../core/vector.js";
import { embedderId } from "./embedder.js";
import { createHashingEmbedder, extractFeatures, stem } from "./hashing-embedder.js";

const embedder = createHashingEmbedder();
const similarity = (a: string, b: string) => cosineSimilarity(embedder.embedSync(a), embedder.embedSync(b));
const norm = (vector: Float32Array) => Math.hypot(...vector);
const wordFeatures = (text: string) => [...(extractFeatures(text).get("words")?.keys() ?? [])];

describe("createHashingEmbedder", () => {
  it("describes itself for the stored embedder id", () => {
    expect(embedder.provider).toBe("tacit");
    expect(embedder.modelId).toBe("hashing-v1");
    expect(embedder.dimensions).toBe(512);
    expect(embedderId(embedder)).toBe("tacit/hashing-v1@512");
    expect(embedderId(createHashingEmbedder({ dimensions: 384 }))).toBe("tacit/hashing-v1@384");
  });

  it("gives custom weights a different model id, so their vectors are never compared with the default's", () => {
    const custom = createHashingEmbedder({ weights: { characters: 0.9 } });
    expect(custom.modelId).toMatch(/^hashing-v1-[0-9a-f]+$/);
    expect(createHashingEmbedder({ weights: { characters: 0.9 } }).modelId).toBe(custom.modelId);
  });

  it("rejects a dimension that is not a usable integer", () => {
    expect(() => createHashingEmbedder({ dimensions: 8 })).toThrow(InvalidInputError);
    expect(() => createHashingEmbedder({ dimensions: 100.5 })).toThrow(/dimensions/);
  });

  it("stays finite when a whole group weighs nothing", () => {
    const vector = createHashingEmbedder({ weights: { stopWord: 0 } }).embedSync("the");
    expect(vector.every(Number.isFinite)).toBe(true);
    expect(norm(vector)).toBeCloseTo(1, 5);
  });

  it("is deterministic across calls and instances", () => {
    const text = "Use pnpm, not npm, in this repo (see package.json)";
    const first = embedder.embedSync(text);
    expect(embedder.embedSync(text)).toEqual(first);
    expect(createHashingEmbedder().embedSync(text)).toEqual(first);
  });

  it("keeps the recipe of hashing-v1 fixed (change the features → bump MODEL_VERSION)", () => {
    const vector = embedder.embedSync("Run the tests with vitest before committing to main");
    const fingerprint = Array.from(vector, (value, index) =>
      value === 0 ? 0 : index * Math.round(value * 1e4),
    ).reduce((sum, value) => sum + value, 0);
    expect(fingerprint).toMatchInlineSnapshot(`-773126`);
  });

  it("returns unit vectors of the configured length", () => {
    for (const text of ["Use pnpm", "使用 pnpm", "", "!!!", "a ".repeat(500)]) {
      const vector = embedder.embedSync(text);
      expect(vector).toHaveLength(512);
      expect(norm(vector)).toBeCloseTo(1, 5);
    }
  });

  it("embeds every text without words to one vector, far from real lessons", () => {
    expect(similarity("", "...")).toBeCloseTo(1, 5);
    expect(similarity("", "Use pnpm, not npm")).toBeCloseTo(0.6 / 1.6, 2);
    expect(similarity("", "不要直接推送到 main 分支")).toBeCloseTo(0.6 / 1.6, 2);
  });

  it("embeds batches in order through the async port", async () => {
    const values = ["Use pnpm, not npm", "开发服务器运行在 3000 端口", ""];
    const { embeddings } = await embedder.embed({ values });
    expect(embeddings).toEqual(values.map((value) => embedder.embedSync(value)));
    expect((await embedder.embed({ values: [] })).embeddings).toEqual([]);
  });

  it("honours an aborted signal", async () => {
    const controller = new AbortController();
    controller.abort(new Error("stop"));
    await expect(embedder.embed({ values: ["x"], abortSignal: controller.signal })).rejects.toThrow("stop");
  });

  it("scores the same text 1, ignoring case, punctuation and spacing", () => {
    expect(similarity("Use pnpm, not npm.", "Use pnpm, not npm.")).toBeCloseTo(1, 6);
    expect(similarity("Use pnpm, not npm.", "  use PNPM not npm  ")).toBeCloseTo(1, 6);
    expect(similarity("不要直接推送到 main 分支", "不要直接推送到 main 分支。")).toBeCloseTo(1, 6);
  });

  it("scores close rewordings of a rule at the update threshold or above", () => {
    expect(
      similarity("Use pnpm, not npm, in this repo", "In this repository use pnpm, not npm"),
    ).toBeGreaterThanOrEqual(0.85);
    expect(
      similarity("The dev server listens on port 5173", "The development server listens on port 5173."),
    ).toBeGreaterThanOrEqual(0.85);
  });

  it("scores looser rewordings at least at the evidence threshold", () => {
    expect(
      similarity("Use pnpm, not npm, in this repo", "This repository uses pnpm instead of npm"),
    ).toBeGreaterThanOrEqual(0.6);
    expect(
      similarity("Run npm run lint before committing", "Always lint with npm run lint before you commit"),
    ).toBeGreaterThanOrEqual(0.6);
  });

  it("keeps unrelated lessons below the evidence threshold", () => {
    expect(similarity("Use pnpm, not npm, in this repo", "The user prefers concise answers")).toBeLessThan(
      0.6,
    );
    expect(similarity("Set DATABASE_URL before migrations", "Use camelCase for variable names")).toBeLessThan(
      0.6,
    );
    expect(similarity("Use pnpm, not npm", "用户希望回答简洁一些")).toBeLessThan(0.6);
  });

  it("keeps a different rule on the same topic below the update threshold", () => {
    expect(
      similarity("Use pnpm, not npm, in this repo", "Run pnpm install with --frozen-lockfile in CI"),
    ).toBeLessThan(0.85);
    expect(
      similarity("The dev server listens on port 5173", "The preview server listens on port 4173"),
    ).toBeLessThan(0.85);
  });

  it("matches Chinese near-duplicates, which have no spaces", () => {
    expect(similarity("这个仓库使用 pnpm，不要用 npm", "本仓库用 pnpm 而不是 npm")).toBeGreaterThanOrEqual(
      0.6,
    );
    expect(similarity("开发服务器运行在 3000 端口", "开发服务器的端口是 3000")).toBeGreaterThanOrEqual(0.6);
    expect(similarity("不要修改自动生成的文件", "自动生成的文件不能手动修改")).toBeGreaterThanOrEqual(0.6);
    expect(similarity("用户喜欢简洁的回答", "数据库迁移前需要设置环境变量")).toBeLessThan(0.6);
  });

  it("down-weights Chinese particles", () => {
    const characters = extractFeatures("的测试").get("characters");
    expect(characters?.get("h:的")).toBeLessThan(characters?.get("h:测") ?? 0);
  });

  it("down-weights English function words", () => {
    expect(extractFeatures("the tests").get("words")?.get("w:the")).toBeLessThan(1);
    expect(similarity("run the tests", "run tests")).toBeGreaterThan(0.95);
  });

  it("splits identifiers and keeps the whole identifier too", () => {
    expect(wordFeatures("config.yaml")).toEqual(
      expect.arrayContaining(["w:config.yaml", "w:configuration", "w:yaml"]),
    );
    expect(wordFeatures("getUserById")).toEqual(
      expect.arrayContaining(["w:getuserbyid", "w:get", "w:user", "w:id"]),
    );
    expect(wordFeatures("node_modules")).toEqual(
      expect.arrayContaining(["w:node_modules", "w:nod", "w:modul"]),
    );
    expect(wordFeatures("--frozen-lockfile")).toEqual(
      expect.arrayContaining(["w:frozen-lockfile", "w:frozen", "w:lockfil"]),
    );
    expect(wordFeatures("HTTPServer")).toEqual(
      expect.arrayContaining(["w:httpserver", "w:http", "w:server"]),
    );
    expect(wordFeatures("don't")).toEqual(expect.arrayContaining(["w:do", "w:not"]));
  });

  it("relates an identifier to its spelled-out words", () => {
    expect(
      similarity("getUserById throws NotFoundError", "get user by id throws not found error"),
    ).toBeGreaterThan(0.75);
    expect(similarity("edit config.yaml", "edit the yaml config")).toBeGreaterThan(0.7);
    expect(similarity("Set DATABASE_URL", "Set the database url")).toBeGreaterThan(0.7);
  });

  it("expands common abbreviations", () => {
    expect(similarity("Clone the repo", "Clone the repository")).toBeGreaterThan(0.95);
    expect(similarity("Set the env var", "Set the environment variable")).toBeGreaterThan(0.95);
  });
});

describe("stem", () => {
  it("conflates inflections consistently", () => {
    for (const group of [
      ["use", "uses", "used", "using"],
      ["test", "tests", "testing", "tested"],
      ["run", "runs", "running"],
      ["install", "installs", "installed", "installing"],
      ["change", "changes", "changed", "changing"],
      ["dependency", "dependencies"],
    ]) {
      expect(new Set(group.map(stem)).size, group.join(",")).toBe(1);
    }
    expect(stem("need")).toBe(stem("needed"));
    expect(stem("status")).toBe("status");
    expect(stem("42")).toBe("42");
  });
});

describe("cosineSimilarity", () => {
  it("refuses vectors of different lengths", () => {
    expect(() => cosineSimilarity(new Float32Array(3), new Float32Array(4))).toThrow(TacitError);
  });

  it("returns 0 for a zero vector", () => {
    expect(cosineSimilarity(new Float32Array([0, 0]), new Float32Array([1, 0]))).toBe(0);
  });
});
