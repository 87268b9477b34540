import { describe, expect, it } from "vitest";
import { type Step, taskRows } from "../../testing/task-rows.js";
import { buildOfflineExperience, MAX_RULE_CHARS, type TransferableHeuristic } from "./offline-experience.js";
import { segmentTasks } from "./segment-tasks.js";
import { placementFact, portFact } from "./stated-facts.js";
import { detectTaskSignals } from "./task-message.js";

/** Every heuristic of every task of a session, each checked for verbatim evidence. */
function heuristicsOf(steps: Step[]): TransferableHeuristic[] {
  const session = taskRows(steps);
  const signals = detectTaskSignals(session);
  const said = session.map((row) => `${row.content}\n${row.toolOutput ?? ""}`).join("\n");
  return segmentTasks(session, { signals }).flatMap((task) => {
    const seqs = new Set(task.messageSeqs);
    const messages = session.filter((row) => seqs.has(row.seq));
    const { transferableHeuristics } = buildOfflineExperience({ task, messages, signals });
    for (const heuristic of transferableHeuristics) {
      expect(said).toContain(heuristic.evidence);
      expect(heuristic.rule.length).toBeLessThanOrEqual(MAX_RULE_CHARS);
    }
    return transferableHeuristics;
  });
}

const brief = (heuristics: TransferableHeuristic[]) =>
  heuristics.map(({ kind, trigger, rule }) => ({ kind, trigger, rule }));

describe("rule 4: standing instructions", () => {
  it("learns nothing from what the user quotes: a page's words are not the user's", () => {
    const quoted = heuristicsOf([
      { user: "quick question before I start — what is the difference between add_action and add_filter?" },
      { assistant: "Actions run code at a point; filters transform a value and return it." },
      {
        user: 'ok. the codex page says "Filters should always return a value. Actions never need to." got it.',
      },
    ]);
    expect(quoted).toEqual([]);
    // The same words as the user's own are a rule.
    const own = heuristicsOf([
      { user: "add a filter for the gift wrap price" },
      { assistant: "Added gwo_price with add_filter." },
      { user: 'ok. from now on always run "composer lint" before you commit.' },
    ]);
    expect(own.map((heuristic) => heuristic.rule).join("\n")).toMatch(
      /always run "composer lint" before you commit/i,
    );
  });

  it("learns an instruction given right after a failed command (English)", () => {
    const heuristics = heuristicsOf([
      { user: "check whether yesterday's thumbnails made it to the uploads bucket" },
      {
        tool: "Bash",
        input: "aws s3 ls s3://acme-staging-uploads/thumbnails/",
        output: "An error occurred (AccessDenied) when calling the ListObjectsV2 operation: Access Denied",
        error: true,
      },
      { user: "use --profile acme-staging, the default profile is my personal account" },
      {
        tool: "Bash",
        input: "aws s3 ls s3://acme-staging-uploads/thumbnails/ --profile acme-staging",
        output: "412 objects",
      },
    ]);
    expect(brief(heuristics)).toEqual([
      {
        kind: "prefer",
        trigger: "Running AWS CLI commands",
        rule: "Use --profile acme-staging, the default profile is my personal account",
      },
    ]);
    expect(heuristics[0]?.evidence).toBe(
      "use --profile acme-staging, the default profile is my personal account",
    );
  });

  it("learns an instruction about how the agent just did an activity", () => {
    const conventional = heuristicsOf([
      { user: "commit the retry changes" },
      {
        tool: "Bash",
        input: 'git commit -am "Fixed retry stuff"',
        output: "[main 4e1d2c9] Fixed retry stuff",
      },
      {
        user: "Please use conventional commits, like fix: or feat: with a scope. Our release tooling generates the changelog from them.",
      },
    ]);
    expect(brief(conventional)).toEqual([
      {
        kind: "prefer",
        trigger: "Committing changes",
        rule: "Use conventional commits, like fix: or feat: with a scope. Our release tooling generates the changelog from them",
      },
    ]);
    const emoji = heuristicsOf([
      { user: "commit the search bar" },
      { tool: "Bash", input: 'git commit -am "✨ feat: add search bar"', output: "[feat/search 1f2e3d4]" },
      { user: "no emojis in commit messages please" },
    ]);
    expect(brief(emoji)).toEqual([
      { kind: "avoid", trigger: "Committing changes", rule: "No emojis in commit messages" },
    ]);
  });

  it("learns a team convention and keeps the sentences that follow the instruction", () => {
    const rebase = heuristicsOf([
      { user: "my branch is behind main, bring it up to date" },
      {
        tool: "Bash",
        input: "git fetch origin && git merge origin/main",
        output: "Merge made by the 'ort' strategy.",
      },
      { user: "we don't do merge commits on feature branches here, rebase onto main instead" },
    ]);
    expect(brief(rebase)).toEqual([
      {
        kind: "prefer",
        trigger: "Pushing and merging branches",
        rule: "We don't do merge commits on feature branches here, rebase onto main instead",
      },
    ]);
    const makeTest = heuristicsOf([
      { user: "add a test for the stock reservation expiry and run the suite" },
      {
        tool: "Bash",
        input: "pytest tests/test_reservation.py",
        output: "E   ModuleNotFoundError: No module named 'inventory'",
        error: true,
      },
      {
        user: "Use make test, it sets PYTHONPATH and starts the test database. Running pytest directly never works here. Thanks!",
      },
      { tool: "Bash", input: "make test", output: "25 passed in 4.12s" },
    ]);
    expect(brief(makeTest)).toEqual([
      {
        kind: "prefer",
        trigger: "Writing and running tests",
        rule: "Use make test, it sets PYTHONPATH and starts the test database. Running pytest directly never works here",
      },
    ]);
  });

  it("learns a Chinese standing instruction", () => {
    const heuristics = heuristicsOf([
      { user: "启动一下后台管理" },
      {
        tool: "Bash",
        input: "npm run serve",
        output: "Error: error:0308010C:digital envelope routines::unsupported",
        error: true,
      },
      { user: "这个项目要用 node 16，先 nvm use 16 再启动" },
      {
        tool: "Bash",
        input: "nvm use 16 && npm run serve",
        output: "App running at: http://localhost:8080/",
      },
    ]);
    // It answers the failed `npm run serve`: its situation is that command's (starting the project).
    expect(brief(heuristics)).toEqual([
      { kind: "prefer", trigger: "启动项目", rule: "这个项目要用 node 16，先 nvm use 16 再启动" },
    ]);
  });

  it.each([
    [
      "a one-off request",
      [
        { user: "Add a login button" },
        { assistant: "Added a red button." },
        { user: "use the blue color for this button" },
      ],
    ],
    [
      "an instruction about another activity than the agent's",
      [
        { user: "Run the tests" },
        { tool: "Bash", input: "npm test", output: "42 passed" },
        { user: "now run the linter too" },
      ],
    ],
    [
      "a retry meant for this time only",
      [
        { user: "start the server" },
        { tool: "Bash", input: "pnpm dev", output: "Error: listen EADDRINUSE :::3000", error: true },
        { user: "use --port 3001 this time" },
      ],
    ],
    ["the task's own request", [{ user: "Use pnpm to add zod to the api package" }]],
    [
      "a restated goal",
      [
        { user: "Write a script that backs up the postgres database to S3 every night." },
        { assistant: "Here's a cron entry that runs pg_dump locally." },
        { user: "Again, the script should back up the postgres database to S3 every night." },
      ],
    ],
    [
      "a Chinese one-off",
      [{ user: "把按钮改成蓝色" }, { assistant: "改好了。" }, { user: "用深一点的蓝色" }],
    ],
    [
      "a Chinese reject of the approach",
      [
        { user: "优化一下首页的接口调用。" },
        { assistant: "我把五个接口合并成了一个。" },
        { user: "别这样改，后端不会给我们加新接口。" },
      ],
    ],
  ] as Array<[string, Step[]]>)("learns nothing from %s", (_what, steps) => {
    const heuristics = heuristicsOf(steps).filter((heuristic) => !/transient/.test(heuristic.rule));
    expect(brief(heuristics)).toEqual([]);
  });
});

describe("rule 4: corrections in free wording", () => {
  it.each([
    [
      "a norm with 'needs' and 'every commit'",
      [
        { user: "commit the refund retry fix and push" },
        {
          tool: "Bash",
          input: "git commit -am 'fix refund retry'",
          output: "[main 1a2b3c4] fix refund retry",
        },
        { user: "yeah every commit msg needs the jira key up front, just take it from the branch name" },
      ],
      /^Every commit msg needs the jira key up front/,
    ],
    [
      "a prohibition whose alternative is in the next sentence",
      [
        { user: "run the tests for the appointments app" },
        { tool: "Bash", input: "python manage.py test appointments", output: "Ran 48 tests\nOK" },
        {
          user: "whoa dont run with the default settings, those point at the shared db. tests are python manage.py test --settings=config.settings.test",
        },
      ],
      /--settings=config\.settings\.test/,
    ],
    [
      "an API fact that corrects a successful run",
      [
        { user: "export all orders created in january to a csv" },
        { tool: "Bash", input: "python export_orders.py", output: "wrote 100 rows to orders.csv" },
        {
          user: "100 rows?? there are thousands. the orders api ignores page=, it paginates with a cursor. keep passing next_cursor back as ?cursor= until it comes back null",
        },
      ],
      /ignores page=, it paginates with a cursor/,
    ],
    [
      "an instruction with its occasion",
      [
        { user: "fix the rounding bug in applyDiscount" },
        { tool: "Bash", input: "npx vitest run src/pricing", output: "14 passed" },
        { assistant: "I fixed the rounding bug. Here's what was going on and why I chose this approach: …" },
        { user: "too much text. when you fix something just show me the diff, no essay" },
      ],
      /^When you fix something just show me the diff/,
    ],
    [
      "an account to use for anything in prod",
      [
        { user: "check which revisions of billing-api are serving in prod" },
        {
          tool: "Bash",
          input: "gcloud run revisions list --service billing-api",
          output: "ERROR: (gcloud.run.revisions.list) PERMISSION_DENIED",
          error: true,
        },
        {
          user: "my personal account has no prod access, on purpose. impersonate deploy-bot@acme-prod.iam.gserviceaccount.com for anything in prod",
        },
      ],
      /^Impersonate deploy-bot@/,
    ],
    [
      "a prohibition and what to do instead as one lesson",
      [
        { user: "add httpx, we need it for the webhook client" },
        { tool: "Bash", input: "pip install httpx", output: "Successfully installed httpx-0.27.2" },
        { tool: "Edit", input: { file_path: "requirements.txt" }, output: "The file has been updated." },
        {
          user: "dont touch requirements.txt by hand, its generated. put it in requirements.in and run pip-compile",
        },
      ],
      /^Dont touch requirements\.txt by hand, its generated\. Put it in requirements\.in and run pip-compile$/,
    ],
    [
      "a prohibition and the command to run instead, said first in a long sentence",
      [
        { user: "run the tests for the refund module" },
        {
          tool: "Bash",
          input: "pytest tests/refunds",
          output: "could not connect to server: Connection refused",
          error: true,
        },
        {
          user: "don't run pytest bare, the suite needs the test postgres container. `make test` spins it up and tears it down; pass ARGS for a subset, e.g. make test ARGS=tests/refunds",
        },
      ],
      /^Don't run pytest bare, the suite needs the test postgres container\. `make test` spins it up and tears it down$/i,
    ],
    [
      "a correction and the first clause of a long sentence that says the command to run",
      [
        { user: "run the test suite, I touched the journal code" },
        { tool: "Bash", input: "cargo test -- --test-threads=1", output: "test result: ok. 212 passed" },
        {
          user: "yeah, the integration tests share one sqlite file. don't do the test-threads=1 thing, it takes forever. use cargo nextest run --profile serial-db, it's configured in .config/nextest.toml to only serialize the db tests",
        },
      ],
      /test-threads=1 thing, it takes forever\. use cargo nextest run --profile serial-db$/i,
    ],
    [
      "a Chinese 'just do X' pushback on the agent's plan",
      [
        { user: "跑一下单测" },
        { tool: "Bash", input: "npm test", output: "Tests: 3 failed, 212 passed", error: true },
        { assistant: "有 3 个日期相关的用例失败，看起来是时区问题，我去改一下 formatRange 的实现。" },
        { user: "不用改代码，CI 是 UTC 跑的，本地跑测试前面加 TZ=UTC 就行" },
      ],
      /TZ=UTC/,
    ],
    [
      "a lasting rule about how the agent works, with no activity",
      [
        { user: "客户导入改成异步的吧" },
        {
          tool: "Edit",
          input: { file_path: "src/customer/import.controller.ts" },
          output: "The file has been updated.",
        },
        { user: "你怎么一上来就改了这么多文件。。以后改代码前先把计划发我，我确认了你再动手" },
      ],
      /^以后改代码前先把计划发我/,
    ],
  ] as Array<[string, Step[], RegExp]>)("learns %s", (_what, steps, rule) => {
    expect(heuristicsOf(steps).map((heuristic) => heuristic.rule)).toEqual([expect.stringMatching(rule)]);
  });

  it("learns pushback on what the agent says it will do: what holds now, and what is gone", () => {
    // A change told as what happened "last month" is no story when it says what holds now.
    const rules = heuristicsOf([
      { user: "add a handler for the new refund.partial event" },
      { assistant: "Since prod is on Python 3.9 I'll avoid match statements." },
      { user: "we're on 3.12 now, prod got upgraded last month. the 3.9 restrictions are gone" },
    ]).map((heuristic) => heuristic.rule);
    // What is gone, said right after what holds now, is part of that rule: never injected alone.
    expect(rules).toEqual([expect.stringMatching(/^We.re on 3\.12 now.*the 3\.9 restrictions are gone$/i)]);
  });

  it("learns nothing from a scheduled task restated, or from 'stop guessing'", () => {
    expect(
      heuristicsOf([
        { user: "Write a script that backs up the postgres database to S3 every night." },
        { assistant: "Here's a cron entry that runs pg_dump locally." },
        { user: "no, it has to upload to S3 every night, not keep it locally" },
      ]).filter((heuristic) => /every night/.test(heuristic.rule) && heuristic.kind !== "prefer"),
    ).toEqual([]);
    expect(
      heuristicsOf([
        { user: "fix the lint errors" },
        { tool: "Bash", input: "pnpm lint", output: "1 error", error: true },
        { user: "stop guessing." },
      ]),
    ).toEqual([]);
  });
});

describe("rule 4: project facts", () => {
  it("learns where a service listens, with the port the agent tried", () => {
    const heuristics = heuristicsOf([
      { user: "check that the health endpoint reports the new version" },
      {
        tool: "Bash",
        input: "curl -s localhost:8080/health",
        output: "curl: (7) Failed to connect to localhost port 8080 after 0 ms: Connection refused",
        error: true,
      },
      { user: "the API listens on 8081 locally, 8080 was the old gateway" },
      { tool: "Bash", input: "curl -s localhost:8081/health", output: '{"status":"ok"}' },
    ]);
    expect(brief(heuristics)).toEqual([
      {
        kind: "prefer",
        trigger: "Connecting to the API locally",
        rule: "The API listens on port 8081 locally, not 8080",
      },
    ]);
  });

  it("learns where a service listens (Chinese)", () => {
    const heuristics = heuristicsOf([
      { user: "连本地数据库看一下 coupons 表的结构" },
      {
        tool: "Bash",
        input: 'psql -h localhost -p 5432 -U dev order_center -c "\\d coupons"',
        output: 'psql: error: connection to server at "localhost" (127.0.0.1), port 5432 failed',
        error: true,
      },
      { user: "本地的 postgres 在 5433 端口，5432 是另一个项目的实例" },
    ]);
    expect(brief(heuristics)).toEqual([
      { kind: "prefer", trigger: "连接本地的 postgres", rule: "本地的 postgres 在 5433 端口，不是 5432" },
    ]);
  });

  it("learns the port of a named service without the word 'port'", () => {
    const heuristics = heuristicsOf([
      { user: "flush the local redis, the tests keep picking up stale keys" },
      { tool: "Bash", input: "redis-cli FLUSHALL", output: "OK" },
      {
        user: "wait, thats the wrong redis — 6379 is my other project's instance. this repo's redis runs on 6380 (see docker-compose.yml)",
      },
    ]);
    expect(heuristics.map(({ rule, trigger }) => ({ rule, trigger }))).toEqual([
      {
        rule: "This repo's redis listens on port 6380 (see docker-compose.yml)",
        trigger: "Connecting to this repo's redis",
      },
    ]);
  });

  it("learns a second lasting rule with something concrete in the same message", () => {
    const heuristics = heuristicsOf([
      { user: "my branch is out of date w/ main, fix that" },
      {
        tool: "Bash",
        input: "git fetch origin && git merge origin/main",
        output: "Merge made by the 'ort' strategy.",
      },
      {
        user: "ugh dont merge main into feature branches, it makes the history a mess. undo that. we always `git fetch && git rebase origin/main` and then push with --force-with-lease",
      },
      {
        tool: "Bash",
        input: "git reset --hard ORIG_HEAD && git rebase origin/main",
        output: "Successfully rebased.",
      },
    ]);
    expect(heuristics.map((heuristic) => heuristic.rule)).toEqual([
      "Dont merge main into feature branches, it makes the history a mess",
      "We always `git fetch && git rebase origin/main` and then push with --force-with-lease",
    ]);
    expect(heuristics[1]?.kind).toBe("prefer");
  });

  it("learns norms stated about things, without the one-off order after them", () => {
    const heuristics = heuristicsOf([
      { user: "add a partial index on invoices(status)" },
      { tool: "Bash", input: "psql -U postgres -f migrations/0042.sql", output: "CREATE INDEX" },
      {
        user: "wait did you run that as postgres?? never use the superuser for schema stuff, the objects end up owned by postgres. migrations always run as billing_migrator (PGPASSWORD is in .envrc). drop it and redo",
      },
    ]);
    // One convention: what to do first, then the prohibition said next to it.
    expect(heuristics.map((heuristic) => heuristic.rule)).toEqual([
      "Migrations always run as billing_migrator (PGPASSWORD is in .envrc). Never use the superuser for schema stuff, the objects end up owned by postgres",
    ]);
  });

  it("keeps the sentence an instruction points back at, and the situation of the failed command", () => {
    const heuristics = heuristicsOf([
      { user: "add a reminder_sent bool to Appointment and make the migration" },
      {
        tool: "Bash",
        input: "python manage.py makemigrations appointments",
        output: "django.core.exceptions.ImproperlyConfigured: Set the DATABASE_URL environment variable",
        error: true,
      },
      {
        user: "NO. thats the prod db. manage.py defaults to config.settings.production on purpose. locally you always run it with DJANGO_SETTINGS_MODULE=config.settings.local, that one uses the docker postgres",
      },
    ]);
    expect(brief(heuristics)).toEqual([
      {
        kind: "prefer",
        trigger: "Running database migrations",
        rule: expect.stringMatching(
          /^Manage\.py defaults to config\.settings\.production on purpose\. locally you always run it with DJANGO_SETTINGS_MODULE=config\.settings\.local, /,
        ),
      },
    ]);
  });

  it("learns an API's quirks: a header the sentence before names, a parameter it ignores", () => {
    const heuristics = heuristicsOf([
      { user: "write a script that pulls yesterdays shipments from parcelhub" },
      {
        tool: "Bash",
        input: "python -m scripts.fetch_shipments",
        output: "KeyError: 'tracking_events'",
        error: true,
      },
      {
        user: "their api serves the old 2022 response shape unless you send X-ParcelHub-Version: 2025-01-15. every single request needs that header, otherwise half the fields are missing",
      },
      { tool: "Bash", input: "python -m scripts.fetch_shipments", output: "fetched 50 shipments" },
      {
        user: "50? we ship like 900 a day. page= is silently ignored by them, its cursor based. keep requesting with cursor=<next_cursor> from the response until next_cursor is null",
      },
      {
        tool: "Bash",
        input: "python -m scripts.fetch_shipments",
        output: "fetched 912 shipments (19 pages)",
      },
    ]);
    expect(heuristics.map((heuristic) => heuristic.rule)).toEqual([
      expect.stringMatching(
        /^Their api serves the old 2022 response shape unless you send X-ParcelHub-Version: 2025-01-15\. every single request needs that header/,
      ),
      "Page= is silently ignored by them, its cursor based. keep requesting with cursor=<next_cursor> from the response until next_cursor is null",
    ]);
  });

  it.each([
    {
      name: "how to answer, right after an answer",
      steps: [
        { user: "why is my async scraper slower than the sync one?" },
        { assistant: "## Why your async scraper is slower\n\n### 1. You're awaiting sequentially" },
        { user: "way too long man. give me 2-3 sentences max, no headings, no summary at the end" },
      ],
      rule: /^Give me 2-3 sentences max, no headings/,
      trigger: "Writing answers",
    },
    {
      name: "how to answer, in Chinese",
      steps: [
        { user: "why does this useEffect run twice in dev?" },
        { assistant: "In development, React 18's StrictMode intentionally mounts twice." },
        { user: "用中文回答，英文看着累。专业名词保留英文就行" },
      ],
      rule: /^用中文回答/,
      trigger: "回答问题",
    },
    {
      name: "ask first",
      steps: [
        { user: "首页加个折线图，展示近30天订单量" },
        { tool: "Bash", input: "npm install echarts", output: "added 2 packages" },
        {
          user: "谁让你装echarts的？？ 包体积本来就超了。装任何新依赖之前先问我一声，项目里已经有 recharts 了",
        },
      ],
      rule: /^装任何新依赖之前先问我一声/,
      trigger: "安装依赖",
    },
    {
      name: "an instruction after a comma",
      steps: [
        { user: "in the eda notebook change the tenure histogram to 50 bins" },
        { tool: "Edit", input: { file_path: "notebooks/eda.ipynb" }, output: "updated" },
        {
          user: "nooo dont hand edit the ipynb json. theyre paired with jupytext, edit notebooks/eda.py and then jupytext --sync",
        },
      ],
      rule: /^Dont hand edit the ipynb json\. theyre paired with jupytext, edit notebooks\/eda\.py and then jupytext --sync/,
      trigger: undefined,
    },
    {
      name: "a Chinese instruction after a comma",
      steps: [
        { user: "下一下 bge-large-zh-v1.5 做embedding" },
        {
          tool: "Bash",
          input: "huggingface-cli download BAAI/bge-large-zh-v1.5",
          output: "Connection to huggingface.co timed out",
          error: true,
        },
        { user: "服务器上没代理的 别折腾了，用镜像 HF_ENDPOINT=https://hf-mirror.com" },
      ],
      rule: /HF_ENDPOINT=https:\/\/hf-mirror\.com/,
      trigger: undefined,
    },
    {
      name: "a command given as the fix, after a repeated-error prohibition",
      steps: [
        { user: "pull 了下 main 又白屏了" },
        {
          tool: "Bash",
          input: "npx react-native run-ios",
          output: "error: Unable to resolve module @/hooks/useCoupon",
          error: true,
        },
        {
          user: "又是缓存。。上次说过了，切分支/pull之后报 Unable to resolve module 先 --reset-cache，别去改配置",
        },
      ],
      rule: /先 --reset-cache/,
      trigger: undefined,
    },
    {
      name: "the alternative after a Chinese prohibition, past a doubled full stop",
      steps: [
        { user: "Podfile 里加了 Kingfisher，帮我装一下" },
        {
          tool: "Bash",
          input: "pod install",
          output: "[!] The version of CocoaPods is too old",
          error: true,
        },
        { assistant: "我用 sudo gem install cocoapods 升级一下。" },
        { user: "别动系统ruby。。我们 Gemfile 里锁了 cocoapods 版本的，用 bundle exec pod install 就行" },
      ],
      rule: /bundle exec pod install/,
      trigger: undefined,
    },
    {
      name: "'for X just use Y', said as an aside after the work",
      steps: [
        { user: "replace api.old-billing.io with api.billing.io in the yaml configs" },
        {
          tool: "Bash",
          input: "sed -i 's/a/b/g' config/*.yaml",
          output: "sed: 1: extra characters",
          error: true,
        },
        { tool: "Bash", input: "perl -pi -e 's/a/b/g' config/*.yaml", output: "" },
        {
          user: "fine but fyi this is a mac, bsd sed. gnu sed is installed as gsed (brew). for in-place edits just use gsed -i, works the same as on linux",
        },
      ],
      rule: /just use gsed -i/,
      trigger: undefined,
    },
  ])("learns $name", ({ steps, rule, trigger }) => {
    const heuristics = heuristicsOf(steps as Step[]);
    expect(heuristics.map((heuristic) => heuristic.rule)).toContainEqual(expect.stringMatching(rule));
    if (trigger) expect(heuristics.find((heuristic) => rule.test(heuristic.rule))?.trigger).toBe(trigger);
  });

  it("learns a team convention stated in Chinese", () => {
    const heuristics = heuristicsOf([
      { user: "开始做退款回调那个需求吧，PAY-1182" },
      {
        tool: "Bash",
        input: "git checkout -b refund-callback",
        output: "Switched to a new branch 'refund-callback'",
      },
      { user: "分支名别这么起。我们规范是 feature/工单号-简短描述，修 bug 的用 fix/ 前缀" },
    ]);
    expect(heuristics.map((heuristic) => heuristic.rule)).toEqual([
      "我们规范是 feature/工单号-简短描述，修 bug 的用 fix/ 前缀",
    ]);
  });

  it.each(["it always fails when I run it locally", "the tests always passed before your change"])(
    "reads no rule from a complaint: %s",
    (complaint) => {
      const heuristics = heuristicsOf([
        { user: "run the tests" },
        { tool: "Bash", input: "npm test", output: "1 failing", error: true },
        { user: complaint },
      ]);
      expect(heuristics.filter((heuristic) => heuristic.rule.includes("always"))).toEqual([]);
    },
  );

  it("learns where things go", () => {
    const heuristics = heuristicsOf([
      { user: "wire up the Mapbox token" },
      { tool: "Edit", input: { file_path: "/repo/.env" }, output: "The file has been updated." },
      { user: "Not .env, that file is committed. Secrets go in .env.local, it's gitignored." },
    ]);
    expect(brief(heuristics)).toEqual([
      {
        kind: "prefer",
        trigger: "Handling secrets and environment variables",
        rule: "Secrets go in `.env.local`, not `.env`",
      },
    ]);
    expect(placementFact("密钥都放在 .env.local 里", "密钥都放在 .env.local 里", true)).toBe(
      "密钥都放在 `.env.local`",
    );
  });

  it.each([
    ["it runs on 8080", "it runs on 8080", false],
    ["the job runs at 3000 ms intervals locally", "the job runs at 3000 ms intervals locally", false],
    ["the build is at 95% now", "the build is at 95% now", false],
    ["把数据库端口改成 5433", "把数据库端口改成 5433", true],
    ["把开发服务器的端口改成 8080，然后启动它", "把开发服务器的端口改成 8080，然后启动它", true],
  ])("reads no port from %s", (sentence, message, zh) => {
    expect(portFact(sentence, message, "", zh)).toBeNull();
  });

  it("reads no placement from this task's own work", () => {
    expect(placementFact("the fix goes in utils.ts", "the fix goes in utils.ts", false)).toBeNull();
    // Where things no longer go is a drop, not a fact.
    expect(placementFact("fixtures dont go in tests/data anymore", "", false)).toBeNull();
    expect(placementFact("配置不要放在 conf/ 下面了", "", true)).toBeNull();
    expect(placementFact("The new helper should go in src/lib/strings.ts", "", false)).toBeNull();
  });
});
