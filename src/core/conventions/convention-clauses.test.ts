import { describe, expect, it } from "vitest";
import { readConventions } from "./convention-rule.js";

const rules = (message: string) => readConventions(message).map((found) => found.rule);

describe("several rules in one sentence", () => {
  it("reads one convention per clause when each clause is a rule by itself", () => {
    expect(
      rules(
        "the rule here is: endpoints are async def, route paths are kebab-case (/harvest-forecasts, not /harvestForecasts), and outbound calls to other services use requests with the shared session in orchard/clients.py",
      ),
    ).toEqual([
      "Endpoints are async def",
      "Route paths are kebab-case (/harvest-forecasts, not /harvestForecasts)",
      "Outbound calls to other services use requests with the shared session in orchard/clients.py",
    ]);
  });

  it("gives each clause its own slot and kind of work", () => {
    const found = readConventions(
      "house rule here: every staging table gets the stg_ prefix, and tests are pytest with --strict-markers",
    );
    expect(found.map((item) => item.rule)).toEqual([
      "Every staging table gets the stg_ prefix",
      "Tests are pytest with --strict-markers",
    ]);
    expect(found[0]?.slot?.value).toBe("stg_");
    // "tests are pytest" pairs the tests with their runner, as a description of the stack does.
    expect(found[1]?.slot).toMatchObject({ slot: "test-runner", value: "pytest" });
    expect(found[1]?.work).toContain("tests");
  });

  it("cuts Chinese sentences at full-width commas", () => {
    expect(rules("所有接口都要写单元测试，测试文件放在 tests/ 目录下，文件名以 test_ 开头。")).toEqual([
      "所有接口都要写单元测试",
      "测试文件放在 tests/ 目录下",
      "文件名以 test_ 开头",
    ]);
  });

  it("reads a Chinese clause that says what to keep as a rule of its own", () => {
    const found = readConventions("以后回复用中文，函数名保持英文就行");
    expect(found.map((item) => item.rule)).toEqual(["以后回复用中文", "函数名保持英文就行"]);
  });

  it("keeps an occasion said first with the rule after it, and names the whole occasion", () => {
    const found = readConventions(
      "when you add a migration, add its rollback too, and never edit an applied one",
    );
    expect(found.map((item) => item.rule)).toEqual([
      "When you add a migration, add its rollback too, and never edit an applied one",
    ]);
    expect(found[0]?.trigger).toBe("When you add a migration");
    expect(rules("每次发版之前，先跑一遍冒烟测试")).toEqual(["每次发版之前，先跑一遍冒烟测试"]);
    expect(rules("升到 Go 1.23 以后组里定了，日志统一用 zerolog")).toEqual([
      "升到 Go 1.23 以后组里定了，日志统一用 zerolog",
    ]);
    expect(readConventions("always run the linter before you tell me it's done")[0]?.trigger).not.toMatch(
      /^Before you$/,
    );
  });

  it("keeps more examples with the clause they are examples of ('…, q_items and so on')", () => {
    expect(
      rules(
        "I changed my mind about the prefix again. q_ reads weird in reviews. Make that r_, so r_total, r_scores and so on.",
      ),
    ).toEqual(["Make that r_, so r_total, r_scores and so on"]);
  });

  it("keeps clauses that lean on each other as one rule", () => {
    // The other option of a choice, a reason, what a change drops, a request for now.
    expect(rules("use pnpm, not npm")).toEqual(["Use pnpm, not npm"]);
    expect(rules("we use ruff, it's fast")).toEqual(["We use ruff, it's fast"]);
    expect(rules("Yarn is gone, we use pnpm now")).toEqual(["Yarn is gone, we use pnpm now"]);
    expect(rules("we use pnpm, and please run the tests")).toEqual(["We use pnpm, and please run the tests"]);
    expect(rules("we use pnpm, which means the lockfile is pnpm-lock.yaml")).toHaveLength(1);
    // What the thing just named looks like, its owner left out.
    expect(rules("提交信息用中文写，格式是 类型: 描述，比如 修复: 回调验签失败")).toEqual([
      "提交信息用中文写，格式是 类型: 描述，比如 修复: 回调验签失败",
    ]);
  });

  it("does not cut inside brackets or quotes", () => {
    expect(rules("always log with `log.info(msg, extra)`, never print")).toHaveLength(1);
  });
});

describe("a clause holds the slot it sets", () => {
  it("gives a slot to the clause that says its value, not to the one that names its tool", () => {
    const found = readConventions(
      "lint 已经不用 eslint 了，eslint+prettier 跑一次要 40 多秒，太慢了，我们换成 biome 了。",
    );
    // The drop alone would carry biome, which it never says: it stays with the clause that does.
    expect(found.map((item) => [item.slot?.slot, item.slot?.value])).toEqual([["linter", "biome"]]);
    expect(found[0]?.rule).toContain("换成 biome");
  });
});
