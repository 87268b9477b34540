import { describe, expect, it } from "vitest";
import { type Step, taskRows } from "../../testing/task-rows.js";
import { withCommandExpansions } from "../harness-text.js";
import { languageOf } from "../lexicon/language.js";
import { signalsWithin } from "./row-signals.js";
import {
  describeToolCall,
  detectTaskSignals,
  errorLine,
  FAILURE_PATTERN_CONFIDENCE,
  firstLine,
  isFailedCall,
  llmSignalSchema,
  locateLlmSignals,
  readLlmSignals,
  type TaskMessage,
  type TaskSignal,
  toolCommand,
  toSignalMessages,
  userRequest,
  userWords,
} from "./task-message.js";

const rows = (steps: Step[], firstSeq = 0) => taskRows(steps, { firstSeq, start: 1_700_000_000_000 });

describe("userWords and userRequest", () => {
  it("reads the user's own words; a slash command with arguments is a request, never the user's words", () => {
    const [plain, command, bare, expansion, sidechain, interrupt] = rows([
      { user: "Fix the login bug" },
      { user: "<command-name>/review</command-name><command-args>src/auth.ts</command-args>", meta: true },
      { user: "<command-name>/init</command-name>", meta: true },
      { user: "Please analyze this codebase and create a CLAUDE.md file.", meta: true },
      { user: "Examine the package.json files", sidechain: true },
      { user: "[Request interrupted by user for tool use]" },
    ]) as [TaskMessage, TaskMessage, TaskMessage, TaskMessage, TaskMessage, TaskMessage];
    expect(userWords(plain)).toBe("Fix the login bug");
    expect(userWords(command)).toBeNull();
    expect(userRequest(command)).toBe("/review src/auth.ts");
    expect(userRequest(plain)).toBe("Fix the login bug");
    expect(userWords(bare)).toBeNull();
    expect(userRequest(bare)).toBeNull();
    expect(userWords(expansion)).toBeNull();
    expect(userWords(sidechain)).toBeNull();
    expect(userWords(interrupt)).toBeNull();
  });
});

describe("withCommandExpansions", () => {
  it("marks the user row right after a slash-command wrapper as the command's expansion, not the user's words", () => {
    const marked = withCommandExpansions(
      rows([
        {
          user: "<command-name>/review-shell</command-name><command-args>scripts/backup_db.sh</command-args>",
        },
        {
          user: "# Shell script review\n\nAlways check for `set -euo pipefail`. Report findings as a numbered list.",
        },
        { assistant: "1. L1: no set -euo pipefail" },
        { user: "fix the first one" },
      ]),
    );
    expect(marked.map(userWords)).toEqual([null, null, null, "fix the first one"]);
    expect(userRequest(marked[0] as TaskMessage)).toBe("/review-shell scripts/backup_db.sh");
  });
});

describe("toSignalMessages", () => {
  it("maps rows to detector turns and keeps the seq of each turn", () => {
    const session = rows(
      [
        { user: "<command-name>/init</command-name>", meta: true },
        { user: "Set up the project" },
        { assistant: "Let me think…", thinking: true },
        { assistant: "Installing." },
        { tool: "Bash", input: "npm install", output: "npm ERR! code ERESOLVE", error: true },
        { tool: "Bash", input: "pnpm install", output: "Done in 3s" },
        { tool: "Read", input: { file_path: "package.json" }, output: "{}" },
      ],
      100,
    );
    const mapping = toSignalMessages(session);
    expect(mapping.messages).toEqual([
      { role: "user", content: "Set up the project" },
      { role: "assistant", content: "Installing." },
      { role: "tool", content: "npm ERR! code ERESOLVE", isError: true, toolName: "Bash" },
      { role: "assistant", content: "Bash: `pnpm install`" },
      { role: "tool", content: "Done in 3s", isError: false, toolName: "Bash" },
      { role: "tool", content: "{}", isError: false, toolName: "Read" },
    ]);
    expect(mapping.seqs).toEqual([101, 103, 104, 105, 105, 106]);
  });

  it("masks the retried command so it cannot read as the assistant's words", () => {
    const session = rows([
      { tool: "Bash", input: "echo my bad > /ro/notes.txt", output: "Permission denied", error: true },
      { tool: "Bash", input: "echo my bad > notes.txt", output: "" },
    ]);
    expect(detectTaskSignals(session).map((signal) => signal.source)).not.toContain("assistant_self_check");
  });

  it("adds no retry turn when the failed call is repeated unchanged", () => {
    const session = rows([
      { tool: "Bash", input: "npm test", output: "1 failed", error: true },
      { tool: "Bash", input: "npm test", output: "all passed" },
    ]);
    expect(toSignalMessages(session).messages.map((message) => message.role)).toEqual(["tool", "tool"]);
  });
});

describe("detectTaskSignals", () => {
  it("locates signals by seq, including a recovery after a changed retry", () => {
    const session = rows(
      [
        { user: "Install the dependencies" },
        { tool: "Bash", input: "npm install", output: "npm ERR! code ERESOLVE", error: true },
        { tool: "Bash", input: "pnpm install", output: "Packages: +12\nDone in 3s" },
        { assistant: "Installed with pnpm." },
        { user: "Works now, thanks!" },
      ],
      40,
    );
    const found = detectTaskSignals(session).map((signal) => [signal.seq, signal.type, signal.source]);
    expect(found).toEqual([
      [41, "reject", "execution"],
      [42, "success", "execution"],
      [44, "success", "user"],
    ]);
  });
});

describe("tool helpers", () => {
  it("reads commands and describes calls", () => {
    const [bash, edit, codex] = rows([
      { tool: "Bash", input: "  npm   install ", output: "" },
      { tool: "Edit", input: { file_path: "src/a.ts", old_string: "x" }, output: "" },
      { tool: "exec_command", input: { cmd: ["pnpm", "test"] }, output: "" },
    ]) as [TaskMessage, TaskMessage, TaskMessage];
    expect(toolCommand(bash)).toBe("npm install");
    expect(toolCommand(edit)).toBeNull();
    expect(toolCommand(codex)).toBe("pnpm test");
    expect(describeToolCall(edit)).toBe("Edit: src/a.ts");
    expect(describeToolCall(bash, 8)).toBe("Bash: n…");
  });

  it("treats isError and strong failure patterns as failures, not a stray 'failed'", () => {
    const session = rows([
      { tool: "Bash", input: "make", output: "make: *** [all] Error 2\nexit code 2" },
      { tool: "Bash", input: "grep -c failed log.txt", output: "3 lines mention failed logins" },
      { tool: "Write", input: { file_path: "a" }, output: "permission not granted", error: true },
    ]);
    const signals = detectTaskSignals(session);
    expect(session.map((row) => isFailedCall(row, signals))).toEqual([true, false, true]);
  });

  it("tells Chinese from Japanese", () => {
    expect(languageOf("把端口改成 5433")).toBe("zh");
    expect(languageOf("CLAUDE.md を最新の状態にアップデートしてください")).toBe("en");
    expect(languageOf("Fix the bug")).toBe("en");
  });
});

describe("model signals", () => {
  it("validates leniently where the seed does and strictly on type and evidence", () => {
    expect(
      llmSignalSchema.parse({
        type: "reject",
        source: "robot",
        evidence: " no ",
        turnId: "#7",
        confidence: 3,
      }),
    ).toEqual({ type: "reject", source: "user", evidence: "no", turn: 7, confidence: 1 });
    expect(llmSignalSchema.safeParse({ type: "anger", source: "user", evidence: "x" }).success).toBe(false);
    expect(llmSignalSchema.safeParse({ type: "success", source: "user", evidence: "  " }).success).toBe(
      false,
    );
    expect(
      readLlmSignals([
        { type: "success", evidence: "works", turn: 3, confidence: 0.9 },
        { type: "success", evidence: "meh", turn: 4, confidence: 0.3 },
        "garbage",
      ]),
    ).toEqual([{ type: "success", source: "user", evidence: "works", turn: 3, confidence: 0.9 }]);
    expect(readLlmSignals({ not: "an array" })).toEqual([]);
  });

  it("places signals on rows by seq, else by evidence, else drops them", () => {
    const session = rows(
      [{ user: "Fix it" }, { assistant: "Done" }, { user: "Not config.json, it's config.yaml." }],
      10,
    );
    const located = locateLlmSignals(
      [
        { type: "correction", source: "user", evidence: "it's config.yaml", turn: 12, confidence: 0.9 },
        { type: "correction", source: "user", evidence: "Not config.json", turn: 99, confidence: 0.8 },
        { type: "success", source: "user", evidence: "never said", turn: null, confidence: 0.8 },
      ],
      session,
    );
    expect(located.map((signal) => [signal.seq, signal.turn, signal.rule])).toEqual([
      [12, 12, "llm"],
      [12, 12, "llm"],
    ]);
  });
});

describe("a session's signals looked up by row", () => {
  const session = rows(
    Array.from({ length: 40 }, (_, index) => ({
      tool: "Bash",
      input: `./deploy-${index}.sh`,
      output: index % 3 === 0 ? `bash: ./deploy-${index}.sh: command not found` : "deployed",
    })),
  );
  const naiveFailed = (row: TaskMessage, signals: readonly TaskSignal[]) =>
    row.isError ||
    signals.some(
      (signal) =>
        signal.seq === row.seq &&
        signal.source === "execution" &&
        signal.type === "reject" &&
        signal.confidence >= FAILURE_PATTERN_CONFIDENCE,
    );

  it("finds a task's signals and failed calls in a long list as a scan of every signal does", () => {
    const signals = detectTaskSignals(session);
    expect(signals.length).toBeGreaterThan(10);
    const many = [...signals, ...signals.map((signal) => ({ ...signal, confidence: 0.5 }))];
    const task = session.slice(10, 25);
    const seqs = new Set(task.map((row) => row.seq));
    expect(signalsWithin(many, task)).toEqual(many.filter((signal) => seqs.has(signal.seq)));
    for (const row of session) expect(isFailedCall(row, many)).toBe(naiveFailed(row, many));
  });

  it("sees a signal added to the list after it was first read", () => {
    const signals = detectTaskSignals(session);
    const padded = [...signals, ...signals, ...signals];
    const quiet = session[1] as TaskMessage;
    expect(isFailedCall(quiet, padded)).toBe(false);
    padded.push({ ...(signals[0] as TaskSignal), seq: quiet.seq, confidence: 0.95 });
    expect(isFailedCall(quiet, padded)).toBe(true);
    expect(errorLine(quiet, padded)).toBe(firstLine((signals[0] as TaskSignal).evidence));
  });
});
