import { describe, expect, it } from "vitest";
import { taskRows } from "../../testing/task-rows.js";
import type { TransferableHeuristic } from "../learning/offline-experience.js";
import { droppedThings } from "../lexicon/dropped-things.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { withConventions } from "./convention-heuristics.js";
import { readConventions } from "./convention-rule.js";

const rules = (message: string) => readConventions(message).map((found) => found.rule);
const slots = (message: string) =>
  readConventions(message).map((found) => `${found.slot?.slot ?? "-"}=${found.slot?.value ?? "-"}`);

describe("lead-in words before a rule", () => {
  it("are not part of the rule (English)", () => {
    expect(rules("Generally: API errors carry a machine-readable code, never a bare message.")).toEqual([
      "API errors carry a machine-readable code, never a bare message",
    ]);
    expect(rules("Basically, every commit message starts with the ticket key.")).toEqual([
      "Every commit message starts with the ticket key",
    ]);
    expect(rules("In general, database migrations must be reversible.")).toEqual([
      "Database migrations must be reversible",
    ]);
    expect(rules("As a rule, HTTP handlers must stay thin and call a service in src/services.")).toEqual([
      "HTTP handlers must stay thin and call a service in src/services",
    ]);
  });

  it("are cut at whole words in Chinese", () => {
    expect(rules("跟你说一下，接口文档已经迁到 Apifox 了")).toEqual(["接口文档已经迁到 Apifox 了"]);
    expect(rules("和你说一声：接口都要带 trace id")).toEqual(["接口都要带 trace id"]);
    expect(rules("一般来说，组件名都用大驼峰，比如 UserCard.vue")).toEqual([
      "组件名都用大驼峰，比如 UserCard.vue",
    ]);
  });
});

describe("a report of what the code does wrong now", () => {
  it("is a task, not a convention, however it says what the fix should do", () => {
    for (const report of [
      "The print button does nothing in Firefox, it should open the print dialog",
      "the avatar upload is broken on Android, it should accept HEIC files",
      "The receipt email uses the server timezone, it should use the customer's timezone",
      "Order totals show the wrong currency symbol for EU accounts; they should use the account's locale",
      "购物车页面在 iPad 上错位了，应该左对齐",
      "设置页的保存按钮点了没反应，应该提示保存成功",
    ])
      expect(rules(report), report).toEqual([]);
  });

  it("stays a convention when a standing marker after it says it holds from now on", () => {
    expect(
      rules(
        "The sidebar overlaps the footer on small screens, so from now on every layout component gets a mobile breakpoint",
      ),
    ).toHaveLength(1);
    expect(rules("订单页在手机上错位了，以后所有页面都要用 flex 布局")).toHaveLength(1);
  });
});

describe("an update told as news, a vote or a meeting's outcome", () => {
  it("is a convention that sets its slot's new value", () => {
    expect(slots("The team voted to go with tabs.")).toEqual(["indentation=tabs"]);
    expect(slots("FYI the infra guild standardized on zerolog for all Go services")).toEqual([
      "logging=zerolog",
    ]);
    expect(slots("We agreed on vitest for the frontend tests.")).toEqual(["test-runner=vitest"]);
    expect(slots("The frontend chapter settled on Zustand for app state.")).toEqual([
      "state-management=zustand",
    ]);
    expect(slots("组里投票决定以后用 bun 装依赖")).toEqual(["package-manager=bun"]);
  });

  it("drops the heading that tells where it was decided", () => {
    expect(rules("Outcome of the planning: no more merge commits on release branches.")).toEqual([
      "No more merge commits on release branches",
    ]);
    expect(rules("Retro takeaway: feature flags get removed within two sprints of launch.")).toEqual([
      "Feature flags get removed within two sprints of launch",
    ]);
    expect(rules("复盘结论：上线前必须跑完 e2e 测试")).toEqual(["上线前必须跑完 e2e 测试"]);
  });

  it("is no convention when nothing is decided yet, or the decision names nothing to use", () => {
    expect(rules("We'll vote on tabs versus spaces tomorrow.")).toEqual([]);
    expect(rules("We decided to refactor the payment module.")).toEqual([]);
    expect(rules("Did the team agree on a logger yet?")).toEqual([]);
  });
});

describe("where someone's work stands, in standup notes", () => {
  it("is no rule", () => {
    expect(
      rules(
        "Standup 29 Sep\n- Mia: radar tiles flicker on iPad split view, investigating\n- Jonas: out Thursday and Friday",
      ),
    ).toEqual([]);
    expect(rules("Logging: structlog, always.")).toEqual(["Logging: structlog, always"]);
  });
});

describe("what a page says, and a story of another company", () => {
  it("are no rules of the project", () => {
    expect(
      rules('ok. the codex page says "Filters should always return a value. Actions never need to." got it.'),
    ).toEqual([]);
    expect(rules("唉，我上家公司 mysql 全是 docker 跑的，从来不用操心这些")).toEqual([]);
    expect(rules("our style guide says always use tabs")).toEqual(["Our style guide says always use tabs"]);
  });
});

describe("what follows from a rule, and what did not stick", () => {
  it("joins a sentence opening 'so' that sets no slot to the rule before it: it says how to apply it", () => {
    const found = readConventions(
      "morning. we moved from Serilog to plain Microsoft.Extensions.Logging with the OpenTelemetry exporter, platform wanted one pipeline for everything. so inject ILogger<T> and use source-generated [LoggerMessage] methods for log calls.",
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.rule).toMatch(
      /^We moved from Serilog .*\. Inject ILogger<T> and use source-generated \[LoggerMessage\]/,
    );
    // A sentence that only says "so" with nothing to apply is no part of a rule.
    expect(rules("we use pnpm now. so, that's it for today")).toEqual(["We use pnpm now"]);
  });

  it("reads 'X didn't stick' and 'stop adding X' as drops of X, so they join the rule that replaces X", () => {
    expect(
      slots(
        "retro outcome: Shouldly didn't stick, half the team kept writing FluentAssertions out of habit anyway. we voted to just use plain xUnit Assert. stop adding Shouldly, and don't convert the existing ones back, just leave them",
      ),
    ).toEqual(["assertion-library=built-in assert"]);
    expect(rules("we voted to just use plain xUnit Assert. stop adding Shouldly")).toEqual([
      "We voted to just use plain xUnit Assert. Stop adding Shouldly",
    ]);
  });

  it("reads the thing dropped without the adverb said after it ('not slog directly')", () => {
    expect(droppedThings("From now on log through hlog.FromContext(ctx), not slog directly")).toEqual([
      ["slog"],
    ]);
  });

  it("reads a move from a method to another as a drop of the first ('moving from handle() to __invoke()')", () => {
    expect(droppedThings("Actions: we're moving from handle() to __invoke() so they're invokable")).toEqual([
      ["handle"],
    ]);
  });

  it("reads 'dropping X for Y' as a switch to Y, but a table dropped for a migration as no choice", () => {
    expect(preferenceTerms("so we're dropping circe altogether for jsoniter-scala")).toEqual({
      use: new Set(["jsoniter-scala"]),
      avoid: new Set(["circe"]),
    });
    expect([...preferenceTerms("we dropped the table for the migration").use]).toEqual([]);
  });

  it("reads 'dont run X anymore' without its apostrophe as a drop, and never takes a name across a sentence's end", () => {
    expect(droppedThings("Dont run fly deploy anymore, itll just push to a dead app")).toEqual([
      ["fly", "deploy"],
    ]);
    expect(droppedThings("Kamal deploy from main, config is config/deploy.yml. Fly's out too")).toEqual([
      ["fly"],
    ]);
    // A tool's drop joins the rule said before it of the same question (how the project deploys).
    expect(
      rules(
        "fyi fly's out too, their postgres gave us grief. we run on our own box w kamal now: kamal deploy from main, config is config/deploy.yml. dont run fly deploy anymore, itll just push to a dead app",
      ),
    ).toHaveLength(1);
  });

  it("reads a name switched to another with 换成 as a drop of the first", () => {
    const [found] = readConventions(
      "我们已经升到 C++23 了，tl::expected 换成 std::expected，新代码别再 include tl 的头文件了",
    );
    expect(found?.rule).toContain("tl::expected 换成 std::expected");
    expect([...preferenceTerms(found?.rule ?? "").avoid]).toContain("tl::expected");
    expect(droppedThings("成员变量不再加 m_ 前缀了，改成后缀下划线")).toEqual([["m_"]]);
    // A Chinese subject before 改成 is no thing dropped.
    expect([...preferenceTerms("格式化也改成 ruff format").avoid]).toEqual([]);
  });
});

describe("a convention that drops a thing, kept by another rule in words that do not name it", () => {
  it("says the whole, so the older rule built on the dropped thing is replaced", () => {
    const message = "命名改一下哈，m_ 不要了，成员变量统一用后缀下划线，socket_ 这种，跟 Google style 对齐。";
    const rows = taskRows([{ user: message }]);
    const phrased: TransferableHeuristic = {
      kind: "prefer",
      trigger: "按项目风格写代码时",
      rule: "优先使用 后缀下划线",
      why: "用户表达的偏好",
      evidence: "成员变量统一用后缀下划线",
    };
    const [marked] = withConventions(rows, [phrased], "命名");
    expect(marked).toMatchObject({ convention: true, slot: { id: "naming.variable.suffix", value: "_" } });
    expect(marked?.rule).toContain("m_ 不要了");
  });
});

describe("a convention longer than a rule may be", () => {
  it("loses who asked for it before it is clipped, so what it says to do stays", () => {
    const message =
      "we moved from Serilog to plain Microsoft.Extensions.Logging with the OpenTelemetry exporter, platform wanted one pipeline for everything. so inject ILogger<T> and use source-generated [LoggerMessage] methods for log calls.";
    const [found] = withConventions(taskRows([{ user: message }]), [], "logging");
    expect(found?.rule).not.toContain("platform wanted");
    expect(found?.rule).toContain("[LoggerMessage]");
    expect(found?.rule).toMatch(/exporter\. Inject ILogger<T>/);
    expect(found?.rule.length).toBeLessThanOrEqual(160);
  });

  it("cuts a long first sentence, not the drop said after it", () => {
    const message =
      "We're dropping ExMachina, the factories kept drifting from the changesets.\nFrom now on build test records through the context fixture modules, e.g. AccountsFixtures.user_fixture/1 and BillingFixtures.invoice_fixture/1, which go through the real changesets.";
    const [found] = withConventions(taskRows([{ user: message }]), [], "tests");
    expect(found?.rule).toContain("We're dropping ExMachina");
    expect(found?.rule).toMatch(/^From now on build test records/);
    expect(found?.rule.length).toBeLessThanOrEqual(160);
  });

  it("keeps what it drops before what it adds, without the words that only announce it", () => {
    const message =
      "A change that the architecture board approved on Friday: we are retiring @Timed. Public service methods are henceforth annotated with @Observed from io.micrometer.observation.annotation instead, which gives us traces as well as timings. Please do not add @Timed to any new code.";
    const [found] = withConventions(taskRows([{ user: message }]), [], "annotations");
    expect(found?.rule).toContain("@Observed");
    expect(found?.rule).toMatch(/We are retiring @Timed/);
    expect(found?.rule).not.toContain("architecture board");
    expect(found?.rule).not.toContain("traces as well as timings");
    expect(found?.rule.length).toBeLessThanOrEqual(160);
  });
});

describe("how the user wants answers", () => {
  it("is a convention of answers, the user's own in every project when said in the first person", () => {
    const learnt = withConventions(
      taskRows([
        { user: "how do I see which process is holding port 8443?" },
        { assistant: "## Finding the process\n\nThere are several tools for this on Linux." },
        { user: "way too much. I just need the command. skip the explanation unless I ask for it" },
      ]),
      [],
      "port",
    );
    expect(learnt.map((heuristic) => [heuristic.rule, heuristic.trigger, heuristic.scopeHint])).toEqual([
      ["I just need the command", "Writing answers", "global"],
      ["Skip the explanation unless I ask for it", "Writing answers", "global"],
    ]);
    const [chinese] = withConventions(
      taskRows([{ user: "说重点就行。以后回答先给结论，别铺垫那么多" }]),
      [],
      "演示",
    );
    expect(chinese).toMatchObject({
      rule: "以后回答先给结论，别铺垫那么多",
      trigger: "回答问题",
      convention: true,
    });
  });
});

describe("a question said without a question mark", () => {
  it("states no rule: a Chinese question particle ends it", () => {
    expect(
      rules("顺便问一句，std::expected 的 monadic 接口 and_then / transform 在 gcc 13 上能用吗"),
    ).toEqual([]);
    expect(rules("以后错误统一用 std::expected 返回")).toEqual(["以后错误统一用 std::expected 返回"]);
  });
});

describe("the first task, said after a list of rules", () => {
  it("is a report of what the code does wrong, not a rule", () => {
    const message =
      "hi, pasting the important bits of CONTRIBUTING.md since nobody reads the whole thing:\n\n## Code\n- Logging: Serilog, structured properties, no string interpolation in messages\n\nfirst task is small: GET /bookings/{ref} returns 500 instead of 404 for an unknown reference";
    expect(rules(message)).toEqual([
      "Logging: Serilog, structured properties, no string interpolation in messages",
    ]);
  });
});

describe("a thing said to have changed, as a heading", () => {
  it("announces the rule after it, and what was wrong with the old one is no rule", () => {
    const message =
      "and the warehouse changed one more time: DEV_XS_WH was too small for the backfills. Use ANALYTICS_DEV_WH for all dev work now.";
    const reply = { text: "Understood — ANALYTICS_DEV_WH for dev." };
    expect(readConventions(message, null, reply).map((found) => found.rule)).toEqual([
      "Use ANALYTICS_DEV_WH for all dev work now",
    ]);
    // A change said of a thing with no heading after it is no announcement, and no rule either.
    expect(rules("the API changed its response shape last week")).toEqual([]);
  });
});

describe("a rule told as what follows from news", () => {
  it("is read from the clause after 'so', and a story's consequence is not", () => {
    expect(
      rules(
        "The DS team shipped their tokens as vanilla-extract, so new styles go in .css.ts files using vanilla-extract.",
      ),
    ).toEqual([
      "The DS team shipped their tokens as vanilla-extract, so new styles go in .css.ts files using vanilla-extract",
    ]);
    expect(rules("the tests were slow last week, so we cached the fixtures")).toEqual([]);
  });
});

describe("a return to an earlier value", () => {
  it("is an update of its slot, in English and in Chinese", () => {
    expect(
      slots("ugh. GoodJob kept fighting our pgbouncer setup. we're going back to Sidekiq for jobs."),
    ).toEqual(["job-queue=sidekiq"]);
    expect(rules("we're going back to Sidekiq for jobs")).toEqual(["We're going back to Sidekiq for jobs"]);
  });
});

describe("image assets named by a prefix", () => {
  it("are files: a new prefix for new images replaces the old one's slot", () => {
    expect(
      slots("资源命名调整一下：ic_ 前缀以后只留给 iconfont 那套，新加的图片一律改成 img_ 开头"),
    ).toContain("naming.file.prefix=img_");
  });
});

describe("a thing the team talked over, as an announcement", () => {
  it("is no rule of its own: what the team decided is", () => {
    const rows = taskRows([
      {
        user: "g_ 全局变量那个我们组里讨论了一下，全局变量散得到处都是不好管。以后不要再新增 g_ 开头的全局变量了，需要全局共享的状态统一放进 app_ctx 结构体（main/app_ctx.h）。s_ 前缀照旧。",
      },
      { assistant: "明白，共享状态放 app_ctx，不再新增 g_ 全局变量。" },
    ]);
    const read = withConventions(rows, [], "全局变量").map((found) => found.rule);
    expect(read.some((rule) => rule.includes("讨论了一下"))).toBe(false);
    expect(read.some((rule) => rule.includes("app_ctx"))).toBe(true);
  });
});
