import { describe, expect, it } from "vitest";
import { type Step, taskRows } from "../../testing/task-rows.js";
import { buildOfflineExperience, type TransferableHeuristic } from "./offline-experience.js";
import { detectTaskSignals } from "./task-message.js";

/** The heuristics of a session read as one task (its first message the goal). */
function heuristicsOf(steps: Step[]): TransferableHeuristic[] {
  const session = taskRows(steps);
  const signals = detectTaskSignals(session);
  const goal = session[0]?.content ?? "";
  return buildOfflineExperience({ task: { goal, title: goal }, messages: session, signals })
    .transferableHeuristics;
}

const NOT_READ =
  "<tool_use_error>File has not been read yet. Read it first before writing to it.</tool_use_error>";
const edit = (file: string, error = true): Step => ({
  tool: "Edit",
  input: { file_path: file, old_string: "a", new_string: "b" },
  output: error ? NOT_READ : "The file has been updated.",
  error,
});

describe("a tool error that states its own remedy", () => {
  it("learns 'Read a file before Write/Edit' from Claude Code's refusal, with nobody saying a word", () => {
    const heuristics = heuristicsOf([
      { user: "update the project overview in CLAUDE.md" },
      edit("/work/demo/CLAUDE.md"),
      { tool: "Read", input: { file_path: "/work/demo/CLAUDE.md" }, output: "1→# Demo" },
      edit("/work/demo/CLAUDE.md", false),
    ]);
    expect(heuristics).toContainEqual(
      expect.objectContaining({
        trigger: "Updating an existing file with the Edit or Write tool",
        rule: expect.stringMatching(/^Read a file before you edit it/),
        evidence: "File has not been read yet. Read it first before writing to it.",
        confidence: 0.6,
      }),
    );
  });

  it("is strengthened by the same error coming back, on any file", () => {
    const heuristics = heuristicsOf([
      { user: "write the todo types" },
      edit("/work/demo/types/index.ts"),
      edit("/work/demo/types/state.ts"),
      edit("/work/demo/types/todo.ts"),
    ]);
    const remedies = heuristics.filter((heuristic) => heuristic.rule.startsWith("Read a file before"));
    expect(remedies).toHaveLength(1);
    expect(remedies[0]?.confidence).toBeCloseTo(0.7);
    expect(remedies[0]?.why).toMatch(/seen 3 times/);
  });

  it("reads the remedy only in the tools that print it, and in the task's language", () => {
    expect(
      heuristicsOf([
        { user: "show me the notes" },
        { tool: "Bash", input: "cat notes.md", output: NOT_READ, error: true },
      ]).filter((heuristic) => heuristic.rule.startsWith("Read a file")),
    ).toEqual([]);
    const [chinese] = heuristicsOf([{ user: "更新一下项目说明文档" }, edit("/work/demo/README.md")]);
    expect(chinese?.rule).toMatch(/^用 Edit\/Write 修改文件前先用 Read 读取它/);
  });

  it("takes a suggested script name as a lesson, but not the fix of a typo", () => {
    const missing = (name: string, suggested: string) =>
      `npm ERR! Missing script: "${name}"\nnpm ERR!\nnpm ERR! Did you mean this?\nnpm ERR!     npm run ${suggested} # run it`;
    const [script] = heuristicsOf([
      { user: "run the unit tests" },
      { tool: "Bash", input: "npm run test:unit", output: missing("test:unit", "unit-test"), error: true },
    ]).filter((heuristic) => heuristic.rule.startsWith("The script"));
    expect(script?.rule).toBe("The script is `npm run unit-test`: there is no `test:unit` script");
    expect(
      heuristicsOf([
        { user: "run the linter" },
        { tool: "Bash", input: "npm run lnit", output: missing("lnit", "lint"), error: true },
      ]).filter((heuristic) => heuristic.rule.startsWith("The script")),
    ).toEqual([]);
  });
});

describe("what is not the fix of a failure", () => {
  it("a closing request after the work is not the user's explanation of an earlier repeated error", () => {
    const heuristics = heuristicsOf([
      { user: "create the todo app" },
      edit("/work/demo/types/index.ts"),
      edit("/work/demo/types/index.ts"),
      { tool: "Bash", input: "npm run build", output: "compiled successfully" },
      { assistant: "The app is ready." },
      { user: "Thanks! Please update CLAUDE.md for current changes" },
    ]);
    expect(heuristics.filter((heuristic) => /CLAUDE\.md/.test(heuristic.rule))).toEqual([]);
  });

  it("nor is an unrelated request with no thanks in it", () => {
    const heuristics = heuristicsOf([
      { user: "build the app" },
      {
        tool: "Bash",
        input: "npm run build",
        output: "npm warn Unknown env config 'store-dir'\nFailed",
        error: true,
      },
      {
        tool: "Bash",
        input: "npm run build",
        output: "npm warn Unknown env config 'store-dir'\nFailed",
        error: true,
      },
      { user: "also add a dark mode toggle to the header" },
    ]);
    expect(heuristics.filter((heuristic) => /dark mode/i.test(heuristic.rule))).toEqual([]);
  });

  it("makes no 'use X instead of Y' rule when the failure said only 'Error'", () => {
    const heuristics = heuristicsOf([
      { user: "find the useTodos hook" },
      {
        tool: "Bash",
        input: 'find /work/demo -name "*.ts" | xargs grep -l useTodos',
        output: "Error",
        error: true,
      },
      { tool: "Bash", input: 'find /work/demo -name "*Filter*" | head -5', output: "/work/demo/Filter.tsx" },
    ]);
    expect(heuristics.filter((heuristic) => /instead of/.test(heuristic.rule))).toEqual([]);
  });

  it("a standing rule the user stated about a command is learnt as theirs, not as a transient failure", () => {
    const lint = "src/app.ts\n  3:1  error  'x' is assigned a value but never used  no-unused-vars";
    const heuristics = heuristicsOf([
      { user: "fix the header. always run `npm run lint` before saying something is done" },
      { tool: "Bash", input: "npm run lint", output: lint, error: true },
      { tool: "Bash", input: "npm run lint", output: "All files pass linting." },
    ]);
    expect(heuristics.filter((heuristic) => /transient/.test(heuristic.rule))).toEqual([]);
    expect(heuristics).toContainEqual(
      expect.objectContaining({
        rule: expect.stringMatching(/always run `npm run lint` before saying/i),
        convention: true,
      }),
    );
  });
});
