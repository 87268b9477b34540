import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type Step, taskRows } from "../../testing/task-rows.js";
import { lessonStatement } from "../recall/statements.js";
import {
  heuristicInstincts,
  type InstinctCandidate,
  instinctsSchema,
  MAX_INSTINCT_ACTION_CHARS,
  MAX_INSTINCT_EVIDENCE_CHARS,
  MAX_INSTINCT_TRIGGER_CHARS,
  MAX_INSTINCTS,
  parseInstinctCandidates,
  renderObservations,
} from "./instincts.js";

const VALID = {
  trigger: "Installing dependencies in this repo",
  action: "Use pnpm install; npm install fails with ERESOLVE",
  confidence: 0.8,
  domain: "workflow",
  scope: "project",
  evidence: ["npm ERR! code ERESOLVE", "pnpm install → Done in 4.2s"],
};

function withinLimits(candidate: InstinctCandidate): boolean {
  return (
    candidate.trigger.length > 0 &&
    candidate.trigger.length <= MAX_INSTINCT_TRIGGER_CHARS &&
    candidate.action.length > 0 &&
    candidate.action.length <= MAX_INSTINCT_ACTION_CHARS &&
    candidate.confidence >= 0 &&
    candidate.confidence <= 1 &&
    candidate.evidence.length >= 1 &&
    candidate.evidence.length <= 3 &&
    candidate.evidence.every((quote) => quote.length > 0 && quote.length <= MAX_INSTINCT_EVIDENCE_CHARS)
  );
}

describe("parseInstinctCandidates", () => {
  it("reads a valid array", () => {
    expect(parseInstinctCandidates(JSON.stringify([VALID]))).toEqual([VALID]);
  });

  it("reads arrays wrapped in prose, fences and stray brackets", () => {
    const expected = [VALID];
    expect(
      parseInstinctCandidates(`Here are the instincts:\n${JSON.stringify([VALID])}\nHope this helps [1].`),
    ).toEqual(expected);
    expect(parseInstinctCandidates(`\`\`\`json\n${JSON.stringify([VALID], null, 2)}\n\`\`\``)).toEqual(
      expected,
    );
    expect(parseInstinctCandidates(`[Note] one pattern found: ${JSON.stringify([VALID])}`)).toEqual(expected);
  });

  it("cuts oversize fields to the instinct limits", () => {
    const [candidate] = parseInstinctCandidates(
      JSON.stringify([
        {
          ...VALID,
          trigger: `  ${"t".repeat(200)}  `,
          action: "a".repeat(300),
          evidence: ["e".repeat(500), "", 7, "second", "third", "fourth"],
        },
      ]),
    );
    expect(candidate?.trigger.length).toBe(MAX_INSTINCT_TRIGGER_CHARS);
    expect(candidate?.action.length).toBe(MAX_INSTINCT_ACTION_CHARS);
    expect(candidate?.evidence.map((quote) => quote.length)).toEqual([MAX_INSTINCT_EVIDENCE_CHARS, 6, 5]);
  });

  it("clamps confidence and defaults unknown domain and scope", () => {
    const parsed = parseInstinctCandidates(
      JSON.stringify([
        { ...VALID, confidence: 1.7 },
        { ...VALID, confidence: -0.3, domain: "kitchen", scope: "universe" },
        { ...VALID, confidence: "high", scope: "global" },
      ]),
    );
    expect(parsed.map((candidate) => [candidate.confidence, candidate.domain, candidate.scope])).toEqual([
      [1, "workflow", "project"],
      [0.5, "workflow", "global"],
      [0, "project", "project"],
    ]);
  });

  it("drops invalid items and keeps the 3 most confident", () => {
    const parsed = parseInstinctCandidates(
      JSON.stringify([
        { ...VALID, action: "first", confidence: 0.2 },
        { ...VALID, evidence: [] },
        { ...VALID, trigger: "   " },
        "a string",
        { ...VALID, action: "second", confidence: 0.9 },
        { ...VALID, action: "third", confidence: 0.6 },
        { ...VALID, action: "fourth", confidence: 0.7 },
      ]),
    );
    expect(parsed.map((candidate) => candidate.action)).toEqual(["second", "fourth", "third"]);
  });

  it("returns [] for garbage, empty and malformed output", () => {
    for (const raw of [
      "",
      "   ",
      "no instincts today",
      "[]",
      "{}",
      '[{"trigger": "x"',
      "[1, 2, 3]",
      "null",
      "[[[[",
    ]) {
      expect(parseInstinctCandidates(raw)).toEqual([]);
    }
  });

  it("property: never more than 3 items, always within the limits", () => {
    const item = fc.record(
      {
        trigger: fc.oneof(fc.string({ maxLength: 200 }), fc.integer()),
        action: fc.string({ maxLength: 300 }),
        confidence: fc.oneof(fc.double(), fc.string(), fc.constant(null)),
        domain: fc.oneof(fc.constantFrom("git", "testing", "nope"), fc.string()),
        scope: fc.oneof(fc.constantFrom("global", "project"), fc.string()),
        evidence: fc.oneof(
          fc.array(fc.oneof(fc.string({ maxLength: 400 }), fc.integer()), { maxLength: 6 }),
          fc.string(),
        ),
      },
      { requiredKeys: [] },
    );
    const raw = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc
        .tuple(fc.string({ maxLength: 40 }), fc.array(item, { maxLength: 8 }), fc.string({ maxLength: 40 }))
        .map(([before, items, after]) => `${before}${JSON.stringify(items)}${after}`),
      fc.json(),
    );
    fc.assert(
      fc.property(raw, (text) => {
        const parsed = parseInstinctCandidates(text);
        expect(parsed.length).toBeLessThanOrEqual(MAX_INSTINCTS);
        for (const candidate of parsed) expect(withinLimits(candidate)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it("instinctsSchema needs an array root", () => {
    expect(instinctsSchema.safeParse({ trigger: "x" }).success).toBe(false);
    expect(instinctsSchema.parse([VALID, { nope: true }])).toEqual([VALID]);
  });
});

describe("heuristicInstincts", () => {
  it("reads an explicit rule the user stated", () => {
    const found = heuristicInstincts(
      taskRows([
        { user: "Commit the fix" },
        { assistant: "Committed." },
        { user: "Always run the linter before committing." },
      ]),
    );
    expect(found).toEqual([
      {
        trigger: "Before committing",
        action: "Always run the linter before committing",
        confidence: 0.75,
        domain: "git",
        scope: "project",
        evidence: ["Always run the linter before committing."],
      },
    ]);
  });

  it("keeps a file name in a rule's situation, which ends where the instruction starts", () => {
    const [found] = heuristicInstincts(
      taskRows([
        { user: "add an e2e job to the pipeline" },
        { assistant: "Pushed." },
        { user: "every time you touch .gitlab-ci.yml run glab ci lint BEFORE you push. no exceptions" },
      ]),
    );
    expect(found).toMatchObject({
      trigger: "Every time you touch .gitlab-ci.yml",
      action: "Every time you touch .gitlab-ci.yml run glab ci lint BEFORE you push",
    });
    expect(
      lessonStatement({ kind: "prefer", trigger: found?.trigger ?? "", rule: "Run glab ci lint", why: "" }),
    ).toBe("Every time you touch .gitlab-ci.yml: Run glab ci lint");
  });

  it("ignores 'never mind', questions and fragments", () => {
    const found = heuristicInstincts(
      taskRows([
        { user: "Fix the build" },
        { assistant: "Should I also bump the version?" },
        { user: "Never mind, skip that." },
        { user: "Should we always squash commits?" },
        { user: "Never." },
      ]),
    );
    expect(found).toEqual([]);
  });

  it("reads a Chinese rule", () => {
    const [found] = heuristicInstincts(
      taskRows([{ user: "装一下依赖" }, { assistant: "好的" }, { user: "以后都用 pnpm" }]),
    );
    expect(found).toMatchObject({
      trigger: "选择包管理器",
      action: "以后都用 pnpm",
      confidence: 0.75,
      domain: "workflow",
    });
  });

  it("reads no rule from a sentence that only says how often, and ends no Chinese trigger in 时", () => {
    const found = heuristicInstincts(
      taskRows([
        { user: "打包一下" },
        { tool: "Bash", input: "pnpm build", output: "FATAL ERROR: heap out of memory", error: true },
        { user: "每次都这样。" },
        { user: "以后每次都要先跑 pnpm lint" },
      ]),
    );
    expect(found.map((instinct) => instinct.action)).toEqual(["以后每次都要先跑 pnpm lint"]);
    expect(found[0]?.trigger).toBe("格式化与代码检查");
    const fallback = heuristicInstincts(
      taskRows([{ user: "开始吧" }, { assistant: "好" }, { user: "以后都别动 legacy_utils.py" }]),
    );
    expect(fallback[0]?.trigger).toBe("在本项目中工作");
  });

  it("reads a correction followed by a successful retry", () => {
    const found = heuristicInstincts(
      taskRows([
        { user: "Add the dayjs dependency" },
        { tool: "Bash", input: "npm install dayjs", output: "added 1 package" },
        { assistant: "Installed dayjs with npm." },
        { user: "别用 npm，用 pnpm" },
        { tool: "Bash", input: "pnpm add dayjs", output: "Done in 1.1s" },
      ]),
    );
    expect(found).toEqual([
      {
        trigger: "准备使用 `npm`",
        action: "应使用 `pnpm`，而不是 `npm`",
        confidence: 0.75,
        domain: "workflow",
        scope: "project",
        evidence: ["别用 npm，用 pnpm", "Bash: pnpm add dayjs"],
      },
    ]);
  });

  it("reads a check repeated after edits", () => {
    const steps: Step[] = [{ user: "Refactor the parser" }];
    for (const file of ["src/a.ts", "src/b.ts", "src/c.ts", "src/d.ts"]) {
      steps.push({ tool: "Edit", input: { file_path: file }, output: "updated" });
      steps.push({ tool: "Bash", input: "npm test", output: "12 passed" });
    }
    const [found] = heuristicInstincts(taskRows(steps));
    expect(found).toMatchObject({
      trigger: "After editing files",
      action: "Run `npm test` to check the change",
      confidence: 0.7,
      domain: "testing",
    });
    expect(found?.evidence).toEqual([
      "Edit: src/a.ts → Bash: npm test",
      "Edit: src/b.ts → Bash: npm test",
      "Edit: src/c.ts → Bash: npm test",
    ]);
  });

  it("finds nothing in a plain session and looks only at the last 30 observations", () => {
    expect(
      heuristicInstincts(
        taskRows([
          { user: "Add a --verbose flag" },
          { tool: "Edit", input: { file_path: "src/cli.ts" }, output: "updated" },
          { assistant: "Done." },
        ]),
      ),
    ).toEqual([]);
    const old: Step[] = [{ user: "Always squash commits before merging." }];
    for (let index = 0; index < 30; index += 1) old.push({ assistant: `step ${index}` });
    expect(heuristicInstincts(taskRows(old))).toEqual([]);
  });
});

describe("renderObservations", () => {
  it("renders one line per observation", () => {
    const text = renderObservations(
      taskRows([
        { user: "Install the deps" },
        { tool: "Bash", input: "npm install", output: "npm ERR! code ERESOLVE", error: true },
        { assistant: "Switching to pnpm." },
      ]),
    );
    expect(text).toBe(
      [
        '#1 | event=user_message | text="Install the deps"',
        '#2 | event=tool_call | tool=Bash | outcome=error | in="npm install" | out="npm ERR! code ERESOLVE"',
        '#3 | event=assistant_message | text="Switching to pnpm."',
      ].join("\n"),
    );
  });
});
