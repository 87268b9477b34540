import { describe, expect, it } from "vitest";
import { containsWord, diagnose, matchesLesson, scoreProbe, totals } from "./metrics.js";

const lesson = (text: string) => ({ kind: "lesson", text });
const evidence = (text: string) => ({ kind: "evidence", text });

describe("eval metrics", () => {
  it("matches words case-insensitively at the start of a word, Chinese anywhere", () => {
    expect(containsWord("When installing: Use `pnpm install`", "PNPM")).toBe(true);
    expect(containsWord("Use pnpm", "npm")).toBe(false);
    expect(containsWord("run the tests", "test")).toBe(true);
    expect(containsWord("改用pnpm安装", "pnpm")).toBe(true);
    expect(containsWord("不能用 root 用户", "root 用户")).toBe(true);
    expect(containsWord("代码注释用中文写", "中文")).toBe(true);
    expect(containsWord("set APP_ENV=test", "app_env")).toBe(true);
    expect(containsWord("use .env.local", ".env.local")).toBe(true);
    expect(matchesLesson("Use `pnpm`, not `yarn`", { words: ["yarn"], without: ["pnpm"] })).toBe(false);
    expect(matchesLesson("Use `yarn`, not `npm`", { words: ["yarn"], without: ["pnpm"] })).toBe(true);
  });

  it("counts an expected lesson only among the first three injected lessons", () => {
    const items = [
      evidence("2026-01-01 user: use pnpm"),
      lesson("A"),
      lesson("B"),
      lesson("C"),
      lesson("Use pnpm, not npm"),
    ];
    const beyond = scoreProbe({ expect: [{ words: ["pnpm"] }] }, { context: "x", items, tokens: 40 });
    expect(beyond).toMatchObject({ expected: 1, found: 0, tokens: 40 });
    expect(beyond.problems[0]).toMatch(
      /^expected a lesson with \[pnpm\] \(not injected\): injected evidence/,
    );
    const within = scoreProbe(
      { expect: [{ words: ["pnpm"] }, { words: ["force", "main"] }] },
      { context: "x", items: [lesson("Never force-push to main"), lesson("Use pnpm")], tokens: 30 },
    );
    expect(within).toMatchObject({ expected: 2, found: 2, problems: [] });
  });

  it("counts every convention of the conventions block, beside the first three other lessons", () => {
    const items = [
      { kind: "lesson", text: "Variable names start with 'n_'", convention: true },
      { kind: "lesson", text: "We use docstrings in all methods", convention: true },
      { kind: "lesson", text: "Always annotate functions", convention: true },
      { kind: "lesson", text: "Decorate methods with '@timer'", convention: true },
      lesson("A"),
      lesson("B"),
      lesson("C"),
      lesson("Use pnpm, not npm"),
    ];
    const score = scoreProbe(
      {
        expect: [{ words: ["@timer"] }, { words: ["pnpm"] }],
        expectAbsent: [{ words: ["z_"] }, { words: ["docstrings"] }],
      },
      { context: "x", items, tokens: 90 },
    );
    // The fourth convention is found; the fourth other lesson is not; a convention counts as injected.
    expect(score).toMatchObject({ expected: 2, found: 1, unrelatedChecks: 2, falseInjections: 1 });
  });

  it("counts any injection for expectNothing and each present lesson for expectAbsent", () => {
    expect(scoreProbe({ expectNothing: true }, { context: "", items: [], tokens: 0 })).toMatchObject({
      unrelatedChecks: 1,
      falseInjections: 0,
    });
    const noisy = scoreProbe(
      { expectNothing: true },
      { context: "<tacit-context>…", items: [evidence("2026 user: hi")], tokens: 12 },
    );
    expect(noisy).toMatchObject({ unrelatedChecks: 1, falseInjections: 1 });
    expect(noisy.problems).toEqual(['expected nothing: injected evidence "2026 user: hi"']);
    const overturned = scoreProbe(
      {
        expect: [{ words: ["pnpm"] }],
        expectAbsent: [{ words: ["yarn"], without: ["pnpm"] }, { words: ["bun"] }],
      },
      { context: "x", items: [lesson("Use pnpm, not yarn"), lesson("Use yarn for installs")], tokens: 20 },
    );
    expect(overturned).toMatchObject({ expected: 1, found: 1, unrelatedChecks: 2, falseInjections: 1 });
    expect(overturned.problems).toEqual([
      'must not inject a lesson with [yarn] without [pnpm]: injected "Use yarn for installs"',
    ]);
  });

  it("says why an expected lesson is missing", () => {
    const words = { words: ["pnpm"] };
    const base = { context: "", items: [], tokens: 0 };
    expect(diagnose(words, { ...base, learnt: [] })).toBe("not learnt");
    expect(diagnose(words, { ...base, learnt: ["Use pnpm"] })).toBe(
      'learnt as "Use pnpm", not a recall candidate',
    );
    expect(
      diagnose(words, {
        ...base,
        learnt: ["Use pnpm"],
        rejected: [{ kind: "lesson", text: "Use pnpm", reason: "not relevant enough (relevance 0.4 < 0.6)" }],
      }),
    ).toBe("learnt, not injected: not relevant enough (relevance 0.4 < 0.6)");
  });

  it("micro-averages Recall@3 over expected lessons and the false-injection rate over checks", () => {
    const scenario = (expected: number, found: number, unrelatedChecks: number, falseInjections: number) => ({
      probes: 2,
      expected,
      found,
      unrelatedChecks,
      falseInjections,
      injectedTokens: 50,
      llmCalls: 1,
      wallMs: 100,
    });
    const result = totals([scenario(1, 1, 0, 0), scenario(3, 1, 2, 1), scenario(0, 0, 2, 0)]);
    expect(result).toMatchObject({
      scenarios: 3,
      probes: 6,
      expected: 4,
      found: 2,
      recallAt3: 0.5,
      unrelatedChecks: 4,
      falseInjections: 1,
      falseInjectionRate: 0.25,
      injectedTokens: 150,
      meanInjectedTokens: 25,
      llmCalls: 3,
      wallMs: 300,
    });
    expect(totals([])).toMatchObject({ recallAt3: 1, falseInjectionRate: 0, meanInjectedTokens: 0 });
  });
});
