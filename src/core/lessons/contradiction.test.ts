import { describe, expect, it } from "vitest";
import { contradicts, preferenceTerms } from "./contradiction.js";
import { withoutWithdrawn } from "./withdrawn-rules.js";

describe("preferenceTerms", () => {
  it("reads what to use and what to avoid, in English and Chinese", () => {
    expect(preferenceTerms("Use `pnpm install`, not `npm install`")).toEqual({
      use: new Set(["pnpm"]),
      avoid: new Set(["npm"]),
    });
    expect(preferenceTerms("Run the tests with npx vitest run instead of jest")).toMatchObject({
      avoid: new Set(["jest"]),
    });
    expect(preferenceTerms("用 dayjs，不要用 moment")).toEqual({
      use: new Set(["dayjs"]),
      avoid: new Set(["moment"]),
    });
    expect(preferenceTerms("Never force-push to main")).toEqual({
      use: new Set(),
      avoid: new Set(["force-push"]),
    });
  });

  it("reads a drop said as a decision, as what stopped, and as a file not to edit by hand", () => {
    expect(preferenceTerms("we voted on friday to drop zap").avoid).toEqual(new Set(["zap"]));
    expect(preferenceTerms("drop me a line when it's done").avoid).toEqual(new Set());
    expect(preferenceTerms("we stopped squash merging because bisect got useless").avoid).toEqual(
      new Set(["squash"]),
    );
    expect(preferenceTerms("don't edit CHANGELOG.md by hand anymore").avoid).toEqual(
      new Set(["changelog.md"]),
    );
  });

  it("reads no drop in an operation on a thing, nor in a thing that is prevented from happening", () => {
    // Dropping a database object or a privilege is an operation; "we drop" says what is done, not decided.
    expect(preferenceTerms("make sure to drop the temp tables after each test run").avoid).toEqual(new Set());
    expect(preferenceTerms("we drop privileges after binding the port").avoid).toEqual(new Set());
    // What stops happening is no practice dropped.
    expect(preferenceTerms("stop tests failing on warnings").avoid).toEqual(new Set());
    expect(preferenceTerms("stop emails going out on weekends").avoid).toEqual(new Set());
    expect(preferenceTerms("we stopped force pushing to main").avoid).toEqual(new Set(["force"]));
    // A thing not to edit, with no word that it changed, is no drop.
    expect(preferenceTerms("don't touch the lockfile").avoid).toEqual(new Set());
    expect(preferenceTerms("don't edit the generated client by hand").avoid).toEqual(new Set());
  });

  it("does not overturn a convention that names a thing a newer one only says not to edit", () => {
    const older = { rule: "the API client is generated into src/api/client with orval", convention: true };
    const newer = { rule: "don't edit src/api/client by hand, rerun orval", convention: true };
    expect(contradicts(newer, older)).toBe(false);
    const tests = { rule: "integration tests run with pytest -m integration", convention: true };
    expect(contradicts({ rule: "stop tests failing on lint warnings", convention: true }, tests)).toBe(false);
  });
});

describe("a drop of a library", () => {
  it("overturns a convention built on identifiers named after it, not one that only shares letters", () => {
    const convention = (rule: string) => ({ rule, slot: undefined, convention: true });
    const move = convention("The team voted and we're moving DI from Hilt to Koin");
    expect(contradicts(move, convention("Every ViewModel is @HiltViewModel"))).toBe(true);
    expect(contradicts(move, convention("Every page links to the HiltonHotels partner site"))).toBe(false);
  });
});

describe("preferenceTerms: the thing first, then that it is dropped", () => {
  it("reads a thing named before its prohibition, with or without a space (Chinese), and 'X is out'", () => {
    expect(preferenceTerms("pip-tools 以后不要再用了，加包就 pdm add").avoid).toEqual(new Set(["pip-tools"]));
    expect(preferenceTerms("状态管理换成 Pinia 了，Vuex不要再用了").avoid).toEqual(new Set(["vuex"]));
    expect(preferenceTerms("DO 那套别再用").avoid).toEqual(new Set(["do"]));
    expect(preferenceTerms("prettier is out, biome formats everything").avoid).toEqual(new Set(["prettier"]));
    // A prohibition followed by its own thing reads that thing, not the one before it.
    expect(preferenceTerms("用 pnpm 不要再用 npm")).toEqual({
      use: new Set(["pnpm"]),
      avoid: new Set(["npm"]),
    });
  });
});

describe("contradicts", () => {
  it("finds an overturned preference", () => {
    expect(contradicts({ rule: "Use pnpm, not yarn" }, { rule: "Use `yarn`, not `npm`" })).toBe(true);
    expect(
      contradicts({ rule: "Use npx vitest run instead of jest" }, { rule: "Use `jest`, not `mocha`" }),
    ).toBe(true);
    expect(contradicts({ rule: "用 pnpm，不要再用 yarn" }, { rule: "用 yarn 安装依赖" })).toBe(true);
    // Past an article, and "no more": the conda env is gone.
    expect(
      contradicts(
        { rule: "Use uv run, no more conda for this repo" },
        { rule: "Use the conda env, conda run -n forecast python" },
      ),
    ).toBe(true);
    expect(
      contradicts(
        { rule: "The portal listens on port 4000, not 3000" },
        { rule: "The portal listens on port 3000 locally, not 9000" },
      ),
    ).toBe(true);
  });

  it("reads what is now used and what is gone or dead", () => {
    expect(
      contradicts(
        { rule: "We're on 3.12 now, prod got upgraded. the 3.9 restrictions are gone, match is fine" },
        { rule: "Prefer 3.9 syntax" },
      ),
    ).toBe(true);
    expect(preferenceTerms("The .eslintrc.json is dead, only eslint.config.mjs counts").avoid).toEqual(
      new Set([".eslintrc.json"]),
    );
    expect(contradicts({ rule: "We're on 3.12 now" }, { rule: "Prefer 3.12 syntax" })).toBe(false);
  });

  it("finds another tool of a kind a project uses one of", () => {
    expect(contradicts({ rule: "Use ./gradlew assemble" }, { rule: "Use ./mvnw package" })).toBe(true);
    expect(contradicts({ rule: "Use pnpm install" }, { rule: "Use yarn install" })).toBe(true);
    expect(
      contradicts({ rule: "Use vitest run for the tests" }, { rule: "Use jest --ci for the tests" }),
    ).toBe(true);
    // npx runs a tool whatever installs the packages; pip runs inside conda and uv alike.
    expect(contradicts({ rule: "Use pnpm install" }, { rule: "Use npx prisma generate first" })).toBe(false);
    expect(contradicts({ rule: "Use uv run pytest" }, { rule: "Use pip install -e ." })).toBe(false);
    expect(contradicts({ rule: "Use pnpm install" }, { rule: "Use pnpm run build before deploying" })).toBe(
      false,
    );
  });

  it("does not confuse agreeing or unrelated lessons", () => {
    expect(
      contradicts(
        { rule: "Use pnpm install, never npm install here" },
        { rule: "Use `pnpm install`, not `npm install`" },
      ),
    ).toBe(false);
    expect(contradicts({ rule: "Never force-push to main" }, { rule: "Use pnpm, not npm" })).toBe(false);
    expect(
      contradicts(
        { rule: "Run the migrations with make migrate" },
        { rule: "Use config.yaml, not config.json" },
      ),
    ).toBe(false);
  });
});

describe("preferenceTerms: every wording of a lead reads its term", () => {
  it("reads the term of a lead's later alternatives too (', no more X', 'X gets drained')", () => {
    expect(preferenceTerms("use pnpm, no more yarn").avoid).toEqual(new Set(["yarn"]));
    expect(preferenceTerms("eu-west-1 gets drained over the quarter").avoid).toContain("eu-west-1");
  });
});

describe("preferenceTerms: 'over' prefers one thing to another only in a preference", () => {
  it("reads 'X over Y' after a word of choice or at a clause's start, not a route or a time", () => {
    expect(preferenceTerms("we pick vitest over jest").avoid).toEqual(new Set(["jest"]));
    expect(preferenceTerms("Prefer tabs over spaces").avoid).toEqual(new Set(["spaces"]));
    expect(preferenceTerms("Events between services go over NATS, logs with pino").avoid.size).toBe(0);
    expect(preferenceTerms("Over the holidays we replaced moment with luxon").avoid).toEqual(
      new Set(["moment"]),
    );
  });
});

const asConvention = (rule: string) => ({ rule, convention: true });
/** True when the newer convention overturns the older by what it drops. */
const drops = (newer: string, older: string) => contradicts(asConvention(newer), asConvention(older));

describe("contradicts: a dropped thing matched by its stems", () => {
  it("archives the convention that names the dropped thing in another inflection", () => {
    expect(
      drops(
        "no more squashed commits on main, rebase-merge instead",
        "Feature branches get squash-merged so every commit on main is one PR",
      ),
    ).toBe(true);
    expect(
      drops(
        "stop using stubs for the mailer, use a real MailHog",
        "Unit tests stub the mailer with a fake transport",
      ),
    ).toBe(true);
    expect(
      drops("no more force-pushes to shared branches", "Rebase your branch and force-push it before review"),
    ).toBe(true);
    expect(
      drops(
        "No more squashing PRs, merge commits keep the history",
        "Squash PRs into one commit before merging",
      ),
    ).toBe(true);
    expect(
      drops("Snapshot testing is out, assert on visible text", "Components are covered by snapshot tests"),
    ).toBe(true);
    // A clause that is only "no" and a name is a ban on it.
    expect(drops("No ky, no axios anywhere.", "`src/lib/http.ts` wraps ky now")).toBe(true);
    expect(drops("no worries, thanks", "`src/lib/http.ts` wraps ky now")).toBe(false);
    // "X 不要了" drops X.
    expect(
      drops("命名改一下哈，m_ 不要了，成员变量统一用后缀下划线", "成员变量 m_ 前缀，比如 m_socket"),
    ).toBe(true);
    // A short plural ("tags") is the word in the singular.
    expect(
      drops(
        "it's `make testflight` on the build mac now. No more beta tags",
        "We're on Xcode Cloud now, pushing a tag like beta/1.8.0 triggers the TestFlight workflow",
      ),
    ).toBe(true);
  });

  it("matches a thing named by code and a word of its kind by the code alone", () => {
    expect(
      drops(
        "The /srv/cache volume is being retired, caches go to redis from now on",
        "Build caches live under /srv/cache/<job>, never in the workspace",
      ),
    ).toBe(true);
    // 'X 后缀': the Latin name with a Chinese word of its kind.
    expect(drops("VO 后缀以后别用了，统一叫 View", "返回前端的对象以 VO 结尾，比如 UserVO")).toBe(true);
    expect(drops("以后出参用 View 结尾，VO 后缀就别再加了", "返回前端的对象以 VO 结尾，比如 UserVO")).toBe(
      true,
    );
    expect(drops("jenkins's finally dead, we build on github actions", "CI runs on jenkins")).toBe(true);
    // A sentence that only tells why does not speak of the dropped thing again.
    expect(
      drops(
        "we're moving off Redux, zustand from now on. The boilerplate with Redux was painful",
        "State lives in Redux slices",
      ),
    ).toBe(true);
    // A pro-form names the sentence's subject when nothing else is named before it.
    expect(
      drops("Checkov is too slow, don't bother with it any more", "Always run checkov before you push"),
    ).toBe(true);
  });

  it("keeps a convention that shares only a word of the rest of the newer rule, or none of the dropped thing's", () => {
    // "integration tests" is where stubs are dropped, not what is dropped.
    expect(
      drops(
        "stop using stubs in integration tests",
        "Integration tests run against the docker compose stack",
      ),
    ).toBe(false);
    // "merges" alone is not the dropped thing: "squash merges" is.
    expect(drops("no more squash merges, rebase instead", "Merges into main need a green pipeline")).toBe(
      false,
    );
    // A thing the newer rule still speaks of elsewhere is not dropped by it.
    expect(drops("no more tests in src, tests live under tests/", "Tests are written with pytest")).toBe(
      false,
    );
    // An older rule that forbids the thing too agrees with the newer one.
    expect(drops("stop using mocks for the database", "Never mock the database in integration tests")).toBe(
      false,
    );
  });
});

describe("contradicts: a thing dropped twice, or in another version", () => {
  it("drops a thing named twice when both mentions drop it, and a version the newer rule does not use", () => {
    expect(
      drops(
        "配置中心已经从 Consul 切到 Etcd 了，新配置都放 Etcd，Consul 那边下个月就下线",
        "配置都放 Consul，不要写死在代码里",
      ),
    ).toBe(true);
    expect(drops("单测统一用 Jest 29 了，别再写 Jest 27 的老写法", "单测用 Jest 27 加 ts-jest")).toBe(true);
    expect(drops("no more tests in src, tests live under tests/", "Tests are written with pytest")).toBe(
      false,
    );
  });
});

describe("contradicts: several things dropped at once, a deprecation, a removal to come", () => {
  it("drops every item of a list the drop is said of ('X and Y are out', 'X 跟 Y 都不要再用了')", () => {
    expect(preferenceTerms("Isar 跟 Hive 都不要再用了，本地存储统一用 drift").avoid).toEqual(
      new Set(["hive", "isar"]),
    );
    expect(preferenceTerms("lodash, moment and jquery are gone").avoid).toEqual(
      new Set(["jquery", "moment", "lodash"]),
    );
    // Said of one thing: the word before it is no item of a list.
    expect(preferenceTerms("we moved fast and yarn is out").avoid).toEqual(new Set(["yarn"]));
    expect(drops("本地存储统一用 drift（SQLite），Isar 跟 Hive 都不要再用了", "新写的缓存都用 Isar")).toBe(
      true,
    );
  });

  it("reads 'deprecating X' and a class to be deleted (就删) as drops", () => {
    expect(
      drops(
        "We're deprecating pendulum in favour of arrow",
        "For dates we use pendulum everywhere, no naive datetime objects floating around",
      ),
    ).toBe(true);
    expect(
      drops("接口返回改成 ApiResponse<T> 了，Result 那个类下个版本就删", "接口返回值统一包成 Result<T>"),
    ).toBe(true);
    expect(preferenceTerms("先删一下缓存再试").avoid).toEqual(new Set());
  });
});

describe("a rule withdrawn by its name", () => {
  const convention = (rule: string) => ({ rule, convention: true, kind: "prefer" as const });
  it("names a rule whose words open with its name, not one that holds the name inside a word", () => {
    const withdrawal = convention("we don't need the g_ rule any more");
    expect(contradicts(withdrawal, convention("Globals are prefixed g_"))).toBe(true);
    expect(contradicts(withdrawal, convention("Logging goes through our LOG_INF/LOG_ERR macros"))).toBe(
      false,
    );
    // A name said as a heading that the withdrawal points back to.
    const pointed = convention("about the LG thing: we don't need that rule any more");
    expect(contradicts(pointed, convention("All our types get an LG prefix (LGAccount)"))).toBe(true);
    // Or told it can stop, and a rule called a habit.
    const stop = convention("The sortOrder thing, you can stop doing that, the API sorts now");
    expect(contradicts(stop, convention("Every list endpoint takes an explicit sortOrder param"))).toBe(true);
    const habit = convention("drop the eslint-before-commit habit, the hook runs it now");
    expect(contradicts(habit, convention("Run eslint before every commit"))).toBe(true);
    expect(contradicts(habit, convention("Run prettier before every commit"))).toBe(false);
  });

  it("takes only its sentences out of a lesson that states other rules too", () => {
    const withdrawal = { rule: "we don't need the g_ rule any more" };
    expect(withoutWithdrawn(withdrawal, convention("4-space indent, no tabs. Globals are prefixed g_"))).toBe(
      "4-space indent, no tabs",
    );
    // A full stop inside a version or a file name ends no sentence; a lesson of the one rule is superseded whole.
    expect(
      withoutWithdrawn(withdrawal, convention("Globals are prefixed g_, see base.py for one")),
    ).toBeNull();
    expect(withoutWithdrawn(withdrawal, convention("Modules use go 1.17. Tabs for indent"))).toBeNull();
  });

  it("finds a rule withdrawn by a name said in another form ('the exact pinning thing')", () => {
    const forget = convention("Also, forget the exact pinning thing: renovate handles updates now");
    expect(contradicts(forget, convention("Pin dependency versions exactly with = in Cargo.toml"))).toBe(
      true,
    );
    expect(contradicts(forget, convention("Run cargo fmt before every commit"))).toBe(false);
  });

  it("takes one item out of a list the withdrawn requirement names, and keeps the rest of the rule", () => {
    const drop = {
      rule: "Finance moved cost allocation to per-account, so drop the cost-center tag requirement",
    };
    expect(
      withoutWithdrawn(
        drop,
        convention(
          "Everything gets the tags owner and cost-center, resource names are <env>-<service>-<thing>",
        ),
      ),
    ).toBe("Everything gets the tags owner, resource names are <env>-<service>-<thing>");
    expect(
      withoutWithdrawn(drop, convention("Every resource gets the tags owner, team and cost-center")),
    ).toBe("Every resource gets the tags owner, team");
    // A rule of that one thing alone is superseded whole.
    expect(withoutWithdrawn(drop, convention("Every resource gets the cost-center tag"))).toBeNull();
    // So is one whose other sentences only tell the story of the move, and nothing is rewritten
    // where no item was taken out ("no new .styles.ts files" keeps its space).
    const scrap = { rule: "Scrap the tailwind thing. The design team vetoed it on friday" };
    const tailwind = convention(
      "New components use Tailwind utility classes, no new .styles.ts files. We're migrating off styled-components, it's killing our SSR times",
    );
    expect(withoutWithdrawn(scrap, tailwind)).toBeNull();
    expect(
      withoutWithdrawn(
        scrap,
        convention("Use Tailwind utility classes, no new .styles.ts files. Named exports only"),
      ),
    ).toBe("Named exports only");
  });

  it("drops what the older rule is built on when the newer names it again only in its announcement and reasons", () => {
    const rename = convention(
      "DTO 命名改一下，评审的时候大家觉得 DTO 太笼统：入参叫 XxxReq，出参叫 XxxResp，不再用 DTO 后缀了",
    );
    expect(contradicts(rename, convention("DTO 类统一以 DTO 结尾，比如 ReconcileDTO"))).toBe(true);
    const prefix = convention(
      "We changed the naming, ScriptableObject classes end with Data now — WeaponStatsData, no SO_ prefix",
    );
    expect(contradicts(prefix, convention("We prefix those with SO_, so SO_WeaponStats"))).toBe(true);
  });

  it("takes out, too, the sentences that name a thing a later rule drops, and no example cut from its rule", () => {
    const drop = { rule: "don't add new g_ globals, put state in struct app_ctx instead" };
    expect(
      withoutWithdrawn(drop, convention("Globals are prefixed g_. No malloc anywhere, static only")),
    ).toBe("No malloc anywhere, static only");
    // "e.g." ends no sentence: the example goes with its rule.
    const branch = { rule: "Branches are chg-<number>-<slug> now, not the OPS ticket" };
    expect(
      withoutWithdrawn(branch, convention("Branches are ops/<ticket>-<slug>, e.g. ops/OPS-1-fix")),
    ).toBeNull();
    // What is left must be a rule by its shape: not an example nor a reason.
    const at = { rule: "timestamps end in _ts now, don't use _at" };
    expect(withoutWithdrawn(at, convention("Timestamps end in _at. Like created_at, shipped_at"))).toBeNull();
    // What is left must be a rule of its own, not an older change.
    const suffix = { rule: "function names end in _fn. Don't use _impl any more" };
    expect(
      withoutWithdrawn(suffix, convention("Going forward, names end with _impl. The _v1 suffix is gone")),
    ).toBeNull();
  });
});

describe("a thing not to be done any more, with any verb", () => {
  it("drops the thing after the verb, and overturns a rule built on it", () => {
    expect(preferenceTerms("don't log to wandb anymore").avoid).toEqual(new Set(["wandb"]));
    expect(drops("Don't log to wandb anymore", "Experiments get logged to wandb under the project asr")).toBe(
      true,
    );
    // The speaker's own verbs drop nothing, and without "anymore" it is a rule, not a drop.
    expect(preferenceTerms("you don't need to worry about wandb anymore").avoid).toEqual(new Set());
    expect(preferenceTerms("don't log to stdout in handlers").avoid).toEqual(new Set());
  });
});

describe("a thing dropped in other words: stopped being called, going away, a new one, a pro-form", () => {
  it("reads the thing dropped, and the thing a pro-form stands for", () => {
    expect(preferenceTerms("we stopped calling pytest directly, make test runs the suite").avoid).toEqual(
      new Set(["pytest"]),
    );
    expect(preferenceTerms("@timed is going away, handlers use @span instead").avoid).toEqual(
      new Set(["@timed"]),
    );
    expect(preferenceTerms("Zap is going away, don't add new zap calls").avoid).toEqual(new Set(["zap"]));
    expect(
      preferenceTerms("The existing Dagger modules stay until ported, but don't add new ones").avoid,
    ).toEqual(new Set(["dagger"]));
    // With nothing named before it, a pro-form drops nothing.
    expect(preferenceTerms("don't add new ones").avoid).toEqual(new Set());
    expect(
      drops("The existing Dagger modules stay until ported, but don't add new ones", "DI is Dagger"),
    ).toBe(true);
  });
});

describe("a rule taken back in fewer words", () => {
  it("is named by its heading or by 那条规范, and the change said beside it is no heading", () => {
    const older = asConvention("提交信息用中文写，格式是【模块】描述");
    expect(drops("提交信息那条规范取消吧，跟海外团队协作不方便", older.rule)).toBe(true);
    expect(
      drops("about the @Preview rule for screens, forget it", "Every full screen composable gets a @Preview"),
    ).toBe(true);
    expect(drops("about the @Preview rule for screens, forget it", "Tests are XCTest")).toBe(false);
  });
});

describe("a thing dropped as a practice stopped, a team done with it, a thing said to be over", () => {
  const convention = (rule: string) => ({ rule, convention: true });
  it("overturns the rule that used it", () => {
    expect(
      contradicts(
        convention("You can stop wrapping pages in withSentry"),
        convention("Every page-level component gets wrapped in withSentry so errors are reported"),
      ),
    ).toBe(true);
    expect(
      contradicts(
        convention("honestly we're done with faraday. switching http client to HTTParty"),
        convention("HTTP goes through Faraday, never Net::HTTP directly"),
      ),
    ).toBe(true);
    // "the OneOf thing": the thing is the word before the word for any thing.
    expect(preferenceTerms("The OneOf thing is over, we use FluentResults now").avoid).toEqual(
      new Set(["oneof"]),
    );
  });

  it("reads no ban in an idiom that bans nothing", () => {
    expect(preferenceTerms("Octopuses are great, no notes").avoid.size).toBe(0);
    expect(
      contradicts(
        convention("Octopuses are great, no notes"),
        convention("Every commit message starts with the Jira key, or the release notes bot can't link it"),
      ),
    ).toBe(false);
  });
});

describe("a dropped name that an older rule writes with more parts", () => {
  const convention = (rule: string) => ({ rule, convention: true });
  it("overturns the sentence that uses it and keeps the older rule's other ones", () => {
    const newer = convention("Constants are k_PascalCase now (k_MaxHealth), not ALL_CAPS anymore");
    const older = convention(
      "Constants are ALL_CAPS_SNAKE. Never call GetComponent inside Update, cache it in Awake",
    );
    expect(contradicts(newer, older)).toBe(true);
    expect(withoutWithdrawn(newer, older)).toBe("Never call GetComponent inside Update, cache it in Awake");
  });

  it("reads no ban in 'for not saying'", () => {
    expect(preferenceTerms("that's on me for not saying — we use the new Input System").avoid.size).toBe(0);
  });
});
