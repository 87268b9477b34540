import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readConventions } from "./convention-rule.js";

const rules = (message: string) => readConventions(message).map((found) => found.rule);

describe("conventions read by their shape, with no marker", () => {
  it.each([
    ["Commit messages: imperative mood, subject line under 72 chars", "Commit messages: imperative mood"],
    ["Shell scripts must start with `set -euo pipefail`", "Shell scripts must start with"],
    ["Test files live next to the source file and are called foo.test.ts", "Test files live next to"],
    ["rebase onto main, don't merge main into your branch", "Rebase onto main, don't merge"],
    ["prefer f-strings over .format() and % formatting", "Prefer f-strings over"],
    ["we've moved off yarn, pnpm now", "We've moved off yarn, pnpm now"],
    ["house style: 2-space indentation in YAML files, no tabs ever", "2-space indentation in YAML"],
    ["部署统一走 Jenkins 流水线，不要手动 kubectl apply。", "部署统一走 Jenkins 流水线"],
    ["wrong file. anything host-specific goes in local.env", "Anything host-specific goes in local.env"],
    [
      "oh and before every push you run `just verify`, it lints and tests",
      "Before every push you run `just verify`",
    ],
    ["also every resource we create needs a team tag", "Every resource we create needs a team tag"],
    // A change with a past date still says what holds now; 统一上了 reports a change.
    ["FYI, schema management moved to Sqitch last month", "Schema management moved to Sqitch last month"],
    [
      "oh and we swapped prettier + eslint for biome last week",
      "We swapped prettier + eslint for biome last week",
    ],
    [
      "ops moved the job broker off redis onto nats over the weekend",
      "Ops moved the job broker off redis onto nats",
    ],
    ["组里统一上了 Sentry，报错都发到 Sentry", "组里统一上了 Sentry"],
    // A fragment stays with the clause before it.
    [
      "changelogs are YAML under db/changelog, included from db.changelog-master.yaml",
      "Changelogs are YAML under db/changelog, included from db.changelog-master.yaml",
    ],
    // How values are represented is about code; the confirmation after it makes it standing.
    [
      "and generally: prices in this codebase are Decimal end to end, never a float. please stick to that everywhere.",
      "Prices in this codebase are Decimal end to end, never a float",
    ],
    // A heading's marker holds for the rule after it, and a colon inside a command is no heading.
    [
      "rules of the house for ledger-api: schema changes are goose migrations, `goose -dir db create <name> sql`",
      "Schema changes are goose migrations, `goose -dir db create <name> sql`",
    ],
    // "this one" as a subject is no one-off; "X are deprecated" drops X.
    [
      "knex migrations are deprecated here, we switched to dbmate so the go services and this one share a tool",
      "Knex migrations are deprecated here, we switched to dbmate",
    ],
    // A decision about every service of a kind, and a drop said as a state ("X is deprecated").
    [
      "winston is deprecated here, the platform team standardized every node service on pino",
      "Winston is deprecated here, the platform team standardized every node service on pino",
    ],
    ["release got archived last night, open pull requests against trunk", "open pull requests against trunk"],
    // A step tied to an occasion that comes again and again; the dots of `./...` end no sentence.
    [
      "please run golangci-lint run ./... yourself before pushing anything, CI runs it too",
      "Run golangci-lint run ./... yourself before pushing anything",
    ],
    [
      "and we've added SQLFluff — run sqlfluff fix models/ before you open a PR.",
      "Run sqlfluff fix models/ before you open a PR",
    ],
    [
      "before you commit any terraform, please run terraform fmt -recursive",
      "Before you commit any terraform, please run terraform fmt -recursive",
    ],
    // What to use when a kind of thing is needed is a rule's condition, not a one-off.
    [
      "if you need a vec or a string you reach for heapless.",
      "If you need a vec or a string you reach for heapless",
    ],
    // "every …" with a longer description of what it is said of; a Swift macro is code.
    [
      "every new SwiftUI view or screen you create gets a #Preview at the bottom of the file.",
      "Every new SwiftUI view or screen you create gets a #Preview",
    ],
    // "X only" before a bracket; an area of work named by what is done in it.
    [
      "dependencies come in through SPM only (no CocoaPods, no Carthage).",
      "Dependencies come in through SPM only",
    ],
    [
      "networking goes through our APIClient, it handles token refresh",
      "Networking goes through our APIClient",
    ],
    // The code right after a dash spells the rule out, and stays with it.
    [
      "use the fixed-width types — uint32_t, uint16_t and friends from stdint.h. this code also gets built for the 16-bit MSP430 variant, so plain int sizes have bitten us before. that goes for everything under fw/.",
      "Use the fixed-width types — uint32_t, uint16_t and friends from stdint.h",
    ],
    // A comparison with "the old one" is no choice of one.
    [
      "firmware news: SEGGER RTT works on the new boards, so dbg_printf is going away — use rtt_log() for debug output, it doesn't block like the old one did.",
      "dbg_printf is going away — use rtt_log() for debug output",
    ],
    // The things a rule holds for may be narrowed by a clause of their own.
    [
      "every public function that returns Result must document its failure cases in its doc comment.",
      "Every public function that returns Result must document its failure cases in its doc comment",
    ],
    // An adverb between the things and what they get: "just", "only", "now".
    [
      "new types just get plain names, like Budget or Payee.",
      "New types just get plain names, like Budget or Payee",
    ],
    // What it drops is found in its part whatever its case.
    [
      "Gson is going away — use kotlinx.serialization for every model.",
      "Gson is going away — use kotlinx.serialization for every model",
    ],
  ])("%s", (message, expected) => {
    expect(rules(message).join(" | ")).toContain(expected);
  });

  it.each([
    "We might move to Bun at some point. not now though.",
    "the deploy always fails on step 3. error: `ImagePullBackOff` on the api pod",
    "the other team always uses java for their services",
    "last week we always deployed on fridays",
    "ModuleNotFoundError: No module named 'requests'",
    "I prefer pnpm over npm",
    "it has to upload to S3 every night, not keep it locally",
    "而且不能用 root 用户",
    "Add a --verbose flag to the CLI",
    "do we always use tabs in this repo?",
    "everything went into the log, as expected",
    "before you go, can you check the logs",
    // A judgement said as the reason for a change is no rule.
    "old_ looks odd in diffs",
    // Small talk with a "not" in it chooses nothing.
    "Watched it. Cried a bit, not gonna lie.",
    "if you need anything else, just ask",
  ])("reads no convention from %s", (message) => {
    expect(rules(message)).toEqual([]);
  });

  it("joins a prohibition and the alternative said next to it, what to do first, quoting the user verbatim", () => {
    const message = "别用 moment，太大了。日期统一用 dayjs";
    const [found, ...rest] = readConventions(message);
    expect(rest).toEqual([]);
    expect(found?.rule).toBe("日期统一用 dayjs。别用 moment，太大了");
    expect(message).toContain(found?.quote);
    expect(found?.slot).toMatchObject({ slot: "date-library", value: "dayjs" });
  });

  it("reads a person's own taste as no convention by its shape alone", () => {
    expect(rules("我更喜欢用 dayjs，项目里已经有了")).toEqual([]);
  });

  it("keeps a rule with a content of its own apart from the prohibition next to it", () => {
    expect(
      rules(
        "every job class subclasses KestrelTask, we never register plain functions as jobs. settings go in kestrel.cfg at the repo root.",
      ),
    ).toHaveLength(2);
  });
});

/**
 * A labelled development corpus (eval/convention-statements, written from how developers talk, not
 * from these rules): 200 conventions and 65 messages that are not (one-offs, questions, stories,
 * other people's habits, pasted output, small talk). Floors at the measured values less a margin.
 */
describe("a change of named things is about work, with no word for the work", () => {
  it.each([
    ["instead of fly it's render now. my partner wanted one invoice", "Instead of fly it's render now"],
    ["we replaced viper with koanf, smaller and no global state", "We replaced viper with koanf"],
    [
      "requests is out, it blocks the event loop. httpx.AsyncClient from now on",
      "httpx.AsyncClient from now on",
    ],
    ["slog everywhere, rip zerolog out of files as you touch them", "Slog everywhere, rip zerolog out"],
    ["错误码前缀又要变：全公司统一成 HM_ 开头，ORD_ 不要再用了", "全公司统一成 HM_ 开头"],
  ])("%s", (message, expected) => {
    expect(rules(message).join(" | ")).toContain(expected);
  });

  it("how a kind of thing is named holds for all of them, said in passing", () => {
    expect(rules("add a toggle for the dark charts. oh, and flag keys are ff_ plus snake_case")).toEqual([
      "Flag keys are ff_ plus snake_case",
    ]);
  });

  it("a change told with when it happened is no story when it says what holds now", () => {
    expect(rules("we dropped tensorboard last sprint, everything goes to wandb now").join(" | ")).toContain(
      "everything goes to wandb now",
    );
    expect(rules("last week we always deployed on fridays")).toEqual([]);
  });

  it("a state of things is not a change of them", () => {
    expect(rules("my branch is out of date w/ main, fix that")).toEqual([]);
  });
});

describe("a heading that names rules, glued to the first of them", () => {
  it("heads the sentences after it: each that names a value is a rule", () => {
    expect(
      rules(
        "大家好～ 跟你对一下规矩哈：部署统一用 helm，chart 放在 charts/ 目录下；测试环境的命名空间叫 staging；镜像都推到 harbor.internal/yw 下面。",
      ),
    ).toEqual([
      "部署统一用 helm，chart 放在 charts/ 目录下",
      "测试环境的命名空间叫 staging",
      "镜像都推到 harbor.internal/yw 下面",
    ]);
  });

  it("reads a request that asks why as no rule, whatever 一直 it holds", () => {
    expect(rules("先帮我看看 order-svc 为啥一直重启")).toEqual([]);
    expect(rules("我们一直用 pnpm，别用 npm")).toHaveLength(1);
  });
});

describe("the convention-statement corpus", () => {
  const rows = readFileSync(
    new URL("../../../eval/convention-statements/statements.jsonl", import.meta.url),
    "utf8",
  )
    .trim()
    .split("\n")
    .map((line, index) => {
      const row = JSON.parse(line) as { id: string; text: string; convention: boolean };
      if (typeof row.text !== "string" || typeof row.convention !== "boolean")
        throw new Error(`statements.jsonl:${index + 1}: needs text and convention`);
      return row;
    });

  it("reads most conventions and almost none of the rest", () => {
    const read = (row: { text: string }) => readConventions(row.text).length > 0;
    const conventions = rows.filter((row) => row.convention);
    const others = rows.filter((row) => !row.convention);
    const recall = conventions.filter(read).length / conventions.length;
    const falseReads = others.filter(read).length / others.length;
    expect(conventions.length).toBe(200);
    expect(recall).toBeGreaterThanOrEqual(0.64);
    expect(falseReads).toBeLessThanOrEqual(0.05);
  });
});

describe("changes said as what is used now instead", () => {
  it.each([
    ["the staging layer uses base_ instead of stg_ now", "The staging layer uses base_ instead of stg_ now"],
    ["tracking is on the self-hosted mlflow now", "Tracking is on the self-hosted mlflow now"],
    ["we're phasing redux out", "We're phasing redux out"],
  ])("%s", (message, expected) => {
    expect(rules(message)).toEqual([expected]);
  });

  it("reads the region a project moves to, not the one it drains", () => {
    const found = readConventions(
      "ops decided new resources land in eu-central-1 going forward; eu-west-1 gets drained over Q1",
    );
    expect(found.map((finding) => finding.slot?.value ?? null)).toEqual(["eu-central-1"]);
  });
});

describe("a heading of the project's rules before a colon", () => {
  it("marks the rules after it as lasting, and a story told before a change is no trigger", () => {
    const found = readConventions(
      "hey. conventions for tidewatch since you'll be in it a lot: CLI parsing with clap derive. and keep answers to me terse, code first",
    );
    expect(found.map((finding) => finding.rule)).toEqual([
      "CLI parsing with clap derive",
      "Keep answers to me terse, code first",
    ]);
    expect(readConventions("CLI parsing with clap derive.")).toEqual([]);
    const [change] = readConventions(
      "so after the code review with Ravi we're switching private fields to the underscore prefix: _health, _moveSpeed",
    );
    expect(change?.trigger).not.toMatch(/^After/);
    expect(readConventions("after every deploy, always run the smoke tests")[0]?.trigger).toBe(
      "After every deploy",
    );
  });

  it('reads log calls as logging, and "the start of the message" as no launch of the app', () => {
    const [rule] = readConventions(
      "from now on just use Debug.Log / LogWarning / LogError with a [Tag] at the start of the message",
    );
    expect(rule?.trigger).toBe("Writing log statements");
  });
});

describe("a change said before a colon", () => {
  it("is part of the rule, not a heading cut from it", () => {
    const [rule] = readConventions(
      "the beta lane is gone too. we moved to Xcode Cloud: push to a release/* branch and it uploads to TestFlight on its own",
    );
    expect(rule?.rule).toMatch(/^We moved to Xcode Cloud: push to a release\/\* branch/);
  });
});
