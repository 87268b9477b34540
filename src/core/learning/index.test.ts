/**
 * The learning core end to end: a session → tasks → outcomes and experiences → lesson drafts the
 * lesson model accepts, on a written session and on real Claude Code transcripts.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { transcriptFixture } from "../../testing/fixtures.js";
import { createLesson } from "../lessons/lesson.js";
import {
  buildOfflineExperience,
  deriveTaskOutcome,
  detectTaskSignals,
  heuristicInstincts,
  heuristicToLesson,
  renderConversation,
  segmentTasks,
  type TaskMessage,
} from "./index.js";

const FIXTURES = transcriptFixture("claude-code");

/**
 * Claude Code JSONL → rows, the way the importer stores them: one row per text block, one
 * `tool_call` row per tool use that its result later fills in; command wrappers and `isMeta`
 * lines flagged meta; subagent lines flagged sidechain.
 */
function transcriptRows(file: string): TaskMessage[] {
  const rows: TaskMessage[] = [];
  const calls = new Map<string, TaskMessage>();
  for (const line of readFileSync(`${FIXTURES}/${file}`, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const record = JSON.parse(line) as {
      type?: string;
      timestamp?: string;
      isMeta?: boolean;
      isSidechain?: boolean;
      message?: { content?: unknown };
    };
    if (record.type !== "user" && record.type !== "assistant") continue;
    const content = record.message?.content;
    const blocks = (typeof content === "string" ? [{ type: "text", text: content }] : content) as Array<
      Record<string, unknown>
    >;
    const base = {
      createdAt: Date.parse(record.timestamp ?? ""),
      toolName: null,
      toolInput: null,
      toolOutput: null,
      isError: false,
      ...(record.isSidechain === true ? { isSidechain: true } : {}),
    };
    for (const block of blocks) {
      if (block.type === "text" && typeof block.text === "string" && block.text.trim() !== "") {
        const meta = record.isMeta === true || /^\s*<command-/.test(block.text);
        rows.push({
          ...base,
          seq: rows.length,
          role: record.type,
          kind: "text",
          content: block.text,
          ...(meta ? { isMeta: true } : {}),
        });
      } else if (block.type === "tool_use" && typeof block.name === "string") {
        const row: TaskMessage = {
          ...base,
          seq: rows.length,
          role: "tool",
          kind: "tool_call",
          content: block.name,
          toolName: block.name,
          toolInput: JSON.stringify(block.input ?? {}),
        };
        rows.push(row);
        calls.set(String(block.id), row);
      } else if (block.type === "tool_result") {
        const row = calls.get(String(block.tool_use_id));
        if (row === undefined) continue;
        const output = block.content;
        row.toolOutput = Array.isArray(output)
          ? output.map((part: { text?: string }) => part.text ?? "").join("\n")
          : String(output ?? "");
        row.isError = block.is_error === true;
      }
    }
  }
  return rows;
}

function learn(session: TaskMessage[]) {
  const signals = detectTaskSignals(session);
  return segmentTasks(session, { signals }).map((task) => {
    const messages = session.filter((row) => task.messageSeqs.includes(row.seq));
    return {
      task,
      outcome: deriveTaskOutcome(messages, signals),
      experience: buildOfflineExperience({ task, messages, signals }),
    };
  });
}

describe("learning pipeline", () => {
  it("turns a two-task session into outcomes, experiences and valid lessons", () => {
    const steps: Array<[TaskMessage["role"], string, Partial<TaskMessage>?]> = [
      ["user", "Set up the project so I can run the dev server"],
      [
        "tool",
        "Bash",
        { toolInput: '{"command":"npm install"}', toolOutput: "npm ERR! code ERESOLVE", isError: true },
      ],
      ["tool", "Bash", { toolInput: '{"command":"pnpm install"}', toolOutput: "Done in 4.2s" }],
      ["assistant", "Installed with pnpm; the dev server runs on :3000."],
      ["user", "Works now, thanks!"],
      ["user", "Now let's add a health-check endpoint at /healthz"],
      ["tool", "Edit", { toolInput: '{"file_path":"src/server.ts"}', toolOutput: "updated" }],
      ["assistant", "Added GET /healthz."],
    ];
    const session: TaskMessage[] = steps.map(([role, content, extra], seq) => ({
      seq,
      role,
      kind: role === "tool" ? "tool_call" : "text",
      content,
      toolName: role === "tool" ? content : null,
      toolInput: null,
      toolOutput: null,
      isError: false,
      createdAt: seq * 30_000,
      ...extra,
    }));
    const [setup, health] = learn(session);
    expect(setup?.task.messageSeqs).toEqual([0, 1, 2, 3, 4]);
    expect(setup?.outcome).toMatchObject({
      success: true,
      errorCount: 1,
      retryCount: 1,
      durationMs: 120_000,
    });
    expect(health?.task.boundary).toBe("explicit-new-goal");
    expect(health?.experience.transferableHeuristics).toEqual([]);
    const at = 1_750_000_000_000;
    const drafts = (setup?.experience.transferableHeuristics ?? []).map((heuristic) =>
      heuristicToLesson({ heuristic, task: { id: "t1", sessionId: "s1", projectId: "/repo" }, at }),
    );
    expect(drafts.map((draft) => [draft.kind, draft.domain, draft.rule])).toEqual([
      ["prefer", "workflow", "Use `pnpm install` instead of `npm install`"],
    ]);
    for (const draft of drafts) expect(() => createLesson({ ...draft, id: "l1", now: at })).not.toThrow();
  });
});

describe("real Claude Code transcripts", () => {
  it("5c0375b4: one /orchestrator task; the failing lsd Bash call is a failed attempt; the refused Edit teaches read-before-edit", () => {
    const session = transcriptRows("5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl");
    expect(session).toHaveLength(32);
    const [only, ...rest] = learn(session);
    expect(rest).toEqual([]);
    // The subagent prompts ("Examine the package.json file(s)…") and the meta expansion start no task.
    expect(only?.task.goal).toBe("/orchestrator @CLAUDE.md を最新の状態にアップデートしてください");
    expect(only?.task.summary).toMatch(
      /^Goal: \/orchestrator @CLAUDE\.md を最新の状態にアップデートしてください\. Tools: TodoWrite×5, Bash×5, .*Errors: 3 failed calls \(Task×1, Bash×1, Edit×1\)\./,
    );
    expect(only?.experience.failedAttempts).toContainEqual({
      attemptLabel: "tree /path/to/Demo -I",
      approachSummary: "Bash: tree /path/to/Demo -I 'node_modules|.git' -L 3",
      failureReason: "lsd: 3: No such file or directory (os error 2).",
      replacedBy: "ls -la /path/to/Demo/todo-app/src",
    });
    expect(only?.experience.failedAttempts.map((attempt) => attempt.approachSummary)).toEqual([
      "Task: Analyze project structure",
      "Bash: tree /path/to/Demo -I 'node_modules|.git' -L 3",
      "Edit: /path/to/Demo/CLAUDE.md",
    ]);
    // `tree` → `ls -la` on another directory is not "use ls instead of tree"; the refused Edit
    // says its own remedy, and that is the one lesson.
    expect(only?.experience.transferableHeuristics).toEqual([
      expect.objectContaining({
        kind: "prefer",
        trigger: "Updating an existing file with the Edit or Write tool",
        rule: "Read a file before you edit it: Edit and Write refuse to change a file not read first",
        evidence: "File has not been read yet. Read it first before writing to it.",
      }),
    ]);
    expect(only?.experience.workingApproach).toBe("MultiEdit: /path/to/Demo/CLAUDE.md");
    expect(only?.outcome).toMatchObject({
      success: true,
      errorCount: 3,
      retryCount: 2,
      evidence: "recovered: MultiEdit succeeded after Edit failed",
    });
    expect(heuristicInstincts(session)).toEqual([]);
  });

  it("1af7fc5e: /init without arguments; the refused Write is an unresolved error", () => {
    const session = transcriptRows("1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl");
    const [only, ...rest] = learn(session);
    expect(rest).toEqual([]);
    expect(only?.task.goal).toBe("");
    expect(only?.task.title).toBe(
      "I'll analyze the codebase and create a CLAUDE.md file to help future instances…",
    );
    expect(only?.outcome).toMatchObject({ success: false, errorCount: 1, retryCount: 0 });
    expect(only?.outcome.evidence).toContain("you haven't granted it yet");
    expect(only?.experience.failedAttempts).toEqual([
      {
        attemptLabel: "Write CLAUDE.md",
        approachSummary: "Write: /path/to/Demo/CLAUDE.md",
        failureReason:
          "Claude requested permissions to write to /path/to/Demo/CLAUDE.md, but you haven't granted it yet.",
        replacedBy: null,
      },
    ]);
    expect(only?.experience.workingApproach).toBe("");
    expect(renderConversation(session)).toContain("[#14] Tool Write (failed): /path/to/Demo/CLAUDE.md");
  });

  it("agent-test-hash-123: a subagent transcript's prompt is its session's goal", () => {
    const [only] = learn(transcriptRows("agent-test-hash-123.jsonl"));
    expect(only?.task.goal).toBe("Run the test suite");
  });
});
