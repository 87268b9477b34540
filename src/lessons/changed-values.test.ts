/**
 * Conventions changed in words the slot lexicon reads by their subject or by the value they name
 * back: "let's switch the CLI parsing to argh" and "going back to clap derive", a prefix named and
 * then changed ("Gb 这个前缀…还是改成 App 吧"), output sent to a tool ("experiments get logged to
 * wandb") and then moved ("experiment tracking moves to MLflow … don't log to wandb anymore").
 * Learnt offline from captured sessions into a real SQLite store, through the SDK: each newer rule
 * supersedes the older one, through chains of three values.
 */
import { describe, expect, it } from "vitest";
import { liveConventions as live, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 2, 9);
const DAY = 86_400_000;

describe("conventions changed by their subject or by the value they name", () => {
  it("a tool chosen for a subject, switched and switched back, keeps only the latest", async () => {
    await withTacit(tempDir(), "/work/tidewatch", T0, async (tacit, _setClock, say) => {
      await say(
        "heading",
        "hey. conventions for tidewatch since you'll be in it a lot: CLI parsing with clap derive. no unwrap() outside tests.",
        T0,
      );
      expect((await live(tacit)).some((rule) => rule.startsWith("CLI parsing with clap derive"))).toBe(true);
      await say(
        "argh",
        "release binary is 4.1MB and clap is the biggest chunk. let's switch the CLI parsing to argh for new and touched commands",
        T0 + DAY,
      );
      const second = await live(tacit);
      expect(second.some((rule) => rule.includes("argh"))).toBe(true);
      expect(second.some((rule) => rule.includes("clap derive"))).toBe(false);
      await say(
        "back",
        "argh's help output confused users. going back to clap derive, size be damned.",
        T0 + 3 * DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.startsWith("Going back to clap derive"))).toBe(true);
      expect(rules.some((rule) => rule.includes("argh"))).toBe(false);
    });
  });

  it("a prefix named and changed supersedes the prefix before it, through a third value", async () => {
    await withTacit(tempDir(), "/work/tuangou", T0, async (tacit, _setClock, say) => {
      await say("base", "公共组件统一加 Base 前缀，比如 BaseButton.vue、BaseTable.vue", T0);
      await say("gb", "公共组件的前缀从 Base 改成 Gb（团购的缩写），比如 GbButton、GbTable。", T0 + DAY);
      await say("app", "Gb 这个前缀大家都说看不懂……还是改成 App 吧，AppButton、AppTable 这样", T0 + 3 * DAY);
      const rules = await live(tacit);
      expect(rules.filter((rule) => /AppButton/.test(rule))).toHaveLength(1);
      expect(rules.some((rule) => /BaseButton|GbButton/.test(rule))).toBe(false);
    });
  });

  it("where experiments are logged moves to another tracker, the drop goes with it, and its server moves", async () => {
    await withTacit(tempDir(), "/work/asr", T0, async (tacit, _setClock, say) => {
      await say(
        "wandb",
        "for this repo: experiments get logged to wandb under the project asr-conformer.",
        T0,
      );
      expect((await live(tacit)).some((rule) => rule.includes("wandb"))).toBe(true);
      await say(
        "mlflow",
        "bad news, finance cut our wandb seats. experiment tracking moves to MLflow, the tracking server is http://mlflow.internal:5000. don't log to wandb anymore",
        T0 + 2 * DAY,
      );
      expect((await live(tacit)).sort()).toEqual([
        "Experiment tracking moves to MLflow. Don't log to wandb anymore",
        "The tracking server is http://mlflow.internal:5000",
      ]);
      await say(
        "moved",
        "quick infra note: the MLflow server moved to https://mlflow.speechlab.ai, the old host is gone.",
        T0 + 4 * DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.includes("https://mlflow.speechlab.ai"))).toBe(true);
      expect(rules.some((rule) => rule.includes("mlflow.internal"))).toBe(false);
    });
  });

  it("a rule named under a heading and taken back is withdrawn, and a newly adopted framework replaces the old", async () => {
    await withTacit(tempDir(), "/work/sprout", T0, async (tacit, _setClock, say) => {
      await say(
        "rules",
        "a few house rules: every composable that is a full screen gets a @Preview. every service function gets the @traced decorator from app.obs. tests are XCTest.",
        T0,
      );
      expect(await live(tacit)).toHaveLength(3);
      await say(
        "preview",
        "anyway. about the @Preview rule for screens, forget it. the maps SDK kept breaking the preview rendering on CI.",
        T0 + DAY,
      );
      await say(
        "traced",
        "re the @traced decorator rule: drop it. OTel covers the service layer now.",
        T0 + 2 * DAY,
      );
      await say(
        "swift-testing",
        "ok so, we adopted Swift Testing for new unit tests: @Test and #expect. UI tests stay on XCTest for now",
        T0 + 3 * DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.includes("@Preview"))).toBe(false);
      expect(rules.some((rule) => rule.includes("@traced"))).toBe(false);
      expect(rules.some((rule) => rule.startsWith("We adopted Swift Testing"))).toBe(true);
      expect(rules).not.toContain("Tests are XCTest");
    });
  });

  it("a value named back with its replacement rewrites the rule that held it, through a third value", async () => {
    await withTacit(tempDir(), "/work/loads", T0, async (tacit, _setClock, say) => {
      await say(
        "pool",
        "ground rules for the loader: nightly loads run on the LOAD_XS pool, set in the job config. SQL keywords lowercase.",
        T0,
      );
      await say(
        "bigger",
        "LOAD_XS keeps timing out on the event tables, so nightly loads now use LOAD_M",
        T0 + DAY,
      );
      expect((await live(tacit)).some((rule) => rule.includes("LOAD_XS pool"))).toBe(false);
      await say(
        "again",
        "LOAD_M still chokes on backfills, we're bumping the loader to LOAD_XL",
        T0 + 3 * DAY,
      );
      const rules = await live(tacit);
      // The rule that said what the pool is for keeps its words, with the latest value in them.
      expect(rules).toContain("Nightly loads run on the LOAD_XL pool, set in the job config");
      expect(rules.some((rule) => /LOAD_(?:XS|M)\b/.test(rule) && !rule.includes("LOAD_XL"))).toBe(false);
    });
  });

  it("the format a project's config is written in changes twice, and a data format is no config centre", async () => {
    await withTacit(tempDir(), "/work/kiln", T0, async (tacit, _setClock, say) => {
      await say(
        "yaml",
        "a few house rules: app config is YAML, parsed in src/settings.rs. errors use thiserror.",
        T0,
      );
      await say(
        "toml",
        "the YAML indentation keeps biting people, so config moves to TOML from now on",
        T0 + DAY,
      );
      await say(
        "kdl",
        "last change on this, promise: config is KDL now, the kdl crate reads it",
        T0 + 3 * DAY,
      );
      const rules = await live(tacit);
      expect(rules.some((rule) => /\bKDL\b/.test(rule))).toBe(true);
      expect(rules.some((rule) => /\b(?:YAML|TOML)\b/.test(rule) && !/\bKDL\b/.test(rule))).toBe(false);
      expect(rules.some((rule) => rule.includes("thiserror"))).toBe(true);
    });
  });

  it("rules said together in one message both hold, and a change in plain words names its pair", async () => {
    await withTacit(tempDir(), "/work/harbor", T0, async (tacit, _setClock, say) => {
      await say(
        "region",
        "quick context: we deploy everything to ap-east-1. before you push, run terraform fmt and checkov.",
        T0,
      );
      await say(
        "moved",
        "compliance update: all new services have to deploy to ap-south-1 from now on. existing ap-east-1 services stay put until the migration project.",
        T0 + DAY,
      );
      await say(
        "scanner",
        "checkov got folded into trivy, swap it out of the pre-push routine",
        T0 + 2 * DAY,
      );
      const rules = await live(tacit);
      // The newer region rule stands beside what was said with it, and overturns the older one.
      expect(rules.some((rule) => rule.includes("ap-south-1"))).toBe(true);
      expect(rules.some((rule) => /everything to ap-east-1/.test(rule))).toBe(false);
      // The pre-push rule keeps its words with trivy in place of checkov.
      expect(rules.some((rule) => /terraform fmt and trivy/.test(rule))).toBe(true);
      expect(rules.some((rule) => /checkov/.test(rule) && !/trivy/.test(rule))).toBe(false);
    });
  });

  it("a drop said with one change never gives way to another change said in the next message", async () => {
    await withTacit(tempDir(), "/work/mall-admin", T0, async (tacit, setClock, say) => {
      await say("rules", "组件统一用 Qx 前缀，比如 QxTable。合并后部署到 test3 环境给测试看。", T0);
      setClock(T0 + DAY);
      await tacit.capture({
        sessionId: "changes",
        messages: [
          {
            id: "m1",
            role: "user",
            content: "又改了，组件前缀最终定成 Lm，Qx 那个作废，以后新组件都是 Lm 开头",
            createdAt: T0 + DAY,
          },
          {
            id: "m2",
            role: "user",
            content: "还有：test3 那台机器下线了，现在合完代码部署到 sit 环境。",
            createdAt: T0 + DAY + 60_000,
          },
          { id: "m3", role: "assistant", content: "Noted.", createdAt: T0 + DAY + 120_000 },
        ],
      });
      await tacit.learn({ sessionId: "changes" });
      const rules = await live(tacit);
      expect(rules.some((rule) => rule.includes("Lm"))).toBe(true);
      expect(rules.some((rule) => rule.includes("sit"))).toBe(true);
      expect(rules.some((rule) => rule.includes("test3") && !rule.includes("sit"))).toBe(false);
      expect(rules.some((rule) => rule.includes("Qx") && !rule.includes("Lm"))).toBe(false);
    });
  });
});
