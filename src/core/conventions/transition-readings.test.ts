/**
 * Readings that changes said with their transition rely on: what a drop, a finished migration or a
 * team that left a thing names; a request after a dash; settings and build targets that are no
 * tool; a detail of the old tool an amendment leaves out (docs/learning.md, "Transitions and
 * settings").
 */
import { describe, expect, it } from "vitest";
import { detailOfValue } from "../lessons/rule-parts.js";
import { endsAsQuestion } from "../lexicon/question-forms.js";
import { withoutTaskTail } from "../lexicon/task-headings.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import { conventionWork } from "../recall/conventions.js";
import { readSlots } from "./slot-rule.js";

const terms = (text: string) => {
  const found = preferenceTerms(text);
  return { use: [...found.use], avoid: [...found.avoid] };
};

describe("what a change with its transition names", () => {
  it.each([
    ["we'll port the NUnit ones gradually", { use: [], avoid: ["nunit"] }],
    ["Hilt stays only until the old screens are ported", { use: [], avoid: ["hilt"] }],
    ["security asked us to get off Moq", { use: [], avoid: ["moq"] }],
    ["base_ didn't survive the architecture review either", { use: [], avoid: ["base_"] }],
    ["we're out of eu-west-1, new stuff goes in eu-central-1", { use: [], avoid: ["eu-west-1"] }],
    ["We finished the Hilt migration yesterday", { use: ["hilt"], avoid: [] }],
    [
      "we adopted the interactor gem, so business logic is an Interactor now",
      { use: ["interactor"], avoid: [] },
    ],
    ["no more hand-written Dagger components", { use: [], avoid: ["dagger"] }],
  ])("%s", (text, expected) => {
    expect(terms(text)).toEqual(expected);
  });

  it("a finished migration sets the slot of its tool", () => {
    expect(
      readSlots("We finished the Hilt migration yesterday").map((found) => [found.slot, found.value]),
    ).toEqual([["dependency-injection", "hilt"]]);
  });
});

describe("what is no value of a slot", () => {
  it.each([
    "We bumped the deployment target to iOS 17",
    "SwiftLint runs in CI with force_unwrapping enabled",
    "The whole suffix naming rule for view models is gone",
  ])("%s", (text) => {
    expect(readSlots(text)).toEqual([]);
  });

  it("a deploy said outright still names its target", () => {
    expect(readSlots("we always deploy to staging first").map((found) => found.value)).toEqual(["staging"]);
  });

  it("an app's deployment target is code work, not a deploy", () => {
    const rule =
      "We bumped the deployment target to iOS 17, so from now on use the @Observable macro — no ObservableObject / @Published in new code";
    expect([...conventionWork({ rule, trigger: "Writing code", slot: undefined })]).toEqual(["code"]);
  });
});

describe("the end of a rule", () => {
  it("a request after a dash or a comma is cut, and the spaces of the rule stay", () => {
    expect(
      withoutTaskTail(
        "we're standardizing on System.Text.Json, so please don't add any new Newtonsoft usages — and could you port the exporter?",
      ),
    ).toBe("we're standardizing on System.Text.Json, so please don't add any new Newtonsoft usages");
    expect(withoutTaskTail("界面上的文案不要写死，放 arb 文件里，先帮我把依赖装一下")).toBe(
      "界面上的文案不要写死，放 arb 文件里",
    );
  });

  it("Rust's ? operator said as what to use is no question", () => {
    expect(endsAsQuestion("use expect() with a message or propagate with ?")).toBe(false);
    expect(endsAsQuestion("can we propagate errors?")).toBe(true);
  });

  it("a detail of the old tool written in code is left out of an amendment; one with a slot of its own stays", () => {
    expect(
      detailOfValue(" with codegen adapters (@JsonClass(generateAdapter = true)), and ViewModels…"),
    ).toBe(" with codegen adapters (@JsonClass(generateAdapter = true))".length);
    expect(detailOfValue(" with FluentAssertions, and mocks use Moq")).toBe(0);
    expect(detailOfValue(", and ViewModels expose StateFlow")).toBe(0);
  });
});
