import { describe, expect, it } from "vitest";
import { readSlots } from "../conventions/slot-rule.js";

const slots = (text: string) => readSlots(text).map((found) => `${found.slot}=${found.value}`);

describe("process slots", () => {
  it("reads the format config is written in only where the rule speaks of config", () => {
    expect(slots("app config is YAML, parsed in src/settings.rs")).toEqual(["config-format=yaml"]);
    expect(slots("the config moves to TOML from now on")).toEqual(["config-format=toml"]);
    // A format said of anything else is none, and a data format is no config centre's tool.
    expect(slots("return the response as JSON")).toEqual([]);
    expect(slots("config comes from Doppler")).toEqual(["config-center=doppler"]);
  });
});
