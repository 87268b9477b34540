/**
 * A rule withdrawn by its name, a name renamed, and the drops a change leaves behind, learnt offline
 * from captured sessions into a real SQLite store through the SDK (docs/lessons.md#drops-a-change-leaves-behind).
 */
import { describe, expect, it } from "vitest";
import { liveConventions, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 2, 9);
const DAY = 86_400_000;

describe("a rule withdrawn by its name", () => {
  it("archives the convention it names, in English and in Chinese", async () => {
    await withTacit(tempDir(), "/work/ingest", T0, async (tacit, _setClock, say) => {
      await say(
        "one",
        'Two conventions for the ingest crate. Every public function that returns Result must document its failure cases in an "# Errors" section of its doc comment.',
        T0,
      );
      await say("two", "每个函数都必须写 docstring，说明参数和返回值。", T0 + DAY);
      await say(
        "three",
        'Forget the "# Errors" doc section rule. Reviewers found it redundant.',
        T0 + 2 * DAY,
      );
      await say("four", "docstring 那条取消了，以后不强制写 docstring。", T0 + 3 * DAY);
      const live = await liveConventions(tacit);
      expect(live.some((rule) => /must document its failure cases/.test(rule))).toBe(false);
      expect(live.some((rule) => /必须写 docstring/.test(rule))).toBe(false);
    });
  });

  it("is archived once applied, unless it says what holds instead or took nothing back", async () => {
    await withTacit(tempDir(), "/work/tidepool", T0, async (tacit, _setClock, say) => {
      await say("timed", "Every transform function gets the @timed decorator from tidepool.metrics.", T0);
      await say("docs", "每个函数都要写 docstring，说明参数和返回值。", T0 + DAY);
      await say(
        "withdrawn",
        "quick one: forget the @timed rule. the runner puts a span on every transform now, so the decorator is just noise. pull it out of buoys.py",
        T0 + 2 * DAY,
      );
      await say(
        "replaced",
        "docstring 那条不用了，策略参数的说明统一写在 configs/strategies/*.toml 的注释里。",
        T0 + 3 * DAY,
      );
      await say("nothing", "Drop the queue_test rule, it was too painful for internals.", T0 + 4 * DAY);
      // A name joined by hyphens, with where the rule held, finds the rule said apart.
      await say("generics", "no generics in pkg/api please, consumers are still on go 1.17.", T0 + 5 * DAY);
      await say(
        "generics-gone",
        "also the no-generics rule for pkg/api is gone, every consumer is on go 1.22 now.",
        T0 + 6 * DAY,
      );
      const live = await liveConventions(tacit);
      // Nothing about @timed is left to recall: the rule and the withdrawal that took it back.
      expect(live.filter((rule) => rule.includes("@timed"))).toEqual([]);
      // What holds instead of the docstring rule stays; the docstring rule does not.
      expect(live.filter((rule) => rule.includes("docstring"))).toEqual([
        expect.stringContaining("configs/strategies/*.toml"),
      ]);
      // A withdrawal of a rule tacit never learnt took nothing back: it stays.
      expect(live.filter((rule) => rule.includes("queue_test"))).toHaveLength(1);
      expect(live.filter((rule) => /generics/i.test(rule))).toEqual([]);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      const withdrawal = archived.find((lesson) => lesson.rule.includes("forget the @timed rule"));
      expect(withdrawal?.statusReason).toMatch(/^withdrawal applied: \S+ taken back$/);
    });
  });

  it("leaves no lesson of any kind live when two rules read the same withdrawal", async () => {
    await withTacit(tempDir(), "/work/ingest", T0, async (tacit, _setClock, say) => {
      await say(
        "one",
        'A convention for the ingest crate: every public function that returns Result must document its failure cases in an "# Errors" section of its doc comment.',
        T0,
      );
      await say(
        "two",
        'Forget the "# Errors" doc section rule. It is no longer required; reviewers found it redundant.',
        T0 + DAY,
      );
      const live = await tacit.lessons.list({ status: ["candidate", "active", "refined"] });
      expect(live.filter((lesson) => lesson.rule.includes("Errors"))).toEqual([]);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      expect(archived.map((lesson) => lesson.statusReason).sort()).toEqual([
        expect.stringMatching(/^superseded by /),
        expect.stringMatching(/^withdrawal applied: \S+ taken back$/),
        expect.stringMatching(/^withdrawal applied: by \S+$/),
      ]);
    });
  });

  it("finds a rule named by a heading, amends a lesson that states more, and keeps the rules said with it", async () => {
    await withTacit(tempDir(), "/work/thermostat", T0, async (tacit, _setClock, say) => {
      await say(
        "style",
        "Before you touch the firmware, house style: 4-space indent, no tabs. Globals are prefixed g_. No malloc anywhere, static allocation only; heap fragmentation killed a unit in the field once. Logging goes through our LOG_INF/LOG_ERR macros, never printf.",
        T0,
      );
      await say("types", "All our types get an LG prefix (LGAccount, LGTransaction).", T0 + DAY);
      await say("docs", "Every public function gets a Google-style docstring.", T0 + 2 * DAY);
      await say(
        "globals",
        "we don't need the g_ rule any more. the static analyser flags globals anyway. don't add new g_ globals, put state in struct thermostat_ctx instead",
        T0 + 3 * DAY,
      );
      await say(
        "lg",
        "about the LG thing: we don't need that rule any more, Swift modules already namespace our types. new types just get plain names, like Budget or Payee",
        T0 + 4 * DAY,
      );
      await say(
        "retro",
        "two things from the retro. new transforms use polars. and the docstring rule: we don't need that any more. drop it",
        T0 + 5 * DAY,
      );
      const live = await liveConventions(tacit);
      // The g_ sentence is taken out of the lessons that stated it with other rules.
      // The convention's own words, not another rule's reading that ran on into the g_ sentence.
      expect(live).toContain("4-space indent, no tabs");
      expect(live).toContain(
        "No malloc anywhere, static allocation only; heap fragmentation killed a unit in the field once",
      );
      expect(live.filter((rule) => /prefixed g_/.test(rule))).toEqual([]);
      // "the g_ rule" does not name the logging rule, whose LOG_ERR holds "g_" inside a word.
      expect(live.some((rule) => rule.includes("LOG_INF/LOG_ERR"))).toBe(true);
      // A rule said with the withdrawal stays.
      expect(live.some((rule) => rule.includes("thermostat_ctx"))).toBe(true);
      // A heading names the rule "that" points back to.
      expect(live.some((rule) => rule.includes("LGAccount"))).toBe(false);
      expect(live.some((rule) => rule.includes("plain names"))).toBe(true);
      expect(live.filter((rule) => /docstring/i.test(rule))).toEqual([]);
      expect(live.some((rule) => rule.includes("polars"))).toBe(true);
    });
  });

  it("a renamed class replaces the rule that named the old one", async () => {
    await withTacit(tempDir(), "/work/billing", T0, async (tacit, _setClock, say) => {
      await say(
        "one",
        "On errors: always throw our BillingError class from src/errors.js, never a plain Error.",
        T0,
      );
      await say(
        "two",
        "BillingError was renamed to PaymentError in src/errors.js; throw PaymentError from now on.",
        T0 + DAY,
      );
      const live = await liveConventions(tacit);
      expect(live.some((rule) => rule.includes("PaymentError"))).toBe(true);
      expect(live.some((rule) => rule.includes("BillingError") && !rule.includes("PaymentError"))).toBe(
        false,
      );
    });
  });
});

describe("a drop a change leaves behind", () => {
  it("gives way to the convention that replaced what it drops, so the old names are not recalled alone", async () => {
    await withTacit(tempDir(), "/work/rides", T0, async (tacit, _setClock, say) => {
      await say("one", "Kotlin conventions: data classes get the Dto suffix, like RideDto, DriverDto.", T0);
      await say(
        "two",
        "Quick update: Dto is too backend-y for the app, so it's Model now — RideModel.",
        T0 + DAY,
      );
      await say(
        "three",
        "Ugh, suffix again. Model clashes with the ML team's generated classes, so we settled on Payload. RidePayload, DriverPayload. Don't use Model or Dto anymore.",
        T0 + 2 * DAY,
      );
      const live = await liveConventions(tacit);
      expect(live.some((rule) => rule.includes("Payload"))).toBe(true);
      expect(live.some((rule) => /\b(?:Model|Dto)\b/.test(rule) && !rule.includes("Payload"))).toBe(false);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      expect(archived.some((lesson) => /^Don't use Model or Dto/.test(lesson.rule))).toBe(true);
    });
  });

  it("keeps a drop that no change implies", async () => {
    await withTacit(tempDir(), "/work/queue", T0, async (tacit, _setClock, say) => {
      await say("one", "Rules. Logging with slog, key-value pairs. No fmt.Println.", T0);
      await say("two", "Change. Logging moves from slog to zerolog. Everything new uses zerolog.", T0 + DAY);
      const live = await liveConventions(tacit);
      expect(live.some((rule) => /fmt\.Println/.test(rule))).toBe(true);
      expect(live.some((rule) => /zerolog/.test(rule))).toBe(true);
    });
  });
});

describe("a value said for anything new", () => {
  it("is an update: it takes the slot of the project's prefix and supersedes the older value", async () => {
    await withTacit(tempDir(), "/work/etl", T0, async (tacit, _setClock, say) => {
      await say(
        "one",
        "ok the naming debate is over. staging tables are src_<source>_<entity> from now on.",
        T0,
      );
      await say(
        "two",
        "the staging prefix is changing once more. people kept mixing up src_ tables with the src/ folder in the repo. please use raw_ for anything new.",
        T0 + DAY,
      );
      const live = await liveConventions(tacit);
      expect(live.some((rule) => rule.includes("raw_"))).toBe(true);
      expect(live.some((rule) => rule.includes("src_<source>"))).toBe(false);
    });
  });

  it("is named by its code-like words: 'the _val suffix is retired' beside the rule that replaced _val", async () => {
    await withTacit(tempDir(), "/work/analytics", T0, async (tacit, _setClock, say) => {
      await say("naming", "Variable names end with '_val'. So row_val, total_val and so on.", T0);
      await say(
        "guild",
        "Also, the naming guild met. Variable names end with '_x' now; the _val suffix is retired.",
        T0 + 3 * DAY,
      );
      expect(await liveConventions(tacit)).toEqual(["Variable names end with '_x' now"]);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      const drop = archived.find((lesson) => lesson.rule === "The _val suffix is retired");
      expect(drop?.statusReason).toMatch(/^superseded by \S+: Variable names end with '_x' now/);
    });
  });
});

describe("a return to an earlier value", () => {
  it("takes the slot the value was held in, so it supersedes the value that replaced it", async () => {
    await withTacit(tempDir(), "/work/ledger-app", T0, async (tacit, _setClock, say) => {
      await say("one", "状态管理用 Provider，网络请求统一走 dio。", T0);
      await say("two", "新页面都用 Riverpod 写，这个页面也改一下吧", T0 + DAY);
      await say("three", "决定回退到 Provider，以后新代码继续用 Provider 写", T0 + 2 * DAY);
      await say("four", "部署统一用 helm，chart 放在 charts/ 目录下。", T0 + 3 * DAY);
      await say(
        "five",
        "我们部署改用 kustomize 了，新服务写 base + overlays，不要再新建 chart",
        T0 + 4 * DAY,
      );
      await say("six", "kustomize 团队不太习惯，决定退回 helm，新服务继续写 helm chart", T0 + 5 * DAY);
      const live = await liveConventions(tacit);
      expect(live.filter((rule) => /Riverpod|kustomize/.test(rule) && !rule.includes("退回 helm"))).toEqual(
        [],
      );
      expect(live.some((rule) => rule.includes("回退到 Provider"))).toBe(true);
      expect(live.some((rule) => rule.includes("退回 helm"))).toBe(true);
    });
  });
});
