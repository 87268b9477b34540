import { describe, expect, it } from "vitest";
import { slotOf } from "../core/conventions/slot-rule.js";
import type { LessonSlot } from "../core/lessons/lesson.js";
import { lessonBookOnTempStore } from "../testing/lesson-book-store.js";
import { useTempDir } from "../testing/temp-dir.js";
import type { LessonInput } from "./lesson-text.js";

const tempDir = useTempDir();
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 4, 4);

function setup() {
  return lessonBookOnTempStore(tempDir(), T0);
}

/** A convention said on `day`, governing `slot`. */
function convention(rule: string, slot: LessonSlot, day: number, projectId = "/work/grades"): LessonInput {
  return {
    kind: "prefer",
    trigger: "Writing code",
    rule,
    why: "A convention the user stated",
    domain: "code-style",
    scope: "project",
    projectId,
    confidence: 0.75,
    slot,
    convention: true,
    evidence: [{ quote: rule, sessionId: `s-${day}`, taskId: `t-${day}`, at: T0 + day * DAY }],
  };
}

const prefix = (value: string): LessonSlot => ({ id: "naming.variable.prefix", value });

/** A convention said on `day` whose slot is not read. */
function unslotted(rule: string, day: number): LessonInput {
  const { slot: _slot, ...rest } = convention(rule, prefix("unused"), day);
  return rest;
}

describe("lesson book: supersession by slot", () => {
  it("z_ → wr_ → n_: each newer rule archives the older one, 'superseded by …', and its history keeps both", async () => {
    const { store, book, setClock } = setup();
    const z = await book.learn(convention("Always start variable names with 'z_'", prefix("z_"), 0));
    setClock(T0 + 7 * DAY);
    const wr = await book.learn(
      convention("From now on, variable names should start with 'wr_' instead", prefix("wr_"), 7),
    );
    setClock(T0 + 16 * DAY);
    const n = await book.learn(
      convention("Variable names now start with 'n_', please use that going forward", prefix("n_"), 16),
    );
    expect([z, wr, n].map((learnt) => learnt.action)).toEqual(["created", "created", "created"]);

    const active = await store.listLessons({
      limit: 10,
      projectId: "/work/grades",
      status: ["candidate", "active", "refined"],
    });
    expect(active.map((lesson) => lesson.rule)).toEqual([
      "Variable names now start with 'n_', please use that going forward",
    ]);
    const oldest = await book.get(z.lesson.id);
    expect(oldest).toMatchObject({ status: "archived", supersededById: wr.lesson.id });
    expect(oldest?.statusReason).toMatch(
      new RegExp(`^superseded by ${wr.lesson.id}: From now on, variable names`),
    );
    expect((await book.get(wr.lesson.id))?.supersededById).toBe(n.lesson.id);

    const history = await book.history(z.lesson.id);
    const replaced = history.find((event) => event.type === "lesson-superseded");
    expect(replaced?.before?.status).not.toBe("archived");
    expect(replaced?.before?.rule).toBe("Always start variable names with 'z_'");
    expect(replaced?.after?.status).toBe("archived");
    // The slot is a column: the lessons that govern it are found whatever their wording.
    expect(
      (await store.listLessons({ limit: 10, slot: "naming.variable.prefix" })).map((l) => l.id).sort(),
    ).toEqual([z, wr, n].map((learnt) => learnt.lesson.id).sort());
    expect(
      (await store.listLessons({ limit: 10, convention: true, status: ["candidate"] })).map((l) => l.id),
    ).toEqual([n.lesson.id]);
  });

  it("overturns a package manager (yarn → pnpm), a deploy target (staging → qa-gw) and a Chinese prefix (m_ → k_)", async () => {
    const { store, book } = setup();
    const pairs: Array<[string, LessonSlot, string, LessonSlot]> = [
      [
        "We use yarn here, always yarn add",
        { id: "package-manager", value: "yarn" },
        "From now on use pnpm, yarn is gone",
        { id: "package-manager", value: "pnpm" },
      ],
      [
        "We always deploy to staging first",
        { id: "deploy-target", value: "staging" },
        "From now on every deploy goes to qa-gw first, not staging",
        { id: "deploy-target", value: "qa-gw" },
      ],
      ["以后变量名一律以 m_ 开头", prefix("m_"), "变量名前缀改成 k_ 了，以后都用 k_ 开头", prefix("k_")],
    ];
    for (const [older, olderSlot, newer, newerSlot] of pairs) {
      const first = await book.learn(convention(older, olderSlot, 0, "/work/shop"));
      const second = await book.learn(convention(newer, newerSlot, 9, "/work/shop"));
      expect((await book.get(first.lesson.id))?.status).toBe("archived");
      expect((await book.get(second.lesson.id))?.status).not.toBe("archived");
    }
    expect(await store.countLessons()).toBe(6);
  });

  it("a rule for another slot is another rule, however alike its words", async () => {
    const { store, book } = setup();
    await book.learn(
      convention("Always use docstrings in all methods", { id: "docstrings", value: "use" }, 0),
    );
    await book.learn(
      convention("Always use type hints in all methods", { id: "annotations", value: "use" }, 1),
    );
    const active = await store.listLessons({ limit: 10, status: ["candidate", "active"] });
    expect(active).toHaveLength(2);
  });

  it("the newest statement wins, whatever order they are learnt in", async () => {
    const { book } = setup();
    const newer = await book.learn(convention("Variable names now start with 'n_'", prefix("n_"), 16));
    const older = await book.learn(convention("Always start variable names with 'z_'", prefix("z_"), 0));
    expect(older.lesson).toMatchObject({ status: "archived", supersededById: newer.lesson.id });
    expect((await book.get(newer.lesson.id))?.status).toBe("candidate");
  });

  it("a superseded rule stated again comes back (z_ → wr_ → z_)", async () => {
    const { book } = setup();
    const z = await book.learn(convention("Always start variable names with 'z_'", prefix("z_"), 0));
    const wr = await book.learn(convention("Variable names start with 'wr_' from now on", prefix("wr_"), 5));
    const again = await book.learn({
      ...convention("Always start variable names with 'z_'", prefix("z_"), 9),
    });
    expect(again.lesson.id).toBe(z.lesson.id);
    expect(again.lesson).toMatchObject({ status: "candidate", supersededById: null });
    expect(again.events.map((event) => event.type)).toContain("lesson-reinstated");
    expect((await book.get(wr.lesson.id))?.status).toBe("archived");
  });

  it("reverting a supersession brings the older rule back and retires the newer one", async () => {
    const { store, book } = setup();
    const z = await book.learn(convention("Always start variable names with 'z_'", prefix("z_"), 0));
    const wr = await book.learn(convention("Variable names start with 'wr_' from now on", prefix("wr_"), 5));
    const event = (await book.history(z.lesson.id)).find((item) => item.type === "lesson-superseded");
    expect(event).toBeDefined();
    const reverted = await book.revert(event?.id as string);
    expect(reverted.ok).toBe(true);
    expect(await book.get(z.lesson.id)).toEqual(event?.before);
    const retired = await book.get(wr.lesson.id);
    expect(retired).toMatchObject({
      status: "archived",
      statusReason: `supersession of ${z.lesson.id} reverted`,
    });
    const active = await store.listLessons({ limit: 10, status: ["candidate", "active", "refined"] });
    expect(active.map((lesson) => lesson.id)).toEqual([z.lesson.id]);
  });
});

describe("lesson book: supersession by what a change drops", () => {
  /** A convention with the slot its words name, as the convention rule reads it. */
  function stated(rule: string, day: number): LessonInput {
    const found = slotOf(rule);
    return found === null || found.value === null
      ? unslotted(rule, day)
      : convention(rule, { id: found.slot, value: found.value }, day);
  }

  it("a convention that drops a thing archives the one built on it, even when they are not neighbours", async () => {
    const { store, book, setClock } = setup();
    const old = await book.learn(
      unslotted("Logging goes through the log crate with env_logger initialised in main", 0),
    );
    const kept = await book.learn(unslotted("Error types in library crates are defined with thiserror", 0));
    setClock(T0 + 5 * DAY);
    const update = await book.learn(
      unslotted(
        "Going forward we use tracing everywhere with tracing-subscriber, and env_logger gets removed",
        5,
      ),
    );
    expect(update.superseded.map((lesson) => lesson.id)).toEqual([old.lesson.id]);
    expect(await book.get(old.lesson.id)).toMatchObject({
      status: "archived",
      supersededById: update.lesson.id,
    });
    const active = await store.listLessons({ limit: 10, status: ["candidate", "active", "refined"] });
    expect(active.map((lesson) => lesson.id).sort()).toEqual([kept.lesson.id, update.lesson.id].sort());
  });

  it("a lesson that uses the dropped thing goes too, one that forbids it stays", async () => {
    const situational = setup();
    const uses = await situational.book.learn({
      ...unslotted("Run the importer with env_logger set to debug", 0),
      convention: false,
    });
    situational.setClock(T0 + 5 * DAY);
    const update = await situational.book.learn(unslotted("env_logger gets removed, we use tracing now", 5));
    // A lesson built on what a convention drops is stale, whatever rule learnt it.
    expect(update.superseded.map((lesson) => lesson.id)).toEqual([uses.lesson.id]);

    const forbidding = setup();
    const never = await forbidding.book.learn(unslotted("Never add env_logger to a library crate", 0));
    forbidding.setClock(T0 + 5 * DAY);
    const again = await forbidding.book.learn(unslotted("env_logger gets removed, we use tracing now", 5));
    expect(again.superseded).toEqual([]);
    expect(await forbidding.book.get(never.lesson.id)).toMatchObject({ status: "candidate" });
  });

  it("a prefix of any named thing changes in other words each time (stg_ → raw_ → lz_, 错误码 ERR_ → ORD_)", async () => {
    const { book, setClock } = setup();
    const first = await book.learn(stated("Every staging table we create gets the stg_ prefix", 0));
    const logging = await book.learn(stated("Logging goes through structlog, no print()", 0));
    const errors = await book.learn(stated("错误码一律以 ERR_ 开头，比如 ERR_NOT_FOUND", 0));
    setClock(T0 + 3 * DAY);
    const second = await book.learn(stated("Staging tables are raw_ now instead of stg_", 3));
    expect(second.superseded.map((lesson) => lesson.id)).toEqual([first.lesson.id]);
    setClock(T0 + 9 * DAY);
    const third = await book.learn(stated("It's lz_ for every landing table going forward", 9));
    expect(third.superseded.map((lesson) => lesson.id)).toEqual([second.lesson.id]);
    const orders = await book.learn(stated("错误码前缀改一下，ERR_ 太泛了，以后订单相关的一律 ORD_ 开头", 9));
    expect(orders.superseded.map((lesson) => lesson.id)).toEqual([errors.lesson.id]);
    expect(await book.get(logging.lesson.id)).toMatchObject({ status: "candidate" });
  });

  it("a thing said first and dropped after (pip-tools 以后不要再用了, DO 那套别再用, prettier is out) archives the rule built on it", async () => {
    const { book, setClock } = setup();
    const tools = await book.learn(stated("依赖用 pip-tools 管理，改 requirements.in 然后 pip-compile", 0));
    const suffix = await book.learn(stated("实体类一律以 DO 结尾，比如 ArchiveDO", 0));
    const formatter = await book.learn(stated("We format everything with prettier", 0));
    setClock(T0 + 4 * DAY);
    const pdm = await book.learn(stated("依赖管理换成 pdm 了，pip-tools 以后不要再用了，加包就 pdm add", 4));
    const entity = await book.learn(stated("实体类后缀改成 Entity 了，比如 ArchiveEntity，DO 那套别再用", 4));
    const biome = await book.learn(stated("prettier is out, biome formats everything", 4));
    expect(pdm.superseded.map((lesson) => lesson.id)).toEqual([tools.lesson.id]);
    expect(entity.superseded.map((lesson) => lesson.id)).toEqual([suffix.lesson.id]);
    expect(biome.superseded.map((lesson) => lesson.id)).toEqual([formatter.lesson.id]);
  });

  it("a tool of a kind the project has one of, replaced in a later session (state, tracking, migrations, config centre)", async () => {
    const { book, setClock } = setup();
    const olds = [
      await book.learn(stated("App state goes through redux toolkit, use redux for new screens", 0)),
      await book.learn(stated("Experiments are tracked with wandb, use wandb.log", 0)),
      await book.learn(stated("Schema changes use flyway migrations", 0)),
      await book.learn(stated("配置统一用 apollo 配置中心", 0)),
    ];
    setClock(T0 + 6 * DAY);
    const news = [
      await book.learn(stated("New screens use zustand instead of redux", 6)),
      await book.learn(stated("We switched experiment tracking to mlflow", 6)),
      await book.learn(stated("Schema changes go through liquibase now, not flyway", 6)),
      await book.learn(stated("配置中心换成 nacos 了，不用 apollo", 6)),
    ];
    expect(news.map((learnt) => learnt.superseded.map((lesson) => lesson.id))).toEqual(
      olds.map((learnt) => [learnt.lesson.id]),
    );
  });
});

describe("lesson book: the same words read with two slots", () => {
  it("are one lesson, learnt twice, never a store conflict", async () => {
    const { store, book } = setup();
    const rule = "升到 Go 1.22 以后组里定了，日志换成标准库的 slog，zap 慢慢下掉";
    const first = await book.learn(convention(rule, { id: "logging", value: "slog" }, 0));
    const second = await book.learn(convention(rule, { id: "go-version", value: "1.22" }, 0));
    expect(first.action).toBe("created");
    expect(second.lesson.id).toBe(first.lesson.id);
    expect(await store.listLessons({ limit: 10 })).toHaveLength(1);
  });
});

describe("lesson book: a convention that only mentions its tool", () => {
  it("is replaced by a newer convention that sets another tool of that kind", async () => {
    const { store, book, setClock } = setup();
    const flags = await book.learn(
      unslotted("New features ship behind LaunchDarkly flags (useFlags hook from the LD react sdk)", 0),
    );
    const errors = await book.learn(unslotted("Frontend errors are reported to Sentry", 0));
    setClock(T0 + 9 * DAY);
    const unleash = await book.learn(
      convention(
        "We moved feature flags to a self-hosted Unleash",
        { id: "feature-flags", value: "unleash" },
        9,
      ),
    );
    expect(unleash.superseded.map((lesson) => lesson.id)).toEqual([flags.lesson.id]);
    expect(await book.get(errors.lesson.id)).toMatchObject({ status: "candidate" });
    expect(await store.countLessons()).toBe(3);
  });
});

describe("lesson book: one question, two slots", () => {
  it("fly → Render → make release: how a project deploys is a platform or a command, and a newer one of either replaces the older", async () => {
    const { store, book, setClock } = setup();
    const fly = await book.learn(
      convention(
        "Deploys are `fly deploy --app brewlog-prod`",
        { id: "deploy-command", value: "fly deploy --app brewlog-prod" },
        0,
      ),
    );
    setClock(T0 + 21 * DAY);
    const render = await book.learn(
      convention(
        "Deploys go through Render now: you push to the production branch",
        { id: "deploy-method", value: "render" },
        21,
      ),
    );
    setClock(T0 + 42 * DAY);
    const make = await book.learn(
      convention(
        "Deploying is `make release TAG=<version>`",
        { id: "deploy-command", value: "make release tag=<version>" },
        42,
      ),
    );
    expect(render.superseded.map((lesson) => lesson.id)).toEqual([fly.lesson.id]);
    expect(make.superseded.map((lesson) => lesson.id)).toEqual([render.lesson.id]);
    const live = await store.listLessons({ limit: 10, status: ["candidate", "active", "refined"] });
    expect(live.map((lesson) => lesson.rule)).toEqual(["Deploying is `make release TAG=<version>`"]);
  });
});

describe("lesson book: answers and the project's work", () => {
  it("a change to the language of commit messages does not overturn how answers are written", async () => {
    const { book, setClock } = setup();
    const answers = await book.learn({
      ...convention("跟我说话用中文，回答简短点，别长篇大论", { id: "answer-language", value: "zh" }, 0),
      trigger: "回答问题时",
    });
    setClock(T0 + 14 * DAY);
    const commits = await book.learn({
      ...convention(
        "提交信息不再用中文【模块】那种格式了，改成英文的 conventional commits",
        { id: "commit-format", value: "conventional" },
        14,
      ),
      trigger: "提交代码时",
    });
    expect(commits.superseded.map((lesson) => lesson.id)).not.toContain(answers.lesson.id);
    expect((await book.get(answers.lesson.id))?.status).toBe("candidate");
  });
});

describe("lesson book: a lesson that is no convention", () => {
  it("gives way to a newer convention for the slot its rule names, which merges into no lesson near it in words", async () => {
    const { book, setClock } = setup();
    const {
      slot: _slot,
      convention: _convention,
      ...recovery
    } = unslotted("cap is not installed here: use fly deploy --remote-only instead", 0);
    const fly = await book.learn({ ...recovery, why: "A command that failed and the one that worked" });
    const port = await book.learn({
      ...recovery,
      rule: "The api listens on port 4100 locally",
      why: "A fact about the project",
    });
    // Lessons near the newer one in words ("Billing deploys everything since last month"): it sets a
    // slot they set no value in, so it is never merged into one of them.
    for (const [index, rule] of [
      "Billing deploys everything since last month",
      "Search ranks results by recency",
      "Mailer templates live in one folder",
      "Image uploads get resized to 1200 pixels",
      "Reports export as CSV with a header row",
      "Ledger totals are cached for ten minutes",
      "The queue worker restarts nightly",
      "Auth tokens expire after thirty days",
      "Exports read from the replica",
      "Imports wait until the schema settles",
      "Invoices are numbered per tenant",
      "Webhooks retry three times with backoff",
    ].entries())
      await book.learn({
        ...recovery,
        rule,
        evidence: [{ quote: rule, sessionId: `filler-${index}`, taskId: `filler-${index}`, at: T0 + DAY }],
      });
    setClock(T0 + 30 * DAY);
    const kamal = await book.learn(
      convention(
        "We're off fly.io since last month, everything deploys with kamal now",
        { id: "deploy-method", value: "kamal" },
        30,
      ),
    );
    expect(kamal.superseded.map((lesson) => lesson.id)).toEqual([fly.lesson.id]);
    expect((await book.get(fly.lesson.id))?.statusReason).toMatch(/^superseded by \S+: We're off fly\.io/);
    expect((await book.get(port.lesson.id))?.status).not.toBe("archived");
  });
});
