/**
 * A rule narrowed by its name ("the @openapi rule only applies to routes/public/ now", "num_workers=0
 * 那条现在只针对 notebooks/ 目录"): learnt offline from captured sessions into a real SQLite store,
 * through the SDK. The narrowed rule supersedes the broad one, which is never recalled again, and
 * a rule the narrowing does not name stays.
 */
import { describe, expect, it } from "vitest";
import { liveConventions as live, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 9, 9);
const DAY = 86_400_000;

describe("a rule narrowed by its name", () => {
  it("supersedes the broad rule it names, in English and in Chinese, and leaves the others", async () => {
    await withTacit(tempDir(), "/work/parcel", T0, async (tacit, _setClock, say) => {
      await say(
        "routes",
        "every route handler gets an @openapi JSDoc block above it, the spec is generated from those.",
        T0,
      );
      await say("loader", "对，num_workers 一律设成 0，fork 在我们集群的 NFS 上会 hang。", T0 + DAY);
      await say("tests", "Tests are vitest, always run them with --run.", T0 + 2 * DAY);
      expect(await live(tacit)).toHaveLength(3);

      await say(
        "narrowed",
        "the @openapi rule only applies to routes/public/ now. internal routes aren't in the published spec.",
        T0 + 5 * DAY,
      );
      await say(
        "narrowed-zh",
        "num_workers=0 那条现在只针对 notebooks/ 目录，训练脚本里 num_workers 用 8 就行。",
        T0 + 6 * DAY,
      );

      const rules = await live(tacit);
      expect(rules).toContain("The @openapi rule only applies to routes/public/ now");
      expect(rules.some((rule) => rule.startsWith("Every route handler gets an @openapi"))).toBe(false);
      expect(rules.some((rule) => rule.includes("num_workers 一律设成 0"))).toBe(false);
      expect(rules.some((rule) => rule.includes("只针对 notebooks/"))).toBe(true);
      expect(rules.some((rule) => rule.startsWith("Tests are vitest"))).toBe(true);
      const archived = await tacit.lessons.list({ status: ["archived"] });
      expect(archived.map((lesson) => lesson.statusReason ?? "")).toEqual([
        expect.stringMatching(/^superseded by \S+: /),
        expect.stringMatching(/^superseded by \S+: /),
      ]);
    });
  });
});
