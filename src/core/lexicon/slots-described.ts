/**
 * Slots read from a description of the stack: a subject that names what a tool is for (HTTP calls,
 * state, logging, background jobs, 持久层, 服务间调用…), a lead that pairs it with a value ("is",
 * "goes through", "run on", 用, 走, 是: `DESCRIPTION_LEADS` in description-leads.ts) and the value —
 * "jobs run on BullMQ" → `job-queue` = `bullmq`, "配置在 Apollo" → `config-center` = `apollo`. The
 * subject says which slot, so a tool no list names still gets one ("outbound HTTP calls use
 * undici"). Each entry lists the slot's tools it knows, as written → as stored, so a value is
 * stored the same however it is written ("SCSS modules" and "sass"). Part of the slot lexicon
 * (slots.ts). Pure.
 */
import { DESCRIPTION_LEADS } from "./description-leads.js";
import { type EverydayNames, members, membersWithEveryday, type SlotEntry } from "./slot-entry.js";

const leads = (weak: boolean, to: boolean) =>
  DESCRIPTION_LEADS.entries
    .filter((lead) => !lead.suffix && (lead.weak === true) === weak && (to || !lead.to))
    .map((lead) => `(?:${lead.pattern.source})`)
    .join("|");
/** A value: a backticked term, or a name in Latin letters ("BullMQ", "vue-i18n", "log4j2", "1Password"). */
const VALUE = String.raw`(\x60[^\x60]{1,40}\x60|[A-Za-z0-9@][\w@./+#-]*[\w+#]|[A-Za-z0-9])`;
/** A value given as an address is read as its host and path: "staging is https://stg.acme.io". */
const SCHEME = String.raw`(?:https?:\/\/)?`;
const ARTICLE = String.raw`(?:(?:the|a|an|our|their)\s+(?:own\s+)?|(?:(?:我们|咱们)(?:自己)?的|自己的)\s*)?`;
/** Between a lead and its value: a space after an English word, any or none after a Chinese one. */
const GAP = String.raw`(?:(?<=[\u4e00-\u9fff])\s*|\s+)`;
/** Words between a subject and its lead that change nothing ("unit tests always go through …"). */
const ADVERB = String.raw`(?:(?:should|must|shall|will|needs? to|ha(?:s|ve) to)\s+)?(?:(?:always|all|now|mostly|usually|currently|only|just)\s+)?`;
const afterSubject = (to: boolean) =>
  String.raw`(?![A-Za-z0-9_-])\s*${ADVERB}(?:(?:${leads(false, to)})${GAP}${ARTICLE}${SCHEME}${VALUE}|(?:${leads(true, to)})${GAP}${ARTICLE}${SCHEME}${VALUE})(?![\w@/-])`;
/** Words before a subject that change nothing: "the", "our", "all the". */
const THE = String.raw`(?:(?:the|our|all|all the|every)\s+)*`;
/**
 * The entry of a described slot's subject changed over or chosen for, its example said of the
 * subject of the slot's own `example` ("switch outbound HTTP calls to acme"); none when that
 * subject cannot be said so.
 */
function changedTo(
  slot: string,
  work: readonly string[],
  subject: RegExp,
  example: string,
  names: Readonly<Record<string, string>>,
): SlotEntry[] {
  const pattern = new RegExp(
    String.raw`(?:\b(?:switch|mov|migrat|port)\w*\s+${THE}(?:${subject.source})\s+(?:over\s+)?(?:to|onto)|\bfor\s+${THE}(?:${subject.source})\s*[,:]?\s+(?:we\s+)?(?:use|go with|pick|stick with|rely on))\s+${ARTICLE}(?=[A-Za-z\x60])${VALUE}(?![\w@/-])`,
  );
  const named = new RegExp(subject.source, "iu").exec(example)?.[0] ?? "";
  const said = `switch ${named} to acme`;
  // The value said first, then what it is for: "use CarbonImmutable for dates", "use acme everywhere —
  // it's the default date class now".
  const usedFor = new RegExp(
    String.raw`(?<=\b(?:use|using|prefer|go with)\s+${ARTICLE})${VALUE}(?=(?:\s+for\s+(?:all\s+|any\s+|every\s+)?(?:the\s+|our\s+)?(?:new\s+)?|[^.;]{0,30}?\s*[—–,(-]\s*(?:it'?s|that'?s|it is|that is|which is)\s+(?:now\s+)?(?:the|our)\s+(?:new\s+)?(?:default\s+|standard\s+|only\s+)?)(?:${subject.source})(?![\w-]))`,
  );
  const used = `use acme for ${named}`;
  return [
    { slot, work, pattern, example: said, value: { from: "described" as const, names } },
    { slot, work, pattern: usedFor, example: used, value: { from: "described" as const, names } },
  ].filter((entry) => new RegExp(entry.pattern.source, "iu").test(entry.example));
}

/** Slots that name where things go: they are paired with their value by "go to" as well ("errors go to Sentry"). */
const DESTINATIONS = new Set([
  "error-tracker",
  "monitoring",
  "object-storage",
  "deploy-target",
  "message-queue",
]);

/** Slots also read from a value said in the subject's role, each with its example ("redis as the broker"). */
const ROLES: Readonly<Record<string, string>> = {
  "message-queue": "celery with redis as the broker",
  database: "we run postgres as the database",
  cache: "redis as the cache",
  "test-runner": "pytest as the test runner",
  orm: "prisma as the ORM",
  logging: "pino as the logger",
  formatter: "ruff as the formatter",
  linter: "eslint as the linter",
  "http-client": "ky as the HTTP client",
  "json-library": "moshi as the JSON library",
};

/**
 * After a subject said as a role: the end of its words or a word for a tool ("as the JSON library"),
 * not another noun it qualifies ("as the cache key").
 */
const ROLE_ENDS = String.raw`(?!\s+(?!(?:for|in|and|or|but|with|here|now|instead|too|from|on|across|everywhere|since|because|so|while|behind|of choice|library|lib|package|framework|tool|client|engine|backend|layer|provider|server|service)\b)[a-z])`;

/**
 * The slot `slot` read from its subject (English or Chinese) paired with a value, and, when
 * `named` gives an example, the slot read as the one of `names` a rule says to use ("we moved the
 * e2e suite to playwright") — a slot no other entry lists the tools of; names that are everyday
 * words too are read so only under their own guard (`everyday`, see `membersWithEveryday`).
 */
export const described = (
  slot: string,
  work: readonly string[],
  subject: RegExp,
  example: string,
  names: Readonly<Record<string, string>> = {},
  named?: string,
  everyday?: EverydayNames,
): SlotEntry[] => [
  {
    slot,
    work,
    pattern: new RegExp(String.raw`(?<![\w-])(?:${subject.source})${afterSubject(DESTINATIONS.has(slot))}`),
    example,
    value: { from: "described", names },
  },
  // The subject changed over to a named value, or the value chosen for it: "we're switching the CLI
  // parsing to argh", "for CLI parsing we use clap". The subject says which slot, so any name is the
  // value. Not for a subject read only with what follows it ("errors go to …").
  ...changedTo(slot, work, subject, example, names),
  // The value said first, in the role the subject names: "celery with redis as the broker". It is
  // read as after a weak lead (capture group 2: only a tool's name is a value, not "the response as
  // JSON"), and the subject ends its words ("the session id as the cache key" names a key).
  ...(ROLES[slot] === undefined
    ? []
    : [
        {
          slot,
          work,
          pattern: new RegExp(
            String.raw`(?<![\w@./-])(?:(?!)())?${VALUE}(?=\s+as\s+(?:(?:the|our|a|an)\s+)?(?:${subject.source})(?![\w-])${ROLE_ENDS})`,
          ),
          example: ROLES[slot],
          value: { from: "described" as const, names },
        },
      ]),
  ...(named === undefined
    ? []
    : everyday === undefined
      ? [members(slot, work, names, named)]
      : membersWithEveryday(slot, work, names, named, {}, everyday)),
];

/** Names stored as written. */
export const same = (...names: string[]): Record<string, string> =>
  Object.fromEntries(names.map((name) => [name, name]));

/** Every subject of a tool slot, tried in this order. */
export const DESCRIBED_SLOTS: readonly SlotEntry[] = [
  described(
    "http-client",
    ["http", "code"],
    /(?:outbound |external |all )?(?:http|api|rest|network|backend) (?:calls?|requests?|clients?)|(?:new |all |any )?networking(?: code| layer| calls)?|(?:all|any(?:thing)?) http|(?:outbound|external) calls|calls to (?:other services|the api|the backend)|data fetching|https?\s*(?:请求|调用|客户端)|网络请求|接口请求|请求库/,
    "outbound HTTP calls use undici",
  ),
  described(
    "rpc",
    ["http", "code"],
    /rpc|(?:service-to-service|inter-service|internal service) calls|calls between services|服务间调用|服务调用|远程调用|微服务调用/,
    "服务间调用走 Dubbo",
    { dubbo: "dubbo", grpc: "grpc", trpc: "trpc", openfeign: "openfeign", feign: "openfeign" },
    "we switched to grpc for inter-service calls",
  ),
  described(
    "state-management",
    ["code"],
    /(?:client[- ]side |client |server |global |app |shared |ui )?state(?: management)?|状态管理|全局状态/,
    "client state lives in zustand stores",
  ),
  described("styling", ["styling", "code"], /styling|styles|stylesheets|css|样式/, "styling is Tailwind"),
  described(
    "icons",
    ["styling", "code"],
    /icons?|icon (?:set|library|pack)s?|图标(?:库)?/,
    "icons are lucide-react",
  ),
  described(
    "e2e-runner",
    ["tests"],
    /(?:e2e|end-to-end|browser|ui) (?:tests?|testing|suite)|e2e|end-to-end|(?:e2e|端到端|ui\s*自动化)\s*测试|端到端/,
    "e2e tests are Playwright",
    same("playwright", "cypress", "selenium", "puppeteer", "webdriverio", "testcafe", "detox"),
    "we use playwright for the e2e suite now",
  ),
  described(
    "test-runner",
    ["tests"],
    /(?<!(?:e2e|end-to-end|integration|browser|ui|api|load|smoke|visual)\s)(?:unit )?tests?|testing|the test runner|(?<!e2e\s*|端到端)(?:单测|单元测试|测试框架|测试)/,
    "tests are vitest",
  ),
  described(
    "ci-provider",
    ["ci"],
    /ci|ci pipelines?|continuous integration|持续集成|流水线/,
    "CI is GitHub Actions",
  ),
  described(
    "build-tool",
    ["build"],
    /builds?|bundling|the bundler|build tooling|the build system|构建|打包/,
    "构建基于 Vite",
    same(
      "vite",
      "webpack",
      "esbuild",
      "rollup",
      "rspack",
      "parcel",
      "tsup",
      "turbopack",
      "bazel",
      "mage",
      "earthly",
    ),
    "we switched the bundler to vite",
  ),
  described(
    "error-tracker",
    ["code"],
    /error (?:tracking|reporting|monitoring)|crash reporting|(?:errors|exceptions|crashes)(?= (?:go|get sent|are sent|are reported|report) to)|错误(?:监控|上报|追踪)|异常(?:监控|上报)|崩溃上报/,
    "errors go to Sentry",
  ),
  described(
    "monitoring",
    ["code"],
    /metrics|monitoring|observability|apm|traces|监控|链路追踪/,
    "metrics go to Datadog",
    { ...same("datadog", "prometheus", "honeycomb", "opentelemetry", "skywalking"), otel: "opentelemetry" },
    "we moved metrics from prometheus to datadog",
  ),
  described(
    "config-center",
    ["config"],
    /config(?:uration)?|settings|runtime config|配置(?:中心)?/,
    "config comes from Doppler",
    // How the code reads its settings is one choice too: "viper is out, config is loaded with koanf now".
    {
      ...same("viper", "koanf", "envconfig", "cleanenv", "dynaconf", "hydra", "pydantic-settings", "dotenv"),
      "caarlos0/env": "caarlos0/env",
    },
    "viper is out, config is loaded with koanf now",
  ),
  described(
    "secrets",
    ["config"],
    /secrets|credentials|api keys|密钥|凭证/,
    "secrets live in 1Password",
    same("vault", "1password", "sops", "infisical"),
  ),
  described(
    "orm",
    ["database", "code"],
    /orm|data access|db access|database access|persistence(?: layer)?|the data layer|(?:postgres(?:ql)?|mysql|mariadb|sqlite|mongo(?:db)?|the db|the database|db|database)(?= (?:goes|go|is accessed|are accessed) )|持久层|数据访问|数据库访问|数据层/,
    "postgres goes through Kysely",
  ),
  described(
    "database",
    ["database"],
    /(?:the )?(?:main |primary )?(?:database|db|datastore)|数据库/,
    "the database is Postgres",
    {
      ...same("mysql", "mariadb", "sqlite", "mongodb", "dynamodb", "cockroachdb", "clickhouse"),
      postgres: "postgres",
      postgresql: "postgres",
      mongo: "mongodb",
    },
  ),
  described(
    "migration-tool",
    ["database"],
    /(?:db |database |schema )?migrations|schema changes|(?:数据库)?迁移|表结构变更/,
    "migrations are Flyway",
  ),
  described(
    "job-queue",
    ["code"],
    /(?:background|async|scheduled|cron|recurring|periodic) (?:jobs|tasks|work)|(?:job|queue|active ?job) (?:backend|adapter)|jobs|job queues?|task queues?|workers|定时任务|异步任务|后台任务|任务队列|任务调度/,
    "jobs run on BullMQ",
    {
      ...same("bullmq", "sidekiq", "celery", "dramatiq", "hangfire", "quartz", "xxl-job", "oban", "resque"),
      ...same("goodjob", "delayed_job", "rq", "huey", "arq", "asynq"),
      good_job: "goodjob",
      "solid queue": "solid-queue",
      solid_queue: "solid-queue",
      solidqueue: "solid-queue",
      "solid-queue": "solid-queue",
    },
    "background jobs use sidekiq now, not resque",
  ),
  described(
    "message-queue",
    ["messaging", "code"],
    /(?:message |event )?queues?|messaging|events|the event bus|the message bus|pub\/?sub|the (?:message )?broker|消息队列|消息中间件|消息|事件总线|mq/,
    "events go through Kafka",
  ),
  described(
    "i18n",
    ["code"],
    /i18n|l10n|translations?|locali[sz]ation|internationali[sz]ation|国际化|多语言/,
    "i18n via vue-i18n",
    same("vue-i18n", "i18next", "react-i18next", "react-intl", "next-intl", "lingui", "formatjs", "gettext"),
    "we moved translations from react-intl to i18next",
  ),
  described(
    "date-library",
    ["code"],
    /dates|date handling|date math|date formatting|date\/time(?: handling)?|datetimes?|date (?:class|type|object)(?:es|s)?|日期(?:处理)?|时间处理|日期时间/,
    "dates go through date-fns",
  ),
  described(
    "cache",
    ["database", "code"],
    /cach(?:e|ing)|缓存/,
    "缓存用 Redis",
    same("redis", "memcached", "valkey", "caffeine", "ehcache"),
  ),
  described(
    "auth",
    ["code"],
    /auth(?:entication)?|login|sign-?in|sso|鉴权|认证|登录/,
    "auth is Clerk-based",
    {
      ...same("clerk", "auth0", "keycloak", "okta", "cognito", "sa-token"),
      nextauth: "next-auth",
      "next-auth": "next-auth",
    },
    "we're moving auth from auth0 to clerk",
  ),
  described(
    "validation",
    ["code"],
    /(?:form |input |schema |request |payload )?validation|参数校验|数据校验|校验/,
    "form validation uses zod",
    {
      ...same(
        "zod",
        "yup",
        "joi",
        "valibot",
        "ajv",
        "class-validator",
        "pydantic",
        "laravel-data",
        "formrequest",
      ),
      "spatie/laravel-data": "laravel-data",
      formrequests: "formrequest",
    },
    "request input is validated through spatie/laravel-data objects now",
  ),
  described(
    "email",
    ["code"],
    /(?:transactional |outgoing |outbound )?e-?mails?|mailing|邮件(?:发送)?/,
    "transactional emails go through Postmark",
    same("postmark", "sendgrid", "mailgun", "nodemailer"),
    "we switched transactional email to postmark",
  ),
  described(
    "payments",
    ["payments", "code"],
    /payments?|billing|checkout|支付/,
    "payments go through Stripe",
    same("stripe", "paddle", "adyen", "braintree", "paypal"),
    "we're migrating billing from braintree to stripe",
  ),
  described(
    "search",
    ["code"],
    /(?:full-text )?search|搜索|全文检索/,
    "search is Meilisearch",
    same("algolia", "meilisearch", "typesense", "elasticsearch", "opensearch"),
  ),
  described(
    "object-storage",
    ["cloud", "code"],
    /(?:user |file |media )?uploads|object storage|blob storage|static assets|对象存储|文件存储/,
    "uploads go to S3",
  ),
  described(
    "deploy-target",
    ["deploy"],
    /hosting|deploys|deployments?|部署|托管/,
    "deploys go to staging first",
  ),
  described(
    "infrastructure-as-code",
    ["cloud", "deploy"],
    /infra(?:structure)?(?: as code)?|iac|基础设施/,
    "infra is Terraform",
  ),
  described(
    "feature-flags",
    ["code", "config"],
    /feature (?:flags?|toggles?)/,
    "feature flags go through Unleash",
  ),
  described("linter", ["lint"], /lint(?:ing)?|the linter|代码检查/, "linting is oxlint"),
  described(
    "formatter",
    ["lint", "code"],
    /(?:code )?formatting|the formatter|格式化/,
    "formatting is dprint",
  ),
].flat();
