import { describe, expect, it } from "vitest";
import type { Lesson } from "../lessons/lesson.js";
import { IMPERATIVE_VERBS, verbsAsking } from "../lexicon/imperative-verbs.js";
import { activityTrigger, kindsOfWork } from "../lexicon/kinds-of-work.js";
import { chooseConventions, conventionWork, promptWork } from "./conventions.js";

type ConventionLesson = Pick<Lesson, "id" | "trigger" | "rule" | "slot" | "updatedAt">;

const convention = (id: string, rule: string, updatedAt = 1): ConventionLesson => ({
  id,
  trigger: "Working in this project",
  rule,
  updatedAt,
});

describe("a request in a project is code work, whatever its opening", () => {
  it.each([
    "Add support for extracting the series name from the metadata",
    "wrap the SMTP send in a retry loop and report each failed attempt",
    "cover StockLevelService with unit checks for the empty case",
    "We need to store overdue-fine waivers, each linked to a loan",
    "当前登录人的权限信息好几个页面都要用，帮我做成共享的",
    "新增一个按档案编号查询借阅记录的功能",
    "the importer is slow, can you cache the rates lookup",
    "StockLevelService should return zero when nothing is in stock",
    "we need a cache for the rates lookup",
    "借阅列表要能按档案编号筛选",
    "给订单列表加个导出按钮",
    // A summary the program prints is the program's, not the answer's; a feature given to a part of it.
    "add a subcommand that prunes cache entries older than N days and prints a summary of what was removed",
    "give the list command a machine-readable output mode",
    // What the project's users get to do, and where something should show.
    "let volunteers book a pickup slot for a donation, and send them a confirmation",
    "购物车里的商品数量要在顶部导航和商品页之间同步显示",
    "要在首页显示最近的订单",
    // A later clause may open with its verb; a need may have any verb but one that runs or asks.
    "the pricing page moved to /plans, make the old links land there",
    "the sync job fails quietly, I want to see in the logs which accounts it skipped",
    "we need to remember the last filter a user picked, keep it across reloads",
    "导出的文件名现在写死成 report.csv，做成按日期生成的",
    "新建一张表记录每次同步的耗时",
    // Translating the app's own texts, keeping state in a store, sending a message are code work.
    "translate the signup form labels into French",
    "keep the open filters in a store so they survive a reload",
    "用户注册成功后发一条消息通知积分服务",
    // A need with "keep", a thing that needs a part, state shared across pages, 需要 with a verb.
    "we need to keep track of the articles a reader saved and show them on the profile",
    "the invoice page needs a discount line under the subtotal",
    "当前选中的门店要在各个页面之间共享",
    "结算的时候需要调优惠服务拿可用的券",
    // "show" on a screen of the app, before or after the screen is named.
    "on the order detail page, show the delivery window as a countdown",
    "show the tax line under each receipt card",
    // Modelling a domain or charting data is writing code; so is what the project's users need to be
    // able to do; "define how …" designs, it asks for no definition.
    "model everything that can go wrong when booking a berth slot at the terminal",
    "chart the median wait per clinic for each month of 2025",
    "customers need to be able to change the delivery address while a parcel is still at the depot",
    "define how the new ContainerManifest case class is serialised for the tracking API",
    // Building what is asked for is the work itself, not the build; a request may open after a dash;
    // a crash reported with "fix it" is code, whatever everyday word the app's domain uses.
    "Customers would like to move a booking to another time slot — could you build that?",
    "the recipe share sheet crashes on iPad, can you fix it",
  ])("%s → code", (prompt) => {
    const work = promptWork(prompt, false);
    expect(work.work.has("code")).toBe(true);
    expect(work.general).toBe(false);
  });

  it.each([
    // What it makes is a branch, a package, a piece of prose, a deploy, an answer.
    "create a branch for the fix",
    "add the uuid package to the api",
    "write a blog post about our launch",
    "write me a cover letter",
    "写一篇周报",
    "deploy it to staging",
    "I want a summary of what changed",
    // It runs, checks or looks up: the kinds it names say what work.
    "restart the worker",
    "run the tests",
    "make sure the migration is reversible",
    "check the logs for errors",
    "帮我查一下昨天的订单数",
    // It asks for an answer.
    "explain how the importer works",
    "帮我解释一下 React hooks",
    // A statement of how things are, not a need.
    "the tests should pass now",
    "it should work now",
    "I need to run the migrations again",
    // A request about everyday life.
    "plan a two-day itinerary for Lisbon",
    "帮我规划一下国庆去成都的旅游行程",
    // Letting people decide or look, and a time or a meeting to sync or update by, are no feature.
    "let folks decide what they want for lunch",
    "let others review it first",
    "let ops teams know when it ships",
    "要在群里同步一下进度",
    "这个要在下周一之前更新",
  ])("%s is not code work", (prompt) => {
    expect(promptWork(prompt, false).work.has("code")).toBe(false);
  });

  it.each([
    "帮我写一段发给房东的微信，说卧室空调坏了，想约个周末来修",
    "write a short text to my landlord asking when the heater gets fixed",
  ])("%s is a message in the user's own life: no conventions", (prompt) => {
    expect(promptWork(prompt, false).general).toBe(true);
  });

  it("reads a request to write something for the conventions block only, not for situational lessons", () => {
    expect(promptWork("wrap the SMTP send in a retry loop", false).lessonWork.has("code")).toBe(false);
    expect(promptWork("rename the retry helper to with_backoff", false).lessonWork.has("code")).toBe(true);
  });

  it("names tests, the database or HTTP beside code when a request builds them", () => {
    expect([
      ...promptWork("cover StockLevelService with unit checks for the empty case", false).work,
    ]).toEqual(expect.arrayContaining(["tests", "code"]));
    expect(
      [...promptWork("Add a column for the waiver reason to the loans table", false).work].sort(),
    ).toEqual(["code", "database"]);
  });

  it("takes its verbs from the imperative-verbs lexicon, each group saying what it asks for", () => {
    for (const asks of ["code", "edit", "operate", "answer"] as const)
      expect(verbsAsking(asks, false).length).toBeGreaterThan(0);
    expect(IMPERATIVE_VERBS.entries.every((entry) => entry.asks !== undefined)).toBe(true);
    expect(new RegExp(`^(?:${verbsAsking("code", false)})\\b`).test("cover it")).toBe(true);
    expect(new RegExp(`^(?:${verbsAsking("code", false)})\\b`).test("make sure it works")).toBe(false);
    expect(new RegExp(`^(?:${verbsAsking("code", false)})\\b`).test("log in to the panel")).toBe(false);
  });
});

describe("knowledge questions and small talk still get no conventions", () => {
  const project = [
    convention("winston", "Logs go through winston, the logger is in src/log.ts"),
    convention("pinia", "状态管理换成 Pinia 了，Vuex 不要再用了"),
  ].map((lesson) => ({ lesson, relevance: 0.3 }));

  it.each([
    "how do I define a git alias?",
    "what's the difference between a list and a tuple?",
    "Tell me a fun fact about octopuses",
    "redis 的 zset 底层是怎么实现的",
    "实现原理是什么？",
    "what's the best way to store sessions?",
    "haha thanks for all the help this week, have a great weekend!",
    "谢谢，辛苦了，加油",
    "好的，做得不错",
    // Asked without a question mark.
    "how many ports does a typical USB-C hub have",
    "explain the difference between TCP and UDP",
    "讲一下 LayerNorm 和 BatchNorm 的区别",
    "讲讲 Vue3 的响应式原理",
  ])("%s", (prompt) => {
    expect(chooseConventions(project, promptWork(prompt, false)).chosen).toEqual([]);
  });

  it("reads a regex matcher as part of the project, and a regex to write as a self-contained request", () => {
    const bench = promptWork("benchmark the regex matcher against the plain substring matcher", false);
    expect(bench.question).toBe(false);
    expect(promptWork("write a regex that matches email addresses", false).question).toBe(true);
  });
});

describe("a convention that names no kind of work holds for code work", () => {
  it.each([
    "Logs go through winston, the logger is in src/log.ts",
    "状态管理换成 Pinia 了，Vuex 不要再用了",
    "Every resource carries the owner and costcenter tags",
  ])("%s → code", (rule) => {
    expect([...conventionWork(convention("c", rule))]).toEqual(["code"]);
  });

  it("a convention naming its ORM holds for database work and code (分页…换成 MyBatis-Plus)", () => {
    expect([
      ...conventionWork(convention("c", "分页也不用 PageHelper 了，换成 MyBatis-Plus 自带的分页插件")),
    ]).toEqual(["database", "code"]);
  });

  it("comes for a task that names none of its words", () => {
    const candidates = [
      convention("winston", "Logs go through winston, the logger is in src/log.ts"),
      convention("tags", "Every resource carries the owner and costcenter tags"),
    ].map((lesson) => ({ lesson, relevance: 0.1 }));
    const chosen = chooseConventions(
      candidates,
      promptWork("wrap the SMTP send in a retry loop and report each failed attempt", false),
    ).chosen.map((item) => item.lesson.id);
    expect(chosen.sort()).toEqual(["tags", "winston"]);
  });

  it("reads a private field as code, not as a database column", () => {
    expect([
      ...conventionWork(convention("f", "私有字段不用 m_ 前缀了，改成下划线加小驼峰，比如 _growthTimer")),
    ]).toEqual(["code"]);
  });

  it("keeps the kinds a convention does name", () => {
    expect([
      ...conventionWork(convention("c", "Tests are mocha, run with npm run test:mocha")),
    ]).not.toContain("code");
  });
});

describe("plural and inflected wordings of a kind of work", () => {
  it.each([
    ["all functions return a Result", "code"],
    ["prices are Decimal everywhere, never a float", "code"],
    ["add a refund_reason column to payments", "database"],
    ["the importer crashes now and then, make sure we hear about it", "code"],
    ["改好了，帮我推到远端", "git"],
    ["we need somewhere to store the weekly digest settings", "database"],
    ["try catboost with depth 8 against the current baseline", "jobs"],
    ["components live in src/ui", "code"],
    ["helper classes go in utils/", "code"],
    ["the logger is in src/log.ts", "code"],
    ["state management is Pinia", "code"],
    ["分页用 MyBatis-Plus 的插件", "code"],
    ["日志统一用 slf4j", "code"],
    ["assertions use chai's expect", "tests"],
    ["public functions need type hints", "code"],
    // Where a list's commas go is formatting; what a query selects is the database's.
    ["Trailing commas again, sorry for the churn", "lint"],
    ["from now on, leading commas in select lists", "database"],
    // Jobs on a clock, however they are said to run.
    ["schedule the invoice reminder email job every weekday at 9am", "schedule"],
    ["add a job that rotates the nginx logs every sunday night", "schedule"],
    ["all schedules are written in UTC, never local time", "schedule"],
    ["把日报加到每天的调度里", "schedule"],
    // A version cut is a release; a table of its own is the database's.
    ["cut 0.4.0, the jump command is the headline", "deploy"],
    ["准备发 2.3.0 了，需要我这边做什么", "deploy"],
    ["门店营业时间要单独存一张表，每个门店每天一行", "database"],
  ])("%s → %s", (text, kind) => {
    expect(kindsOfWork(text).has(kind)).toBe(true);
  });

  it("reads a schedule shown on a page as no schedule work", () => {
    expect(kindsOfWork("the pass schedule table doesn't sort").has("schedule")).toBe(false);
  });

  it("reads logs to look at as no kind of work", () => {
    expect(kindsOfWork("check the worker logs").size).toBe(0);
    expect(kindsOfWork("本地日志太少了，调成 debug 级别").has("code")).toBe(false);
  });
});

describe("the block's order with more conventions for code work", () => {
  it("puts conventions sharing the prompt's specific kinds first, within the limit", () => {
    const code = Array.from({ length: 12 }, (_, index) =>
      convention(`code-${index}`, `Module ${index} keeps its helpers private`, 100 + index),
    ).map((lesson) => ({ lesson, relevance: 0.4 }));
    const tests = { lesson: convention("tests", "Tests use vitest, never jest", 1), relevance: 0.1 };
    const choice = chooseConventions(
      [...code, tests],
      promptWork("cover StockLevelService with unit checks for the empty case", false),
    );
    expect(choice.chosen[0]?.lesson.id).toBe("tests");
    expect(choice.chosen).toHaveLength(10);
  });
});

describe("what a prompt names and brings in", () => {
  it("reads push notifications as no git work, and tidying the format as lint work", () => {
    expect(
      promptWork("add a settings screen where users can mute push notifications", false).work.has("git"),
    ).toBe(false);
    expect(promptWork("改完了，帮我整理一下格式", false).work.has("lint")).toBe(true);
  });

  it("reads a package after 加一下 as dependency work", () => {
    expect(promptWork("推理服务里加一下 onnxruntime", false).work.has("dependencies")).toBe(true);
  });

  it("reads a package fronted with 把 as dependency work", () => {
    expect([...promptWork("要画趋势图，把 matplotlib 加进来", false).work]).toEqual(["dependencies"]);
  });

  it("keeps an everyday request that names a thing of the code as project work", () => {
    const work = promptWork("add a gift ideas page to the storefront", false);
    expect(work.general).toBe(false);
    expect(work.work.has("code")).toBe(true);
  });
});

describe("a past participle names its work", () => {
  it("reads 'get it committed' as commit work", () => {
    expect(promptWork("looks good to me, get it committed", false).work.has("commit")).toBe(true);
  });
});

describe("a checkout page is no git checkout", () => {
  it("reads git work only for checking out a branch", () => {
    expect(promptWork("add a coupon field to the checkout page", false).work.has("git")).toBe(false);
    expect(promptWork("checkout the release branch and rebuild", false).work.has("git")).toBe(true);
  });
});

describe("CI and the build go together", () => {
  it("reads a step that runs on every pull request as CI work, and a CI convention holds for build work", () => {
    expect(promptWork("add a typecheck step that runs on every pull request", false).work.has("ci")).toBe(
      true,
    );
    const ci = convention("ci", "CI is Buildkite now");
    const choice = chooseConventions(
      [{ lesson: ci, relevance: 0 }],
      promptWork("cache the cargo registry in the build so it stops taking ten minutes", false),
    );
    expect(choice.chosen.map((item) => item.lesson.id)).toEqual(["ci"]);
  });

  it("reads no package in 'we need somewhere to…' and no cloud profile in a user's profile", () => {
    expect(promptWork("we need somewhere to keep the chosen plan", false).work.has("dependencies")).toBe(
      false,
    );
    expect(promptWork("show the badges on the user's profile page", false).work.has("cloud")).toBe(false);
  });
});

describe("embedded work", () => {
  it("reads flashing a board and reading its serial console as device work, and names a recovery's situation", () => {
    expect(
      promptWork("tail the serial output after reset, the IMU values look off", false).work.has("device"),
    ).toBe(true);
    expect(promptWork("put the new firmware onto the board", false).work.has("device")).toBe(true);
    expect(activityTrigger("idf.py -p /dev/ttyUSB1 flash", false, "command")).toBe(
      "Flashing and monitoring the device",
    );
  });
});

describe("a question about a pull request or a part of the project", () => {
  it("is about the project, not knowledge, when it points at one (那个 PR, the PR)", () => {
    expect(promptWork("物流轨迹那个 PR 现在能合吗？帮我看下还差什么", false).general).toBe(false);
    expect(promptWork("is the PR ready to merge?", false).general).toBe(false);
    expect(promptWork("什么是 PR？", false).general).toBe(true);
  });
});

describe("the build and the thing built", () => {
  it("reads building a thing asked for as no build work, and rebuilding what exists as build work", () => {
    expect(kindsOfWork("could you build that?").has("build")).toBe(false);
    expect(kindsOfWork("build me a settings page").has("build")).toBe(false);
    expect(kindsOfWork("the orders mart looks stale, rebuild it").has("build")).toBe(true);
    expect(kindsOfWork("the build fails on CI").has("build")).toBe(true);
  });

  it("reads a rule about controllers as code work", () => {
    expect(
      conventionWork(
        convention("c", "We keep controllers thin, every endpoint gets its own Form Request"),
      ).has("code"),
    ).toBe(true);
  });
});

describe("what a project makes in its code", () => {
  it("reads a request for a scheduled job or an endpoint as code work, not one for a branch that names it", () => {
    expect(
      promptWork("send parents a weekly progress email every Monday morning", false).work.has("code"),
    ).toBe(true);
    expect(promptWork("start a branch for PH-318, the webhook retry bug", false).work.has("code")).toBe(
      false,
    );
  });

  it("reads a rule whose first sentence says what to use as code, whatever its later sentences name", () => {
    const rule =
      "We use the new Input System, via InputActionReference fields wi… Don't use Input.GetKey anywhere, the old input manager is disabled in player settings";
    expect(conventionWork(convention("i", rule)).has("code")).toBe(true);
  });
});
