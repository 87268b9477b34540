import { describe, expect, it } from "vitest";
import { taskRows } from "../testing/task-rows.js";
import { HARNESS_TEXT, harnessOrigin, slashCommandRequest, splitSystemReminders } from "./harness-text.js";
import { userWords } from "./learning/task-message.js";

describe("harness text", () => {
  it("recognises every lexicon entry by its example, and the user's own words as none", () => {
    for (const entry of HARNESS_TEXT)
      expect(harnessOrigin(`  ${entry.example}`), entry.example).toBe(entry.origin);
    for (const words of [
      "Install the dependencies",
      "use <bash-stdout> tags in the docs",
      "Caveat: it is slow",
      // A line that names arguments is a slash command's expansion only as its last line.
      "the script reads\nARGUMENTS: from its first line\nthen runs",
    ]) {
      expect(harnessOrigin(words)).toBeNull();
    }
  });

  it("reads a slash command's request, and splits reminders off the user's text", () => {
    expect(slashCommandRequest(HARNESS_TEXT[2]?.example ?? "")).toBe("/review src/auth.ts");
    expect(
      slashCommandRequest("<command-name>/clear</command-name><command-args></command-args>"),
    ).toBeNull();
    expect(splitSystemReminders("Fix it\n<system-reminder>\nbe brief\n</system-reminder>")).toEqual({
      text: "Fix it",
      reminders: ["<system-reminder>\nbe brief\n</system-reminder>"],
    });
  });

  it("reads a typed slash command as a request, never as the user's words, and a path as words", () => {
    expect(slashCommandRequest("/test-command --verbose --output /tmp/test.log")).toBe(
      "/test-command --verbose --output /tmp/test.log",
    );
    expect(slashCommandRequest("/clear")).toBeNull();
    const [typed, path] = taskRows([{ user: "/review use pnpm, not npm" }, { user: "/etc/hosts is wrong" }]);
    expect(typed && userWords(typed)).toBeNull();
    expect(path && userWords(path)).toBe("/etc/hosts is wrong");
  });

  it("leaves tacit's own injected context out of the user's words", () => {
    const [row] = taskRows([
      { user: "<tacit-context>\n- Always use yarn, not npm\n</tacit-context>\n\nadd lodash to the api" },
    ]);
    expect(row && userWords(row)).toBe("add lodash to the api");
  });

  it("keeps rows stored before capture marked them out of the user's words", () => {
    // Unflagged rows, as a database written by an earlier tacit holds them.
    const rows = taskRows(HARNESS_TEXT.map((entry) => ({ user: entry.example })));
    expect(rows.map(userWords)).toEqual(HARNESS_TEXT.map(() => null));
  });
});
