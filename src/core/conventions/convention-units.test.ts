import { describe, expect, it } from "vitest";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { readConventions } from "./convention-rule.js";
import { ruleUnits } from "./convention-units.js";

const rules = (message: string) => readConventions(message).map((found) => found.rule);

describe("several rules in one message: one convention per unit, its text clean", () => {
  it("reads each item of a numbered list as its own rule, without its number", () => {
    const message =
      "a few house rules. 1) deps are managed with poetry, never pip install into the venv directly. 2) every staging table we create gets the stg_ prefix. 3) logging goes through structlog, not print. 4) tests are pytest, always run with --strict-markers";
    expect(rules(message)).toEqual([
      "Deps are managed with poetry, never pip install into the venv directly",
      "Every staging table we create gets the stg_ prefix",
      "Logging goes through structlog, not print",
      "Tests are pytest, always run with --strict-markers",
    ]);
    // Each quotes the user's own words, and the first keeps its own alternative (poetry) apart.
    for (const found of readConventions(message)) expect(message).toContain(found.quote);
  });

  it("reads each bullet as its own rule; 'e.g.' does not end a sentence", () => {
    const message =
      "- request/response records end in Dto, e.g. OrderDto\n- tests are JUnit 5, never JUnit 4\n- constructor injection only, no field @Autowired";
    expect(rules(message)).toEqual([
      "Request/response records end in Dto, e.g. OrderDto",
      "Tests are JUnit 5, never JUnit 4",
      "Constructor injection only, no field @Autowired",
    ]);
  });

  it("reads a Chinese list split by ；without the heading before the colon", () => {
    expect(
      rules(
        "说下咱们的约定哈：组件文件名用大驼峰，比如 UserTable.vue；请求一律走 src/utils/request.ts 封装好的那个，别直接用 fetch",
      ),
    ).toEqual([
      "组件文件名用大驼峰，比如 UserTable.vue",
      "请求一律走 src/utils/request.ts 封装好的那个，别直接用 fetch",
    ]);
    expect(
      rules("几条硬性规定：实体类一律以 DO 结尾，比如 ArchiveDO；日志用 slf4j，不要用 System.out"),
    ).toEqual(["实体类一律以 DO 结尾，比如 ArchiveDO", "日志用 slf4j，不要用 System.out"]);
  });

  it("keeps a topic before a colon, which is the rule's own", () => {
    expect(rules("Commit messages: imperative mood")).toEqual(["Commit messages: imperative mood"]);
  });

  it("never joins a withdrawal of a rule by its name to the change before it", () => {
    expect(
      rules("另外两件事：test3 那台机器下线了，现在部署到 sit 环境。i18n 那条也不用了，文案统一由后端下发"),
    ).toEqual(["test3 那台机器下线了，现在部署到 sit 环境", "i18n 那条也不用了，文案统一由后端下发"]);
  });

  it("keeps an example whose colon it is with the rule before it", () => {
    expect(rules("commit subjects start with the ticket id, e.g. OPS-7: bump the base image")).toEqual([
      "Commit subjects start with the ticket id, e.g. OPS-7: bump the base image",
    ]);
  });

  it("reads parts between semicolons as rules of their own only when each is one", () => {
    expect(rules("indent with tabs; never commit .env files")).toEqual([
      "Indent with tabs",
      "Never commit .env files",
    ]);
    expect(
      rules("Styling is vanilla-extract, *.css.ts files next to the component; never inline style props"),
    ).toHaveLength(1);
  });
});

describe("a prohibition joins its alternative only when it needs one", () => {
  it("keeps a prohibition that names its own alternative apart from the rule after it", () => {
    expect(
      rules(
        "Errors get wrapped with fmt.Errorf and %w, never pkg/errors. config lives in config.yaml at the repo root",
      ),
    ).toEqual([
      "Errors get wrapped with fmt.Errorf and %w, never pkg/errors",
      "Config lives in config.yaml at the repo root",
    ]);
  });

  it("never joins a prohibition to the next item of a list", () => {
    expect(rules("- never use moment\n- dates are formatted with dayjs everywhere")).toHaveLength(2);
  });

  it("joins a drop of a tool to the rule of its paragraph that says which tool of that kind is used", () => {
    expect(
      rules(
        "heads up: we're on the hosted comet server now, the key is in the vault, so pass --tracker comet. no more neptune logging",
      ),
    ).toContain(
      "We're on the hosted comet server now, the key is in the vault, so pass --tracker comet. No more neptune logging",
    );
    expect(rules("we're dropping mobx. new screens get jotai atoms")).toEqual([
      "New screens get jotai atoms. We're dropping mobx",
    ]);
    // A file named after the tool names it: "the Jenkinsfile is gone" drops Jenkins.
    expect(rules("we finally killed it. CI is Buildkite now. the Jenkinsfile is gone.")).toEqual([
      "CI is Buildkite now. The Jenkinsfile is gone",
    ]);
  });

  it("still joins a prohibition whose other words only give a reason", () => {
    expect(rules("default.yaml 是线上默认值，别动它。本地的改动一律写在 config/local.yaml")).toEqual([
      "本地的改动一律写在 config/local.yaml。default.yaml 是线上默认值，别动它",
    ]);
  });
});

describe("an announced change is not the rule: what follows is", () => {
  it("reads the value after 'change of plan on …', keeping what it drops", () => {
    const found = readConventions(
      "sorry, change of plan on the table prefix. raw_ clashes with the data lake's raw zone, so forget raw_. it's lz_ for every landing table going forward",
    );
    expect(found).toHaveLength(1);
    expect(found[0]?.rule).toMatch(/^It's lz_ for every landing table going forward/);
    expect(found[0]?.rule).not.toMatch(/change of plan/i);
    // What it drops stays with it, so the lesson book archives the rule built on raw_.
    expect([...preferenceTerms(found[0]?.rule ?? "").avoid]).toContain("raw_");
  });

  it("reads the rule after 'Forget what I said about WebClient'", () => {
    const [found, ...rest] = readConventions(
      "Forget what I said about WebClient. we use RestClient for all outbound http calls now",
    );
    expect(rest).toEqual([]);
    expect(found?.rule).toMatch(/^We use RestClient for all outbound http calls now/);
    expect([...preferenceTerms(found?.rule ?? "").avoid]).toContain("webclient");
  });

  it("reads the rules after a Chinese announcement", () => {
    expect(rules("规范有两处调整。实体类后缀改成 Entity 了；接口统一返回 Result 包装")).toEqual([
      "实体类后缀改成 Entity 了",
      "接口统一返回 Result 包装",
    ]);
    expect(rules("之前说的 WebClient 那条作废了。以后外部调用统一用 RestClient")[0]).toMatch(
      /^以后外部调用统一用 RestClient/,
    );
    expect(rules("更正一下：表前缀改成 lz_ 了")).toEqual(["表前缀改成 lz_ 了"]);
  });

  it("reads a rule that only starts like an announcement as the rule", () => {
    expect(rules("Changes to the API need a changelog entry, always.")).toEqual([
      "Changes to the API need a changelog entry, always",
    ]);
  });
});

describe("the units of a message", () => {
  it("gives each list item a group of its own, quoted verbatim without its marker", () => {
    const message =
      "Conventions:\n1. use tabs\n   in every file\n\n2. never push to main\n①日志用 slf4j；②实体类以 DO 结尾";
    const units = ruleUnits(message);
    expect(units.map((unit) => unit.text)).toEqual([
      "Conventions:",
      "use tabs",
      "in every file",
      "never push to main",
      "日志用 slf4j",
      "实体类以 DO 结尾",
    ]);
    expect(units.map((unit) => unit.listed)).toEqual([false, true, true, true, true, true]);
    const groups = units.map((unit) => unit.group);
    expect(groups[1]).toBe(groups[2]);
    expect(new Set([groups[0], groups[1], groups[3], groups[4], groups[5]]).size).toBe(5);
    for (const unit of units) expect(message.slice(unit.start, unit.end)).toBe(unit.text);
  });

  it("reads numbers in a running line as a list only when they count from one", () => {
    expect(ruleUnits("see note 2) for the details, it lists 3) options").map((unit) => unit.text)).toEqual([
      "see note 2) for the details, it lists 3) options",
    ]);
    expect(ruleUnits("rules: 1) tabs 2) no force pushes").map((unit) => unit.text)).toEqual([
      "rules:",
      "tabs",
      "no force pushes",
    ]);
  });
});
