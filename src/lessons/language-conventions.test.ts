/**
 * The language a kind of text is written in, changed later: learnt offline from captured sessions
 * into a real SQLite store, through the SDK. A newer convention that states the language of commit
 * messages besides their style supersedes the older language rule; one that changes the language of
 * docstrings amends the rule that states it with type hints, in the older rule's own words; recall
 * for a commit no longer brings the old language.
 */
import { describe, expect, it } from "vitest";
import type { Tacit } from "../sdk.js";
import { liveConventions as live, type Say, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 2, 9);
const DAY = 86_400_000;

/** The archived conventions, each with why. */
async function archived(tacit: Tacit): Promise<Array<[string, string | null]>> {
  return (await tacit.lessons.list({ status: ["archived"] })).map((lesson) => [
    lesson.rule,
    lesson.statusReason,
  ]);
}

/** Runs `body` with a tacit for one project and `say`, which learns a session said at `at`. */
function inLedger(body: (tacit: Tacit, say: Say) => Promise<void>) {
  return withTacit(tempDir(), "/work/ledger", T0, (tacit, _setClock, say) => body(tacit, say));
}

/** The lessons recall brings into `prompt`, as their text. */
async function recalled(tacit: Tacit, prompt: string): Promise<string[]> {
  return (await tacit.recall(prompt)).items.filter((item) => item.kind === "lesson").map((item) => item.text);
}

describe("the language of commit messages and docstrings, changed in a later session", () => {
  it("supersedes the commit language through a rule learnt with the commit style, and amends the docstring rule (Chinese)", async () => {
    await inLedger(async (tacit, say) => {
      await say("rules", "提交信息用中文写。函数都要写类型注解和中文 docstring。", T0);
      expect(await live(tacit)).toEqual(["函数都要写类型注解和中文 docstring", "提交信息用中文写"]);
      const docstrings = (await tacit.lessons.list({ convention: true })).find((lesson) =>
        lesson.rule.includes("docstring"),
      )?.id as string;
      expect(await recalled(tacit, "帮我提交一下这次的改动")).toContain("提交信息用中文写");

      await say(
        "changes",
        "提交信息以后改成英文的 conventional commits。docstring 以后写英文吧。",
        T0 + 3 * DAY,
      );
      const after = await live(tacit);
      expect(after).toContain("提交信息以后改成英文的 conventional commits");
      expect(after).toContain("函数都要写类型注解和英文 docstring");
      expect(after).not.toContain("提交信息用中文写");
      expect(after.some((rule) => rule.includes("中文"))).toBe(false);
      const gone = await archived(tacit);
      expect(gone.map(([rule]) => rule)).toEqual(["提交信息用中文写"]);
      expect(gone[0]?.[1]).toMatch(/^superseded by \S+: 提交信息以后改成英文的 conventional commits/);

      // The docstring rule is the same lesson, amended in place: its id and its history go on.
      const amended = await tacit.lessons.show(docstrings);
      expect(amended.lesson).toMatchObject({
        rule: "函数都要写类型注解和英文 docstring",
        status: "candidate",
      });
      expect(amended.events).toBeGreaterThanOrEqual(2);

      const commit = await recalled(tacit, "帮我提交一下这次的改动");
      expect(commit).toContain("提交信息以后改成英文的 conventional commits");
      expect(commit.some((text) => text.includes("提交信息用中文写"))).toBe(false);
    });
  });

  it("does the same in English: the newer rule's first slot is the commit style, its language is stated besides", async () => {
    await inLedger(async (tacit, say) => {
      await say(
        "rules",
        "Commit messages are written in Chinese. Every function needs type hints and a Chinese docstring.",
        T0,
      );
      expect(await live(tacit)).toEqual([
        "Commit messages are written in Chinese",
        "Every function needs type hints and a Chinese docstring",
      ]);

      await say(
        "changes",
        "From now on we use conventional commits for commit messages, in English. Docstrings are in English from now on.",
        T0 + 3 * DAY,
      );
      const styled = (await tacit.lessons.list({ convention: true })).find((lesson) =>
        lesson.rule.startsWith("From now on we use conventional commits"),
      );
      // Learnt with the commit style: the language is a slot its rule states besides.
      expect(styled?.slot).toEqual({ id: "commit-format", value: "conventional" });
      const after = await live(tacit);
      expect(after).toContain("Every function needs type hints and an English docstring");
      expect(after).not.toContain("Commit messages are written in Chinese");
      expect((await archived(tacit)).map(([rule]) => rule)).toEqual([
        "Commit messages are written in Chinese",
      ]);

      const commit = await recalled(tacit, "commit these changes for me");
      expect(commit).toContain("From now on we use conventional commits for commit messages, in English");
      expect(commit.some((text) => text.includes("written in Chinese"))).toBe(false);
    });
  });

  it("keeps conventions of other kinds of text, and one said again in the same language", async () => {
    await inLedger(async (tacit, say) => {
      await say("rules", "提交信息用中文写。注释统一用英文。", T0);
      await say("again", "Commit messages: Chinese only. 用中文回答我，以后都这样。", T0 + 2 * DAY);
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.startsWith("注释统一用英文"))).toBe(true);
      expect(rules).toContain("提交信息用中文写");
      expect(rules).toContain("Commit messages: Chinese only");
      expect(rules.some((rule) => rule.includes("中文回答"))).toBe(true);
      expect(await archived(tacit)).toEqual([]);
    });
  });
});
