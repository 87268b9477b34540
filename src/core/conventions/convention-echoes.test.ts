import { describe, expect, it } from "vitest";
import { echoes as echoesText } from "./convention-echoes.js";
import { readConventions } from "./convention-rule.js";

/** A text reply, as the agent's next row. */
const said = (reply: string | null) => (reply === null ? null : { text: reply });
const echoes = (reply: string | null, words: string) => echoesText(said(reply), words);
const rules = (message: string, reply: string | null) =>
  readConventions(message, null, said(reply)).map((found) => found.rule);
const slots = (message: string, reply: string | null = null) =>
  readConventions(message, null, said(reply)).map(
    (found) => `${found.slot?.slot ?? "-"}=${found.slot?.value ?? "-"}`,
  );

describe("a statement the agent says back", () => {
  it("is an echo when a short reply acknowledges it with its words", () => {
    expect(
      echoes(
        "_camelCase private fields and the Async suffix on async methods.",
        "Private fields are _camelCase, like _productRepository",
      ),
    ).toBe(true);
    expect(
      echoes(
        "Google-style docstrings, noted.",
        "docstrings are Google style, with Args: and Returns: sections",
      ),
    ).toBe(true);
    expect(
      echoes("明白，zustand 管状态，样式用 tailwind。", "样式全部用 tailwind 的 class，不写单独的 css 文件"),
    ).toBe(true);
  });

  it("is no echo when the reply does work, asks back or shares one plain word", () => {
    const long = `Here is the class:\n\n\`\`\`python\nclass Grades: ...\n\`\`\``;
    expect(echoes(long, "Private fields are _camelCase")).toBe(false);
    expect(echoes("Which fields do you mean?", "Private fields are _camelCase")).toBe(false);
    expect(echoes("Tacos sound good.", "the canteen does tacos on tuesdays")).toBe(false);
    expect(echoes(null, "Private fields are _camelCase")).toBe(false);
  });

  it("makes a plain description of the project a convention", () => {
    const said =
      "let me give you the lay of the land first. library code defines its errors as thiserror enums, one per module.";
    expect(rules(said, null)).toEqual([]);
    expect(rules(said, "thiserror enums in the library, anyhow only in binaries.")).toEqual([
      "Library code defines its errors as thiserror enums, one per module",
    ]);
    expect(rules("Tests are xUnit, mocks with Moq.", "xUnit and Moq. Tacos sound good.")).toEqual([
      "Tests are xUnit",
      "Mocks with Moq",
    ]);
  });

  it("never makes a request, a drop, small talk or a remark about oneself a convention", () => {
    expect(rules("Add a login button to the header", "Sure, a login button in the header. Got it.")).toEqual(
      [],
    );
    expect(rules("sensor_safe gets deleted next sprint", "Noted, sensor_safe gets deleted.")).toEqual([]);
    expect(
      rules(
        "I refactored the retry backoff in internal/queue",
        "Got it, the retry backoff in internal/queue.",
      ),
    ).toEqual([]);
    expect(rules("I just got back from a ramen tour in Fukuoka", "Ramen in Fukuoka, noted!")).toEqual([]);
  });

  it("never makes a bug report the agent sets out to look into a convention", () => {
    expect(
      rules("The API returns 500 for the /users endpoint", "Understood — /users returns 500. Looking now."),
    ).toEqual([]);
    expect(
      rules("The API returns 500 for the /users endpoint", "Let me check why /users returns 500."),
    ).toEqual([]);
    expect(rules("这个接口返回 500", "好的，我查一下这个接口为什么返回 500。")).toEqual([]);
    expect(
      rules(
        "the migration in db/migrate/20240101_add_users.rb breaks",
        "Got it, the migration in db/migrate/20240101_add_users.rb breaks. Let me look.",
      ),
    ).toEqual([]);
  });

  it("is no echo when the agent says it does not understand", () => {
    expect(
      echoes("I don't understand, config/app.yaml is empty here?", "The config lives in config/app.yaml"),
    ).toBe(false);
  });
});

describe("a change of value", () => {
  it("sets the value it is to, whatever words say it", () => {
    expect(slots("let's switch the variable prefix from z_ to wr_ going forward")).toEqual([
      "naming.variable.prefix=wr_",
    ]);
    expect(slots("团队投票决定常量前缀从 C_ 换成 K_，比如 K_MAX_RETRY")).toEqual([
      "naming.constant.prefix=k_",
    ]);
    expect(slots("Hilt is being replaced by Koin, the annotation processing was killing our build")[0]).toBe(
      "dependency-injection=koin",
    );
    expect(slots("The team voted on thursday to move from Moq to NSubstitute")).toEqual([
      "mocking-library=nsubstitute",
    ]);
  });

  it("takes the slot a heading names when the rule says only the value", () => {
    expect(
      readConventions(
        "about the line length: actually make that 120.",
        null,
        said("Got it, max line length 120."),
      ),
    ).toEqual([
      expect.objectContaining({
        rule: "About the line length: actually make that 120",
        slot: expect.objectContaining({ slot: "line-length", value: "120" }),
      }),
    ]);
  });
});

describe("a drop and what replaces it", () => {
  it("are one rule when the replacement points back with 'instead'", () => {
    expect(
      rules(
        "we're migrating to the Micrometer Observation API this sprint, so @Timed is out. Put @Observed on public service methods instead.",
        null,
      ),
    ).toEqual([
      "Put @Observed on public service methods instead. We're migrating to the Micrometer Observation API this sprint, so @Timed is out",
    ]);
  });

  it("are one rule when the sentence after the drop names what is used now", () => {
    const [found] = readConventions(
      "the #[Authorize] attribute is deprecated as of the 3.2 release. They shipped #[RequiresPermission('invoices.view')] and that's what every controller action carries now.",
    );
    expect(found?.rule).toMatch(/Authorize.*RequiresPermission/);
  });

  it("are one rule when the drop is said right after the rule, unless the rule drops it already", () => {
    expect(rules("以后测试环境都走 qa-bj，./deploy.sh qa-bj。qa-sh 不用了", null).at(-1)).toMatch(
      /qa-bj.*qa-sh 不用了/,
    );
    expect(
      rules(
        "from now on use @guarded_io on service methods instead of @sensor_safe. sensor_safe gets deleted next sprint.",
        null,
      ),
    ).toEqual(["From now on use @guarded_io on service methods instead of @sensor_safe"]);
  });

  it("keep a reason with the rule, not as rules of their own", () => {
    expect(
      rules(
        "let's switch date libraries, moment is in maintenance mode and the bundle is huge. use dayjs for anything new.",
        null,
      ),
    ).toEqual([
      "Use dayjs for anything new. Let's switch date libraries, moment is in maintenance mode and the bundle is huge",
    ]);
    expect(
      slots("and one more: dayjs goes too, the team wants tree-shaking, so dates are date-fns from now on."),
    ).toEqual(["date-library=date-fns"]);
  });
});

describe("a remark that is no rule, with a rule after it in the same sentence", () => {
  it("keeps the rule: a judgement or 'unchanged' rules out only a sentence that says nothing more", () => {
    expect(slots("moment is huge so from now on use dayjs for dates")).toEqual(["date-library=dayjs"]);
    expect(slots("everything else stays the same, but from now on use pnpm for installs")).toEqual([
      "package-manager=pnpm",
    ]);
    expect(slots("其他的不变，以后依赖都用 pnpm 装")).toEqual(["package-manager=pnpm"]);
    expect(rules("named exports rule is unchanged.", null)).toEqual([]);
    expect(rules("导入那条照旧。", null)).toEqual([]);
  });
});

describe("a command the agent runs right after", () => {
  it("echoes the command the user named, not files the command happens to touch", () => {
    const ran = (text: string) => ({ text, ran: true });
    expect(echoesText(ran("make test-unit"), "unit tests are `make test-unit`")).toBe(true);
    expect(
      echoesText(
        ran("mkdir -p db/migration && mv add.sql db/migration/V37__add.sql"),
        "放 db/migration 下面",
      ),
    ).toBe(false);
  });
});

describe("what a change drops, in other words", () => {
  it("reads 'got replaced by', 下掉, 排掉 as drops", () => {
    expect(slots("and terraform got replaced by OpenTofu last week because of the license thing.")).toEqual([
      "infrastructure-as-code=opentofu",
    ]);
    expect(rules("日志换成标准库的 slog，zap 慢慢下掉，新写的代码都按 slog 来。", null)).toHaveLength(1);
  });
});

describe("names said in other words", () => {
  it("reads a suffix said with 'end in' and a prefix said after a comma", () => {
    expect(slots("Network models are data classes whose names end in Dto, like UserDto")).toEqual([
      "naming.class.suffix=dto",
    ]);
    expect(slots("the Dto suffix is going away too, network models end in Payload now")).toEqual([
      "naming.class.suffix=payload",
    ]);
    expect(slots("常量全大写，并且以 C_ 开头，比如 C_MAX_RETRY")).toEqual(["naming.constant.prefix=c_"]);
  });
});

describe("a chain of changes said in passing", () => {
  it("drops what 'X's out', 'changed my mind on X' and 'switching from X to Y' name", () => {
    expect(
      rules(
        "I changed my mind on eyre. so eyre's out, the binary uses miette now, miette::Result and IntoDiagnostic.",
        "Understood — miette in the binary instead of eyre.",
      ),
    ).toHaveLength(1);
    expect(rules("we went to a 3 hour jazz gig, never again", "Three hours is a commitment.")).toEqual([]);
  });
});
