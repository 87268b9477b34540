/**
 * Conventions about a subject no slot of the lexicon names ("all UI animation in this repo goes
 * through gsap"), a change called off ("the Docusaurus migration is cancelled") and a gone
 * environment with the one that replaces it: learnt offline from captured sessions into a real
 * SQLite store, through the SDK. The newer rule for the same subject supersedes the older one.
 */
import { describe, expect, it } from "vitest";
import { liveConventions as live, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 2, 9);
const DAY = 86_400_000;

describe("conventions about a subject of their own", () => {
  it("supersede the older tool for the same subject, in English and in Chinese", async () => {
    await withTacit(tempDir(), "/work/starfall", T0, async (tacit, _setClock, say) => {
      await say(
        "gsap",
        "hm, not phaser tweens for UI stuff. all UI animation in this repo goes through gsap, phaser tweens are only for in-world sprites.",
        T0,
      );
      await say("dotween", "动画我们用 DOTween，私有字段统一 m_ 开头", T0 + DAY);
      const first = await live(tacit);
      expect(first).toEqual(
        expect.arrayContaining([
          "All UI animation in this repo goes through gsap",
          "动画我们用 DOTween",
          "私有字段统一 m_ 开头",
        ]),
      );

      await say(
        "anime",
        "the real problem is gsap was too heavy for the low-end android builds, so we're moving all UI animation to anime.js.",
        T0 + 3 * DAY,
      );
      await say("prime", "DOTween 的 GC 分配太多。所以动画全部换成 PrimeTween，零 GC 分配。", T0 + 4 * DAY);
      const rules = await live(tacit);
      expect(rules).toHaveLength(first.length);
      expect(rules.some((rule) => rule.includes("anime.js"))).toBe(true);
      expect(rules.some((rule) => rule.includes("PrimeTween"))).toBe(true);
      expect(rules).not.toContain("All UI animation in this repo goes through gsap");
      expect(rules).not.toContain("动画我们用 DOTween");
      const archived = await tacit.lessons.list({ status: ["archived"] });
      const reasons = archived.map((lesson) => lesson.statusReason ?? "");
      expect(reasons).toHaveLength(2);
      expect(reasons).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^superseded by \S+: (?:所以)?动画全部换成 PrimeTween/),
          expect.stringMatching(/^superseded by \S+: .*moving all UI animation to anime\.js/),
        ]),
      );
    });
  });

  it("a migration called off takes back the rule that announced it", async () => {
    await withTacit(tempDir(), "/work/docs", T0, async (tacit, _setClock, say) => {
      await say("docusaurus", "Big news: we're migrating the site to Docusaurus.", T0);
      expect(await live(tacit)).toEqual(["We're migrating the site to Docusaurus"]);
      await say(
        "cancelled",
        "Update: the Docusaurus migration is cancelled, the versioning plugin fought us. We're staying on MkDocs Material.",
        T0 + 2 * DAY,
      );
      expect((await live(tacit)).some((rule) => rule.includes("Docusaurus"))).toBe(false);
    });
  });

  it("a newer command for a kind of work supersedes the older one, and keeps the runner", async () => {
    await withTacit(tempDir(), "/work/api", T0, async (tacit, _setClock, say) => {
      await say("runner", "we use pytest for all tests here.", T0);
      await say("command", "always run the tests with `uv run pytest -q`.", T0 + DAY);
      await say("make", "make test is how we run tests now, it sets up the fixtures first.", T0 + 3 * DAY);
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.includes("pytest for all tests"))).toBe(true);
      expect(rules.some((rule) => rule.startsWith("Make test is how we run tests now"))).toBe(true);
      expect(rules.some((rule) => rule.includes("uv run pytest -q"))).toBe(false);
      const [archived] = await tacit.lessons.list({ status: ["archived"] });
      expect(archived?.statusReason).toMatch(/^superseded by \S+: Make test is how we run tests now/);
    });
  });

  it("an environment renamed and not to be deployed to any more overturns the rule that named it", async () => {
    await withTacit(tempDir(), "/work/ops", T0, async (tacit, _setClock, say) => {
      await say("rules", "跟你对一下规矩哈：部署统一用 helm；测试环境的命名空间叫 staging。", T0);
      expect(await live(tacit)).toContain("测试环境的命名空间叫 staging");
      await say(
        "rename",
        "测试环境命名空间改名了，staging 改成 qa，以后别再往 staging 部署了。",
        T0 + 2 * DAY,
      );
      const rules = await live(tacit);
      expect(rules).not.toContain("测试环境的命名空间叫 staging");
      expect(rules.some((rule) => rule.includes("staging 改成 qa"))).toBe(true);
    });
  });
});
