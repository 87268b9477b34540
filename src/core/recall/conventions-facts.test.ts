import { describe, expect, it } from "vitest";
import { chooseConventions, conventionWork, promptWork } from "./conventions.js";

const redis = {
  id: "fact-redis",
  trigger: "Connecting to Redis here",
  rule: "Redis here listens on port 6380",
  updatedAt: 1,
};
const testDb = {
  id: "fact-db",
  trigger: "连接我们的测试库",
  rule: "我们的测试库在 10.3.2.8:3307",
  updatedAt: 1,
};

const chosen = (prompt: string) =>
  chooseConventions(
    [redis, testDb].map((lesson) => ({ lesson, relevance: 0 })),
    promptWork(prompt, false),
  ).chosen.map((item) => item.lesson.id);

describe("a project's facts about its data stores", () => {
  it("hold for database work", () => {
    expect(conventionWork(redis).has("database")).toBe(true);
    expect(conventionWork(testDb).has("database")).toBe(true);
  });

  it("come with prompts that ask for the project's data, whatever words they use", () => {
    expect(chosen("clear the cached session tokens for user 4411")).toEqual(["fact-redis", "fact-db"]);
    expect(chosen("how many invoices are still stuck in draft?")).toHaveLength(2);
    expect(chosen("count the payments that failed yesterday, grouped by provider")).toHaveLength(2);
    expect(chosen("统计一下上周每天的新增注册用户")).toHaveLength(2);
    expect(chosen("查一下昨天有多少订单退款了")).toHaveLength(2);
  });

  it("stay out of knowledge questions and work that touches no data", () => {
    expect(chosen("how does redis persist data to disk?")).toEqual([]);
    expect(chosen("clickhouse 的 MergeTree 是怎么合并数据的？")).toEqual([]);
    expect(chosen("how many bytes are in a kilobyte?")).toEqual([]);
    expect(chosen("count the words in this string")).toEqual([]);
    expect(chosen("write a function that converts camelCase strings to snake_case")).toEqual([]);
  });
});
