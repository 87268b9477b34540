import { describe, expect, it } from "vitest";
import type { Lesson } from "../lessons/lesson.js";
import { chooseConventions, conventionWork, OTHER_WORK, promptWork } from "./conventions.js";

type ConventionLesson = Pick<Lesson, "id" | "trigger" | "rule" | "slot" | "updatedAt">;

const convention = (id: string, rule: string, slot?: Lesson["slot"]): ConventionLesson => ({
  id,
  trigger: "Working in this project",
  rule,
  updatedAt: 1,
  ...(slot ? { slot } : {}),
});

/** A project's conventions of several kinds, each judged by its kind of work alone. */
const PROJECT = [
  convention("logging", "We always log with logbook, never the stdlib logging module", {
    id: "logging",
    value: "logbook",
  }),
  convention("uv", "Poetry's resolver was too slow, so we're on uv now", { id: "python-env", value: "uv" }),
  convention("constants", "Constants live in `ferncast/constants.py`"),
  convention("injection", "Injection is constructor-only, no @Autowired on fields, ever"),
  convention("region", "Never put new stuff in eu-west-1 anymore, new resources go to eu-central-1"),
  convention("deploy", "QA builds go to juniper, ./deploy.sh juniper", {
    id: "deploy-target",
    value: "juniper",
  }),
  convention("jobs", "Every job class subclasses KestrelTask, we never register plain functions as jobs"),
].map((lesson) => ({ lesson, relevance: 0.3 }));

const chosenFrom = (project: typeof PROJECT, prompt: string) =>
  chooseConventions(project, promptWork(prompt, false))
    .chosen.map((item) => item.lesson.id)
    .sort();
const chosen = (prompt: string) => chosenFrom(PROJECT, prompt);

describe("which work a prompt asks for", () => {
  it.each([
    // A request to write or change something is code work, whatever its nouns.
    ["add a retry loop around the S3 upload that records every failed attempt", "code"],
    ["add a retry with backoff to the gate assignment client in the dispatch crate", "code"],
    ["write a transformer that normalises currency codes in the payments feed", "code"],
    ["create an SQS queue for the thumbnail workers", "code"],
    ["做一个展示操作日志的分页表格，能按操作人筛选", "code"],
    ["写一个类，统计每个商户每天的交易笔数和交易额", "code"],
    // What is shown on a part of the app's screen, kept on disk, or recorded is code work too.
    ["show the driver's photo in the nav bar of the trip summary screen", "code"],
    ["show a warning banner when the upload fails", "code"],
    ["keep the cached search results on disk so they survive an app restart", "code"],
    ["退款成功的时候记一下操作人", "code"],
    ["在订单卡片左下角放一个复制单号的小按钮", "code"],
    // Networking is HTTP work.
    ["networking goes through a thin URLSession wrapper", "http"],
    // Bringing in a named thing is dependency work.
    ["we need pyarrow so the loader can read parquet files", "dependencies"],
    ["we need pyarrow for the export job, add it", "dependencies"],
    ["need tenacity for retrying the flaky bank calls, can u wire it in", "dependencies"],
    ["add httpx so we can make async calls to the ledger API", "dependencies"],
    ["admin 后台也需要 dayjs 处理下时间", "dependencies"],
    ["加上 pandas，分析脚本要用", "dependencies"],
    // What the words say about the work.
    ["make sure the slot calculator handles overlapping reservations and prove it with a few cases", "tests"],
    ["把刚合并的周报功能发出去，让业务方看看效果", "deploy"],
    ["学习率前面加个 warmup，默认 500 步", "config"],
    ["写一个类，统计每个商户每天的交易笔数和交易额", "payments"],
    ["create an SQS queue for the thumbnail workers and a dead-letter queue next to it", "cloud"],
  ])("%s → %s", (prompt, kind) => {
    expect(promptWork(prompt, false).work.has(kind)).toBe(true);
  });

  it.each([
    ["we need tests for the parser", "dependencies"],
    ["add logging to the importer", "dependencies"],
    ["add validation to the signup form", "dependencies"],
    ["write a blog post about our launch", "code"],
    ["create a branch for the fix", "code"],
    ["add the uuid package to the api", "code"],
    ["show me the logs from last night", "code"],
    // A picture the app loads is no container image, and a query library no database.
    ["avatars load with Glide", "containers"],
    ["server state goes through react query", "database"],
  ])("%s is not %s", (prompt, kind) => {
    expect(promptWork(prompt, false).work.has(kind)).toBe(false);
  });

  it("judges situational lessons by what the prompt names, not by a request to write something new", () => {
    const work = promptWork(
      "add a way for the salinity service to report the min and max of the past day",
      false,
    );
    expect(work.work.has("code")).toBe(true);
    expect(work.lessonWork.has("code")).toBe(false);
    expect(promptWork("we need pyarrow so the loader can read parquet files", false).lessonWork).toEqual(
      new Set(["dependencies"]),
    );
  });

  it.each([
    "haha thanks for all the help this week, have a great weekend!",
    "thanks a lot, that's all for today",
    "谢谢，辛苦了",
    "写一个正则匹配国内手机号",
    "write a regex that matches email addresses",
  ])("gets no conventions for small talk, thanks or a self-contained snippet: %s", (prompt) => {
    expect(promptWork(prompt, false).general).toBe(true);
    expect(chosen(prompt)).toEqual([]);
  });

  it.each([
    "thanks, now commit it and push",
    "rerun preprocessing for february with the new holiday calendar",
    "write a regex for our signup form's postcode field",
  ])("still serves a prompt that asks for work: %s", (prompt) => {
    expect(promptWork(prompt, false).general).toBe(false);
  });
});

describe("which conventions go with the work", () => {
  it.each([
    ["Constants live in `ferncast/constants.py`", "code"],
    ["ViewModels expose StateFlow, never LiveData", "code"],
    ["Injection is constructor-only, no @Autowired on fields, ever", "code"],
    ["优先使用 errcode 包里定义的错误码返回", "code"],
    ["Never put new stuff in eu-west-1 anymore, new resources go to eu-central-1", "cloud"],
  ])("%s → %s", (rule, kind) => {
    expect(conventionWork(convention("c", rule)).has(kind)).toBe(true);
  });

  it.each([
    [
      "add a retry loop around the S3 upload that records every failed attempt",
      ["constants", "injection", "jobs", "logging", "region"],
    ],
    ["we need pyarrow so the loader can read parquet files", ["jobs", "uv"]],
    [
      "create an SQS queue for the thumbnail workers",
      ["constants", "injection", "jobs", "logging", "region"],
    ],
    ["roll out billing 2.4 so QA can look at it", ["deploy", "jobs"]],
  ])("%s → %j", (prompt, ids) => {
    expect(chosen(prompt)).toEqual(ids);
  });
});

describe("a tool a project has one of guards the work its code does with it", () => {
  it("brings the config centre to a request to make a hard-coded value adjustable", () => {
    const centre = convention("centre", "业务配置全部迁到 nacos，dataId 用 billing.yaml", {
      id: "config-center",
      value: "nacos",
    });
    expect([...conventionWork(centre)]).toEqual(["config", "code"]);
    const choice = chooseConventions(
      [{ lesson: centre, relevance: 0 }],
      promptWork("the retry limit is hard-coded to 3, make it adjustable without a redeploy", false),
    );
    expect(choice.chosen.map((item) => item.lesson.id)).toEqual(["centre"]);
  });
});

describe("the work of a convention and a prompt, read from words only tests or releases have", () => {
  it("reads a test hook as test work, and a message published to a queue as no release", () => {
    expect([...conventionWork(convention("n", "nock.cleanAll() in afterEach"))]).toEqual(["tests"]);
    // A code symbol makes a rule code work, whatever else its words name.
    const duration = conventionWork(
      convention(
        "d",
        "delays and timeouts are always embassy_time::Duration, never a bare u32 of milliseconds",
      ),
    );
    expect([...duration].sort()).toEqual(["code", "config"]);
    const wrapped = conventionWork(convention("e", "errors get wrapped with fmt.Errorf and %w up the stack"));
    expect(wrapped.has("code")).toBe(true);
    expect(
      promptWork("add some logging when publishing to the dead-letter queue fails", false).work.has("deploy"),
    ).toBe(false);
    expect(promptWork("publish the package to npm", false).work.has("deploy")).toBe(true);
  });

  it("reads a field named in snake case as no work, and a Chinese request after a long name as code work", () => {
    const table = promptWork(
      "create a table for damage deposits (booking, amount, status, released_at)",
      false,
    );
    expect([...table.work].sort()).toEqual(["code", "database"]);
    expect(promptWork("deploy with deploy_staging.sh", false).work.has("deploy")).toBe(true);
    expect([...promptWork("给 fetch_credit_report 加上失败重试，最多重试 3 次", false).work]).toEqual([
      "code",
    ]);
  });
});

describe("a request for git work only", () => {
  it("gets no convention of how code is written, however relevant the task it was said in", () => {
    const relevant = PROJECT.map((item) => ({ ...item, relevance: 0.9 }));
    const choice = chooseConventions(
      relevant,
      promptWork("write the commit message for the ack retry change", false),
    );
    expect(choice.chosen.map((item) => item.lesson.id)).not.toContain("logging");
    expect(choice.rejected.find((item) => item.lesson.id === "logging")?.reason).toBe(OTHER_WORK);
    // Code work still gets it.
    const code = chooseConventions(relevant, promptWork("log a warning when the ack retry gives up", false));
    expect(code.chosen.map((item) => item.lesson.id)).toContain("logging");
  });

  it("is read from what is asked for, not from what the text is about", () => {
    expect([...promptWork("write the commit message for the ack retry change", false).work].sort()).toEqual([
      "commit",
      "git",
    ]);
    expect([...promptWork("draft a short changelog entry for the invoice rounding fix", false).work]).toEqual(
      ["commit"],
    );
    // "remote" of a switch or a config is no git remote.
    expect(promptWork("put the new biometric login behind a remote switch", false).work.has("git")).toBe(
      false,
    );
    expect(promptWork("push it to the remote", false).work.has("git")).toBe(true);
  });
});

describe("a unit is test work only as a unit test", () => {
  it("reads unit tests and unit checks as test work, a unit in the field as none", () => {
    expect([...promptWork("cover StockLevelService with unit checks", false).work]).toContain("tests");
    expect([...promptWork("run the unit tests", false).work]).toContain("tests");
    expect(
      conventionWork({
        trigger: "Working in this project",
        rule: "Static allocation only, a heap once killed a unit in the field",
      }),
    ).not.toContain("tests");
  });
});

describe("how the code is written holds for every request to write code", () => {
  const project = [
    convention("malloc", "No malloc anywhere, static allocation only; the heap fragments"),
    convention("format", "The formatter line length is 120 now"),
    convention("header", "所有请求都要带 X-Tenant-Id: acme 这个请求头"),
  ].map((lesson) => ({ lesson, relevance: 0.1 }));
  const picked = (prompt: string) => chosenFrom(project, prompt);

  it("gives a memory or format convention to a request that names neither, but not an HTTP one", () => {
    expect(conventionWork(project[0]?.lesson as ConventionLesson)).toEqual(new Set(["memory"]));
    expect(picked("add a ring buffer holding the last 64 temperature samples")).toEqual(["format", "malloc"]);
    expect(picked("帮我写一个快速排序")).toEqual(["format", "malloc"]);
    // A question gets none of them, nor does git work.
    expect(picked("how does a ring buffer work?")).toEqual([]);
    expect(picked("write the commit message for the ring buffer change")).toEqual([]);
  });
});

describe("a convention's scope named by the prompt", () => {
  const SCOPED = [
    convention(
      "model-tests",
      "Every model needs a description plus not_null and unique tests in the schema.yml",
    ),
    convention("scratch", "dev_sandbox is going away, so use --target scratch for local runs from now on"),
    convention("api-tests", "每个接口都要写单测"),
  ].map((lesson) => ({ lesson, relevance: 0.3 }));

  it("holds whatever kind of work the rest of it names", () => {
    expect(chosenFrom(SCOPED, "add a staging model for the stripe charges source")).toEqual(["model-tests"]);
    expect(chosenFrom(SCOPED, "run the new revenue model locally and check it compiles")).toEqual([
      "model-tests",
      "scratch",
    ]);
    expect(chosenFrom(SCOPED, "给订单接口加个分页")).toContain("api-tests");
    // A prompt that names none of the things asks for none of them.
    expect(chosenFrom(SCOPED, "commit the changes, ticket 518")).toEqual([]);
  });
});

describe("requests that change code in fewer words", () => {
  it.each([
    ["add an error message if the I2C transaction to the IMU times out", "code"],
    ["print a warning when the spawner runs out of spawn points", "code"],
    ["抓取失败的时候打个日志，带上商品 id", "code"],
    ["建一张出库明细表，字段有出库单号、SKU、数量、库位", "code"],
  ])("%s", (prompt, kind) => {
    expect([...promptWork(prompt, false).work]).toContain(kind);
  });

  it("keeps a message to people as prose", () => {
    expect([...promptWork("write a message to the team about the outage", false).work]).not.toContain("code");
  });
});

describe("chat about home life", () => {
  it("asks for no work and gets no conventions, unless it goes on to ask", () => {
    expect(
      promptWork("lol my cat just walked across the keyboard and sent half a message", false).general,
    ).toBe(true);
    expect(
      promptWork("my kids are off sick, so can you fix the flaky login test for me", false).general,
    ).toBe(false);
  });

  it("reads showing a date in a format as date work", () => {
    expect([
      ...promptWork("show the estimated delivery date as 'Thu, Mar 12' on the card", false).work,
    ]).toContain("code");
  });
});
