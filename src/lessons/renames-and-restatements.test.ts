/**
 * Conventions changed by a rename said outright, by a drop of what they use, or taken back in
 * Chinese without the word for a rule; and a correction that only restates a convention said in
 * the same message. Learnt offline from captured sessions into a real SQLite store, through the
 * SDK (docs/lessons.md, "Drops a change leaves behind" and "Values named back").
 */
import { describe, expect, it } from "vitest";
import { liveConventions as live, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 20, 9);
const DAY = 86_400_000;

describe("conventions changed by a rename, a drop or a withdrawal in passing", () => {
  it("a value renamed twice is renamed in the rule that holds it, and the news of the first rename goes", async () => {
    await withTacit(tempDir(), "/home/ops/infra-live", T0, async (tacit, _setClock, say) => {
      await say(
        "rules",
        "ground rules for infra-live: every resource gets two tags, owner and cost_center.",
        T0,
      );
      await say(
        "billing",
        "finance renamed cost_center to billing_code across all accounts. please use billing_code on anything new.",
        T0 + DAY,
      );
      await say("chargeback", "billing_code -> chargeback_id. don't ask. finance again.", T0 + 3 * DAY);
      const rules = await live(tacit);
      expect(rules).toContain("Every resource gets two tags, owner and chargeback_id");
      expect(rules.some((rule) => /cost_center|billing_code(?! ->)/.test(rule))).toBe(false);
    });
  });

  it("a drop of the thing a rule is built on overturns the rule instead of cutting a word from it", async () => {
    await withTacit(tempDir(), "/work/admin", T0, async (tacit, _setClock, say) => {
      await say(
        "rules",
        "请求统一走 src/utils/request.ts 里封装好的 axios 实例，别直接 import axios，不然 token 和错误提示都没有",
        T0,
      );
      await say(
        "ofetch",
        "请求层换了哈：axios 那套封装下掉了，现在统一用 ofetch，走 src/utils/http.ts 里导出的 $http。以后别再用 request.ts 了。",
        T0 + DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.includes("ofetch"))).toBe(true);
      expect(rules.some((rule) => rule.includes("axios 实例"))).toBe(false);
    });
  });

  it("a rule no longer insisted on, named by its words, is taken back, and so is the withdrawal once applied", async () => {
    await withTacit(tempDir(), "/work/inventory", T0, async (tacit, _setClock, say) => {
      await say("rules", "几点约定：实体类用 Lombok 的 @Data；注释写中文。", T0);
      await say("relax", "另外注释必须中文那条不强求了，团队来了两个外籍同事，英文也行。", T0 + DAY);
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.includes("注释"))).toBe(false);
      expect(rules.some((rule) => rule.includes("@Data"))).toBe(true);
    });
  });

  it("a call named as the new way stays beside the news that its package replaces the old one", async () => {
    await withTacit(tempDir(), "/srv/code/billing-svc", T0, async (tacit, _setClock, say) => {
      await say(
        "rules",
        'Conventions for billing-svc: errors are wrapped with apperr.Wrap(err, "what failed").',
        T0,
      );
      await say(
        "oops",
        'apperr is being folded into the shared oops package. oops.Wrapf(err, "load refund %s", id) from now on, apperr will be deleted next month.',
        T0 + DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.startsWith("oops.Wrapf("))).toBe(true);
      expect(rules.some((rule) => rule.includes("apperr.Wrap("))).toBe(false);
    });
  });

  it("a rule that forbids the value another holds overturns it, whatever the slot it sets", async () => {
    await withTacit(tempDir(), "/work/ledgerly", T0, async (tacit, _setClock, say) => {
      await say(
        "numpy",
        "Quick one before standup. Turns out the team prefers numpy-style docstrings — Parameters / Returns headers with the dashed underlines.",
        T0,
      );
      await say(
        "rest",
        "ok so Marco left this on my PR and he's right, pasting it: \"we generate the docs with Sphinx autodoc now, so docstrings should use reST field lists (:param x:, :returns:) — not numpy sections\". So that's the docstring rule from now on.",
        T0 + DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.includes("reST"))).toBe(true);
      expect(rules.some((rule) => rule.includes("numpy-style"))).toBe(false);
    });
  });
});

describe("a correction that restates a convention said with it", () => {
  it("gives way to the convention, so only the rule with its subject is recalled", async () => {
    await withTacit(tempDir(), "/work/dashboard", T0, async (tacit) => {
      const at = (minute: number) => T0 + minute * 60_000;
      await tacit.capture({
        sessionId: "ci-jest",
        messages: [
          { id: "m1", role: "user", content: "CI failed on my branch", createdAt: at(0) },
          {
            id: "m2",
            role: "tool",
            toolName: "Bash",
            toolInput: { command: "pnpm test" },
            toolUseId: "call-1",
            createdAt: at(1),
          },
          {
            type: "tool_result",
            toolUseId: "call-1",
            output: "FAIL  src/hooks/useTeams.test.ts\nReferenceError: jest is not defined",
            isError: true,
            createdAt: at(1),
          },
          {
            id: "m3",
            role: "user",
            content:
              "tests run on vitest since last week. vi.fn(), vi.mock() — no jest.* anywhere. update that test",
            createdAt: at(2),
          },
          {
            id: "m4",
            role: "tool",
            toolName: "Bash",
            toolInput: { command: "pnpm test" },
            toolOutput: "✓ src/hooks/useTeams.test.ts (3 tests) 41ms",
            toolUseId: "call-2",
            createdAt: at(3),
          },
        ],
      });
      await tacit.learn({ sessionId: "ci-jest" });
      const lessons = await tacit.lessons.list({ status: ["candidate", "active", "refined"] });
      expect(lessons.filter((lesson) => lesson.rule.includes("jest")).map((lesson) => lesson.rule)).toEqual([
        "Tests run on vitest since last week. vi.fn(), vi.mock() — no jest.* anywhere",
      ]);
    });
  });
});
