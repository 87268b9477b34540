/**
 * A convention whose value is a list ("表名按数仓分层加前缀：ods_、dwd_、dws_") and a newer one that
 * renames one part of it ("dwd_ 层改名叫 dw_，ods_ 和 dws_ 保持不变"); and a commit rule whose language
 * changes under a heading ("commit 规范小调整一下：…，但描述部分改用英文写"). Learnt offline from captured
 * sessions into a real SQLite store, through the SDK: the older convention is amended, its other
 * parts kept.
 */
import { describe, expect, it } from "vitest";
import { liveConventions as live, withTacit } from "../testing/convention-sessions.js";
import { useTempDir } from "../testing/temp-dir.js";

const tempDir = useTempDir();
const T0 = Date.UTC(2026, 10, 2, 9);
const DAY = 86_400_000;

describe("a list of name parts, one part renamed later", () => {
  it("is amended: the renamed part written anew, the others kept", async () => {
    await withTacit(tempDir(), "/work/warehouse", T0, async (tacit, _setClock, say) => {
      await say("intro", "表名按数仓分层加前缀：ods_、dwd_、dws_", T0);
      expect(await live(tacit)).toEqual(["表名按数仓分层加前缀：ods_、dwd_、dws_"]);
      await say("rename", "dwd_ 层改名叫 dw_，ods_ 和 dws_ 保持不变", T0 + 2 * DAY);
      const after = await live(tacit);
      expect(after).toContain("表名按数仓分层加前缀：ods_、dw_、dws_");
      expect(after.some((rule) => rule.includes("ods_、dwd_"))).toBe(false);
    });
  });
});

describe("the language of commit messages changed under a heading", () => {
  it("amends the commit rule and keeps its format", async () => {
    await withTacit(tempDir(), "/work/shop", T0, async (tacit, _setClock, say) => {
      await say("intro", "commit message 用中文，格式是 `[模块] 描述`", T0);
      await say("change", "commit 规范小调整一下：格式还是 `[模块] 描述`，但描述部分改用英文写", T0 + DAY);
      const after = await live(tacit);
      expect(after.some((rule) => rule.includes("中文"))).toBe(false);
      expect(after.some((rule) => rule.includes("英文"))).toBe(true);
    });
  });
});
