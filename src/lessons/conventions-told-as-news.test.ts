/**
 * A change of convention told as news — a vote, a retro's outcome, another team's standard — and a
 * drop named in other inflections than the rule it ends ("no more squashing PRs" after "PRs get
 * squash-merged"): learnt offline from captured sessions into a real SQLite store, through the SDK.
 * The older version is archived as superseded; the conventions it does not touch stay.
 */
import { describe, expect, it } from "vitest";
import { liveConventions as live, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 2, 9);
const DAY = 86_400_000;

describe("conventions changed by news, votes and drops in other words", () => {
  it("archive the older version as superseded and keep the conventions they do not touch", async () => {
    await withTacit(tempDir(), "/work/checkout", T0, async (tacit, _setClock, say) => {
      await say(
        "rules",
        [
          "house rules for this repo:",
          "- PRs get squash-merged into main, one commit per PR",
          "- integration tests always use nock to mock the payments API",
          "- every PR always needs one approving review",
          "- logging goes through logrus in every Go service",
        ].join("\n"),
        T0,
      );
      const before = await live(tacit);
      expect(before).toHaveLength(4);
      // Another rule words the nock convention as a preference ("Prefer nock to mock …").
      const nock = before.find((rule) => rule.includes("nock to mock the payments API")) as string;
      expect(nock).toBeDefined();

      await say(
        "retro",
        "Outcome of the retro: no more squashing PRs, rebase-merge them from now on. Also we voted to stop using mocks in integration tests, they hit the payments sandbox now.",
        T0 + 4 * DAY,
      );
      await say("platform", "Heads up: the platform team standardized on zerolog.", T0 + 6 * DAY);

      expect(await live(tacit)).toEqual([
        "Every PR always needs one approving review",
        "No more squashing PRs, rebase-merge them from now on",
        "The platform team standardized on zerolog",
        "We voted to stop using mocks in integration tests, they hit the payments sandbox now",
      ]);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      const byRule = new Map(archived.map((lesson) => [lesson.rule, lesson.statusReason ?? ""]));
      expect([...byRule.keys()].sort()).toEqual(
        [
          nock,
          "Logging goes through logrus in every Go service",
          "PRs get squash-merged into main, one commit per PR",
        ].sort(),
      );
      expect(byRule.get("PRs get squash-merged into main, one commit per PR")).toMatch(
        /^superseded by \S+: No more squashing PRs/,
      );
      expect(byRule.get(nock)).toMatch(/^superseded by \S+: We voted to stop using mocks/);
      expect(byRule.get("Logging goes through logrus in every Go service")).toMatch(
        /^superseded by \S+: The platform team standardized on zerolog/,
      );
    });
  });

  it("a module the team moves away from, a rule withdrawn in Chinese, and an import named beside a decorator", async () => {
    await withTacit(tempDir(), "/work/mentor", T0, async (tacit, _setClock, say) => {
      await say(
        "perfkit",
        "Add the '@cached' decorator from the 'perfkit' module to every function you write.",
        T0,
      );
      await say("docstring", "先讲几条规范。所有方法都要写 docstring，说明参数和返回值。", T0 + DAY);
      await say("obsv", "还有，所有函数都要加 @monitor 装饰器，从 obsv 模块导入。", T0 + 2 * DAY);
      expect(await live(tacit)).toHaveLength(3);

      await say(
        "fastmemo",
        "We are moving away from perfkit in favour of the 'fastmemo' module, so the decorator on every function is now '@memo' from fastmemo.",
        T0 + 8 * DAY,
      );
      await say(
        "withdrawn",
        "另外通知一下：docstring 那条规定取消了，大家觉得太啰嗦，方法上不用再写 docstring 了。",
        T0 + 9 * DAY,
      );
      await say(
        "tracer",
        "通知一下，架构组决定不再用 obsv 了，统一迁到 tracer 模块，函数上的装饰器改成 tracer 里的 @span。",
        T0 + 10 * DAY,
      );

      const rules = await live(tacit);
      expect(rules.some((rule) => rule.includes("perfkit") && !rule.includes("fastmemo"))).toBe(false);
      expect(rules.some((rule) => rule.includes("所有方法都要写 docstring"))).toBe(false);
      expect(rules.some((rule) => rule.includes("从 obsv 模块导入"))).toBe(false);
      expect(rules.some((rule) => rule.includes("'@memo' from fastmemo"))).toBe(true);
      expect(rules.some((rule) => rule.includes("tracer 里的 @span"))).toBe(true);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      expect(
        archived
          .map((lesson) => lesson.statusReason ?? "")
          .every((reason) => reason.startsWith("superseded by")),
      ).toBe(true);
      expect(archived).toHaveLength(3);
    });
  });
});
