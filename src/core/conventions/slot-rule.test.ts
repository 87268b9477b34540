import { describe, expect, it } from "vitest";
import { SLOTS } from "../lexicon/slots.js";
import { readSlots, slotFamily, slotOf, slotRule, slotWork } from "./slot-rule.js";

const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);

describe("the slot rule", () => {
  it.each([
    ["Firstly, always start variable names with 'z_'.", ["naming.variable.prefix=z_"]],
    ["from now on, variable names should start with 'wr_' instead.", ["naming.variable.prefix=wr_"]],
    ["Variable names now start with 'n_', please use that going forward.", ["naming.variable.prefix=n_"]],
    ["Also, function names should end with '_fn'.", ["naming.function.suffix=_fn"]],
    ["end function argument names with '_x'", ["naming.argument.suffix=_x"]],
    ["Our convention is that branch names always start with 'feat/'.", ["naming.branch.prefix=feat/"]],
    [
      "from now on branch names start with the Jira ticket, like MOB-231",
      ["naming.branch.prefix=jira ticket"],
    ],
    ["add the '@retry' decorator from the 'pedantic' module to all methods", ["decorator.method=@retry"]],
    ["we now use the '@timer' decorator on all methods instead of '@retry'", ["decorator.method=@timer"]],
    ["we use docstrings in all methods, no exceptions", ["docstrings=use"]],
    ["don't write docstrings for private helpers", ["docstrings=avoid"]],
    ["we use yarn here, always yarn add, never npm install", ["package-manager=yarn"]],
    ["we switched the whole monorepo to pnpm. from now on use pnpm, yarn is gone", ["package-manager=pnpm"]],
    ["No, not npm, this is a pnpm workspace. Use pnpm install.", ["package-manager=pnpm"]],
    ["we always deploy to staging first, never straight to production", ["deploy-target=staging"]],
    ["from now on every deploy goes to qa-gw first, not staging", ["deploy-target=qa-gw"]],
    ["our config file is config.yaml, always edit that one", ["config-file:any=config.yaml"]],
    ["we lint with ruff now, flake8 is gone", ["linter=ruff"]],
    ["we format everything with biome", ["formatter=biome"]],
    ["以后变量名一律以 m_ 开头，方法都要写 docstring。", ["naming.variable.prefix=m_", "docstrings=use"]],
    ["变量名前缀改成 k_ 了，以后都用 k_ 开头。", ["naming.variable.prefix=k_"]],
    [
      "我们规范是类名一律用大驼峰，函数参数名以 _a 结尾。",
      ["naming.class.case=大驼峰", "naming.argument.suffix=_a"],
    ],
    ["周末把仓库迁到 pnpm 了，以后一律用 pnpm，别再用 yarn。", ["package-manager=pnpm"]],
    ["staging 环境下线了，以后一律先发 qa-gw，不再发 staging。", ["deploy-target=qa-gw"]],
    ["我们规范是提交信息必须以 jira 编号开头", ["commit-format.prefix=jira"]],
    // Words read as one slot name no other: the style, not whether to write docstrings.
    ["let's switch to NumPy-style docstrings", ["docstring-style=numpy"]],
    ["make sure every method has a docstring in Google style", ["docstring-style=google"]],
    ["all methods get the '@log_calls' decorator", ["decorator.method=@log_calls"]],
    // A value said to be dropped gives way to the one said instead.
    ["no longer '@log_calls', use the '@traced' decorator on all methods", ["decorator.method=@traced"]],
    ["we've moved from yarn to pnpm", ["package-manager=pnpm"]],
    ["配置文件也换成 config.yaml 了", ["config-file:any=config.yaml"]],
    // Names without quotes or a "names" word, by the shape of a name part.
    ["our convention is that local variables start with fc_", ["naming.variable.prefix=fc_"]],
    ["so local vars use lv_ now", ["naming.variable.prefix=lv_"]],
    ["going forward branches are ember-<ticket>-<slug> instead of spark-", ["naming.branch.prefix=ember-"]],
    ["from now on new components get the Dx prefix instead of Lm", ["naming.component.prefix=dx"]],
    ["分支命名改成 jy-需求号-简短描述", ["naming.branch.prefix=jy-"]],
    // Decorators and annotations, on methods unless the rule names another thing.
    [
      "from now on use @guarded_io on service methods instead of @sensor_safe",
      ["decorator.method=@guarded_io"],
    ],
    ["we always annotate REST controller methods with @Audited", ["decorator.method=@audited"]],
    // Said of no thing: it governs the slot of every thing (see slotFamily).
    ["so the annotation is now @LedgerTrace", ["decorator.any=@ledgertrace"]],
    ["每个 service 的 public 方法都要加 @FyMetric 注解", ["decorator.method=@fymetric"]],
    ["新写的 service 方法统一加 @Observed", ["decorator.method=@observed"]],
    // Tools, files and helpers.
    ["let's switch to Hilt, no new Koin modules please", ["dependency-injection=hilt"]],
    ["日志统一用标准库的 log/slog，zerolog 也别再用了", ["logging=slog"]],
    ["settings live in kestrel.toml now, kestrel.cfg is gone", ["config-file:any=kestrel.toml"]],
    ["以后超参数统一写在 configs/recipe.yaml", ["config-file:any=configs/recipe.yaml"]],
    ["new code uses xerrs.Trace(err, ctx)", ["error-wrapping=xerrs"]],
    // A case said before the thing, and suffixes said as "suffixed X" or "the X suffix".
    ["the new lint preset enforces kebab-case file names", ["naming.file.case=kebab-case"]],
    ["DTOs are plain readonly classes with constructor promotion, suffixed Dto", ["naming.class.suffix=dto"]],
    ["so DTOs end in Data from now on", ["naming.class.suffix=data"]],
    // A suffix said to be gone sets nothing.
    ["the Dto suffix is gone for new classes", []],
    // Line width by its formatter's name.
    ["prettier print width goes up to 120", ["line-length=120"]],
    ["rustfmt runs with max_width = 100", ["line-length=100"]],
    // A branch prefix is a path segment whatever follows it, in English and Chinese.
    ["branch names are feature/HB-<ticket>-<short-desc>", ["naming.branch.prefix=feature/"]],
    ["branches are now story/HB-<ticket>-<desc>", ["naming.branch.prefix=story/"]],
    ["分支名用 feature/描述 的格式", ["naming.branch.prefix=feature/"]],
    ["分支命名也改了，格式是 story/需求号-描述，不要再用 feature/ 了", ["naming.branch.prefix=story/"]],
    // Libraries code uses one of, by subject, by a package word, or as the one used.
    ["Logging is the log crate with env_logger initialised in main", ["logging=log"]],
    ["logging is the standard library's log/slog", ["logging=slog"]],
    ["we're moving logging to tracing + tracing-subscriber", ["logging=tracing"]],
    ["we've moved to Moshi, Gson's basically unmaintained", ["json-library=moshi"]],
    ["JSON is kotlinx.serialization, with @Serializable", ["json-library=kotlinx.serialization"]],
    ["以后统一用 MapStruct 写 Converter 接口", ["object-mapping=mapstruct"]],
    ["Ids: we're going with ULIDs after all, the ulid package", ["id-generation=ulid"]],
    ["We're swapping FluentResults for ErrorOr", ["result-type=erroror"]],
    ["DI moves from Hilt to Koin", ["dependency-injection=koin"]],
    ["New code uses ky; http.ts gets rewritten on top of ky", ["http-client=ky"]],
    // A value said in the role its subject names, and 一律 right before a name.
    ["Background jobs are celery with redis as the broker", ["job-queue=celery", "message-queue=redis"]],
    ["我们这边格式化一律 black", ["formatter=black"]],
    // The way a kind of work goes, and a tool paired with the one a thing is.
    ["Async stuff between services goes over RabbitMQ", ["message-queue=rabbitmq"]],
    ["Tests are xUnit with FluentAssertions", ["test-runner=xunit", "assertion-library=fluentassertions"]],
    // A lead that says use, after the thing an avoid lead drops.
    ["instead of structopt its clap with derive now", ["cli-parser=clap"]],
    ["CLI arguments are clap with the derive API", ["cli-parser=clap"]],
    ["viper is out, config is loaded with koanf now", ["config-center=koanf"]],
    // How a project ships, and where a thing lives: one platform at a time.
    ["we're off fly.io since last month, everything deploys with kamal now", ["deploy-method=kamal"]],
    ["staging lives on render now", ["deploy-method=render"]],
    ["prod is on Fly.io as of last Friday: `fly deploy` from the deploy workflow", ["deploy-method=fly"]],
    // Another member's "instead" does not use the one before it; a tool in the possessive is not chosen.
    ["cap is not installed here: use fly deploy --remote-only instead", ["deploy-method=fly"]],
    [
      "We moved hosting: Netlify's bandwidth pricing got silly, we're on Cloudflare Pages now",
      ["deploy-method=cloudflare-pages"],
    ],
    ["go with the standard library's log/slog for everything new", ["logging=slog"]],
    // Ports a service listens on, one per service, and a service moved to another.
    ["postgres is exposed on 5433, redis is on 6380", ["port:postgres=5433", "port:redis=6380"]],
    ["infra moved pgbouncer to the standard 6432 last week", ["port:pgbouncer=6432"]],
    // What a project stopped doing; the thing named nearest a name part; a handler is a function.
    ["we stopped squash merging: PRs are rebase-merged now", ["merge-strategy=rebase"]],
    [
      "stg_ is going to mean dbt staging models from now on, so the landing tables are raw_<source>",
      ["naming.table.prefix=raw_"],
    ],
    ["handler names go from on_ to handle_, so handle_scan", ["naming.function.prefix=handle_"]],
    ["forms are react-hook-form with zod schemas", ["form-library=react-hook-form", "validation=zod"]],
    // A style said in the sentence after its subject; a tool deprecated in favour of another.
    ["I've changed my mind on docstrings. We're going with numpy style", ["docstring-style=numpy"]],
    ["we're deprecating superagent in favour of undici", ["http-client=undici"]],
    // Terminal colours are one library; "colored" the adjective is none.
    ["Coloured output goes through the colored crate", ["terminal-colors=colored"]],
    ["Let's swap colored for owo-colors", ["terminal-colors=owo-colors"]],
    ["the output is colored by status", []],
    // What every method of a kind gets, and an annotation said instead of another.
    ["Every public method on a @Service class gets Micrometer's @Timed", ["decorator.method=@timed"]],
    ["@Observed instead of @Timed on service methods", ["decorator.method=@observed"]],
  ])("%s → %j", (text, expected) => {
    expect(slots(text)).toEqual(expected);
  });

  it("reads the one member a clause says holds now, with no other word for it", () => {
    expect(slots("tracking is on the self-hosted mlflow now")).toEqual(["experiment-tracker=mlflow"]);
    // Of two said to be used, the one said to hold now.
    expect(slots("On tests: FluentAssertions went commercial, so we're on Shouldly now")).toEqual([
      "assertion-library=shouldly",
    ]);
    // A word that says which one wins over "now": loguru, not the logging module.
    expect(slots("Use loguru for logging from now on.")).toEqual(["logging=loguru"]);
  });

  it("names no choice for a mention that makes none", () => {
    // `npm run lint` runs a script whatever installs the packages.
    expect(slots("always run npm run lint before you tell me something is done")).toEqual([]);
    expect(slots("the api container uses the docker postgres")).toEqual([]);
    expect(slots("we always send X-ParcelHub-Version: 2025-01-15 on every request")).toEqual([]);
    expect(slotOf("keep answers short")).toBeNull();
  });

  it("reads every slot entry's own example as that slot", () => {
    for (const entry of SLOTS.entries) {
      const [head, tail] = entry.slot.split("{what}");
      const found = readSlots(entry.example).map((item) => item.slot);
      expect(
        found.some((slot) =>
          tail === undefined ? slot === head : slot.startsWith(head as string) && slot.endsWith(tail),
        ),
      ).toBe(true);
    }
  });

  it("is a rule object returning what it found, and knows the work a slot governs", () => {
    expect(slotRule.id).toBe("slot");
    expect(slotRule.learn({ text: "use pnpm, not npm" })).toEqual([
      expect.objectContaining({ slot: "package-manager", value: "pnpm", work: ["dependencies"] }),
    ]);
    expect(slotWork("naming.branch.prefix")).toEqual(["git"]);
    expect(slotWork("naming.variable.prefix")).toEqual(["code"]);
    // The port of a data store governs the work on its data, not every run of the app.
    expect(slotWork("port:redis")).toEqual(["database"]);
    expect(slotWork("port:api")).toContain("run");
    expect(slotWork("deploy-target")).toEqual(["deploy"]);
    expect(slotWork("config-file:any")).toEqual(["config", "code"]);
  });
});

describe("'over' of a time is no preference", () => {
  it("takes the member replaced with, when the sentence opens with a time ('over the holidays')", () => {
    expect(readSlots("Over the holidays we replaced moment with luxon").map((found) => found.value)).toEqual([
      "luxon",
    ]);
  });
});

describe("what runs the tests", () => {
  it("reads tox and a quoted command after 'just' as the test runner", () => {
    expect(slots("We moved the test run to nox, so it's `nox -s tests` now")).toEqual(["test-runner=nox"]);
    expect(slots("Tests: just `pytest -q` from the repo root")).toEqual(["test-runner=pytest"]);
  });
});

describe("the branch pull requests go to", () => {
  it("is one slot, in English and Chinese, so a newer target replaces the older", () => {
    expect(slots("PRs always target release, QA tests from there")).toEqual(["pr-target=release"]);
    expect(slots("from now on open pull requests against trunk")).toEqual(["pr-target=trunk"]);
    expect(slots("以后 MR 都提到 dev 分支")).toEqual(["pr-target=dev"]);
  });
});

describe("a member before '-based'", () => {
  it("is the member used", () => {
    expect(slots("src/util/dates.ts is dayjs-based now")).toEqual(["date-library=dayjs"]);
  });
});

describe("what a kind of thing is", () => {
  it("is the member it uses", () => {
    expect(slots("schema changes are sqitch migrations, run them with sqitch deploy")).toEqual([
      "migration-tool=sqitch",
    ]);
    expect(slots("the problem is that redux re-renders everything")).toEqual([]);
  });
});

describe("a described tool keeps the slot of its kind", () => {
  it("reads 'builds go through west' as the firmware build, like 'we use platformio'", () => {
    expect(slots("builds go through west now")).toEqual(["firmware-build=west"]);
    expect(slots("这个 repo 用 PlatformIO")).toEqual(["firmware-build=platformio"]);
  });
});

describe("a tool of another kind of work", () => {
  it("is no deploy target", () => {
    expect(slots("报错都发到 Bugsnag")).not.toContain("deploy-target=bugsnag");
    expect(slots("以后一律先发 qa-gw")).toEqual(["deploy-target=qa-gw"]);
  });
});

describe("slotFamily", () => {
  it("pairs a slot said of a thing with the same slot said of no thing", () => {
    expect(slotFamily("decorator.method")).toEqual(["decorator.method", "decorator.any"]);
    expect(slotFamily("decorator.any")).toEqual(
      expect.arrayContaining(["decorator.any", "decorator.method", "decorator.function", "decorator.class"]),
    );
    expect(slotFamily("package-manager")).toEqual(["package-manager"]);
  });

  it("joins the slots that answer one question: how a project deploys, by platform or by command", () => {
    expect(slotFamily("deploy-method")).toEqual(["deploy-method", "deploy-command"]);
    expect(slotFamily("deploy-command")).toEqual(["deploy-command", "deploy-method"]);
    expect(slotFamily("deploy-target")).toEqual(["deploy-target"]);
  });
});

describe("how a project deploys, and what its tests assert with", () => {
  it.each([
    [
      "deploying is `make release TAG=<version>`, it builds the image",
      "deploy-command=make release tag=<version>",
    ],
    ["deploys moved to a GitHub Actions workflow too", "deploy-method=github-actions"],
    ["everything deploys with envoyer now", "deploy-method=envoyer"],
    ["we deploy with Forge now", "deploy-method=forge"],
    ["we voted to just use plain xUnit Assert", "assertion-library=built-in assert"],
    ["Mapping is done by hand in static `from(...)` factory methods", "object-mapping=by hand"],
    ["Site config is read from qs.toml at the site root", "config-file:site=qs.toml"],
    ["Branches: feat/DSP-<ticket>-short-desc", "naming.branch.prefix=feat/"],
    ["PR 必须两个人 approve 才能合，别自己点合并", "pr-approvals=两"],
    ["PR 规则也松了一点：一个人 approve 就行", "pr-approvals=一"],
    ["PRs need two approvals before merge", "pr-approvals=two"],
    ["Changelog: CHANGELOG.md is updated by hand under ## Unreleased", "changelog=by hand"],
    ["going forward the changelog is generated by git-cliff from commit messages", "changelog=git-cliff"],
    ["so we're dropping circe altogether for jsoniter-scala", "json-library=jsoniter"],
    ["业务组件统一加 Yx 前缀，比如 YxUserTable、YxOrderDrawer", "naming.component.prefix=yx"],
    ["Yx 是老公司名，以后新组件都用 Zt 前缀（中台的意思），比如 ZtOrderTrend", "naming.component.prefix=zt"],
    ["成员变量不再加 m_ 前缀了，改成后缀下划线，比如 hp_", "naming.variable.suffix=_"],
    ["以后统一 stg_。中间表别再用 tmp_ 开头了", "naming.any.prefix=stg_"],
    ["Our MSRV is 1.74, so nothing from std newer than that", "msrv=1.74"],
    ["MSRV went up: 1.80 now, so LazyLock and friends are fair game", "msrv=1.80"],
    ["releases are cut with cargo-release from main", "release-tool=cargo-release"],
    ["图片加载用 Glide", "image-loading=glide"],
    ["Glide 以后别用了，统一换 Coil（coil-compose）", "image-loading=coil"],
    ["单测用 JUnit4 + MockK", "test-runner=junit4"],
    ["单测统一迁到 JUnit5 了", "test-runner=junit5"],
    ["zerolog is out, we're standardising on log/slog from the stdlib", "logging=slog"],
  ])("%s → %s", (text, slot) => {
    expect(slots(text)).toContain(slot);
  });

  it("reads no deploy target after an article: a workflow is no environment", () => {
    expect(slots("deploys moved to a GitHub Actions workflow too")).not.toContain("deploy-target=a");
    expect(slots("we always deploy to staging first")).toEqual(["deploy-target=staging"]);
  });
});

describe("a tool a kind of work is done with", () => {
  it("is the member used", () => {
    expect(readSlots("Components are styled with styled-components").map((found) => found.value)).toEqual([
      "styled-components",
    ]);
    expect(
      readSlots("Tests are xUnit, mocks with Moq").map((found) => `${found.slot}=${found.value}`),
    ).toEqual(["test-runner=xunit", "mocking-library=moq"]);
    expect(readSlots("Run the importer with env_logger set to debug")).toEqual([]);
    expect(readSlots("we're done with redux")).toEqual([]);
  });
});

describe("the shape answers take", () => {
  it("reads bullets, numbered lists and paragraphs, paragraphs only in a rule about answers", () => {
    const values = (text: string) => readSlots(text).map((slot) => `${slot.slot}=${slot.value}`);
    expect(values("I'd prefer answers in full paragraphs from now on")).toEqual(["answer-format=paragraphs"]);
    expect(values("numbered list for steps please")).toEqual(["answer-format=numbered"]);
    expect(values("split the text into paragraphs")).toEqual([]);
  });
});

describe("a subject no slot entry names", () => {
  it("is the slot, its tool the value, in any wording of the same subject", () => {
    expect(slots("all UI animation in this repo goes through gsap")).toEqual(["tool-for.uianimation=gsap"]);
    expect(slots("so we're moving all UI animation to anime.js")).toEqual(["tool-for.uianimation=anime.js"]);
    expect(slots("atlas packing is done with spritesmith now")).toEqual([
      "tool-for.atlaspacking=spritesmith",
    ]);
    expect(slots("所以动画全部换成 PrimeTween，零 GC 分配")).toEqual(["tool-for.动画=primetween"]);
  });

  it("gives way to a slot the lexicon names, and needs words that say it holds for all of it", () => {
    expect(slots("we moved the e2e suite to playwright")).toEqual(["e2e-runner=playwright"]);
    expect(slots("move the button to the left")).toEqual([]);
    expect(slots("the animation goes through gsap")).toEqual([]);
    // A prefix is a part of names, no tool.
    expect(slots("前缀我们用 HY_DSP_")).toEqual([]);
  });

  it("is the slot the lexicon knows when the subject is one it names in other words", () => {
    // 图标 is the icons slot, whichever lead says what it changes to.
    expect(slots("图标用 iconfont")).toEqual(["icons=iconfont"]);
    expect(slots("以后图标改用 remixicon")).toEqual(["icons=remixicon"]);
    expect(slots("以后图标一律用我们自己的 QqIcon 组件")).toEqual(["icons=qqicon"]);
    expect(slots("we switched icons to phosphor")).toEqual(["icons=phosphor"]);
  });
});

describe("the command a kind of work is run with", () => {
  it("is a slot of its own, whichever way round it is said", () => {
    expect(slots("tests run with `uv run pytest -q`")).toEqual(["test-command=uv run pytest -q"]);
    expect(slots("make test is how we run tests now")).toEqual(["test-command=make test"]);
    expect(slots("`pytest -q` is how we run tests")).toEqual(["test-runner=pytest"]);
    expect(slots("`make lint` is how we lint")).toEqual(["lint-command=make lint"]);
    expect(slots("run the build with `nx build web`")).toEqual(["build-command=nx build web"]);
  });

  it("is the tool itself when the command opens with it, and is not read from a request to run", () => {
    expect(slots("we use pytest for tests")).toEqual(["test-runner=pytest"]);
    expect(slots("run the tests")).toEqual([]);
    expect(slots("the build is broken")).toEqual([]);
  });
});
