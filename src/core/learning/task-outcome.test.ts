import { describe, expect, it } from "vitest";
import { type Step, taskRows } from "../../testing/task-rows.js";
import { detectTaskSignals } from "./task-message.js";
import { deriveTaskOutcome } from "./task-outcome.js";

const rows = (steps: Step[]) => taskRows(steps, { stepMs: 60_000 });

function outcomeOf(steps: Step[]) {
  const session = rows(steps);
  return deriveTaskOutcome(session, detectTaskSignals(session));
}

const NPM_FAILS: Step[] = [
  { user: "Install the dependencies and start the dev server" },
  {
    tool: "Bash",
    input: "npm install",
    output: "npm ERR! code ERESOLVE\nnpm ERR! unable to resolve dependency tree",
    error: true,
  },
];

describe("deriveTaskOutcome", () => {
  it("rule 1: the user's last verdict is a success", () => {
    const outcome = outcomeOf([
      { user: "Fix the login redirect" },
      { assistant: "Fixed." },
      { user: "还是不行" },
      { assistant: "The middleware overrode it; fixed there." },
      { user: "可以了，这次对了" },
    ]);
    expect(outcome.success).toBe(true);
    expect(outcome.evidence).toBe('user confirmed: "可以了，这次对了"');
    expect(outcome.durationMs).toBe(4 * 60_000);
    expect(outcome.retryCount).toBe(1);
  });

  it("rule 2: an unresolved error is a failure, even with a confident closing message", () => {
    const outcome = outcomeOf([
      { user: "Create CLAUDE.md for this repo" },
      {
        tool: "Write",
        input: { file_path: "CLAUDE.md" },
        output: "Claude requested permissions to write to CLAUDE.md, but you haven't granted it yet.",
        error: true,
      },
      { tool: "TodoWrite", input: { todos: [] }, output: "Todos have been modified successfully." },
      { assistant: "I've created a basic CLAUDE.md file." },
    ]);
    expect(outcome).toEqual({
      success: false,
      durationMs: 3 * 60_000,
      errorCount: 1,
      retryCount: 0,
      evidence:
        'unresolved error: Write failed: "Claude requested permissions to write to CLAUDE.md, but you haven\'t granted it yet."',
    });
  });

  it("rule 3: ending on a reject with no successful work after it is a failure", () => {
    const outcome = outcomeOf([
      { user: "Change the port to 3001" },
      { tool: "Edit", input: { file_path: "config.json" }, output: "updated" },
      { assistant: "Changed the port in config.json." },
      { user: "That's wrong, it still listens on 3000." },
      { assistant: "Sorry, let me look again." },
    ]);
    expect(outcome.success).toBe(false);
    expect(outcome.evidence).toBe('ends on a user reject: "That\'s wrong, it still listens on 3000."');
    expect(outcome.retryCount).toBe(1);
  });

  it("rule 4: a successful run after the last error is a recovery", () => {
    const outcome = outcomeOf([
      ...NPM_FAILS,
      { tool: "Bash", input: "pnpm install", output: "Done in 4.2s" },
      { tool: "Bash", input: "pnpm dev", output: "ready on :3000" },
      { assistant: "Running on port 3000." },
    ]);
    expect(outcome).toEqual({
      success: true,
      durationMs: 4 * 60_000,
      errorCount: 1,
      retryCount: 1,
      evidence: "recovered: Bash succeeded after Bash failed",
    });
  });

  it("rule 5: no error and no verdict is unclear", () => {
    const outcome = outcomeOf([
      { user: "List the files" },
      { tool: "Bash", input: "ls", output: "a b" },
      { assistant: "Two files." },
    ]);
    expect(outcome).toEqual({
      success: null,
      durationMs: 2 * 60_000,
      errorCount: 0,
      retryCount: 0,
      evidence: "unclear: no error and no user verdict",
    });
  });

  it("a failing data tool (Read) is counted but does not fail the task", () => {
    const outcome = outcomeOf([
      { user: "Summarise the README" },
      { tool: "Read", input: { file_path: "READ.md" }, output: "File does not exist.", error: true },
      { tool: "Read", input: { file_path: "README.md" }, output: "# Project" },
      { assistant: "It is a small project." },
    ]);
    expect(outcome.errorCount).toBe(1);
    expect(outcome.retryCount).toBe(1);
    expect(outcome.success).toBeNull();
  });

  it("a success said before a later failure does not count", () => {
    const outcome = outcomeOf([
      { user: "Deploy the app" },
      { tool: "Bash", input: "make deploy", output: "deployed" },
      { user: "Works now!" },
      { tool: "Bash", input: "make smoke", output: "exit code 1", error: true },
    ]);
    expect(outcome.success).toBe(false);
    expect(outcome.errorCount).toBe(1);
  });

  it("reads only the signals on the task's rows", () => {
    const session = rows([...NPM_FAILS, { tool: "Bash", input: "pnpm install", output: "Done" }]);
    const foreign = [
      {
        seq: 999,
        turn: 0,
        type: "reject" as const,
        source: "user" as const,
        confidence: 0.9,
        evidence: "no",
        rule: "x",
      },
    ];
    expect(deriveTaskOutcome(session, [...detectTaskSignals(session), ...foreign]).success).toBe(true);
    expect(deriveTaskOutcome([], []).durationMs).toBe(0);
  });
});
