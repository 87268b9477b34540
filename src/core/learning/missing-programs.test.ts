import { describe, expect, it } from "vitest";
import { taskRows } from "../../testing/task-rows.js";
import { unresolvedMissingPrograms } from "./missing-programs.js";
import { detectTaskSignals } from "./task-message.js";

const find = (steps: Parameters<typeof taskRows>[0]) => {
  const rows = taskRows(steps);
  return unresolvedMissingPrograms(rows, detectTaskSignals(rows));
};

describe("unresolvedMissingPrograms", () => {
  it("finds a program the shell did not find, in bash, sh and zsh wordings", () => {
    for (const output of [
      "bash: pnpm: command not found",
      "sh: 1: pnpm: not found",
      "zsh: command not found: pnpm",
    ]) {
      const found = find([
        { user: "install the dependencies" },
        { tool: "Bash", input: "pnpm install", output, error: true },
        { assistant: "pnpm is missing" },
      ]);
      expect(found.map((item) => [item.program, item.quote, item.seq])).toEqual([["pnpm", output, 1]]);
    }
  });

  it("leaves a program a later successful call runs, and a failure that names no missing program", () => {
    expect(
      find([
        { tool: "Bash", input: "pnpm install", output: "bash: pnpm: command not found", error: true },
        { tool: "Bash", input: "npm install -g pnpm", output: "added 1 package" },
        { tool: "Bash", input: "cd api && pnpm install", output: "Done in 2s" },
      ]),
    ).toEqual([]);
    expect(
      find([{ tool: "Bash", input: "pnpm install", output: "ERR_PNPM_OUTDATED_LOCKFILE", error: true }]),
    ).toEqual([]);
  });

  it("keeps one entry per program, its last failure", () => {
    const found = find([
      { tool: "Bash", input: "pnpm install", output: "bash: pnpm: command not found", error: true },
      { tool: "Bash", input: "pnpm i", output: "bash: pnpm: command not found", error: true },
    ]);
    expect(found.map((item) => [item.program, item.seq])).toEqual([["pnpm", 1]]);
  });
});
