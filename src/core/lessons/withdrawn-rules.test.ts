import { describe, expect, it } from "vitest";
import { withdrawsOnly } from "./withdrawn-rules.js";

describe("withdrawsOnly", () => {
  it("is true for a rule taken back by its name with only reasons and steps around it", () => {
    expect(withdrawsOnly("Drop the queue_test rule. Too painful for internals")).toBe(true);
    expect(
      withdrawsOnly(
        'Forget the "# Errors" doc section rule. It is no longer required; reviewers found it redundant',
      ),
    ).toBe(true);
    expect(
      withdrawsOnly("The runner traces every transform now. Forget the @timed rule. Pull it out of buoys.py"),
    ).toBe(true);
    expect(withdrawsOnly("the no-generics rule no longer applies")).toBe(true);
    expect(withdrawsOnly("两件事：docstring 那条取消了")).toBe(true);
  });

  it("is false when it says what holds instead, or takes no rule back", () => {
    expect(withdrawsOnly("docstring 那条不用了，参数说明统一写在 configs/*.toml 的注释里")).toBe(false);
    expect(withdrawsOnly("Drop the queue_test rule. Always black-box the public API instead")).toBe(false);
    expect(withdrawsOnly("Drop the mocks, use localstack")).toBe(false);
    expect(withdrawsOnly("We don't use moment anymore")).toBe(false);
    // A rule's shape says what holds instead, with no marker: "new types just get plain names".
    expect(withdrawsOnly("Drop the LG prefix rule, new types just get plain names like Budget")).toBe(false);
  });
});
