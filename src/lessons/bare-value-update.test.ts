/**
 * An update that names only a value ("make that q_") after earlier prefix rules, learnt offline
 * from captured sessions into a real SQLite store through the SDK: it takes the slot of the
 * project's prefix convention, so the chain z_ → wr_ → q_ keeps only the last.
 */
import { describe, expect, it } from "vitest";
import { liveConventions, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 2, 9);
const DAY = 86_400_000;

describe("an update that names only a value", () => {
  it("takes the slot of the project's convention whose value has its shape, and supersedes it", async () => {
    await withTacit(tempDir(), "/work/ledger", T0, async (tacit, _setClock, say) => {
      await say("one", "house rules: local variables in this codebase get a z_ prefix, like z_sum.", T0);
      await say("two", "let's switch the variable prefix to wr_ going forward.", T0 + 2 * DAY);
      await say(
        "three",
        "I changed my mind about the prefix again. wr_ looks odd in diffs. Make that q_ instead, so q_sum, q_items and so on.",
        T0 + 4 * DAY,
      );
      const live = await liveConventions(tacit);
      expect(live.some((rule) => rule.includes("q_"))).toBe(true);
      expect(live.some((rule) => /\b(?:z_|wr_)/.test(rule))).toBe(false);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      expect(
        archived.filter((lesson) => lesson.statusReason?.startsWith("superseded by")).length,
      ).toBeGreaterThanOrEqual(2);
    });
  });

  it("takes the name part slot for a capitalised value quoted after a heading that names its topic", async () => {
    await withTacit(tempDir(), "/work/render-farm", T0, async (tacit, _setClock, say) => {
      await say("s1", "Nice. So in render-farm we prefix class names with 'Ob', like ObJob and ObNode.", T0);
      await say(
        "s2",
        "Heads up: the naming committee strikes again. Class names now begin with 'Px' instead of 'Ob'.",
        T0 + 7 * DAY,
      );
      await say(
        "s3",
        "Final, final word on class names, I promise: 'Tq'. Px clashed with a vendor SDK. So TqJob, TqNode.",
        T0 + 14 * DAY,
      );
      expect(await liveConventions(tacit)).toEqual(["Final, final word on class names, I promise: 'Tq'"]);
      const [last] = await tacit.lessons.list({ status: ["candidate", "active"] });
      expect(last?.slot).toEqual({ id: "naming.class.prefix", value: "tq" });
    });
  });
});
