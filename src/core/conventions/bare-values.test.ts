import { describe, expect, it } from "vitest";
import { slotOfBareValue } from "./bare-values.js";

describe("an update that names only a value", () => {
  it("takes the project's one naming-prefix slot, and nothing when the rule names a slot or several values", () => {
    expect(
      slotOfBareValue("Make that q_ instead, so q_sum", ["naming.variable.prefix", "docstrings"]),
    ).toEqual({
      id: "naming.variable.prefix",
      value: "q_",
    });
    expect(slotOfBareValue("q_ or r_, either is fine", ["naming.variable.prefix"])).toBeNull();
    expect(slotOfBareValue("Make that q_", ["naming.variable.prefix", "naming.table.prefix"])).toBeNull();
  });
});

describe("a rule that names what it governs in words the lexicon cannot read", () => {
  it("takes no other slot's value", () => {
    expect(
      slotOfBareValue("Every DAG id starts with dp_ so the dashboard picks it up", ["naming.table.prefix"]),
    ).toBeNull();
  });
});

describe("an update that names only a suffix, with a name that ends in it", () => {
  it("takes the project's one naming-suffix slot", () => {
    expect(
      slotOfBareValue("It's UiModel now: ProfileEditUiModel", ["naming.class.suffix", "logging"]),
    ).toEqual({ id: "naming.class.suffix", value: "uimodel" });
    // No name ends in it, or no update said: no value.
    expect(slotOfBareValue("It's UiModel now", ["naming.class.suffix"])).toBeNull();
    expect(slotOfBareValue("ProfileEditUiModel looks fine", ["naming.class.suffix"])).toBeNull();
  });
});
