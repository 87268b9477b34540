import { describe, expect, it } from "vitest";
import { readConventions } from "./convention-rule.js";
import { type HeldValues, heldValues } from "./named-values.js";
import { heldSlotNamedIn, switchedValue } from "./switched-values.js";

/** What the project holds: one convention's rule and the value it holds in its slot. */
const holding = (rule: string, slot: string, value: string) => heldValues([rule], [{ id: slot, value }]);

const slotsRead = (message: string, held: HeldValues) =>
  readConventions(message, null, null, held).map(
    (finding) => finding.slot && [finding.slot.slot, finding.slot.value],
  );

describe("a switch to a thing no entry names", () => {
  it("sets the slot of the held value the message names", () => {
    const clap = holding("Arg parsing uses clap's derive API", "cli-parser", "clap");
    expect(
      slotsRead(
        "ok decision from the sync: clap is too heavy for our binary size budget, half of it is clap. we're switching to argh.",
        clap,
      ),
    ).toEqual([["cli-parser", "argh"]]);
    const valibot = holding("Valibot from now on", "validation", "valibot");
    expect(
      slotsRead(
        "reviewer on PR #212 said valibot's error messages are a mess for i18n. switch to arktype instead. sorry for the churn",
        valibot,
      ),
    ).toEqual([["validation", "arktype"]]);
  });

  it("is no switch without a held value named, with no word of a switch, or to a new version or a phrase", () => {
    const clap = holding("Arg parsing uses clap's derive API", "cli-parser", "clap");
    expect(readConventions("we're switching to argh.", null, null, heldValues([]))).toEqual([]);
    expect(heldSlotNamedIn("we're switching to argh", clap)).toBeNull();
    const from = { id: "cli-parser", value: "clap" };
    expect(switchedValue("we upgraded to Rails 8 over the weekend", from)).toBeNull();
    expect(switchedValue("switch to the main branch instead", from)).toBeNull();
    expect(switchedValue("argh is nice", from)).toBeNull();
    expect(switchedValue("we're switching to argh", from)).toMatchObject({
      slot: "cli-parser",
      value: "argh",
    });
  });

  it("names one slot only: values of two slots named leave the switch unread", () => {
    const held = heldValues(
      [],
      [
        { id: "cli-parser", value: "clap" },
        { id: "errors", value: "anyhow" },
      ],
    );
    expect(heldSlotNamedIn("clap and anyhow are both too heavy", held)).toBeNull();
    expect(heldSlotNamedIn("clap is too heavy", held)).toEqual({ id: "cli-parser", value: "clap" });
  });
});
