import { describe, expect, it } from "vitest";
import { initialContent } from "./memory-file-layouts.js";
import { entriesOf, insertFact, joinLines, measure, replaceEntry, splitLines } from "./memory-file-text.js";

describe("memory file text", () => {
  it("splits and joins any text back to the same string", () => {
    for (const text of ["", "a", "a\n", "a\r\nb", "a\r\n\r\nb\n", "\n\n", "x\ry\n"])
      expect(joinLines(splitLines(text))).toBe(text);
  });

  it("a new file has its title, purpose and sections", () => {
    expect(initialContent("USER.md")).toBe(
      "# User\n\nStable facts about the user: preferences and background.\n\n## Preferences\n\n## Background\n",
    );
    expect(initialContent("IDENTITY.md")).toMatch(/## Name\n\n## Role\n\n## Vibe\n$/);
  });

  it("adds a fact at the end of its section, keeping a blank line before the next heading", () => {
    const first = insertFact(initialContent("USER.md"), ["Preferences"], "Prefers tea");
    expect(first).toBe(
      "# User\n\nStable facts about the user: preferences and background.\n\n## Preferences\n\n- Prefers tea\n\n## Background\n",
    );
    const second = insertFact(first, ["Preferences"], "Prefers short answers");
    expect(second).toContain("## Preferences\n\n- Prefers tea\n- Prefers short answers\n\n## Background\n");
    expect(insertFact(second, ["Background"], "Lives in Leeds")).toMatch(
      /## Background\n\n- Lives in Leeds\n$/,
    );
  });

  it("keeps CRLF, other lines' bytes and the bullet style; finds a section by its Chinese alias", () => {
    const text = "# 用户\r\n\r\n## 偏好\r\n\r\n* 喜欢茶  \r\n\r\n## Background\r\n\tindented line\r\n";
    const after = insertFact(text, ["Preferences", "偏好"], "喜欢简短的回答");
    expect(after).toBe(
      "# 用户\r\n\r\n## 偏好\r\n\r\n* 喜欢茶  \r\n* 喜欢简短的回答\r\n\r\n## Background\r\n\tindented line\r\n",
    );
  });

  it("appends a missing section, and ends a file that had no final newline", () => {
    expect(insertFact("# Memory\n\nnotes", ["Facts"], "The API is REST")).toBe(
      "# Memory\n\nnotes\n\n## Facts\n\n- The API is REST\n",
    );
    expect(insertFact("## Facts\n- a", ["Facts"], "b")).toBe("## Facts\n- a\n- b\n");
  });

  it("replaces one entry in place, keeping its marker and line ending", () => {
    expect(replaceEntry("## Background\r\n  - Time zone: UTC+8\r\n- x\r\n", 2, "Time zone: UTC-5")).toBe(
      "## Background\r\n  - Time zone: UTC-5\r\n- x\r\n",
    );
  });

  it("entries are bullets and section text, not headings, comments or the purpose line", () => {
    const entries = entriesOf(`${initialContent("MEMORY.md")}- loose bullet\n<!-- note -->\n`);
    expect(entries).toEqual([{ line: 10, text: "loose bullet", section: "Lessons" }]);
    expect(measure("é\n中\n")).toEqual({ bytes: 7, lines: 2 });
  });
});
