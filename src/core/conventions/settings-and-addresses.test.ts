/**
 * Settings, addresses and requests the readings of stop 44 rely on: an environment given as an
 * address, a value set by a number (the random seed) or a word (plural table names), a request asked
 * for always with what it is for said first, the tracker a project's tickets live in, and the words
 * that are no value (docs/learning.md, "Settings, addresses and requests asked for always").
 */
import { describe, expect, it } from "vitest";
import { amendedRule } from "../lessons/contradiction.js";
import { replacesInPlace } from "../lessons/rule-parts.js";
import { withdrawsOnly } from "../lessons/withdrawn-rules.js";
import { kindsOfWork } from "../lexicon/kinds-of-work.js";
import { politeRequestRest } from "../lexicon/question-forms.js";
import { withoutTaskTail } from "../lexicon/task-headings.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { VALUE_SHAPES } from "../lexicon/value-shapes.js";
import { conventionWork } from "../recall/conventions.js";
import { dropsOnly } from "./convention-words.js";
import { readSlots } from "./slot-rule.js";

const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);
const convention = (rule: string) => {
  const [found] = readSlots(rule);
  return {
    rule,
    convention: true,
    ...(found === undefined ? {} : { slot: { id: found.slot, value: found.value } }),
  };
};

describe("values given as an address, a number or a word", () => {
  it.each([
    [
      "staging is https://staging.pulse-app.io, dev.example.net was torn down",
      "test-environment=staging.pulse-app.io",
    ],
    ["the test env is https://qa-gw.int.notif.dev now", "test-environment=qa-gw.int.notif.dev"],
    ["随机种子统一 42，sklearn、numpy、xgboost 都要设", "random-seed=42"],
    ["种子的事改一下：42 跟另一个组的实验撞了，我们改成 1337，所有地方都换掉", "random-seed=1337"],
    ["the random seed is always 7", "random-seed=7"],
    ["随机种子别写死 42 了，统一从 config.yaml 里读 seed 字段。", "random-seed=config.yaml"],
    ["table names are plural snake_case (invoices, line_items)", "table-name-number=plural"],
    ["New tables should be singular from now on", "table-name-number=singular"],
    ["表名统一用单数", "table-name-number=singular"],
  ])("%s", (text, expected) => {
    expect(slots(text)).toEqual([expected]);
  });

  it("does not read seeding a database as a random seed", () => {
    expect(slots("seeds the database with 100 users")).not.toContain("random-seed=100");
  });

  it("replaces an address only by an address in a rule's words", () => {
    expect(replacesInPlace("staging.pulse-app.io", "eu")).toBe(false);
    expect(replacesInPlace("staging.pulse-app.io", "stg-eu.pulse-app.io")).toBe(true);
    expect(replacesInPlace("moshi", "kotlinx.serialization")).toBe(true);
  });

  it("supersedes, not amends, a rule whose address gives way to a word", () => {
    expect(
      amendedRule(
        convention("We moved staging to the eu cluster last week, the old staging host is gone"),
        convention("staging is https://staging.pulse-app.io, dev.example.net was torn down months ago"),
      ),
    ).toBeNull();
  });

  it("amends a word value it writes as the value itself (plural → singular)", () => {
    expect(
      amendedRule(
        convention("New tables should be singular from now on"),
        convention(
          "table names are plural snake_case, timestamps are always timestamptz, never plain timestamp",
        ),
      ),
    ).toBe("table names are singular snake_case, timestamps are always timestamptz, never plain timestamp");
  });
});

describe("a request asked for always", () => {
  it("keeps what it is for, said before it", () => {
    expect(
      politeRequestRest(
        "For anything experimental or test-related, would you please always pass --profile fieldnotes-sandbox?",
      ),
    ).toBe("For anything experimental or test-related, always pass --profile fieldnotes-sandbox");
    expect(politeRequestRest("For the record, this is fine")).toBeNull();
    expect(politeRequestRest("凡是测试相关的，能不能都加 --dry-run？")).toBe(
      "凡是测试相关的，都加 --dry-run",
    );
  });

  it("is no request for now that ends the rule", () => {
    expect(
      withoutTaskTail("For anything test-related, would you please always pass --profile sandbox?"),
    ).toBe("For anything test-related, would you please always pass --profile sandbox?");
    expect(withoutTaskTail("we use pnpm, could you install the deps")).toBe("we use pnpm");
  });
});

describe("the work words name", () => {
  it("reads the tracker a project's tickets live in, and work started on a ticket", () => {
    expect([
      ...conventionWork({
        trigger: "",
        rule: "We moved from jira to linear, so the ticket ids look like STO-55 now",
        slot: undefined,
      }),
    ]).toEqual(["tickets"]);
    expect([...kindsOfWork("start on STO-91, the promo banner overlaps the header")]).toEqual(["tickets"]);
    expect([...kindsOfWork("restart the worker on app-02")]).toContain("servers");
    expect([...kindsOfWork("新需求 PAY-1230，对账报表要支持导出 csv，开工吧")]).toEqual(["tickets"]);
  });

  it("reads billing as payments and a migrate command as database work", () => {
    expect([...kindsOfWork("for billing stuff just run go test ./internal/billing/...")]).toContain(
      "payments",
    );
    expect([...kindsOfWork("you need python manage.py migrate_schemas")]).toContain("database");
  });
});

describe("words that name a drop, a port or a naming template", () => {
  it("reads what to get rid of, named before as it", () => {
    expect([
      ...preferenceTerms("After the FluentAssertions license change, legal asked us to get rid of it").avoid,
    ]).toEqual(["fluentassertions"]);
  });

  it("reads a number after port, not the thing to port", () => {
    expect([...preferenceTerms("Port GPXParserTests as an example").use]).toEqual([]);
    expect([...preferenceTerms("rails is on port 3001").use]).toEqual(["3001"]);
  });

  it("does not read a rule given as a naming template, beside a withdrawal, as a withdrawal only", () => {
    expect(withdrawsOnly("so branches are now <username>/<ticket>-<slug>. Scrap the story/ thing")).toBe(
      false,
    );
    expect(withdrawsOnly("Scrap the story/ thing")).toBe(true);
  });
});

describe("a change that drops the old thing and says the new one", () => {
  it.each([
    ["ah you can leave CHANGELOG.md alone from now on", "changelog.md"],
    ["别再手动 kubectl apply，会跟 argocd 打架", "kubectl"],
    ["别带 feature/ 前缀了，直接 <jira号>-简短描述", "feature/"],
  ])("%s", (text, dropped) => {
    expect([...preferenceTerms(text).avoid]).toEqual([dropped]);
  });

  it("reads a name template beside a drop as what is used instead", () => {
    expect(VALUE_SHAPES.test("直接 <jira号>-简短描述")).toBe(true);
    expect(dropsOnly("别带 feature/ 前缀了，直接 <jira号>-简短描述，比如 CPN-57-stack-discount")).toBe(false);
    expect(dropsOnly("别带 feature/ 前缀了")).toBe(true);
  });

  it("reads a tool that deploys what is pushed as deploy work, and a short description as no answer style", () => {
    expect([...kindsOfWork("我们现在全走 argocd 了，git push 之后 argocd 自动同步")]).toContain("deploy");
    expect([...kindsOfWork("直接 <jira号>-简短描述")]).not.toContain("answers");
    expect([...kindsOfWork("回答简短一点")]).toContain("answers");
    expect([...kindsOfWork("don't paste the whole file back at me, just show me a unified diff")]).toEqual([
      "answers",
    ]);
  });
});
