import { describe, expect, it } from "vitest";
import { taskRows } from "../../testing/task-rows.js";
import type { TransferableHeuristic } from "../learning/offline-experience.js";
import { withConventions } from "./convention-heuristics.js";
import { conventionRule, readConventions } from "./convention-rule.js";

const rules = (message: string) => readConventions(message).map((found) => found.rule);

describe("the standing-convention rule", () => {
  it("reads a mentor's conventions among small talk, without 'Firstly,' or the greeting", () => {
    const found = readConventions(
      "Glad to hear it. Let me tell you about a couple of things we care about here. Firstly, always start variable names with 'z_'. It makes our code instantly recognisable in reviews. Secondly, we use docstrings in all methods, no exceptions.",
    );
    expect(found.map((item) => item.rule)).toEqual([
      "Always start variable names with 'z_'",
      "We use docstrings in all methods, no exceptions",
    ]);
    expect(found.map((item) => item.slot?.slot)).toEqual(["naming.variable.prefix", "docstrings"]);
    expect(found.map((item) => item.trigger)).toEqual(["Writing code", "Writing code comments"]);
    expect(found.every((item) => item.kind === "prefer" && item.language === "en")).toBe(true);
  });

  it("reads updates, and a rule that names a slot in a message marked elsewhere", () => {
    expect(
      rules(
        "Nothing wrong with that. One update before I forget: from now on, variable names should start with 'wr_' instead.",
      ),
    ).toEqual(["From now on, variable names should start with 'wr_' instead"]);
    expect(
      rules(
        "So, the platform team changed their minds again. Variable names now start with 'n_', please use that going forward.",
      ),
    ).toEqual(["Variable names now start with 'n_', please use that going forward"]);
    expect(
      rules(
        "A few ground rules. We always include try statements in methods. Also, function names should end with '_fn'.",
      ),
    ).toEqual(["We always include try statements in methods", "Function names should end with '_fn'"]);
  });

  it.each([
    ["Also, all functions should have docstrings.", "All functions should have docstrings", "docstrings=use"],
    ["One more thing: we use pytest for tests.", "We use pytest for tests", "test-runner=pytest"],
    [
      "Our convention is to use Google-style docstrings.",
      "Use Google-style docstrings",
      "docstring-style=google",
    ],
    [
      "Our convention is that every method has a docstring.",
      "Every method has a docstring",
      "docstrings=use",
    ],
    [
      "Make sure all functions start with 'fn_'.",
      "Make sure all functions start with 'fn_'",
      "naming.function.prefix=fn_",
    ],
    [
      "The rule here is that variable names start with 'z_'.",
      "Variable names start with 'z_'",
      "naming.variable.prefix=z_",
    ],
    [
      "How was your weekend? Mine was great, went hiking. Anyway, we use black for formatting.",
      "We use black for formatting",
      "formatter=black",
    ],
    ["Please always use absolute imports.", "Always use absolute imports", "imports.style=absolute"],
    ["Use loguru for logging from now on.", "Use loguru for logging from now on", "logging=loguru"],
    [
      "Branch names should start with 'feature/'.",
      "Branch names should start with 'feature/'",
      "naming.branch.prefix=feature/",
    ],
    [
      "We keep config in settings.toml, always.",
      "We keep config in settings.toml, always",
      "config-file:any=settings.toml",
    ],
    ["一律用 pytest 写测试。", "一律用 pytest 写测试", "test-runner=pytest"],
    [
      "Another thing I want you to keep in mind is that all function names should end with '_v2'.",
      "All function names should end with '_v2'",
      "naming.function.suffix=_v2",
    ],
    [
      "I'd also like you to always include type hints for function arguments.",
      "Always include type hints for function arguments",
      "annotations=use",
    ],
    [
      "We've decided that variable names should now start with 'q_' rather than 'z_'.",
      "Variable names should now start with 'q_' rather than 'z_'",
      "naming.variable.prefix=q_",
    ],
    [
      "Update on the naming convention: use 'mx_' for all variable names going forward.",
      "Use 'mx_' for all variable names going forward",
      "naming.variable.prefix=mx_",
    ],
    [
      "We're switching our CI to GitHub Actions, so please use that.",
      "We're switching our CI to GitHub Actions, so please use that",
      "ci-provider=github-actions",
    ],
    ["以后所有方法都要加 @timer 装饰器。", "以后所有方法都要加 @timer 装饰器", "decorator.method=@timer"],
  ])("reads the convention in %j", (message, rule, slot) => {
    const found = readConventions(message);
    expect(found.map((item) => [item.rule, `${item.slot?.slot}=${item.slot?.value}`])).toEqual([
      [rule, slot],
    ]);
    expect(found[0]?.trigger).not.toMatch(/weekend|hiking/i);
  });

  it.each([
    ["Let's switch to pnpm.", "package-manager=pnpm"],
    ["Scratch that, use vitest.", "test-runner=vitest"],
    ["We've moved from yarn to pnpm.", "package-manager=pnpm"],
    ["Change of plan: variable names should start with 'n_'.", "naming.variable.prefix=n_"],
    ["From now on use 'wr_' as the variable prefix instead.", "naming.variable.prefix=wr_"],
    ["We no longer use the @retry decorator, now it's @timer on all methods.", "decorator.method=@timer"],
    ["Let's switch to NumPy-style docstrings.", "docstring-style=numpy"],
    ["From now on we use pytest instead of unittest.", "test-runner=pytest"],
    [
      "Going forward, the config file is settings.toml instead of config.yaml.",
      "config-file:any=settings.toml",
    ],
    ["测试框架换成 vitest 了。", "test-runner=vitest"],
    ["Change of plan on testing: we've moved from pytest to unittest.", "test-runner=unittest"],
    ["不再用 yarn，改成 pnpm。", "package-manager=pnpm"],
  ])("reads the update %j as the new value of its slot", (message, slot) => {
    const found = readConventions(message);
    expect(found.map((item) => `${item.slot?.slot}=${item.slot?.value}`)).toEqual([slot]);
    expect(found[0]?.rule).not.toMatch(/^(?:change of plan|scratch that)/i);
  });

  it("keeps the rule apart from a story told before a dash, and one convention per slot value", () => {
    expect(
      rules(
        "heh. so I merged the settings migration this morning — settings live in kestrel.toml now, kestrel.cfg is gone for good.",
      ),
    ).toEqual(["Settings live in kestrel.toml now, kestrel.cfg is gone for good"]);
    expect(rules("this repo is a pnpm workspace. Use pnpm install, never npm install here.")).toEqual([
      "Use pnpm install, never npm install here",
    ]);
  });

  it("reads norms said of every thing of a kind, and code named in CamelCase", () => {
    expect(rules("A few ground rules. Firstly, ViewModels expose StateFlow, never LiveData.")).toEqual([
      "ViewModels expose StateFlow, never LiveData",
    ]);
    expect(
      rules("every resource carries the owner and costcenter tags, the module won't plan without them."),
    ).toEqual(["Every resource carries the owner and costcenter tags, the module won't plan without them"]);
  });

  it("reads two updates of one Chinese message as one each", () => {
    expect(
      readConventions("有个变化：以后不再用 yarn，改成 pnpm。配置文件也换成 config.yaml 了。").map((item) => [
        item.rule,
        item.slot?.value,
      ]),
    ).toEqual([
      ["以后不再用 yarn，改成 pnpm", "pnpm"],
      ["配置文件也换成 config.yaml 了", "config.yaml"],
    ]);
  });

  it("reads several conventions of one message as one each, after small talk", () => {
    expect(
      readConventions(
        "Good to see you. By the way, we use yarn here. Also, we always write tests with pytest. And we keep config in settings.toml.",
      ).map((item) => item.slot?.slot),
    ).toEqual(["package-manager", "test-runner", "config-file:any"]);
  });

  it("reads Chinese conventions, one per slot of a sentence", () => {
    const found = readConventions(
      "我们规范是类名一律用大驼峰，函数参数名以 _a 结尾。另外，每个函数都要有类型注解。",
    );
    expect(found.map((item) => [item.rule, item.slot?.slot])).toEqual([
      ["我们规范是类名一律用大驼峰", "naming.class.case"],
      ["函数参数名以 _a 结尾", "naming.argument.suffix"],
      ["每个函数都要有类型注解", "annotations"],
    ]);
    expect(found[0]?.trigger).toBe("写代码");
    expect(rules("staging 环境下线了，以后一律先发 qa-gw，不再发 staging。")).toEqual([
      "staging 环境下线了，以后一律先发 qa-gw，不再发 staging",
    ]);
    expect(readConventions("以后一律先发 qa-gw，不再发 staging")[0]?.kind).toBe("prefer");
  });

  it("reads a process rule said with the task, and names its occasion as the trigger", () => {
    const [lint] = readConventions(
      "add a loading spinner. and always run npm run lint before you tell me something is done",
    );
    expect(lint).toMatchObject({
      rule: "Always run npm run lint before you tell me something is done",
      slot: null,
    });
    expect(lint?.work).toContain("code");
    const [glab] = readConventions(
      "every time you touch .gitlab-ci.yml run glab ci lint BEFORE you push. no exceptions",
    );
    expect(glab?.trigger).toBe("Every time you touch .gitlab-ci.yml");
    // The occasion ends where the one it is said to starts: "you run…".
    const [check] = readConventions("before any release you run `just audit`, it checks the licences");
    expect(check?.trigger).toBe("Before any release");
  });

  it("takes the kind of work from the command the agent ran when the rule names none", () => {
    const [found] = readConventions(
      "always pass -scheme FitlogCI",
      "xcodebuild test -project Fitlog.xcodeproj",
    );
    expect(found?.work).toEqual(["tests", "build"]);
    // A workspace is an Xcode build input: the rule names its kind of work itself.
    const [workspace] = readConventions("always -workspace Fitlog.xcworkspace", "npm test");
    expect(workspace?.work).toEqual(["build"]);
  });

  it("reads no convention from questions, conditions, one-offs, statements or small talk", () => {
    for (const message of [
      "Should we always squash commits?",
      "if the build fails, always clear the cache",
      "use --port 3001 this time",
      "the tests always fail on CI",
      "I never liked Java much",
      "Hi Oliver, it's great to finally meet you.",
      "never mind, skip that",
      "每次都这样。",
    ]) {
      expect(readConventions(message)).toEqual([]);
    }
  });

  it("is a rule object returning what it found", () => {
    expect(conventionRule.id).toBe("standing-convention");
    expect(conventionRule.learn({ message: "we use yarn here, always yarn add" })).toEqual([
      expect.objectContaining({ slot: expect.objectContaining({ slot: "package-manager", value: "yarn" }) }),
    ]);
  });
});

describe("conventions among a task's heuristics", () => {
  const rows = taskRows([
    { user: "Hi Oliver, it's great to finally meet you." },
    { assistant: "Hi Sara!" },
    {
      user: "Firstly, always start variable names with 'z_'. 以后变量名一律以 m_ 开头，方法都要写 docstring。",
    },
  ]);
  const title = "Hi Oliver, it's great to finally meet you.";

  it("marks a heuristic read from a convention: slot, clean rule, and its kind of work instead of the greeting", () => {
    const stated: TransferableHeuristic = {
      kind: "prefer",
      trigger: title,
      rule: "Firstly, always start variable names with 'z_'",
      why: "A standing rule the user stated",
      evidence: "Firstly, always start variable names with 'z_'.",
    };
    const [marked] = withConventions(rows.slice(0, 3), [stated], title);
    expect(marked).toMatchObject({
      rule: "Always start variable names with 'z_'",
      trigger: "Writing code",
      slot: { id: "naming.variable.prefix", value: "z_" },
      convention: true,
      why: "A standing rule the user stated",
    });
  });

  it("splits a heuristic that holds several conventions, and adds those no rule read", () => {
    const whole: TransferableHeuristic = {
      kind: "prefer",
      trigger: title,
      rule: "以后变量名一律以 m_ 开头，方法都要写 docstring",
      why: "用户明确提出的长期规则",
      evidence: "以后变量名一律以 m_ 开头，方法都要写 docstring。",
    };
    const all = withConventions(rows, [whole], title);
    expect(all.map((heuristic) => [heuristic.rule, heuristic.slot?.id])).toEqual([
      ["以后变量名一律以 m_ 开头", "naming.variable.prefix"],
      ["方法都要写 docstring", "docstrings"],
      ["Always start variable names with 'z_'", "naming.variable.prefix"],
    ]);
    expect(all.every((heuristic) => heuristic.convention === true && heuristic.trigger !== title)).toBe(true);
  });

  it("names the work a convention's own words name, not the activity of the task it was said in", () => {
    const said = taskRows([{ user: "Money in this codebase is a Decimal end to end, never a float." }]);
    const stated: TransferableHeuristic = {
      kind: "avoid",
      trigger: "Writing and running tests",
      rule: "Money in this codebase is a Decimal end to end, never a float",
      why: "A standing rule the user stated",
      evidence: "Money in this codebase is a Decimal end to end, never a float.",
    };
    const [marked] = withConventions(said, [stated], "run the ledger tests");
    expect(marked?.trigger).toBe("Writing code");
    const testing: TransferableHeuristic = {
      ...stated,
      rule: "Test fixtures use Decimal money, never floats",
    };
    const saidOfTests = taskRows([{ user: "Test fixtures use Decimal money, never floats." }]);
    const [kept] = withConventions(
      saidOfTests,
      [{ ...testing, evidence: "Test fixtures use Decimal money, never floats." }],
      "x",
    );
    expect(kept?.trigger).toBe("Writing and running tests");
  });

  it("says a convention whole when another rule kept only a clause of it that does not name its value", () => {
    const said = "we're moving to Mapster, the config lives in Api/Mapping/MapsterConfig.cs.";
    const fact: TransferableHeuristic = {
      kind: "prefer",
      trigger: "Editing configuration files",
      rule: "The config lives in `Api/Mapping/MapsterConfig.cs`",
      why: "A fact about the project the user stated",
      evidence: said,
    };
    const [whole] = withConventions(taskRows([{ user: said }]), [fact], "x");
    expect(whole).toMatchObject({
      rule: "We're moving to Mapster, the config lives in Api/Mapping/MapsterConfig.cs",
      slot: { id: "object-mapping", value: "mapster" },
      convention: true,
    });
    // A clause that names the value stays the rule.
    const named = { ...fact, rule: "Mapster is the mapper" };
    expect(withConventions(taskRows([{ user: said }]), [named], "x")[0]?.rule).toBe("Mapster is the mapper");
  });

  it("keeps what a long convention says after a long aside, the aside dropped to fit", () => {
    const said =
      "change of plan on betas. We burned through the Xcode Cloud compute hours in two weeks, so it's `make testflight` on the build mac mini now (wraps xcodebuild archive + the altool upload). No more beta tags.";
    const added = withConventions(taskRows([{ user: said }]), [], "x");
    const rule = added.find((heuristic) => heuristic.rule.includes("make testflight"))?.rule ?? "";
    expect(rule).toMatch(/mac mini now\. No more beta tags$/);
    expect(rule).not.toContain("altool");
  });

  it("makes a correction that chooses a tool a project has one of a convention, not a failed call or a taste", () => {
    const said = taskRows([{ user: "不对，时间处理用 dayjs，不要 moment" }]);
    const correction: TransferableHeuristic = {
      kind: "prefer",
      trigger: "处理日期和时间",
      rule: "应使用 dayjs，而不是 moment",
      why: "用户纠正了这一点",
      evidence: "时间处理用 dayjs，不要 moment",
    };
    const [chosen] = withConventions(said, [correction], "x");
    expect(chosen).toMatchObject({ convention: true, slot: { id: "date-library", value: "dayjs" } });
    const recovered = { ...correction, evidence: "Error: Cannot find module 'moment'" };
    expect(withConventions(said, [recovered], "x")[0]?.convention).toBeUndefined();
    const taste = { ...correction, scopeHint: "global" as const };
    expect(withConventions(said, [taste], "x")[0]?.convention).toBeUndefined();
  });
});

describe("messages sent one after another", () => {
  it("are said back together by the agent's one reply", () => {
    const rows = taskRows([
      {
        user: "let me give you the lay of the land first. library code defines its errors as thiserror enums.",
      },
      { user: "and the binary is tilekit-cli." },
      { assistant: "Got it — thiserror enums in the library code." },
    ]);
    const found = withConventions(rows, [], "tilekit").map((heuristic) => heuristic.rule);
    expect(found).toContain("Library code defines its errors as thiserror enums");
  });
});

describe("a terse drop and the replacement the agent names", () => {
  it("is one rule with the agent's value, read past what the agent only looked at", () => {
    const rows = taskRows([
      { user: "how do I get weekly active users out of data/events.parquet?" },
      { assistant: "Here it is with pandas: ..." },
      { user: "ugh, not pandas." },
      { tool: "Read", input: { file_path: "pyproject.toml" }, output: 'dependencies = ["polars>=1.9"]' },
      {
        assistant:
          "Sorry — the project is on polars. Same thing in polars:\n```python\nimport polars as pl\n```",
      },
    ]);
    const [found] = withConventions(rows, [], "weekly active users");
    expect(found).toMatchObject({
      rule: "Use polars, not pandas",
      slot: { id: "dataframe", value: "polars" },
    });
    // The agent naming nothing leaves nothing to learn.
    expect(
      readConventions("ugh, not pandas.", null, { text: "Which library should I use instead?" }),
    ).toEqual([]);
  });

  it("is so for a sentence that only drops, in a longer message whose rules set no value of its slot", () => {
    const said =
      "ok it's decided: plain fetch through our own apiFetch<T>() helper, it's already in src/lib/http.ts. no ky, no axios anywhere.";
    const found = readConventions(said, null, { text: "Got it, anything HTTP goes through apiFetch<T>()." });
    expect(found.map((item) => [item.rule, item.slot?.value])).toEqual([
      ["Use apiFetch, not ky or axios", "apifetch"],
    ]);
    // A rule that also says more than the drop keeps its own words.
    const more = readConventions(
      "Every composable gets a @Preview function next to it. JSON is kotlinx.serialization, we removed Gson last year.",
      null,
      { text: "Noted: kotlinx.serialization for JSON, and a @Preview for each composable." },
    );
    expect(more.some((item) => item.rule.startsWith("Use kotlinx"))).toBe(false);
  });
});

describe("a drop and the marked rule after it", () => {
  it("are two rules when they are about different work: answers replace no branch names", () => {
    const found = readConventions(
      'branch names are just the Jira key plus a slug now — no feat/ in front anymore.\nplease stop ending every answer with "let me know if you need anything else"',
    );
    expect(found).toHaveLength(2);
    expect(found.find((item) => item.rule.includes("feat/"))?.rule).not.toMatch(/answer/);
    expect(found.find((item) => item.rule.includes("answer"))?.work).toEqual(["answers"]);
  });
});

describe("a sentence that only heads the rules after it", () => {
  it("is no rule itself, and the rules after it are read", () => {
    const found = readConventions(
      "hey! a few process things for okra before we start. branches are feat/<ticket>-short-desc, e.g. feat/OKR-212-export. tests are vitest, run per package with `pnpm -F <pkg> test`.",
    );
    expect(found.some((item) => /process things/.test(item.rule))).toBe(false);
    expect(found.some((item) => /^Tests are vitest/.test(item.rule))).toBe(true);
  });
});
