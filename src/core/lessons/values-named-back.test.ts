import { describe, expect, it } from "vitest";
import { mayNameValuesBack, renamedBack, valuesNamedBack } from "./values-named-back.js";

const rule = (text: string) => ({ rule: text, convention: true });

describe("valuesNamedBack", () => {
  it("replaces a constant the older rule holds with the one the change uses", () => {
    const older = rule("Nightly loads run on the LOAD_XS pool, set in the job config");
    const newer = rule("LOAD_XS keeps timing out on the big tables; nightly loads now use LOAD_L");
    expect(valuesNamedBack(newer, older)).toEqual([{ old: "LOAD_XS", fresh: "LOAD_L" }]);
    expect(renamedBack(newer, older)).toEqual({
      rule: "Nightly loads run on the LOAD_L pool, set in the job config",
    });
    // Its slot's value is renamed with it.
    const slotted = {
      ...rule("Globals get the g_ prefix, e.g. g_pool"),
      slot: { id: "naming.variable.prefix", value: "g_" },
    };
    expect(renamedBack(rule("g_ looks like C, we switched to pkg_"), slotted)).toEqual({
      rule: "Globals get the pkg_ prefix, e.g. pkg_pool",
      slot: { id: "naming.variable.prefix", value: "pkg_" },
    });
  });

  it("reads a rename of a quoted word, a type and a branch prefix, in English and Chinese", () => {
    expect(
      renamedBack(
        rule("`size` is being renamed to `scale` in the next release"),
        rule('The prop for how big a card is, is size: <Card size="lg">'),
      ),
    ).toEqual({ rule: 'The prop for how big a card is, is scale: <Card scale="lg">' });
    expect(
      valuesNamedBack(
        rule("PageResult 太啰嗦了，评审后改成 Paged<T>，新接口都用 Paged"),
        rule("分页接口统一返回 PageResult<T>"),
      ),
    ).toEqual([{ old: "PageResult", fresh: "Paged" }]);
    expect(
      renamedBack(
        rule("hotfix/ 不用了，统一用 patch/单号"),
        rule("线上修复从 main 拉分支，命名 hotfix/单号"),
      ),
    ).toEqual({ rule: "线上修复从 main 拉分支，命名 patch/单号" });
  });

  it("replaces another version of a tool the older rule names with a version", () => {
    expect(
      renamedBack(rule("we upgraded to Node 22, use it everywhere"), rule("CI runs on Node 20 and pnpm 9")),
    ).toEqual({ rule: "CI runs on Node 22 and pnpm 9" });
    // A count is no version, and neither is a number after a function word.
    expect(valuesNamedBack(rule("we now allow at most 5 retries"), rule("at most 3 retries"))).toEqual([]);
    expect(valuesNamedBack(rule("now wrap lines at 100 chars"), rule("wrap lines at 80 chars"))).toEqual([]);
  });

  it("goes the way the change says: the old value named first, dropped, or the new one used", () => {
    const preferred = { rule: "Prefer `q_`", kind: "prefer" as const };
    // The rule that says q_ was learnt from the same change: q_ is the new value, not the old one.
    expect(valuesNamedBack(rule("m_ was too short, the team voted and settled on q_"), preferred)).toEqual(
      [],
    );
    expect(
      valuesNamedBack(rule("m_ was too short, the team voted and settled on q_"), rule("Members get m_")),
    ).toEqual([{ old: "m_", fresh: "q_" }]);
    // Named after the new one, the old one must be dropped.
    expect(
      valuesNamedBack(rule("it's Paged<T> now, no more PageResult"), rule("Return PageResult<T>")),
    ).toEqual([{ old: "PageResult", fresh: "Paged" }]);
  });

  it("leaves a withdrawal to take its rule back, and reads no path in words joined by a slash", () => {
    const older = rule("Every call is wrapped in try/catch with a toast in the catch");
    expect(
      valuesNamedBack(
        rule("the try/catch rule is withdrawn, src/utils/request.ts handles errors now"),
        older,
      ),
    ).toEqual([]);
    expect(
      valuesNamedBack(rule("now src/utils/request.ts handles errors instead of try/catch"), older),
    ).toEqual([]);
  });

  it("archives, rather than rewrites, a rule that would still name a thing the change drops", () => {
    const older = rule("Jobs run on QUEUE_A via sidekiq workers");
    expect(renamedBack(rule("sidekiq is out, jobs now use QUEUE_B"), older)).toBeNull();
  });

  it("archives, rather than rewrites, an older rule that was itself a change", () => {
    const older = rule("`size` is being renamed to `scale` for cards");
    const newer = rule("people confused `scale` with zoom, so we landed on `extent` instead");
    expect(valuesNamedBack(newer, older)).toEqual([{ old: "scale", fresh: "extent" }]);
    expect(renamedBack(newer, older)).toBeNull();
  });

  it("replaces nothing without a change, with a value still used, forbidden, or a choice of new ones", () => {
    const older = rule("Dev runs go on WH_SMALL");
    // No change is told: two warehouses for two kinds of run.
    expect(valuesNamedBack(rule("Prod runs go on WH_LARGE, dev ones on WH_SMALL"), older)).toEqual([]);
    // The old value is still used.
    expect(
      valuesNamedBack(rule("from now on use WH_SMALL for dev and WH_LARGE for backfills"), older),
    ).toEqual([]);
    // Which of two new values replaces it?
    expect(valuesNamedBack(rule("WH_SMALL is gone now, WH_A and WH_B both work"), older)).toEqual([]);
    // A value the older rule forbids is not one it holds.
    expect(
      valuesNamedBack(rule("we now use LOG_JSON, not LOG_TEXT"), rule("Logs are LOG_PLAIN, never LOG_JSON")),
    ).toEqual([]);
    // A newer lesson that is no convention, or an older one that says to avoid the value.
    expect(
      valuesNamedBack({ rule: "now use WH_B instead of WH_SMALL" }, { rule: "Dev runs go on WH_SMALL" }),
    ).toEqual([]);
    expect(
      valuesNamedBack(rule("now use WH_B instead of WH_SMALL"), { rule: "Avoid WH_SMALL", kind: "avoid" }),
    ).toEqual([]);
    // An older lesson that says to use it is replaced like a convention.
    expect(
      valuesNamedBack(rule("now use WH_B instead of WH_SMALL"), { rule: "Prefer WH_SMALL", kind: "prefer" }),
    ).toEqual([{ old: "WH_SMALL", fresh: "WH_B" }]);
    expect(mayNameValuesBack(rule("now use WH_B instead of WH_SMALL"))).toBe(true);
    expect(mayNameValuesBack(rule("Dev runs go on WH_SMALL"))).toBe(false);
  });

  it("renames a value built on a word the change renames, and only one the change speaks of", () => {
    const older = rule("Release builds go through bundleProdRelease, it signs with the upload key");
    expect(
      renamedBack(rule("the prod flavor was renamed to live, so releases are bundleLiveRelease now"), older),
    ).toEqual({ rule: "Release builds go through bundleLiveRelease, it signs with the upload key" });
    // A sibling value the change does not speak of is another one: src/api is not renamed by src/lib.
    expect(
      valuesNamedBack(
        rule("we moved the helpers, they live in src/lib now"),
        rule("API handlers live in src/api"),
      ),
    ).toEqual([]);
  });

  it("reads a change said outright, whatever the values look like", () => {
    expect(
      renamedBack(
        rule("eslint got folded into biome, so run biome check instead"),
        rule("Before a commit, run prettier and eslint on what you touched"),
      ),
    ).toEqual({ rule: "Before a commit, run prettier and biome on what you touched" });
    // A value cut short where a rule was clipped is never written in.
    expect(
      valuesNamedBack(
        rule("so OrderService -> OrderOperat…"),
        rule("The suffix is Service, e.g. OrderService"),
      ),
    ).toEqual([]);
  });

  it("reads a name either rule holds, and a place under a top directory, quoted or not", () => {
    expect(
      valuesNamedBack(
        rule("名字又改了：qa 这个叫法跟测试组冲突，现在测试环境统一叫 sit"),
        rule("测试环境以后改叫 qa，部署前先发 qa 验一下"),
      ),
    ).toEqual([{ old: "qa", fresh: "sit" }]);
    expect(
      renamedBack(
        rule("Assets/Prefabs is for level art only now, so UI prefabs move to Assets/UI/Prefabs"),
        rule("UI prefabs live in `Assets/Prefabs`"),
      ),
    ).toEqual({ rule: "UI prefabs live in `Assets/UI/Prefabs`" });
  });
});
