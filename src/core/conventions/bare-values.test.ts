import { describe, expect, it } from "vitest";
import { slotOfBareValue, slotOfEarlierValue } from "./bare-values.js";

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

describe("slotOfEarlierValue", () => {
  const held = [
    { id: "state-management", value: "provider" },
    { id: "state-management", value: "riverpod" },
    { id: "naming.class.suffix", value: "model" },
  ];
  it("takes the slot a value named after a return was held in", () => {
    expect(slotOfEarlierValue("决定回退到 Provider，以后新代码继续用 Provider 写", held)).toEqual({
      id: "state-management",
      value: "provider",
    });
    expect(slotOfEarlierValue("we're going back to Provider for state", held)).toEqual({
      id: "state-management",
      value: "provider",
    });
  });

  it("takes none for a value named before the return, or with no return at all", () => {
    // A reason that names an old value is no return to it.
    expect(
      slotOfEarlierValue(
        "Model clashes with the ML team's generated classes, so we settled on Payload",
        held,
      ),
    ).toBeNull();
    expect(slotOfEarlierValue("Provider was slow, we're going back to plain setState", held)).toBeNull();
    expect(slotOfEarlierValue("new screens use Riverpod", held)).toBeNull();
  });
});
