import { describe, expect, it } from "vitest";
import { extractStrategies, STRATEGIES, type StrategyId } from "./strategies.js";

const ids = (description: string) => extractStrategies(description).map((strategy) => strategy.id);

const PHRASINGS: Record<StrategyId, { en: string[]; zh: string[] }> = {
  "split-by-file-type": {
    en: ["We will split by file type.", "Group the work by file extension", "a file-type-based breakdown"],
    zh: ["按文件类型拆分", "按照文件后缀分组", "文件类型划分"],
  },
  "split-by-component": {
    en: ["Split by component", "Break it down by components", "one subtask per component"],
    zh: ["按组件拆分", "根据组件分配工作", "每个组件一个子任务"],
  },
  "split-by-layer": {
    en: ["Split by layer", "divide by architectural layers", "UI / logic / data"],
    zh: ["按层拆分", "按照分层划分", "UI/逻辑/数据 三部分"],
  },
  "split-by-feature": {
    en: ["Split by feature", "one subtask per feature", "vertical slices"],
    zh: ["按功能拆分", "根据特性划分", "每个功能一个子任务"],
  },
  "one-file-per-subtask": {
    en: ["one file per subtask", "each subtask touches a single file", "single file per task"],
    zh: ["每个子任务一个文件", "每个子任务只修改一个文件", "一个子任务一个文件"],
  },
  "shared-types-first": {
    en: ["shared types first", "start with the shared types", "define the common types before anything else"],
    zh: ["先处理共享类型", "先定义公共类型", "共享类型优先"],
  },
  "separate-api-routes": {
    en: ["separate API routes", "put the API routes in a separate subtask", "split out the API routes"],
    zh: ["分离API路由", "API路由单独处理", "独立的 API 路由"],
  },
  "tests-with-implementation": {
    en: [
      "write tests alongside the implementation",
      "each subtask includes its own tests",
      "tests in the same subtask as the code",
    ],
    zh: ["测试与实现一起", "实现和测试放在一起", "边实现边写测试"],
  },
  "tests-in-separate-subtask": {
    en: ["tests in a separate subtask", "a dedicated subtask for tests", "a separate testing task"],
    zh: ["测试在单独子任务中", "单独的测试子任务", "测试放在独立的子任务"],
  },
  "maximize-parallelization": {
    en: ["maximize parallelization", "as parallel as possible", "run the subtasks in parallel"],
    zh: ["最大化并行化", "尽可能并行", "并行执行这些子任务"],
  },
  "sequential-order": {
    en: ["work sequentially", "do them in sequence", "one after another"],
    zh: ["顺序执行", "按顺序完成", "依次处理"],
  },
  "respect-dependency-chain": {
    en: ["respect the dependency chain", "follow the dependencies", "in dependency order"],
    zh: ["尊重依赖链", "遵循依赖关系", "按依赖顺序"],
  },
};

describe("extractStrategies", () => {
  it("covers the 12 decomposition strategies", () => {
    expect(STRATEGIES.map((strategy) => strategy.id)).toEqual(Object.keys(PHRASINGS));
  });

  for (const [id, phrasings] of Object.entries(PHRASINGS) as [StrategyId, { en: string[]; zh: string[] }][]) {
    it(`detects ${id} in English and Chinese phrasings`, () => {
      for (const text of [...phrasings.en, ...phrasings.zh]) {
        expect(ids(text), text).toContain(id);
      }
    });
  }

  it("labels a Chinese description with Chinese labels", () => {
    expect(extractStrategies("我们将按文件类型拆分,每个子任务一个文件")).toEqual([
      { id: "split-by-file-type", label: "按文件类型拆分" },
      { id: "one-file-per-subtask", label: "每个子任务一个文件" },
    ]);
  });

  it("labels English descriptions in English, in `STRATEGIES` order, each once", () => {
    expect(
      extractStrategies(
        "Start with the shared types, then split by feature; split by feature again, in parallel.",
      ),
    ).toEqual([
      { id: "split-by-feature", label: "split by feature" },
      { id: "shared-types-first", label: "shared types first" },
    ]);
  });

  it("reads full-width text", () => {
    expect(ids("我们将按文件类型拆分，先处理共享类型，分离ＡＰＩ路由")).toEqual([
      "split-by-file-type",
      "shared-types-first",
      "separate-api-routes",
    ]);
  });

  it("finds nothing in text without a strategy", () => {
    expect(ids("Fix the login bug in order to ship on Friday")).toEqual([]);
    expect(ids("修复登录页面的样式问题")).toEqual([]);
  });
});
