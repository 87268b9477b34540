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
});
