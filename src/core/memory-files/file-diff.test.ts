import { applyPatch, createTwoFilesPatch } from "diff";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { countLineChanges, diffFile, unifiedDiff } from "./file-diff.js";

describe("file diff", () => {
  it("counts added, removed and modified lines (a replaced line is modified)", () => {
    expect(countLineChanges("a\nb\n", "a\nb\nc\n")).toEqual({
      linesAdded: 1,
      linesRemoved: 0,
      linesModified: 0,
    });
    expect(countLineChanges("a\nb\nc\n", "a\nB\nc\n")).toEqual({
      linesAdded: 0,
      linesRemoved: 0,
      linesModified: 1,
    });
    expect(countLineChanges("a\nb\nc\n", "a\n")).toEqual({
      linesAdded: 0,
      linesRemoved: 2,
      linesModified: 0,
    });
    expect(countLineChanges("a\nb\n", "x\ny\nz\n")).toEqual({
      linesAdded: 1,
      linesRemoved: 0,
      linesModified: 2,
    });
    expect(countLineChanges("", "# T\n\n- f\n")).toEqual({
      linesAdded: 3,
      linesRemoved: 0,
      linesModified: 0,
    });
  });

  it("makes a unified diff with /dev/null for a created or deleted file", () => {
    const created = unifiedDiff("USER.md", null, "# User\n");
    expect(created).toContain("--- /dev/null\n+++ b/USER.md\n@@ -0,0 +1,1 @@\n+# User\n");
    expect(unifiedDiff("USER.md", "a\nb\n", "a\nc\n")).toContain(
      "--- a/USER.md\n+++ b/USER.md\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n",
    );
    expect(unifiedDiff("USER.md", "x\n", null)).toContain("+++ /dev/null");
  });
});

describe("file diff on long files", () => {
  it("diffing only the changed region gives a patch that applies, as small as jsdiff's of the whole texts", () => {
    const line = fc.oneof(
      fc.constantFrom("- a\n", "- b\r\n", "\n", "## Facts\n", "tail"),
      fc.string({ maxLength: 6 }).map((text) => `${text.replace(/\n/g, "")}\n`),
    );
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 30 }),
        fc.array(line, { maxLength: 4 }),
        fc.array(line, { maxLength: 4 }),
        fc.array(line, { maxLength: 30 }),
        fc.boolean(),
        (head, oldMiddle, newMiddle, tail, nullBefore) => {
          const before = nullBefore ? null : [...head, ...oldMiddle, ...tail].join("");
          const after = [...head, ...newMiddle, ...tail].join("");
          const whole = createTwoFilesPatch(
            before === null ? "/dev/null" : "a/F.md",
            "b/F.md",
            before ?? "",
            after,
            undefined,
            undefined,
            { context: 3 },
          );
          const mine = diffFile("F.md", before, after);
          expect(applyPatch(before ?? "", mine.diff)).toBe(after);
          const changed = (patch: string) =>
            patch
              .split("\n")
              .filter((row) => /^[-+](?![-+]{2} )/.test(row))
              .map((row) => row[0])
              .sort()
              .join("");
          expect(changed(mine.diff)).toBe(changed(whole));
        },
      ),
      { numRuns: 300 },
    );
  });
});
