import { describe, expect, it } from "vitest";
import { readConventions } from "./convention-rule.js";

/** What the convention rule reads from a message: each rule with its slot ("slot=value", or "-"). */
const read = (message: string) =>
  readConventions(message).map(
    (found) => `${found.rule} | ${found.slot ? `${found.slot.slot}=${found.slot.value}` : "-"}`,
  );

describe("a description of the project's stack", () => {
  it.each([
    [
      "a heading, a project-kind clause, a parenthesis and a closing 'and'",
      "some background so you know the layout: it's a Django monolith, data access goes through the Django ORM, background jobs run on Celery (beat for the cron ones), logging is structlog, and tests are pytest.",
      [
        "Data access goes through the Django ORM | orm=django",
        "Background jobs run on Celery (beat for the cron ones) | job-queue=celery",
        "Logging is structlog | logging=structlog",
        "Tests are pytest | test-runner=pytest",
      ],
    ],
    [
      "a lead-in 'for context,' and 'lives in', 'is', 'are', 'go through'",
      "for context, this is a SvelteKit app, client state lives in jotai atoms, styling is Tailwind, e2e tests are Playwright and dates go through date-fns.",
      [
        "Client state lives in jotai atoms | state-management=jotai",
        "Styling is Tailwind | styling=tailwind",
        "e2e tests are Playwright | e2e-runner=playwright",
        "Dates go through date-fns | date-library=date-fns",
      ],
    ],
    [
      "'use' with the thing it replaces in brackets, and 'are' with a plural value",
      "outbound HTTP calls use undici (not axios), and queues are SQS",
      [
        "Outbound HTTP calls use undici (not axios) | http-client=undici",
        "Queues are SQS | message-queue=sqs",
      ],
    ],
    [
      "'go to' and 'go through', no heading, no marker",
      "errors go to Sentry and transactional emails go through Postmark",
      [
        "Errors go to Sentry | error-tracker=sentry",
        "Transactional emails go through Postmark | email=postmark",
      ],
    ],
    [
      "a '-based' value and 'go through'",
      "auth is Clerk-based, and payments go through Stripe",
      ["Auth is Clerk-based | auth=clerk", "Payments go through Stripe | payments=stripe"],
    ],
    [
      "'comes from' and 'live in'",
      "config comes from Doppler, secrets live in 1Password",
      ["Config comes from Doppler | config-center=doppler", "Secrets live in 1Password | secrets=1password"],
    ],
    [
      "'is done with' and 'uses'",
      "i18n is done with react-intl, and form validation uses zod",
      ["i18n is done with react-intl | i18n=react-intl", "Form validation uses zod | validation=zod"],
    ],
    [
      "a heading glued to the first rule, with a comma inside its parenthesis",
      "Rundown of our setup: API calls go through ky (the wrapper, with retries, is in src/lib/http.ts), and global state lives in zustand stores under src/stores",
      [
        "API calls go through ky (the wrapper, with retries, is in src/lib/http.ts) | http-client=ky",
        "Global state lives in zustand stores under src/stores | state-management=zustand",
      ],
    ],
    [
      "Chinese: a heading, a project-kind clause, 用 and 走",
      "简单介绍下项目：后台是 Go 写的，数据库访问用 GORM，消息队列走 Kafka，缓存用 Redis，日志用 zap。",
      [
        "数据库访问用 GORM | orm=gorm",
        "消息队列走 Kafka | message-queue=kafka",
        "缓存用 Redis | cache=redis",
        "日志用 zap | logging=zap",
      ],
    ],
    [
      "Chinese: 由, 走 and 放在, one sentence",
      "鉴权由 Keycloak 负责，服务间调用走 gRPC，配置放在 Nacos",
      [
        "鉴权由 Keycloak 负责 | auth=keycloak",
        "服务间调用走 gRPC | rpc=grpc",
        "配置放在 Nacos | config-center=nacos",
      ],
    ],
    [
      "Chinese: 基于 and 用, cut at 、 and ；",
      "背景：前端是 React；构建基于 Vite、单测用 Vitest；e2e 用 Cypress",
      [
        "构建基于 Vite | build-tool=vite",
        "单测用 Vitest | test-runner=vitest",
        "e2e 用 Cypress | e2e-runner=cypress",
      ],
    ],
    [
      "Chinese: 是 and 在",
      "先交代一下：持久层是 MyBatis-Plus，服务间调用是 Dubbo，配置在 Apollo，日志是 log4j2。",
      [
        "持久层是 MyBatis-Plus | orm=mybatis-plus",
        "服务间调用是 Dubbo | rpc=dubbo",
        "配置在 Apollo | config-center=apollo",
        "日志是 log4j2 | logging=log4j2",
      ],
    ],
  ])("%s", (_shape, message, expected) => {
    expect(read(message)).toEqual(expected);
  });

  it("gives each clause the kinds of work of its slot, and a trigger of its own", () => {
    const found = readConventions("tests are vitest, logging is pino, and deploys go to Fly");
    expect(found.map((item) => item.work[0])).toEqual(["tests", "code", "deploy"]);
    expect(found.every((item) => item.kind === "prefer")).toBe(true);
    expect(found.map((item) => item.trigger)).not.toContain("");
  });

  it.each([
    ["a state of things, not a choice", "the tests are flaky and logging is a mess"],
    ["evaluations", "it's fine, the build is green and the docs are fine"],
    ["a story of the past", "last year logging was winston and tests were jest"],
    ["a question", "is logging pino and are tests vitest?"],
    ["a question asked at the end", "wait, logging is pino and tests are vitest?"],
    ["a condition", "if logging is pino and tests are vitest, then the build should pass"],
    ["other people's habits", "the other team's logging is pino and their tests are vitest"],
    ["one clause only, with no marker", "logging is pino"],
  ])("reads nothing from %s", (_shape, message) => {
    expect(read(message)).toEqual([]);
  });
});

describe("fragments and headings", () => {
  it("keeps a sentence with no subject with the rule before it", () => {
    expect(
      read(
        "Schema changes always go through Liquibase. Included from db.changelog-master.yaml. One changeset per file.",
      ),
    ).toEqual([
      "Schema changes always go through Liquibase. Included from db.changelog-master.yaml. One changeset per file | migration-tool=liquibase",
    ]);
    expect(read("We always use Flyway for migrations. Named V<n>__short_description.sql.")).toEqual([
      "We always use Flyway for migrations. Named V<n>__short_description.sql | migration-tool=flyway",
    ]);
  });

  it("keeps a list item with no subject with the item before it, but not a rule that only looks like one", () => {
    expect(
      read(
        "House rules for the db:\n1. Schema changes go through Liquibase.\n2. Included from db.changelog-master.yaml.",
      ),
    ).toEqual([
      "Schema changes go through Liquibase. Included from db.changelog-master.yaml | migration-tool=liquibase",
    ]);
    expect(read("a few house rules:\n- always use pnpm\n- named exports only")).toEqual([
      "Always use pnpm | package-manager=pnpm",
      "Named exports only | -",
    ]);
  });

  it("drops a heading before a colon from the rule and its trigger", () => {
    const [found] = readConventions(
      "Before you change anything: unit tests always go through `cargo nextest run`:",
    );
    expect(found?.rule).toBe("Unit tests always go through `cargo nextest run`");
    expect(found?.trigger).not.toMatch(/change anything/i);
    // A topic before the colon is the rule's own.
    expect(read("Commit messages: imperative mood, always")[0]).toMatch(/^Commit messages: imperative mood/);
  });
});
