import { describe, expect, it } from "vitest";
import {
  BUILD_OUTPUT,
  NEXT_BUILD_OUTPUT as NEXT_BUILD,
  TYPECHECK_ERROR,
  TYPECHECK_OUTPUT as TYPESCRIPT,
} from "../testing/failed-commands.js";
import { errorExcerpt, errorHeadline, NOT_THE_ERROR } from "./error-line.js";

describe("errorHeadline", () => {
  it("skips warnings and the script echo for the line that carries the error", () => {
    expect(errorHeadline(TYPESCRIPT)).toBe(TYPECHECK_ERROR);
    expect(errorHeadline(NEXT_BUILD)).toBe("[TypeError: generate is not a function]");
    expect(errorHeadline(BUILD_OUTPUT)).toBe("Build error occurred [TypeError: generate is not a function]");
  });

  it("takes the exception of a traceback, not its header, and the message after an exit status", () => {
    const traceback =
      "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n    import yaml\nModuleNotFoundError: No module named 'yaml'";
    expect(errorHeadline(traceback)).toBe("ModuleNotFoundError: No module named 'yaml'");
    expect(errorHeadline("Exit code 1\nDone with 3 warnings")).toBe("Done with 3 warnings");
    expect(errorHeadline("<tool_use_error>File has not been read yet.</tool_use_error>")).toBe(
      "File has not been read yet.",
    );
  });

  it("keeps the first line when nothing reads as an error, and the warning when that is all there is", () => {
    expect(errorHeadline("connection reset\nretrying")).toBe("connection reset");
    expect(errorHeadline("npm warn deprecated glob@7.2.3")).toBe("npm warn deprecated glob@7.2.3");
    expect(errorHeadline("")).toBe("");
  });

  it("has an example for every line it skips, and each is skipped", () => {
    for (const entry of NOT_THE_ERROR) {
      expect(entry.pattern.test(entry.example), entry.example).toBe(true);
      expect(errorHeadline(`${entry.example}\nError: the real one`), entry.example).toBe(
        "Error: the real one",
      );
    }
  });
});

describe("errorExcerpt", () => {
  it("starts at the headline and keeps the lines after it, within the limits", () => {
    expect(errorExcerpt(TYPESCRIPT, { maxChars: 500 })).toMatch(/^src\/App\.test\.tsx\(3,32\): error TS2307/);
    expect(errorExcerpt(NEXT_BUILD, { maxChars: 500, maxLines: 1 })).toBe(
      "[TypeError: generate is not a function]",
    );
    expect(errorExcerpt("Error: a\nb\nc\nd", { maxChars: 500, maxLines: 3 })).toBe("Error: a\nb\nc");
    expect(errorExcerpt(`Error: ${"x".repeat(300)}`, { maxChars: 20 })).toBe(`Error: ${"x".repeat(12)}…`);
  });
});
