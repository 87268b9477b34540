import { describe, expect, it } from "vitest";
import {
  adherenceAfterCall,
  adherenceAfterPrompt,
  isJudgeable,
  overrides,
  type PendingAdherence,
} from "./adherence.js";
import type { GuardCheck } from "./checks.js";
import type { CallContext } from "./match.js";
import { toolActions } from "./tool-call.js";

const context: CallContext = { projectRoot: "/repo", branch: "main" };
const npm: GuardCheck = { kind: "forbid", target: { type: "command", program: "npm" }, instead: "pnpm" };
const denial: PendingAdherence = {
  id: "e1",
  kind: "deny",
  check: npm,
  suggestion: "pnpm add zod",
  callsSeen: 0,
};
const bash = (command: string) => toolActions({ toolName: "Bash", input: { command } });
const read = toolActions({ toolName: "Read", input: { file_path: "/repo/package.json" } });

describe("adherenceAfterCall", () => {
  it("is followed when the suggested command runs, ignored when the forbidden one runs again", () => {
    expect(adherenceAfterCall([denial], bash("pnpm add zod"), context, 3)).toEqual([
      { id: "e1", callsSeen: 1, closed: { outcome: "followed", detail: "ran `pnpm add zod`" } },
    ]);
    expect(adherenceAfterCall([denial], bash("npm i zod"), context, 3)[0]?.closed).toEqual({
      outcome: "ignored",
      detail: "ran `npm i zod` again",
    });
  });

  it("after a denial, is followed once the window passes without a retry; a reminder then closes without a verdict", () => {
    const steps = adherenceAfterCall([{ ...denial, callsSeen: 2 }], read, context, 3);
    expect(steps[0]?.closed).toEqual({
      outcome: "followed",
      detail: "not retried in the next 3 tool call(s)",
    });
    expect(adherenceAfterCall([denial], read, context, 3)[0]).toEqual({
      id: "e1",
      callsSeen: 1,
      closed: null,
    });
    const reminder = { ...denial, kind: "recall" as const, callsSeen: 2 };
    expect(adherenceAfterCall([reminder], read, context, 3)[0]?.closed?.outcome).toBeNull();
  });

  it("judges a lesson about a flag by whether the next run of the program carries it", () => {
    const pytest: GuardCheck = { kind: "about", target: { type: "command", program: "pytest", flag: "-x" } };
    const event = { ...denial, kind: "remind" as const, check: pytest, suggestion: null };
    expect(adherenceAfterCall([event], bash("pytest -x tests"), context, 3)[0]?.closed?.outcome).toBe(
      "followed",
    );
    expect(adherenceAfterCall([event], bash("pytest tests"), context, 3)[0]?.closed?.outcome).toBe("ignored");
    expect(isJudgeable("remind", pytest)).toBe(true);
    expect(isJudgeable("remind", { kind: "about", target: { type: "edit", path: ".env" } })).toBe(false);
  });
});

describe("adherenceAfterPrompt", () => {
  it("is overridden when the user lets the call through, followed otherwise", () => {
    expect(adherenceAfterPrompt([denial], "yes, run npm this once")[0]?.closed).toEqual({
      outcome: "overridden",
      detail: "yes, run npm this once",
    });
    expect(adherenceAfterPrompt([denial], "thanks, now write the tests")[0]?.closed?.outcome).toBe(
      "followed",
    );
    const recall = { ...denial, kind: "recall" as const };
    expect(adherenceAfterPrompt([recall], "yes, run npm this once")[0]?.closed?.outcome).toBeNull();
  });
});

describe("overrides", () => {
  it.each([
    ["yes, run npm this once", true],
    ["go ahead", true],
    ["I know, just do it", true],
    ["这次可以用 npm", true],
    ["you may use npm here, it's a one-off script for the legacy package that still needs it", true],
    ["go ahead and refactor the whole billing module while you're at it, then write the tests", false],
    ["npm is slow, isn't it?", false],
    ["why did you want to run npm?", false],
  ])("%s → %s", (prompt, expected) => {
    expect(overrides(prompt, npm)).toBe(expected);
  });
});
