/**
 * Rules said under a heading of things the user cares about, lists of items a rule counts, rules
 * said as what the team does a kind of work with, and what is not a rule around them (a greeting
 * before the heading, the task headed after it). See docs/learning.md, "Headings, lists of items and
 * withdrawals said in passing".
 */
import { describe, expect, it } from "vitest";
import { readConventions } from "./convention-rule.js";

const rules = (message: string) => readConventions(message).map((found) => found.rule);
const withSlots = (message: string) =>
  readConventions(message).map(
    (found) => `${found.rule} | ${found.slot?.slot ?? "-"}=${found.slot?.value ?? "-"}`,
  );

describe("rules under a heading", () => {
  it("reads each rule under a heading of things cared about, a state said 'for now' among them", () => {
    expect(
      withSlots(
        "The big things I care about: no force unwraps anywhere in the app (guard let / if let, or throw a proper error), every view gets a #Preview at the bottom of its file so the designers can check it, and tests are plain XCTest for now.",
      ),
    ).toEqual([
      "No force unwraps anywhere in the app (guard let / if let, or throw a proper error) | -=-",
      "Every view gets a #Preview at the bottom of its file so the designers can check it | -=-",
      "Tests are plain XCTest for now | test-runner=xctest",
    ]);
    // Outside a heading of rules, "for now" still makes a request a one-off.
    expect(rules("skip the tests for now.")).toEqual([]);
  });

  it("reads nothing before the heading, nor the task headed after the rules", () => {
    expect(
      rules(
        "yooo welcome aboard SkyHarbor!! it's a little airship trading game. so a couple of things we care about, mostly because the last prototype was spaghetti: anything that shows in the inspector is [SerializeField] private, never a public field. and all tweening goes through DOTween, no hand-rolled lerps in Update. ok first thing: make the dock lights blink when a ship is docked",
      ),
    ).toEqual([
      "Anything that shows in the inspector is [SerializeField] private, never a public field",
      "All tweening goes through DOTween, no hand-rolled lerps in Update",
    ]);
  });

  it("keeps the things a rule counts with it, and reads a rule said as how the team does a kind of work", () => {
    expect(
      rules(
        "ok, ground rules for infra-live. every resource gets two tags, owner and cost_center. run terraform fmt -recursive before committing. and we plan with make plan ENV=<env>, never raw terraform plan, the Makefile sets the backend and the var files.",
      ),
    ).toEqual([
      "Every resource gets two tags, owner and cost_center",
      "Run terraform fmt -recursive before committing",
      "We plan with make plan ENV=<env>, never raw terraform plan, the Makefile sets the backend and the var files",
    ]);
    expect(
      rules(
        "Command-line arguments are parsed with clap's derive API, please don't hand-roll argument parsing.",
      ),
    ).toHaveLength(1);
    expect(
      rules(
        "our events are plain C# events named OnSomething (OnCargoSold), you subscribe in OnEnable and unsubscribe in OnDisable.",
      ),
    ).toHaveLength(1);
    // What the project's things are doing now is no rule.
    expect(rules("our tests are failing on main again.")).toEqual([]);
  });

  it("reads a topic named as an item of its own apart from the rule before it, with the names it lists", () => {
    expect(
      withSlots(
        "two more changes, then I swear the style stuff is done. DOTween is out, PrimeTween from now on (zero allocations). And the field prefix thing, scrap the prefix entirely: plain camelCase for private fields, hitsLeft, rechargeTimer, no m_ and no underscore.",
      ),
    ).toEqual([
      "DOTween is out, PrimeTween from now on (zero allocations) | -=-",
      "Plain camelCase for private fields, hitsLeft, rechargeTimer, no m_ and no underscore | -=-",
    ]);
  });

  it("reads a quoted comment the user adopts, confirmed as the rule of its topic", () => {
    expect(
      rules(
        "ok so Marco left this on my PR and he's right, pasting it: \"we generate the docs with Sphinx autodoc now, so docstrings should use reST field lists — not numpy sections\". So that's the docstring rule from now on.",
      ),
    ).toHaveLength(1);
    expect(rules("So that's the docstring rule from now on.")).toEqual([]);
  });

  it("reads a terse correction naming the tool that builds test data, and a branch prefix said after what the names are", () => {
    expect(withSlots("no fixtures. FactoryBot. create(:order, placed_at: 31.minutes.ago)")).toEqual([
      "No fixtures. FactoryBot. create(:order, placed_at: 31.minutes.ago) | test-data=factory_bot",
    ]);
    expect(
      withSlots(
        "the release bot got confused by the type prefix, so branch names are ticket-first now: PUL-123/short-desc.",
      ),
    ).toEqual([
      "The release bot got confused by the type prefix, so branch names are ticket-first now: PUL-123/short-desc | naming.branch.prefix=pul-123/",
    ]);
    expect(withSlots("两个事：分支规范改了，现在统一 feat/JIRA号-描述，不要再带工号了。")[0]).toMatch(
      /naming\.branch\.prefix=feat\/$/,
    );
  });

  it("reads the rule after an announcement ended by a promise or an emoji, and a reason ended by a colon", () => {
    expect(
      rules(
        "ok last change on this one, promise 😅 base_ kept getting confused with the snowflake BASE tables, so staging models are src_ now.",
      ),
    ).toEqual(["base_ kept getting confused with the snowflake BASE tables, so staging models are src_ now"]);
  });
});

describe("withdrawals said in passing", () => {
  it("reads a withdrawal named before a dash, or said as no longer insisted on", () => {
    // The sentence after it that points back at what it withdrew is part of it.
    expect(rules("about the #Preview rule - forget it. no need to add them anymore.")).toEqual([
      "About the #Preview rule - forget it. No need to add them anymore",
    ]);
    expect(rules("注释必须中文那条不强求了，团队来了两个外籍同事，英文也行。")).toEqual([
      "注释必须中文那条不强求了，团队来了两个外籍同事，英文也行",
    ]);
  });
});
