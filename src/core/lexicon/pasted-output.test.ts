import { describe, expect, it } from "vitest";
import { readConventions } from "../conventions/convention-rule.js";
import { userWords } from "../learning/task-message.js";
import { withoutPastedOutput } from "./pasted-output.js";

const TEST_OUTPUT = [
  "looks right. the nightly run on main failed though, here's the output:",
  "",
  " ✓ test/parse.test.ts > parse > always returns an object for empty input",
  " × test/stringify.test.ts > stringify > never double-encodes percent signs",
  "   AssertionError: expected 'a=%2525' to be 'a=%25'",
  " Tests  1 failed | 57 passed (58)",
].join("\n");

const ALARM = [
  "this is the alarm that fired on prod last night btw:",
  "",
  'ALARM: "orders-db-cpu-high" in US East (N. Virginia)',
  "Threshold Crossed: 3 datapoints [93.1, 91.7, 92.4] were greater than the threshold (80.0).",
  "Runbook: never fail over the primary during business hours; always page #dba-oncall before resizing.",
  "",
  "is r6g.large going to be enough?",
].join("\n");

describe("pasted output", () => {
  it("is cut from what the user says, paragraph by paragraph", () => {
    expect(withoutPastedOutput(TEST_OUTPUT)).toBe(
      "looks right. the nightly run on main failed though, here's the output:",
    );
    expect(withoutPastedOutput(ALARM)).toBe(
      "this is the alarm that fired on prod last night btw:\n\nis r6g.large going to be enough?",
    );
    expect(
      withoutPastedOutput("[12-Mar-2026 09:14:02 UTC] PHP Deprecated:  Creation of dynamic property"),
    ).toBe("");
  });

  it("cuts a device log, whatever 'always' and 'never' its lines say", () => {
    const log =
      "the board keeps printing this:\n\nW (5320) wifi: always retry on beacon timeout, never give up\nI (30315) app: moisture=41.2% temp=19.8C";
    expect(withoutPastedOutput(log)).toBe("the board keeps printing this:");
  });

  it("keeps a paragraph that only quotes one error among the user's own words", () => {
    const said =
      "always run the linter before you push.\nit failed with\nTypeError: x is undefined\nlast time, and CI was red for a day.";
    expect(withoutPastedOutput(said)).toBe(said);
  });

  it("states no rule of the user's, whatever 'always' and 'never' it holds", () => {
    for (const text of [TEST_OUTPUT, ALARM]) {
      const words = userWords({ seq: 1, role: "user", kind: "text", content: text } as never) ?? "";
      expect(readConventions(words)).toEqual([]);
    }
  });
});
