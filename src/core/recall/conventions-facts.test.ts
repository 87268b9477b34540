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

describe("a project's facts reach the work they serve", () => {
  const fact = (id: string, rule: string) => ({ id, trigger: "Working in this project", rule, updatedAt: 1 });
  const pick = (prompt: string, ...facts: ReturnType<typeof fact>[]) =>
    chooseConventions(
      facts.map((lesson) => ({ lesson, relevance: 0 })),
      promptWork(prompt, false),
    ).chosen.map((item) => item.lesson.id);
  const values = fact("values", "The config lives in `deploy/values.yaml`");
  const broker = fact("broker", "We're on redpanda now, the broker is redpanda-dev.internal:19092");
  const jump = fact("jump", "跳板机不能用 root 登，用 ops 账号，端口是 2222 不是 22");
  const goose = fact("goose", "我们的迁移文件都在 db/migrations 下面，用 goose 管");
  const branches = fact("branches", "Never commit on main. Make a branch and open a PR with gh pr create");

  it("a config file holds for the work its path names", () => {
    expect(conventionWork(values).has("deploy")).toBe(true);
    expect(pick("scale the worker to 4 replicas in prod", values)).toEqual(["values"]);
  });

  it("message brokers, remote servers, tables and reviews are kinds of work of their own", () => {
    expect(pick("send a sample payload to the orders.cancelled topic", broker)).toEqual(["broker"]);
    expect(pick("帮我把 app-02 上的 nginx 配置拉下来看看", jump)).toEqual(["jump"]);
    expect(pick("给 orders 表的 user_id 加个索引", goose)).toEqual(["goose"]);
    expect(pick("ok the date picker change is done, get it up for review", branches)).toEqual(["branches"]);
  });

  it("an ssh key is no remote server", () => {
    expect(
      promptWork("how do I generate an ed25519 ssh key with a comment?", false).work.has("servers"),
    ).toBe(false);
  });
});

describe("questions that ask of the project", () => {
  it("a request asked politely, even after what was done, asks for work", () => {
    const asked = promptWork(
      "I refactored the ledger entry validation, can you verify nothing broke?",
      false,
    );
    expect(asked.question).toBe(false);
    expect(asked.work.has("tests")).toBe(true);
    expect(promptWork("could you explain what git rebase --onto does?", false).question).toBe(true);
  });

  it("trouble that comes back is the project's, not the world's", () => {
    expect(promptWork("怎么又连旧地址了？", false).question).toBe(false);
    expect(promptWork("why is the nightly build failing again?", false).question).toBe(false);
    expect(promptWork("why does TCP retransmit lost segments?", false).question).toBe(true);
  });
});
