import { describe, expect, it } from "vitest";
import { readConventions } from "./convention-rule.js";

const read = (message: string, reply?: string) =>
  readConventions(message, null, reply === undefined ? null : { text: reply }).map(
    (found) => `${found.rule} [${found.slot?.slot ?? "-"}=${found.slot?.value ?? "-"}]`,
  );

describe("a change said with what replaces it", () => {
  it("is one rule when the change is said first without its value (对象拷贝我们也改了，…，以后统一用 X)", () => {
    expect(
      read(
        "对。还有，对象拷贝我们也改了，BeanUtils.copyProperties 是反射，字段名一改就悄悄丢数据，以后统一用 MapStruct 写 Converter 接口。",
      ),
    ).toEqual([
      "对象拷贝我们也改了，BeanUtils.copyProperties 是反射，字段名一改就悄悄丢数据，以后统一用 MapStruct 写 Converter 接口 [object-mapping=mapstruct]",
    ]);
  });

  it("is one rule when a thing said to be gone is followed by what stands in for it", () => {
    expect(
      read(
        "vpn is up. there's no staging anymore, it got retired in january. the test env is qa-gw.int.notif.dev now",
      ),
    ).toEqual([
      "The test env is qa-gw.int.notif.dev now. There's no staging anymore, it got retired in january [test-environment=qa-gw.int.notif.dev]",
    ]);
  });

  it("is one rule when a drop and its replacement are joined by a bare 'and'", () => {
    const [rule, ...rest] = read(
      "news from the go guild: we voted on friday to drop zap and go with the standard library's log/slog for everything new.",
    );
    expect(rest).toEqual([]);
    expect(rule).toContain("drop zap and go with the standard library's log/slog");
  });

  it("keeps the reason said between a drop and its replacement, after a verdict on the agent's work", () => {
    expect(
      read(
        "looks good, but heads up: we had a team sync yesterday and decided to drop the gb_ prefix. it clashes with the export module's names. new code uses st_ instead, so self.st_roster and so on.",
      ),
    ).toEqual([
      // The rule first, then the words that say what it drops.
      "New code uses st_ instead, so self.st_roster and so on. We had a team sync yesterday and decided to drop the gb_ prefix. It clashes with the export module's names [-=-]",
    ]);
  });

  it("joins a drop to the rule before it when the rule sets the slot by a case or a suffix said in passing", () => {
    expect(
      read(
        "so, the new lint preset landed and it enforces kebab-case file names, tile-cache.ts instead of tileCache.ts. no more camelCase files, I renamed the existing ones already.",
        "Got it: kebab-case file names like tile-cache.ts from now on.",
      ),
    ).toEqual([
      "The new lint preset landed and it enforces kebab-case file names, tile-cache.ts instead of tileCache.ts. No more camelCase files, I renamed the existing ones already [naming.file.case=kebab-case]",
    ]);
    expect(
      read(
        "the team agreed to follow its naming, so DTOs end in Data from now on. the Dto suffix is gone for new classes.",
      ),
    ).toEqual([
      "The team agreed to follow its naming, so DTOs end in Data from now on. The Dto suffix is gone for new classes [naming.class.suffix=data]",
    ]);
  });

  it("reads a Chinese topic said to change as an announcement, which the agent's reply does not make a rule", () => {
    expect(
      read(
        "错误码前缀改一下，ERR_ 太泛了，跟支付那边撞了，以后订单相关的一律 ORD_ 开头，比如 ORD_NOT_FOUND。",
        "好的，以后订单相关错误码用 ORD_ 开头。",
      ),
    ).toEqual([
      "错误码前缀改一下，ERR_ 太泛了，跟支付那边撞了，以后订单相关的一律 ORD_ 开头，比如 ORD_NOT_FOUND [naming.error-code.prefix=ord_]",
    ]);
  });

  it("joins a dropped tool to the clause that sets its slot, and reads no work from a reason", () => {
    expect(read("and viper is out, config is loaded with koanf now (same config.yaml).")).toEqual([
      "Viper is out, config is loaded with koanf now (same config.yaml) [config-center=koanf]",
    ]);
    const [strict] = readConventions(
      "every PHP file starts with declare(strict_types=1); no exceptions, the CI check fails without it",
    );
    expect(strict?.work).not.toContain("ci");
    expect(strict?.trigger).not.toMatch(/CI/);
  });

  it("does not join a reason to a rule that drops nothing, nor a list's drop to the next item", () => {
    expect(read("Always start variable names with 'z_'. It makes our code instantly recognisable.")).toEqual([
      "Always start variable names with 'z_' [naming.variable.prefix=z_]",
    ]);
    expect(
      read(
        "the rule here is: route paths are kebab-case (/harvest-forecasts, not /harvestForecasts), and outbound calls use requests",
      ),
    ).toHaveLength(2);
  });
});

describe("an announcement that names its topic", () => {
  it("gives the rule after it the topic's slot", () => {
    expect(
      read(
        "Also I've changed my mind on docstrings. We're going with numpy style (Parameters and Returns sections).",
      ).at(0),
    ).toMatch(/\[docstring-style=numpy\]$/);
  });
});

describe("an update the agent says back", () => {
  it("keeps the reason said after it, and reads 'deprecating X in favour of Y' as a change", () => {
    expect(
      read(
        "a new guideline from the architecture group: @Observed instead of @Timed on service methods. It gives us traces and metrics from one annotation, so @Timed goes away in new code.",
        "Got it, service methods get @Observed now rather than @Timed.",
      ),
    ).toEqual([
      "@Observed instead of @Timed on service methods. It gives us traces and metrics from one annotation, so @Timed goes away in new code [decorator.method=@observed]",
    ]);
    expect(read("heads up before we start: we're deprecating superagent in favour of undici.")).toEqual([
      "We're deprecating superagent in favour of undici [http-client=undici]",
    ]);
  });
});

describe("small talk about the weekend", () => {
  it("is no convention, though it says something 'is out'", () => {
    expect(read("Did a 20 km hike on Saturday, the wildflowers are out already.", "Sounds lovely!")).toEqual(
      [],
    );
  });
});

describe("a norm the agent says back", () => {
  it("is a convention, as a statement is; a prohibition of a call is a rule's shape", () => {
    expect(
      read(
        "every php file starts with declare(strict_types=1), the CI check fails without it.",
        "Noted: declare(strict_types=1) at the top of every PHP file.",
      ),
    ).toHaveLength(1);
    expect(read("no unwrap() outside tests, ever.")).toEqual(["No unwrap() outside tests, ever [-=-]"]);
  });
});

describe("a change told as news of last week", () => {
  it("is a rule: a drop, a decision, a change with its new value (in English and Chinese)", () => {
    expect(read("btw we dropped testify last week. tests stay table-driven")).toEqual([
      "We dropped testify last week [-=-]",
    ]);
    expect(
      read("上周架构组定了，接口返回改成 ApiResponse<T> 了，Result 那个类下个版本就删。改一下"),
    ).toHaveLength(1);
    expect(read("last week we decided that api responses are wrapped in ApiResponse")).toHaveLength(1);
  });

  it("is no rule when it tells of a habit then, or of a change with no new value", () => {
    expect(read("last week we always deployed on fridays")).toEqual([]);
    expect(read("last week we changed the retry logic and it broke staging")).toEqual([]);
    expect(read("at my old job we used to use yarn")).toEqual([]);
    expect(read("we used to use yarn, pnpm now")).toHaveLength(1);
  });
});

describe("a drop, its reasons, then a marked rule", () => {
  it("is one rule: the marked rule is what replaces the dropped thing", () => {
    expect(
      read(
        "heads up, we're ripping msw out. it keeps fighting with vitest's fake timers and the jsdom setup is flaky. http mocks are nock from here on, one scope per test, nock.cleanAll() in afterEach.",
      ),
    ).toEqual([
      "We're ripping msw out. It keeps fighting with vitest's fake timers and the jsdom setup is flaky. Http mocks are nock from here on, one scope per test, nock.cleanAll() in afterEach [-=-]",
    ]);
  });
});

describe("a terse correction", () => {
  it("is one rule choosing the tool it names alone, beside a drop", () => {
    expect(read("slog. structured fields. no log.Printf.")).toEqual([
      "slog. structured fields. no log.Printf [logging=slog]",
    ]);
    expect(read("pnpm. not npm.")).toEqual(["pnpm. not npm [package-manager=pnpm]"]);
  });

  it("is no rule without a drop, or with more than a few words", () => {
    expect(read("vitest. and fix the flaky one.")).toEqual([]);
    expect(
      read("slog. the rest of the handler looks fine to me now, thanks a lot. no log.Printf."),
    ).not.toContainEqual(expect.stringContaining("[logging=slog]"));
  });
});

describe("rules said under a heading, of whatever a description covers, and with what was taken out", () => {
  it("reads each sentence after a heading of rules that names a value (先讲几条规范。…)", () => {
    expect(
      read("先讲几条规范。日志用 zap。错误往上抛的时候用 fmt.Errorf 加 %w 包一层，写清楚在哪一步失败的。"),
    ).toContain("错误往上抛的时候用 fmt.Errorf 加 %w 包一层，写清楚在哪一步失败的 [-=-]");
    // Words that head no rules make the next sentences no rules.
    expect(read("Let me walk you through the release. LmSidebar — so it's easy to find")).toEqual([]);
  });

  it("reads a norm said of anything a description covers, and a thing the team removed", () => {
    expect(
      read("anything that comes over the wire gets parsed with a zod schema before we touch it."),
    ).toHaveLength(1);
    expect(
      read(
        "Every composable gets a @Preview function next to it. JSON is kotlinx.serialization, we removed Gson last year.",
      ),
    ).toEqual([
      "Every composable gets a @Preview function next to it. JSON is kotlinx.serialization, we removed Gson last year [-=-]",
    ]);
    expect(read("we removed the debug print last week.")).toEqual([]);
  });
});

describe("a decision other people made for every one of a kind", () => {
  it("is a rule for this project too, though what other teams do is not", () => {
    expect(
      readConventions(
        "fyi from the platform sync: they standardized on zerolog across all go services, zap is out.",
      ).map((finding) => finding.slot?.value),
    ).toEqual(["zerolog"]);
    expect(readConventions("they always use java, we don't care")).toEqual([]);
  });
});

describe("what to do instead, said right after a prohibition that names none", () => {
  it("is part of the prohibition", () => {
    expect(
      readConventions(
        "never call the stripe API directly from controllers. `PaymentsGateway.charge()` wraps it with retries and idempotency keys.",
      ).map((finding) => finding.rule),
    ).toEqual([
      "Never call the stripe API directly from controllers. `PaymentsGateway.charge()` wraps it with retries and idempotency keys",
    ]);
  });

  it("is not a sentence that only points back at it", () => {
    expect(
      readConventions(
        "never call the stripe API directly from controllers. Use that for every new controller.",
      ).map((finding) => finding.rule),
    ).toEqual(["Never call the stripe API directly from controllers"]);
  });
});

describe("when a thing happened", () => {
  it("is no occasion of the rule", () => {
    const found = readConventions(
      "metrics are on 9464 now, moved when we switched to the otel prometheus exporter. 9102 is gone",
    );
    expect(found.length).toBe(2);
    for (const finding of found) expect(finding.trigger).not.toMatch(/^When we switched/);
    expect(readConventions("when you add an endpoint, always register it in routes.ts")[0]?.trigger).toBe(
      "When you add an endpoint",
    );
  });
});
