import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeJsonError, findJsonSyntaxError } from "./json-error.js";

describe("describeJsonError", () => {
  it("names the line, column and what was expected, never the text", () => {
    const secret = `AKIA${"Q".repeat(16)}`;
    const message = describeJsonError(`{"id": ${secret}}`);
    expect(message).toBe("line 1, column 8 (character 7): expected a value");
    expect(message).not.toContain("AKIA");
    expect(describeJsonError('{"a": 1,\n "b" 2}')).toBe(
      "line 2, column 6 (character 14): expected ':' after a property name",
    );
    expect(describeJsonError('{"a": "unterminated')).toMatch(/expected the end of a string$/);
    expect(describeJsonError("[1, 2] x")).toMatch(/expected the end of the text$/);
  });

  it("finds an error exactly when JSON.parse refuses the text", () => {
    const jsonish = fc.string({
      unit: fc.constantFrom(
        "{",
        "}",
        "[",
        "]",
        '"',
        ":",
        ",",
        "1",
        "-",
        "e",
        ".",
        " ",
        "\\",
        "u",
        "a",
        "t",
        "n",
      ),
      maxLength: 24,
    });
    fc.assert(
      fc.property(fc.oneof(jsonish, fc.json()), (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          // Refused: the finder must refuse it too.
          parses = false;
        }
        expect(findJsonSyntaxError(text) === null).toBe(parses);
      }),
      { seed: 11, numRuns: 2000 },
    );
  });
});
