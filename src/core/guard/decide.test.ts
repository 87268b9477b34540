import { describe, expect, it } from "vitest";
import { deriveChecks } from "./checks.js";
import { decideGuard, type GuardAbilities, type GuardLesson, type GuardMatch } from "./decide.js";
import { DEFAULT_GUARD_SETTINGS, type GuardSettings } from "./guard-settings.js";
import { suggestInstead } from "./suggest.js";
import { type ToolAction, toolActions } from "./tool-call.js";

const all: GuardAbilities = { deny: true, ask: true, context: true };
const npmInstall = toolActions({ toolName: "Bash", input: { command: "npm install zod" } })[0] as ToolAction;

function lesson(overrides: Partial<GuardLesson> = {}): GuardLesson {
  return {
    id: "L1",
    rule: "Use `pnpm`, not `npm`",
    maturity: "candidate",
    userQuote: "never use npm here, use pnpm",
    supportTaskCount: 1,
    ...overrides,
  };
}

function match(of: GuardLesson, action = npmInstall): GuardMatch {
  const check = deriveChecks(of.rule)[0];
  if (!check) throw new Error(`no check in ${of.rule}`);
  return { lesson: of, check, action, suggestion: suggestInstead(check, action) };
}

const decide = (
  matches: GuardMatch[],
  settings: Partial<GuardSettings> = {},
  abilities = all,
  reminded = new Set<string>(),
) => decideGuard({ matches, settings: { ...DEFAULT_GUARD_SETTINGS, ...settings }, abilities, reminded });

describe("decideGuard", () => {
  it("denies a call the user's explicit prohibition forbids, with the lesson, the quote and what to run", () => {
    const verdict = decide([match(lesson())]);
    expect(verdict.answer).toBe("deny");
    expect(verdict.reason).toContain("tacit blocked `npm install zod`");
    expect(verdict.reason).toContain('The user said: "never use npm here, use pnpm".');
    expect(verdict.reason).toContain("Instead: pnpm add zod");
  });

  it("never denies for a lesson that is neither explicit nor established: it reminds, or asks", () => {
    const unconfirmed = lesson({ userQuote: null, maturity: "candidate" });
    expect(decide([match(unconfirmed)]).answer).toBe("remind");
    expect(decide([match(unconfirmed)], { unconfirmed: "ask" }).answer).toBe("ask");
    expect(decide([match(unconfirmed)], { denyEstablished: true }).answer).toBe("remind");
    const established = lesson({ userQuote: null, maturity: "established", supportTaskCount: 4 });
    expect(decide([match(established)]).answer).toBe("remind");
    const denied = decide([match(established)], { denyEstablished: true });
    expect(denied.answer).toBe("deny");
    expect(denied.reason).toContain("It held in 4 task(s) (established).");
  });

  it("does nothing in mode off and only reminds in mode remind", () => {
    expect(decide([match(lesson())], { mode: "off" })).toMatchObject({ answer: null, acts: [] });
    const reminded = decide([match(lesson())], { mode: "remind" });
    expect(reminded.answer).toBe("remind");
    expect(reminded.context.split("\n")[0]).toBe("<tacit-context>");
    expect(reminded.context).toContain("Instead: pnpm add zod");
  });

  it("falls back to what the agent can answer", () => {
    expect(decide([match(lesson())], {}, { deny: false, ask: true, context: true }).answer).toBe("ask");
    expect(
      decide([match(lesson())], { unconfirmed: "ask" }, { deny: true, ask: false, context: true }).answer,
    ).toBe("deny");
    const askOnly = lesson({ userQuote: null });
    expect(
      decide([match(askOnly)], { unconfirmed: "ask" }, { deny: true, ask: false, context: true }).answer,
    ).toBe("remind");
    expect(decide([match(askOnly)], {}, { deny: true, ask: true, context: false }).answer).toBeNull();
  });

  it("reminds a lesson about a call once per session, and names at most the configured number of lessons", () => {
    const about = lesson({ id: "L2", rule: "Always run the tests with pytest -x", userQuote: null });
    const pytest = toolActions({ toolName: "Bash", input: { command: "pytest tests" } })[0] as ToolAction;
    expect(decide([match(about, pytest)]).answer).toBe("remind");
    expect(decide([match(about, pytest)], {}, all, new Set(["L2"])).answer).toBeNull();
    expect(decide([match(about, pytest)], { justInTime: false }).answer).toBeNull();
    const many = ["A", "B", "C"].map((id) => match(lesson({ id })));
    expect(decide(many, { maxLessonsPerCall: 2 }).acts.map((act) => act.match.lesson.id)).toEqual(["A", "B"]);
  });
});
