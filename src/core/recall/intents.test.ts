import { describe, expect, it } from "vitest";
import {
  activities,
  appliesToEveryAnswer,
  asksFirst,
  holdsProjectWide,
  isGeneralQuestion,
} from "./intents.js";

describe("activities", () => {
  it.each([
    ["create a new typescript project here with vitest for tests", ["dependencies", "tests"]],
    ["set up a vite + react project", ["dependencies"]],
    ["scaffold the admin app", ["dependencies"]],
    ["新建一个 vue 项目", ["dependencies"]],
    ["选择包管理器", ["dependencies"]],
    ["再打一个包，发预发环境", ["build", "deploy"]],
    ["打个包发测试环境", ["build", "deploy"]],
    // Building an artifact said as 出个包, a model rebuilt, a data model refreshed with what depends on it.
    ["release 分支合完了，出个包", ["git", "deploy", "build"]],
    ["the orders mart looks stale on the dashboard, rebuild it", ["build"]],
    ["fct_revenue looks stale — refresh it and everything downstream of it", ["database"]],
    ["dbt run -s stg_orders --profiles-dir ./profiles", ["build", "database"]],
    // A library brought into the project, and an app package built for testers.
    ["项目里要用 httpx 调企业微信的接口，帮我把它加进来", ["dependencies", "http"]],
    ["we'll want duckdb too for the ad-hoc queries, bring it into the project", ["dependencies", "database"]],
    ["assemble a debug apk for QA to sideload", ["build"]],
    ["编一个 release 版本出来", ["deploy", "build"]],
    // The oldest toolchain the code builds with is about what the code may use.
    ["we're bumping MSRV to 1.80, so LazyLock is fine now", ["code"]],
    // A read replica is the database, not a permission; 查数 is querying data.
    ["以后查数一律连只读副本 ch-ro.internal，端口是 9440", ["database"]],
    ["always query the read replica, never the primary", ["database"]],
    ["把跑完的中间表清理一下", ["database"]],
    ["drop the headers and bullet lists, I just want a short paragraph", ["answers"]],
    ["install the deps and run the api tests", ["dependencies", "tests", "run", "http"]],
    ["hooks 目录下的代码缩进乱七八糟的，整理一下", ["lint"]],
    ["本地日志太少了，调成 debug 级别", ["config"]],
    ["raise the log level to debug", ["config"]],
    ["用户模块拆成 service 和 repository 两层", ["code"]],
    ["builds are slow, cache node_modules between the jobs in our pipeline", ["build", "ci", "dependencies"]],
    ["gonna start on the db layer, bring in sqlalchemy 2", ["database", "dependencies"]],
    ["把 gin 升到最新版本", ["dependencies"]],
    ["本地起一下服务，我要调下登录接口", ["run", "http"]],
    ["write a data migration with makemigrations", ["database", "code"]],
    // A cron job is scheduled work as well as a script.
    ["write a wrapper the cron job can call", ["scripts", "schedule", "code"]],
    ["the footer links are way too cramped on mobile", ["styling"]],
    ["add a dark mode look for the navbar", ["styling"]],
    // Setting a value is configuration work, whatever the setting is called.
    ["bump the max upload size to 50MB", ["config"]],
    ["set the idle timeout to 90 seconds", ["config"]],
    ["把缓存过期时间改成 10 分钟", ["config"]],
    ["把最大连接数调到 200", ["config"]],
    // Records asked about in plain words are database work.
    ["list the trips that are stuck in pending status", ["database"]],
    ["查一下昨天新注册了多少用户", ["database"]],
    ["how many customers signed up this week", ["database"]],
    // A command that runs a script file, and bringing services up.
    ["Use `python3 jobs/cleanup.py` instead of `python jobs/cleanup.py`", ["scripts"]],
    ["把监控那几个服务重新拉起来", ["run"]],
    ["make the sidebar collapsible", ["styling"]],
    // A secret key is configuration; keys in a cache are data.
    ["wire up the stripe test key for local dev", ["config", "payments", "tests"]],
    ["check how long the session keys in the cache live", ["database"]],
    // A version is not a setting; a size in pixels is styling.
    ["bump react to 19", ["dependencies"]],
    ["set the header padding to 12px", ["styling"]],
    // 提交 commits changes, but handing in a form or a request is no git work.
    ["帮我提交一下这次的改动", ["commit", "git"]],
    ["提交年假申请一般要提前几天？", []],
    ["报销单明天之前提交报销材料", []],
  ])("%s → %j", (text, expected) => {
    expect([...activities(text)].sort()).toEqual([...expected].sort());
  });

  it("does not read an identifier's name as an activity", () => {
    expect(activities("settle.ts 里 commit 这个变量名太含糊了，改成 committedAmount")).toEqual(
      new Set(["code"]),
    );
    expect(activities("rename the `commit` variable to committedAmount")).not.toContain("commit");
    expect(activities("commit the rename of the variable")).toContain("commit");
  });

  it("does not read a project or a package into unrelated prompts", () => {
    expect(activities("rename the project title in the header")).not.toContain("dependencies");
    expect(activities("把这句话翻译成英文")).toEqual(new Set());
    expect(activities("what's the difference between TCP and UDP?")).toEqual(new Set());
  });
});

describe("appliesToEveryAnswer", () => {
  it.each([
    ["Writing answers", true],
    ["When writing answers", true],
    ["When replying to the user", true],
    ["Giving a response", true],
    ["回答问题", true],
    ["回复用户时", true],
    ["Writing code comments", false],
    ["Running the tests", false],
  ])("%s → %s", (trigger, expected) => {
    expect(appliesToEveryAnswer(trigger)).toBe(expected);
  });
});

describe("isGeneralQuestion", () => {
  it("tells knowledge questions from project work", () => {
    expect(isGeneralQuestion("explain what a closure is")).toBe(true);
    expect(isGeneralQuestion("解释一下快速排序的原理")).toBe(true);
    expect(isGeneralQuestion("write a short thank-you note to my team")).toBe(true);
    expect(isGeneralQuestion("write a migration that adds the column")).toBe(false);
    expect(isGeneralQuestion("bump the idle timeout to 90 seconds")).toBe(false);
    expect(isGeneralQuestion("TCP 三次握手和四次挥手讲一下，面试要用")).toBe(true);
    expect(isGeneralQuestion("explain the CAP theorem for an interview")).toBe(true);
    expect(isGeneralQuestion("把登录接口的超时改成 30 秒")).toBe(false);
    // Translating the app's own texts, or designing how a type is serialised, is project work.
    expect(isGeneralQuestion("translate the checkout button labels into German")).toBe(false);
    expect(isGeneralQuestion("translate the following paragraph into French")).toBe(true);
    expect(isGeneralQuestion("define how the new ContainerManifest case class is serialised")).toBe(false);
    expect(isGeneralQuestion("define idempotency")).toBe(true);
  });

  it("ends the thing to write at a clause of its own: a class that validates cards is code, not a card", () => {
    expect(isGeneralQuestion("write me a birthday card for my aunt")).toBe(true);
    expect(
      isGeneralQuestion(
        "Write a class that validates card payment requests and computes the processing fee.",
      ),
    ).toBe(false);
    expect(isGeneralQuestion("write a handler for the email webhook")).toBe(false);
  });

  it("reads a letter or a poem written for someone as a writing request of no project", () => {
    expect(isGeneralQuestion("写信息的时候用中文还是英文更专业？我要给海外客户写一封邮件")).toBe(true);
    expect(isGeneralQuestion("替我给房东写一封退租的信")).toBe(true);
    expect(isGeneralQuestion("给订单模块写一个导出接口")).toBe(false);
  });
});

describe("asksFirst", () => {
  it.each([
    ["pls dont pull in new packages without asking me first", true],
    ["ask me before adding any dependency", true],
    ["装任何新依赖之前先问我一声", true],
    ["ask the user for the staging url", false],
    ["先跑一下测试", false],
  ])("%s → %s", (rule, expected) => {
    expect(asksFirst(rule)).toBe(expected);
  });
});

describe("holdsProjectWide", () => {
  it.each([
    ["No pip in this repo, its poetry. poetry add pdfplumber", true],
    ["dont pip install into base. everything lives in the torch2 conda env", true],
    ["这个项目要用 node 16，先 nvm use 16 再启动", true],
    ["This repo's redis listens on port 6380", false],
    ["Use pnpm install, not npm install", false],
  ])("%s → %s", (rule, expected) => {
    expect(holdsProjectWide(rule)).toBe(expected);
  });
});
