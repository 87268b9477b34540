import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { estimateTokens } from "../compaction/tokens.js";
import { assembleContext, DEFAULT_RECALL_BUDGET, type RecallCandidate } from "./context.js";

const candidate = (overrides: Partial<RecallCandidate>): RecallCandidate => ({
  kind: "lesson",
  id: "l1",
  text: "When installing dependencies: use pnpm, not npm",
  score: 0.5,
  relevance: 0.8,
  parts: {},
  ...overrides,
});

describe("assembleContext", () => {
  it("orders lessons → skills → evidence inside the tacit-context markers", () => {
    const result = assembleContext([
      candidate({ kind: "evidence", id: "e1", text: 'user: "use pnpm"' }),
      candidate({ kind: "skill", id: "s1", text: "pnpm-setup: set up a pnpm workspace" }),
      candidate({ kind: "lesson", id: "l1" }),
    ]);
    expect(result.items.map((item) => item.id)).toEqual(["l1", "s1", "e1"]);
    expect(result.context.split("\n")[0]).toBe("<tacit-context>");
    expect(result.context.split("\n").at(-1)).toBe("</tacit-context>");
    expect(result.context.indexOf("use pnpm, not npm")).toBeLessThan(result.context.indexOf("pnpm-setup"));
  });

  it("puts the conventions block first, under its own heading and outside the lesson caps", () => {
    const conventions = [1, 2, 3, 4].map((n) =>
      candidate({ id: `c${n}`, text: `Convention ${n}`, relevance: 0.1, score: 0 }),
    );
    const result = assembleContext(
      [candidate({ id: "l1" })],
      { ...DEFAULT_RECALL_BUDGET, maxLessons: 1 },
      conventions,
    );
    expect(result.items.map((item) => [item.id, item.convention ?? false])).toEqual([
      ["c1", true],
      ["c2", true],
      ["c3", true],
      ["c4", true],
      ["l1", false],
    ]);
    expect(result.context.split("\n").slice(0, 3)).toEqual([
      "<tacit-context>",
      "Conventions of this project (they hold for every task of this kind):",
      "- Convention 1",
    ]);
    expect(result.context).toContain(
      "Lessons from earlier sessions (follow them unless the user says otherwise):\n- When installing",
    );
  });

  it("injects nothing when nothing is relevant, however few candidates there are", () => {
    const result = assembleContext([
      candidate({ relevance: 0.3, score: 0.9 }),
      candidate({ id: "l2", relevance: 0.44 }),
    ]);
    expect(result).toMatchObject({ context: "", items: [], tokens: 0 });
    expect(result.rejected.map((entry) => entry.reason)).toEqual([
      "not relevant enough (relevance 0.3 < 0.45)",
      "not relevant enough (relevance 0.44 < 0.45)",
    ]);
  });

  it("never exceeds any limit of the budget (property)", () => {
    const kinds = fc.constantFrom("lesson" as const, "skill" as const, "evidence" as const);
    const pool = fc.array(
      fc.record({
        kind: kinds,
        id: fc.uuid(),
        text: fc.string({ minLength: 1, maxLength: 400 }),
        score: fc.double({ min: 0, max: 1.5, noNaN: true }),
        relevance: fc.double({ min: 0, max: 1, noNaN: true }),
        parts: fc.constant({}),
      }),
      { maxLength: 40 },
    );
    const budgets = fc.record({
      maxLessons: fc.integer({ min: 0, max: 5 }),
      maxSkills: fc.integer({ min: 0, max: 3 }),
      maxEvidence: fc.integer({ min: 0, max: 5 }),
      maxItems: fc.integer({ min: 0, max: 8 }),
      maxTokens: fc.integer({ min: 10, max: 1500 }),
    });
    fc.assert(
      fc.property(pool, budgets, (candidates, limits) => {
        const budget = { ...DEFAULT_RECALL_BUDGET, ...limits };
        const result = assembleContext(candidates, budget);
        const count = (kind: string) => result.items.filter((item) => item.kind === kind).length;
        expect(count("lesson")).toBeLessThanOrEqual(budget.maxLessons);
        expect(count("skill")).toBeLessThanOrEqual(budget.maxSkills);
        expect(count("evidence")).toBeLessThanOrEqual(budget.maxEvidence);
        expect(result.items.length).toBeLessThanOrEqual(budget.maxItems);
        expect(estimateTokens(result.context)).toBeLessThanOrEqual(budget.maxTokens);
        expect(result.items.length + result.rejected.length).toBe(candidates.length);
        for (const item of result.items)
          expect(item.relevance).toBeGreaterThanOrEqual(budget.minRelevance[item.kind]);
        if (result.items.length === 0) expect(result.context).toBe("");
      }),
      { numRuns: 300 },
    );
  });
});
