import { describe, expect, it } from "vitest";
import { withoutAsides } from "../lexicon/asides.js";
import { isOneOff } from "../lexicon/one-off-cues.js";
import { saysUpdate } from "../lexicon/update-cues.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { readConventions } from "./convention-rule.js";
import { readSlots } from "./slot-rule.js";

const read = (message: string) =>
  readConventions(message).map(
    (found) => `${found.rule} | ${found.slot?.slot ?? "-"}=${found.slot?.value ?? "-"}`,
  );
const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);

describe("an aside in brackets", () => {
  it("is cut only when it is a statement of its own", () => {
    expect(withoutAsides("new log lines go through zap (the sugared logger is fine for now)", 5).trim()).toBe(
      "new log lines go through zap",
    );
    expect(withoutAsides("use yarn (for now)", 5)).toBe("use yarn (for now)");
  });

  it("makes no one-off of the rule around it", () => {
    expect(read("new log lines go through zap (the sugared logger is fine for now).")).toEqual([
      "New log lines go through zap (the sugared logger is fine for now) | logging=zap",
    ]);
    expect(read("use --port 3001 (for now)")).toEqual([]);
  });

  it("makes no prohibition of a rule that lists examples in it", () => {
    const found = readConventions(
      "A couple of norms before you dive in:\n- Private fields are _camelCase.\n- Services return Result<T> for expected failures (not found, insufficient stock).",
    );
    expect(found.map((item) => [item.rule, item.kind])).toEqual([
      ["Private fields are _camelCase", "prefer"],
      ["Services return Result<T> for expected failures (not found, insufficient stock)", "prefer"],
    ]);
    // Nor a rule of a request whose aside says "not": it only describes what is asked for.
    expect(
      read("add an `overdue` scope to Invoice (due_date in the past, not paid yet) with a spec"),
    ).toEqual([]);
  });
});

describe("a drop said with the rule that replaces it", () => {
  it("joins the rule after it, even after words on the new value", () => {
    expect(
      read(
        "we're on tracing now. tracing + tracing-subscriber with the fmt layer, and a span around each pack stage. log and env_logger are gone from Cargo.toml.",
      ),
    ).toEqual(["We're on tracing now. Log and env_logger are gone from Cargo.toml | logging=tracing"]);
    expect(read("new log lines go through zap. logrus is on its way out.")).toEqual([
      "New log lines go through zap. Logrus is on its way out | logging=zap",
    ]);
  });

  it("keeps a reason said before 'so' with the rule", () => {
    expect(read("FluentAssertions v8 went commercial, so assertions switch to Shouldly.")).toEqual([
      "FluentAssertions v8 went commercial, so assertions switch to Shouldly | assertion-library=shouldly",
    ]);
  });
});

describe("a tool and what it is for", () => {
  it("is the tool used for it", () => {
    expect(slots("Tests: xUnit, FluentAssertions for assertions, NSubstitute for mocks.")).toEqual([
      "test-runner=xunit",
      "assertion-library=fluentassertions",
      "mocking-library=nsubstitute",
    ]);
    expect(slots("pytest for tests")).toEqual(["test-runner=pytest"]);
  });

  it("is no choice when 'for' gives a time or a reason", () => {
    expect(slots("I used pytest for years")).toEqual([]);
  });

  it("sets the tool, not the practice, when the practice names the tool", () => {
    expect(slots("assertions switch to Shouldly")).toEqual(["assertion-library=shouldly"]);
    expect(slots("always use assert statements in functions")).toEqual(["assert-statements=use"]);
  });
});

describe("a change written as an arrow", () => {
  it("drops the old thing and names the new one", () => {
    const terms = preferenceTerms("gigalixir -> our own k8s cluster");
    expect([[...terms.use], [...terms.avoid]]).toEqual([["k8s"], ["gigalixir"]]);
    const code = preferenceTerms("fn parse() -> u32");
    expect(code.use.size + code.avoid.size).toBe(0);
    expect(saysUpdate("gigalixir -> our own k8s cluster")).toBe(true);
    expect(saysUpdate("fn parse() -> u32")).toBe(false);
  });

  it("joins the sentence after it that says what it changed to", () => {
    expect(
      read(
        "infra sync notes:\n* gigalixir -> our own k8s cluster. deploy is `make release && make deploy ENV=prod` (helm under the hood). still main only.\n* on-call rota: Kemal next week",
      ),
    ).toEqual([
      "Deploy is `make release && make deploy ENV=prod` (helm under the hood). Gigalixir -> our own k8s cluster | deploy-command=make release && make deploy env=prod",
    ]);
  });

  it("never joins a prohibition to the rule after it", () => {
    expect(
      read(
        "every job class subclasses KestrelTask, we never register plain functions as jobs. settings go in kestrel.cfg at the repo root.",
      ),
    ).toHaveLength(2);
  });
});

describe("what is said of a thing a rule just dropped", () => {
  it("is the rule's reason, not a rule of its own", () => {
    expect(
      read(
        "fyi we're swapping Truth for AssertK. the shared KMP module can't depend on Truth. assertThat(x).isEqualTo(y) reads the same, only the imports change.",
      ).map((line) => line.split(" | ")[0]),
    ).toEqual(["We're swapping Truth for AssertK. The shared KMP module can't depend on Truth"]);
  });
});

describe("a reason said before the rule in one sentence", () => {
  it("stays with the rule it leads to", () => {
    expect(
      read(
        "now that kotest is in for the property-based tests, let's just use the kotest assertions everywhere: result shouldBe expected.",
      ).map((line) => line.split(" | ")[0]),
    ).toEqual([
      "Now that kotest is in for the property-based tests, let's just use the kotest assertions everywhere: result shouldBe expected",
    ]);
  });
});

describe("what is said of a thing an earlier rule of the message drops", () => {
  it("says more of that rule, across a sentence between", () => {
    expect(
      read(
        "New guideline from the architecture group: request input is validated through spatie/laravel-data objects now, not FormRequests. The Data class declares the rules with attributes and the controller receives the Data object. Existing FormRequests get migrated when touched.",
      ).map((line) => line.split(" | ")[0]),
    ).toEqual([
      "Request input is validated through spatie/laravel-data objects now, not FormRequests. Existing FormRequests get migrated when touched",
    ]);
  });

  it("is only a named thing, never a verb a prohibition forbids", () => {
    const rules = read(
      "a couple of things we care about. for logs we use the standard logging module, one logger per module via logging.getLogger(__name__). and for errors: never raise bare Exception or HTTPException from a route. raise a subclass of AppError from tidewater/errors.py and the handler turns it into a problem+json response.",
    );
    expect(rules.length).toBeGreaterThan(0);
    expect(rules.filter((rule) => rule.includes("getLogger") && rule.includes("AppError"))).toEqual([]);
  });
});

describe("the thing a rule uses or drops", () => {
  it("is read past a word that only qualifies it", () => {
    const terms = preferenceTerms("we're deprecating direct Guzzle in favour of Laravel's Http facade");
    expect(terms.avoid.has("guzzle")).toBe(true);
    expect(
      preferenceTerms("request input is validated through laravel-data now").use.has("laravel-data"),
    ).toBe(true);
  });
});

describe("lines after a heading that ends with a colon", () => {
  it("are list items, one rule a line, marker or not", () => {
    expect(
      read(
        "先跟你对齐几条约定哈：\n网络请求统一走 Alamofire，不要直接用 URLSession；\n颜色、字体只能从 DesignSystem 模块里取，禁止在代码里写死色值；\n新页面一律用 SwiftUI 写，老的 UIKit 页面先不动。",
      ).map((line) => line.split(" | ")[0]),
    ).toEqual([
      "网络请求统一走 Alamofire，不要直接用 URLSession",
      "颜色、字体只能从 DesignSystem 模块里取，禁止在代码里写死色值",
      "新页面一律用 SwiftUI 写，老的 UIKit 页面先不动",
    ]);
  });
});

describe("a one-off said in a later clause of a Chinese rule", () => {
  it("is about something else, but an English symptom with 'never' makes no rule", () => {
    expect(read("新页面一律用 SwiftUI 写，老的 UIKit 页面先不动。")).toHaveLength(1);
    expect(read("这次先用 npm 吧")).toEqual([]);
    expect(
      read(
        "no, leave old code alone for now. just fix the off-by-one in report.py, the last student never gets printed.",
      ),
    ).toEqual([]);
  });

  it("is no rule of another team", () => {
    expect(read("隔壁组一律用 Java，我们不管他们。")).toEqual([]);
  });
});

describe("a thing left alone for now, said after a change in Chinese", () => {
  it("keeps the change a rule", () => {
    expect(
      read("跟你说下，架构组觉得 qn_ 太短容易撞名，以后局部变量改成 pay_ 开头，老代码先不动。").map(
        (line) => line.split(" | ")[1],
      ),
    ).toEqual(["naming.variable.prefix=pay_"]);
    expect(read("测试框架改用 Pest，新写的测试都用 Pest，老的 PHPUnit 用例先不动")).toHaveLength(1);
    expect(read("老接口先不用改")).toEqual([]);
  });

  it("keeps a drop of a generic type with the rule after it", () => {
    expect(
      read(
        "架构组定了，Result<T> 废弃，以后新接口统一返回 ApiResponse<T>，成功用 ApiResponse.success(data)。老接口先不用改",
      ),
    ).toHaveLength(1);
    expect([...preferenceTerms("Result<T> is deprecated, use ApiResponse<T>").avoid]).toEqual(["result"]);
  });
});

describe("a clause about 'the' thing of the clause before it", () => {
  it("is part of that rule, so the two go together when it is replaced", () => {
    expect(
      read("we always mock HTTP with msw in this repo, the handlers live in src/mocks/handlers.ts.").map(
        (line) => line.split(" | ")[0],
      ),
    ).toEqual(["We always mock HTTP with msw in this repo, the handlers live in src/mocks/handlers.ts"]);
  });
});

describe("clauses under a topic named in words", () => {
  it("are one rule when none sets a slot, but a heading that announces is no topic", () => {
    expect(
      read(
        "- table-driven tests: the slice is called `cases`, every entry has a `name` field, run them with t.Run(tc.name, ...)",
      ),
    ).toHaveLength(1);
    expect(
      read(
        "先说下背景：我们数仓在 Hive 上，ODS 层的表都在 ods 库，分区字段是 ds，格式 yyyy-MM-dd，调度用 DolphinScheduler，新 SQL 写完先提交到 dev 队列跑一遍再上线。",
      ),
    ).toHaveLength(2);
  });
});

describe("'别这么' before a word of how", () => {
  it("says how answers should be, not a one-off", () => {
    expect(isOneOff("以后回答别这么长")).toBe(false);
    expect(isOneOff("别这样")).toBe(true);
  });
});

describe("how answers should be, one clause telling what to do", () => {
  it("is a rule about answers", () => {
    expect(
      read(
        "better. also that first answer was an essay — bullet points, five at most, and skip the headings",
      ),
    ).toHaveLength(1);
    expect(read("the answer was fine, thanks, now fix the header")).toEqual([]);
  });
});

describe("a correction for next time", () => {
  it("is a standing rule", () => {
    expect(
      read("works, but use bin/rspec next time. it's the spring binstub, loads in under a second"),
    ).toEqual(["Works, but use bin/rspec next time | test-runner=rspec"]);
    expect(read("next time we meet, remind me about the demo")).toEqual([]);
  });
});

describe("what new work of a kind uses", () => {
  it("is a rule for every one made from now on, not a story of new people", () => {
    expect(read("new tests use vitest")).toEqual(["New tests use vitest | test-runner=vitest"]);
    expect(read("new code uses zod")).toEqual(["New code uses zod | validation=zod"]);
    expect(read("new users use the app more on weekends")).toEqual([]);
  });
});

describe("a value recalled as a question, then the rule that replaces it", () => {
  it("is one rule that names the old value (Remember the fx_ prefix? We now use op_ instead.)", () => {
    const found = readConventions(
      "Okay, one piece of news. Remember the fx_ prefix? We now use op_ instead. The architecture group decided fx_ clashed with the new effects library.",
    );
    expect(found[0]?.rule).toBe("We now use op_ instead of fx_");
    expect(found[0]?.quote).toBe("Remember the fx_ prefix? We now use op_ instead.");
    expect(preferenceTerms(found[0]?.rule ?? "").avoid).toEqual(new Set(["fx_"]));
  });

  it("keeps the question with a rule in other words (还记得 sys_ 前缀吗？现在改用 tick_ 了)", () => {
    expect(read("还记得 sys_ 前缀吗？现在改用 tick_ 了。")).toEqual([
      "现在改用 tick_ 了。还记得 sys_ 前缀吗？ | -=-",
    ]);
  });

  it("joins no question that names no value, nor a rule that replaces nothing", () => {
    expect(read("Did you see the retro notes? We now use pnpm instead.").join()).not.toContain("retro");
    expect(read("Remember the fx_ prefix? Tests go in tests/unit.").join()).not.toContain("fx_");
  });
});

describe("a teammate's words relayed before their quote", () => {
  it("are the rule, without the words that relay them", () => {
    const found = readConventions(
      "Priya left a comment on the billing PR, pasting it here: 'We're dropping Alamofire, it is one dependency too many.' Thanks!",
    );
    expect(found.map((item) => item.rule)).toEqual([
      "We're dropping Alamofire, it is one dependency too many",
    ]);
  });
});
