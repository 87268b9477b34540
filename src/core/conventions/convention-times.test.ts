import { describe, expect, it } from "vitest";
import { isOneOff } from "../lexicon/one-off-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { withdrawalIn } from "../lexicon/withdrawals.js";
import { readConventions } from "./convention-rule.js";
import { readSlots } from "./slot-rule.js";

const rules = (message: string) => readConventions(message).map((found) => found.rule);
const slotsOf = (message: string) =>
  readConventions(message).map((found) => `${found.slot?.slot ?? "-"}=${found.slot?.value ?? "-"}`);
const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);

describe("when a change took effect", () => {
  it("is no one-off: 'as of', 'since', a day said of what happened, 今天 before 了", () => {
    expect(isOneOff("factory_boy is gone as of this morning")).toBe(false);
    expect(isOneOff("testify got removed from go.mod this week")).toBe(false);
    expect(isOneOff("fyi we're migrating to vitest this week.")).toBe(false);
    expect(isOneOff("架构组今天发了新的后端规范")).toBe(false);
    // The day the work is for still is.
    expect(isOneOff("use the staging database this week")).toBe(true);
    expect(isOneOff("今天先用 staging 吧")).toBe(true);
  });

  it("makes a described value a change that holds now ('tests run on vitest since last week')", () => {
    expect(
      slotsOf(
        "tests run on vitest since last week. vi.fn(), vi.mock() — no jest.* anywhere. update that test",
      ),
    ).toEqual(["test-runner=vitest"]);
    expect(rules("ok so factory_boy is gone as of this morning — model_bakery instead.")).toEqual([
      "factory_boy is gone as of this morning — model_bakery instead",
    ]);
    expect(slotsOf("fyi we're migrating to vitest this week. no more jest.mock, it's vi.mock")).toEqual([
      "test-runner=vitest",
    ]);
  });

  it("reads a standing rule said after the news of a removal", () => {
    expect(
      rules(
        "heads up: testify got removed from go.mod this week, so from here on tests compare with go-cmp. run tidy please",
      ),
    ).toEqual(["Testify got removed from go.mod this week, so from here on tests compare with go-cmp"]);
    expect(preferenceTerms("from here on tests compare with go-cmp").use).toEqual(new Set(["go-cmp"]));
  });
});

describe("rules for every new thing of a kind, and for a whole code base", () => {
  it("read 'for new tests' and 'new tests should be' as lasting", () => {
    expect(slotsOf("please use MockK for new tests.")).toEqual(["mocking-library=mockk"]);
    expect(slots("New tests should be Pest")).toEqual(["test-runner=pest"]);
    expect(slots("tests should be fast")).toEqual([]);
  });

  it("read a ban across the code base, and the rules under a heading of the project's own rules", () => {
    expect(
      rules("yep. two things: no force unwraps anywhere in this app, guard let and bail out early."),
    ).toEqual(["No force unwraps anywhere in this app, guard let and bail out early"]);
    expect(
      rules(
        "Before anything, a few things we do here. Errors go through anyhow. Please pin dependency versions exactly with = in Cargo.toml. And commit messages follow conventional commits.",
      ),
    ).toEqual([
      "Errors go through anyhow",
      "Pin dependency versions exactly with = in Cargo.toml",
      "Commit messages follow conventional commits",
    ]);
    expect(
      slotsOf(
        "reminder of our rules since you're new to this repo: resource names are kebab-case, and we deploy to us-east-1.",
      ),
    ).toContain("deploy-target=us-east-1");
  });

  it("read the agent's work named as the team's way as a rule", () => {
    expect(
      rules("Lovely — PHPUnit classes in tests/Feature extending TestCase is exactly how we do it. Thanks!"),
    ).toEqual(["PHPUnit classes in tests/Feature extending TestCase is exactly how we do it"]);
  });

  it("read a policy for a situation with any verb ('for explanations give me …')", () => {
    expect(rules("actually for explanations give me a short paragraph instead of bullets.")).toEqual([
      "For explanations give me a short paragraph instead of bullets",
    ]);
  });

  it("read a tool written as a name, for a purpose, the verb left out", () => {
    expect(preferenceTerms("go-cmp for diffs and plain t.Errorf.").use).toEqual(new Set(["go-cmp"]));
    expect(preferenceTerms("thanks for the help.").use.size).toBe(0);
    expect(rules("go-cmp for diffs and plain t.Errorf.")).toEqual(["Go-cmp for diffs and plain t.Errorf"]);
  });
});

describe("the value said before what it is for", () => {
  it("sets the slot the subject names ('use CarbonImmutable for dates', '— it's the default date class')", () => {
    expect(slots("use CarbonImmutable for dates")).toEqual(["date-library=carbonimmutable"]);
    expect(
      slots("From here on please use CarbonImmutable everywhere — it's the default date class now"),
    ).toEqual(["date-library=carbonimmutable"]);
    expect(slots("use the staging db for tests")).toEqual([]);
  });

  it("reads linters and test runners it lists, and a drop after a dash", () => {
    expect(slots("the .rubocop.yml is gone — we run bundle exec standardrb --fix now instead")).toEqual([
      "linter=standardrb",
    ]);
    expect(preferenceTerms("vi.fn(), vi.mock() — no jest.* anywhere").avoid).toEqual(new Set(["jest"]));
    expect(preferenceTerms("WeaponStatsData, no SO_ prefix").avoid).toEqual(new Set(["so_"]));
  });
});

describe("in Chinese", () => {
  it("reads a decision told as what was settled on, past an ellipsis", () => {
    expect(slots("Riverpod 也不用了……团队评审最后定的是 bloc")).toEqual(["state-management=bloc"]);
  });

  it("reads how a kind of thing is named by a pattern", () => {
    expect(rules("DTO 命名改一下：入参叫 XxxReq，出参叫 XxxResp，不再用 DTO 后缀了。")).toHaveLength(1);
  });

  it("reads a thing named with a bare 那个, no longer to be done, as a withdrawal", () => {
    expect(withdrawalIn("通知一下，埋点那个不用再手动加了，现在路由层自动上报")?.name).toEqual(["埋点"]);
    expect(withdrawalIn("那个文件你看一下")).toBeNull();
  });
});

describe("a heading of the group's habits, and what charts are drawn with", () => {
  it("reads the rules after 我们组的习惯：", () => {
    expect(
      slotsOf(
        "画吧。我们组的习惯：图用 matplotlib 就行，存到 reports/figures 下面；所有涉及随机的地方 seed 固定成 42，方便复现。",
      ),
    ).toEqual(["charting=matplotlib", "random-seed=42"]);
  });

  it("reads the charting library as one slot, so a change of it supersedes", () => {
    expect(slots("业务那边想在网页上能缩放看，图换成 plotly 吧，导出 html")).toEqual(["charting=plotly"]);
    expect(slots("图表统一换成 altair 吧，导出 svg，plotly 别再用了。")).toEqual(["charting=altair"]);
  });
});

describe("the first piece of work after a heading of rules, and how SQL keywords are written", () => {
  it("reads 'first up: …' as the task, not as one more rule", () => {
    expect(
      rules("conventions: SQL keywords in UPPERCASE. first up: stage the stripe refunds source"),
    ).toEqual(["SQL keywords in UPPERCASE"]);
  });

  it("reads 'keywords are lowercase' as the keyword case", () => {
    expect(slots("keywords are lowercase now (capitalisation_policy = lower)")).toEqual([
      "sql-keyword-case=lowercase",
    ]);
  });
});
