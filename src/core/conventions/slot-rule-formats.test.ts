import { describe, expect, it } from "vitest";
import { readSlots } from "./slot-rule.js";

const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);
/** The value `text` sets in `slot`, or undefined. */
const valueIn = (text: string, slot: string) => readSlots(text).find((found) => found.slot === slot)?.value;

describe("a branch-name prefix said in words", () => {
  it("is the thing names start with, as a word or a placeholder, English and Chinese", () => {
    expect(slots("Branches are feature/CLM-123-short-desc")).toEqual(["naming.branch.prefix=feature/"]);
    expect(
      slots(
        "Branch names: prefix them with your initials instead of a type, e.g. dk/CLM-512-attachment-size",
      ),
    ).toEqual(["naming.branch.prefix=initials"]);
    expect(slots("branch names: start them with the ticket key")).toEqual([
      "naming.branch.prefix=ticket key",
    ]);
    expect(slots("prefix every branch with your username")).toEqual(["naming.branch.prefix=username"]);
    expect(slots("branch names start with the ticket key")).toEqual(["naming.branch.prefix=ticket key"]);
    expect(slots("分支名改成 用户名/需求号")).toEqual(["naming.branch.prefix=用户名/"]);
    expect(slots("分支命名统一用 姓名缩写/需求号-描述")).toEqual(["naming.branch.prefix=姓名缩写/"]);
    expect(slots("分支名以需求号开头")).toEqual(["naming.branch.prefix=需求号"]);
    // The name shown bare after the rule, or after a colon that ends the sentence's lead.
    expect(slots("分支命名 feature/功能名，比如 feature/coupon-expire")).toEqual([
      "naming.branch.prefix=feature/",
    ]);
    expect(slots("分支命名改一下，要带上禅道的需求号：feat/1234-coupon-expire 这种")).toEqual([
      "naming.branch.prefix=feat/",
    ]);
    expect(slots("分支规范再调整：统一 用户名/需求号-描述")).toEqual(["naming.branch.prefix=用户名/"]);
    // A suffix added, said of what an endpoint takes and returns; the thing of "X 的 Y" is Y.
    expect(slots("接口的入参、出参类统一加 DTO 后缀，比如 OrderCreateDTO")).toEqual([
      "naming.class.suffix=dto",
    ]);
    expect(slots("出参用 Response 结尾")).toEqual(["naming.class.suffix=response"]);
    expect(slots("接口的字段名用小驼峰")).toEqual(["naming.attribute.case=小驼峰"]);
    // A prefix said before 前缀, and an underscore as the suffix (not snake case).
    expect(slots("成员变量 m_ 前缀，比如 m_socket")).toEqual(["naming.variable.prefix=m_"]);
    expect(slots("m_ 不要了，成员变量统一用后缀下划线，socket_ 这种")).toEqual(["naming.variable.suffix=_"]);
    expect(slots("字段名用下划线")).toEqual(["naming.attribute.case=下划线"]);
    // A name mentioned after a colon is no rule of names.
    expect(slots("表名：user_info 里加个字段")).toEqual([]);
  });
});

describe("the format of commit messages", () => {
  it("is one slot, its value the shape of the message however it is shown", () => {
    const first = valueIn(
      'Commit messages: ticket key first, then an imperative summary, like "CLM-412 Add claim export"',
      "commit-format",
    );
    const moved = valueIn(
      'Commits: the ticket key moves to the end, in square brackets: "Add claim export [CLM-412]"',
      "commit-format",
    );
    expect(first).toBe("<ticket> <summary>");
    expect(moved).toBe("<summary> [<ticket>]");
    expect(valueIn("we use conventional commits", "commit-format")).toBe("conventional");
    expect(valueIn("commit subjects are `<scope>: <summary>`", "commit-format")).toBe("<scope>: <summary>");
    expect(valueIn("commit message 格式是 `[模块] 描述`", "commit-format")).toBe("[<scope>] <summary>");
    // The same shape said another way is the same value.
    expect(valueIn("commit messages look like `[module] description`", "commit-format")).toBe(
      "[<scope>] <summary>",
    );
    expect(valueIn("提交信息格式：「PAY-12 修复退款金额」这种", "commit-format")).toBe("<ticket> <summary>");
    expect(valueIn("commit titles follow `<type>(<scope>): <subject>`", "commit-format")).toBe(
      "<type>(<scope>): <summary>",
    );
  });

  it("is kept apart from the language commit messages are written in", () => {
    expect(slots("commit message 用中文，格式是 `[模块] 描述`")).toEqual([
      "language:commit-messages=zh",
      "commit-format=[<scope>] <summary>",
    ]);
    expect(slots("提交信息以后改成英文的 conventional commits")).toEqual([
      "language:commit-messages=en",
      "commit-format=conventional",
    ]);
  });
});

describe("the language of a kind of text named in a heading", () => {
  it("is read from the rule after the heading", () => {
    expect(
      valueIn(
        "commit 规范小调整一下：格式还是 `[模块] 描述`，但描述部分改用英文写",
        "language:commit-messages",
      ),
    ).toBe("en");
    expect(valueIn("注释规范改一下：以后一律用英文写", "language:comments")).toBe("en");
    expect(
      valueIn(
        "commit messages, one change: the body is written in German from now on",
        "language:commit-messages",
      ),
    ).toBe("de");
  });
});

describe("how calls are retried", () => {
  it("is one slot: the library, or the project's own wrapper", () => {
    expect(slots("调外部接口的重试统一用 tenacity 的 @retry")).toEqual(["retry=tenacity"]);
    expect(slots("重试不要再直接用 tenacity 了，用我封装好的 @with_backoff")).toEqual([
      "retry=@with_backoff",
    ]);
    expect(slots("retries go through tenacity")).toEqual(["retry=tenacity"]);
    expect(slots("wrap flaky calls with backoff.on_exception")).toEqual(["retry=backoff"]);
    expect(slots("we use Polly for retries in the HTTP clients")).toEqual(["retry=polly"]);
    expect(slots("retry logic moved to resilience4j")).toEqual(["retry=resilience4j"]);
    expect(slots("use p-retry instead of async-retry")).toEqual(["retry=p-retry"]);
    expect(slots("retries: cenkalti/backoff, not our old loop")).toEqual(["retry=cenkalti/backoff"]);
    expect(slots("以后重试都走我们自己的 `retry_call`")).toEqual(["retry=retry_call"]);
    // Backoff as an idea is no library.
    expect(slots("use exponential backoff when the API rate-limits you")).toEqual([]);
  });
});

describe("the assertion library", () => {
  it("is read from the library named, not the runner it ships with", () => {
    expect(slots("assertions with Google Truth, assertThat(x).isEqualTo(y)")).toEqual([
      "assertion-library=truth",
    ]);
    expect(slots("fyi we're swapping Truth for AssertK")).toEqual(["assertion-library=assertk"]);
    expect(slots("let's just use the kotest assertions everywhere: result shouldBe expected")).toEqual([
      "assertion-library=kotest",
    ]);
    expect(slots("we assert with Strikt now")).toEqual(["assertion-library=strikt"]);
    expect(slots("断言统一用 AssertK")).toEqual(["assertion-library=assertk"]);
  });

  it("is not a runner chosen when a tool is only said to be in", () => {
    expect(slots("now that kotest is in for the property-based tests")).toEqual([]);
    expect(slots("vitest is in as well, for the new packages")).toEqual([]);
    // A tool said to be the one now still is.
    expect(slots("tests are on kotest now")).toEqual(["test-runner=kotest"]);
  });
});

describe("background jobs and money", () => {
  it("read the job backend, also after an arrow", () => {
    expect(slots("Background jobs run on Sidekiq")).toEqual(["job-queue=sidekiq"]);
    expect(slots("we moved jobs to GoodJob")).toEqual(["job-queue=goodjob"]);
    expect(slots("Queue backend: GoodJob -> Solid Queue")).toEqual(["job-queue=solid-queue"]);
    expect(slots("后台任务改用 solid_queue")).toEqual(["job-queue=solid-queue"]);
  });

  it("read how money is held and which library handles it, apart: a new library keeps the cents", () => {
    expect(slots("money is stored as integer cents")).toEqual(["money-storage=integer-cents"]);
    expect(slots("we're standardising on moneyphp instead of brick")).toEqual(["money=moneyphp"]);
    expect(slots("amounts are kept in minor units")).toEqual(["money-storage=integer-cents"]);
    expect(slots("prices are BigDecimal")).toEqual(["money-storage=decimal"]);
    expect(slots("money goes through Joda-Money")).toEqual(["money=joda-money"]);
    expect(slots("金额一律用分存储")).toEqual(["money-storage=integer-cents"]);
    expect(slots("switch the money handling to dinero.js")).toEqual(["money=dinero.js"]);
    // A brick is no library where money is not spoken of.
    expect(slots("the old build is a brick, use the new one")).toEqual([]);
  });
});

describe("the docstring style, in Chinese", () => {
  it("is the style, not whether to write docstrings, and a style said alone updates it", () => {
    expect(slots("对外暴露的函数都要写 Google 风格的 docstring")).toEqual(["docstring-style=google"]);
    expect(slots("以后统一写 NumPy 风格")).toEqual(["docstring-style=numpy"]);
    expect(slots("docstring 改成 sphinx 格式")).toEqual(["docstring-style=sphinx"]);
    // Google style alone may be a code style guide.
    expect(slots("代码遵循 Google 风格")).toEqual([]);
  });
});

describe("name prefixes said as a list", () => {
  it("are one value, the list", () => {
    expect(slots("表名按数仓分层加前缀：ods_、dwd_、dws_")).toEqual(["naming.table.prefix=ods_、dwd_、dws_"]);
    expect(slots("table names get a layer prefix: raw_, stg_, mart_")).toEqual([
      "naming.table.prefix=raw_、stg_、mart_",
    ]);
  });
});

describe("the dataframe library and request validation", () => {
  it("read the tool a rule says to use, so a newer one replaces the older", () => {
    const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);
    expect(slots("数据处理用 pandas")).toEqual(["dataframe=pandas"]);
    expect(slots("新代码一律用 polars，pandas 太慢了")).toEqual(["dataframe=polars"]);
    expect(
      slots("request input is validated through spatie/laravel-data objects now, not FormRequests."),
    ).toEqual(["validation=laravel-data"]);
    expect(slots("from now on validation lives in FormRequest classes")).toEqual(["validation=formrequest"]);
  });
});

describe("the command a deploy goes out with", () => {
  it("is a slot of its own, so each newer command replaces the one before", () => {
    const commands = (text: string) =>
      readSlots(text)
        .filter((found) => found.slot === "deploy-command")
        .map((found) => found.value);
    expect(commands("deploys: `cap production deploy` from main, after CI is green.")).toEqual([
      "cap production deploy",
    ]);
    expect(commands("app's on heroku now, deploy is `git push heroku main`")).toEqual([
      "git push heroku main",
    ]);
    expect(commands("so yeah, deploys are `kamal deploy` now")).toEqual(["kamal deploy"]);
    expect(commands("TestFlight builds go out with `bundle exec fastlane beta`")).toEqual([
      "bundle exec fastlane beta",
    ]);
    expect(commands("run `make deploy` when you are done")).toEqual([]);
  });
});

describe("state management in Flutter and pip-tools", () => {
  it("read the tool a project moved to", () => {
    const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);
    expect(slots("state management is ChangeNotifier + the provider package.")).toEqual([
      "state-management=changenotifier",
    ]);
    expect(slots("we're migrating to Riverpod. new features use Riverpod notifiers")).toEqual([
      "state-management=riverpod",
    ]);
    expect(slots("cubits (flutter_bloc) for all new state.")).toEqual(["state-management=bloc"]);
    expect(slots("Deps are managed with pip-tools: add to requirements.in, then pip-compile.")).toEqual([
      "python-env=pip-tools",
    ]);
  });
});

describe("the case of SQL keywords", () => {
  it("is a slot: upper, lower, or the formatter that decides it", () => {
    const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);
    expect(slots("SQL 关键字全部大写")).toEqual(["sql-keyword-case=uppercase"]);
    expect(slots("SQL 关键字以后一律小写吧")).toEqual(["sql-keyword-case=lowercase"]);
    expect(slots("关键字大小写这事以后别手动管了，我们接了 sqlfmt")).toEqual(["sql-keyword-case=sqlfmt"]);
    expect(slots("For SQL: uppercase keywords, two-space indent.")).toContain("sql-keyword-case=uppercase");
    expect(slots("uppercase SQL keywords are out, we write them lowercase now")).toEqual([
      "sql-keyword-case=lowercase",
    ]);
  });
});
