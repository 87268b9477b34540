import { describe, expect, it } from "vitest";
import { jsonKeyLine } from "./json-lines.js";

const text = `{
  "llm": { "model": "m" },
  "recall": {
    "budget": {
      "maxLessons": 2
    },
    "note": "a \\"quoted\\" { brace",
    "list": [1, {"x": 2},
      {"y": 3}]
  }
}`;

describe("json lines", () => {
  it("finds the line of a member, through nested objects, arrays and tricky strings", () => {
    expect(jsonKeyLine(text, ["llm"])).toBe(2);
    expect(jsonKeyLine(text, ["llm", "model"])).toBe(2);
    expect(jsonKeyLine(text, ["recall", "budget", "maxLessons"])).toBe(5);
    expect(jsonKeyLine(text, ["recall", "list", 2, "y"])).toBe(9);
    expect(jsonKeyLine(text, ["recall", "missing"])).toBeUndefined();
    expect(jsonKeyLine(text, ["llm", "model", "deeper"])).toBeUndefined();
  });
});
