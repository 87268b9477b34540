import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { transcriptFixture } from "../../testing/fixtures.js";
import { createClaudeCodeParser } from "./claude-code-parser.js";
import type { ImportEvent, MessageEvent, SessionEvent, SkipEvent, ToolResultEvent } from "./types.js";

const FIXTURES = transcriptFixture("claude-code");
const SUBAGENT_PARENT = "0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f";

function parseFile(relative: string, file = join(FIXTURES, relative)): ImportEvent[] {
  const parser = createClaudeCodeParser({ file });
  const lines = readFileSync(join(FIXTURES, relative), "utf8").split("\n");
  return lines.flatMap((line, index) => (line.trim() ? parser.parseLine(JSON.parse(line), index + 1) : []));
}

const messages = (events: ImportEvent[]) => events.filter((e): e is MessageEvent => e.type === "message");
const results = (events: ImportEvent[]) =>
  events.filter((e): e is ToolResultEvent => e.type === "tool_result");
const sessions = (events: ImportEvent[]) => events.filter((e): e is SessionEvent => e.type === "session");
const skips = (events: ImportEvent[]) => events.filter((e): e is SkipEvent => e.type === "skip");
const ofKind = (events: ImportEvent[], role: string, kind: string) =>
  messages(events).filter((m) => m.role === role && m.kind === kind);

function toolCounts(events: ImportEvent[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const call of ofKind(events, "tool", "tool_call"))
    counts[call.toolName ?? ""] = (counts[call.toolName ?? ""] ?? 0) + 1;
  return counts;
}

/** Every result must answer a tool call that came earlier in the file. */
function expectResultsPairedWithEarlierCalls(events: ImportEvent[]): void {
  for (const [index, result] of events.entries()) {
    if (result.type !== "tool_result") continue;
    const call = events
      .slice(0, index)
      .find((e) => e.type === "message" && e.kind === "tool_call" && e.toolUseId === result.toolUseId);
    expect(call, `call for ${result.toolUseId}`).toBeDefined();
  }
}

describe("claude-code parser on real v1.0.x sessions", () => {
  it("imports 1af7fc5e: 12 tool calls, 12 paired results, one permission error", () => {
    const events = parseFile("1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl");
    expect(sessions(events)).toHaveLength(1);
    expect(sessions(events)[0]).toMatchObject({
      sourceSessionId: "1af7fc5e-8455-4414-9ccd-011d40f70b2a",
      cwd: "/path/to/Demo",
      parentSourceSessionId: null,
    });
    expect(ofKind(events, "user", "text")).toHaveLength(2);
    expect(ofKind(events, "user", "text").every((m) => m.metadata?.isMeta === true)).toBe(true);
    expect(ofKind(events, "assistant", "text")).toHaveLength(3);
    expect(toolCounts(events)).toEqual({ Bash: 2, Glob: 6, TodoWrite: 3, Write: 1 });
    expect(results(events)).toHaveLength(12);
    expectResultsPairedWithEarlierCalls(events);
    const errors = results(events).filter((r) => r.isError);
    expect(errors.map((r) => [r.toolUseId, r.toolName])).toEqual([
      ["toolu_01LM7vfs6eMdhHJokVajzJA1", "Write"],
    ]);
    // The block is the truth: toolUseResult on that line says "Error: Claude requested…".
    expect(
      errors[0]?.output.startsWith("Claude requested permissions to write to /path/to/Demo/CLAUDE.md"),
    ).toBe(true);
  });

  it("imports 5c0375b4: 21 tool calls, 3 failing results, 14 sidechain messages", () => {
    const events = parseFile("5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl");
    expect(ofKind(events, "user", "text")).toHaveLength(4);
    expect(ofKind(events, "assistant", "text")).toHaveLength(7);
    expect(toolCounts(events)).toEqual({
      Bash: 5,
      Edit: 1,
      Glob: 3,
      MultiEdit: 1,
      Read: 3,
      Task: 3,
      TodoWrite: 5,
    });
    expect(results(events)).toHaveLength(21);
    expectResultsPairedWithEarlierCalls(events);
    const errors = results(events).filter((r) => r.isError);
    expect(errors.map((r) => [r.toolUseId, r.toolName])).toEqual([
      ["toolu_018t5jce2ZNoGr2ADsHGQife", "Task"],
      ["toolu_01KDiLyJT1VsszVhG4d3p6jV", "Bash"],
      ["toolu_019ctBEHhLKehUi4xPDkYwvc", "Edit"],
    ]);
    expect(messages(events).filter((m) => m.isSidechain)).toHaveLength(14);
    const command = ofKind(events, "user", "text")[0];
    expect(command?.content.startsWith("<command-message>orchestrator is running…")).toBe(true);
    expect(command?.metadata).toEqual({ isMeta: true, origin: "command" });
  });

  it("keeps one API message split over lines under one apiMessageId with distinct source ids", () => {
    const events = parseFile("5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl");
    const parts = messages(events).filter((m) => m.apiMessageId === "msg_014fJ8dncc8t7mNss9o1poH3");
    expect(parts).toHaveLength(3);
    expect(new Set(parts.map((m) => m.sourceId)).size).toBe(3);
  });

  it("yields the same events, ids included, when a file is parsed twice", () => {
    const file = "5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl";
    expect(parseFile(file)).toEqual(parseFile(file));
  });
});

describe("claude-code parser on v2.1.x line types", () => {
  const events = parseFile("agent-sessions-small.jsonl");

  it("imports thinking, text, tool calls, summaries and compact boundaries", () => {
    expect(ofKind(events, "assistant", "thinking")).toHaveLength(6);
    expect(ofKind(events, "assistant", "thinking")[0]?.content).toBe("Reasoning goes here.");
    expect(ofKind(events, "assistant", "text")).toHaveLength(6);
    expect(ofKind(events, "user", "text")).toHaveLength(6);
    expect(toolCounts(events)).toEqual({ bash: 1, Bash: 1, "[trimmed for fixture]": 1 });
    expect(ofKind(events, "system", "compact_boundary")).toHaveLength(2);
    expect(ofKind(events, "system", "compact_boundary")[0]).toMatchObject({
      sourceId: "s4",
      content: "compacted",
    });
    const summaries = ofKind(events, "system", "summary");
    expect(summaries.map((m) => [m.sourceId, m.content])).toEqual([
      ["summary:leaf_stage0", "Claude Code: Context usage summary"],
      ["u3", "Summary of prior context."],
    ]);
    expect(summaries[1]?.metadata).toEqual({ isCompactSummary: true });
  });

  it("pairs a result without tool_use_id with the open call, and keeps is_error", () => {
    const [first, denied, nested] = results(events);
    expect(results(events)).toHaveLength(3);
    // Neither the call (line a1) nor the result carries an id: the result takes the open call.
    expect(first).toMatchObject({
      sourceId: "u2",
      toolUseId: "a1:2",
      toolName: "bash",
      output: "ok",
      isError: false,
    });
    expect(denied).toMatchObject({ sourceId: "u2b", toolUseId: "tool_use_stage0_002", isError: true });
    expect(nested).toMatchObject({ toolUseId: "toolu_stage0_1", toolName: "Bash", output: "a.txt\nb.txt\n" });
  });

  it("skips UI and bookkeeping lines with a reason and sets the title", () => {
    expect(events.filter((e) => e.type === "unknown")).toHaveLength(0);
    // 89 lines: 23 import something (the custom-title line only renames the session), 66 are skipped.
    expect(skips(events)).toHaveLength(66);
    const reasons = skips(events).map((s) => s.reason);
    expect(reasons.filter((r) => r === "attachment")).toHaveLength(38);
    expect(reasons.filter((r) => r === "system:api_error")).toHaveLength(4);
    for (const reason of [
      "system:session_start",
      "permission-mode",
      "mode",
      "file-history-snapshot",
      "queue-operation",
      "progress",
    ]) {
      expect(reasons).toContain(reason);
    }
    expect(reasons).toContain("assistant: no importable content blocks (block types: fallback)");
    expect(reasons).toContain("ai-title: custom title already set");
    const titled = sessions(events).find((s) => s.title !== null);
    expect(titled).toMatchObject({ sourceSessionId: "ses_stage0_small", title: "Stage0 small fixture" });
    expect(sessions(events).map((s) => s.sourceSessionId)).toEqual([
      "ses_stage0_small",
      "ses_stage0_small",
      "[trimmed for fixture]",
    ]);
  });
});

describe("claude-code parser on the schema-drift file", () => {
  const events = parseFile("agent-sessions-schema-drift.jsonl");

  it("imports top-level tool_use/tool_result lines and pairs them by name", () => {
    expect(ofKind(events, "tool", "tool_call")).toEqual([
      expect.objectContaining({
        toolName: "bash",
        toolUseId: "t1",
        toolInput: '{"command":"cat README.md"}',
      }),
    ]);
    expect(results(events)).toEqual([
      expect.objectContaining({
        toolUseId: "t1",
        toolName: "bash",
        output: "# Title\n\nBody\n",
        isError: false,
      }),
    ]);
    expect(ofKind(events, "user", "text").map((m) => m.content)).toEqual(["Open README", "List files"]);
    expect(ofKind(events, "assistant", "text").map((m) => m.content)).toEqual([
      "Read README and extracted the title.",
    ]);
  });

  it("re-announces the session when cwd and branch appear, and skips the rest by name", () => {
    expect(sessions(events).map((s) => [s.cwd, s.gitBranch])).toEqual([
      [null, null],
      ["/tmp/project", "main"],
    ]);
    expect(events.filter((e) => e.type === "unknown")).toHaveLength(0);
    expect(skips(events).map((s) => s.reason)).toEqual([
      "system:turn_duration",
      "permission-mode",
      "mode",
      "attachment",
      "system:stop_hook_summary",
    ]);
  });
});

describe("claude-code subagent transcripts", () => {
  it("links <session>/subagents/agent-<id>.jsonl to its parent session", () => {
    const events = parseFile(`subagent/${SUBAGENT_PARENT}/subagents/agent-a0ad4f44468bdf20d.jsonl`);
    const childId = `${SUBAGENT_PARENT}/agent-a0ad4f44468bdf20d`;
    expect(sessions(events)).toEqual([
      expect.objectContaining({
        sourceSessionId: childId,
        parentSourceSessionId: SUBAGENT_PARENT,
        metadata: { version: "2.1.207", agentId: "a0ad4f44468bdf20d" },
      }),
    ]);
    const imported = [...messages(events), ...results(events)];
    expect(imported).toHaveLength(4);
    expect(imported.every((e) => e.sourceSessionId === childId)).toBe(true);
    expect(messages(events).every((m) => m.isSidechain)).toBe(true);
    expect(results(events)).toEqual([
      expect.objectContaining({
        toolUseId: "ca1:1",
        toolName: "bash",
        output: "a.txt:1: TODO fix",
        isError: false,
      }),
    ]);
  });

  it("keeps the parent transcript in its own session with the Task call", () => {
    const events = parseFile(`subagent/${SUBAGENT_PARENT}.jsonl`);
    expect(sessions(events)).toEqual([
      expect.objectContaining({ sourceSessionId: SUBAGENT_PARENT, parentSourceSessionId: null, cwd: "/tmp" }),
    ]);
    expect(toolCounts(events)).toEqual({ Task: 1 });
  });

  it("keeps a bare agent-*.jsonl without agentId in the session its lines name, as sidechain", () => {
    const events = parseFile("agent-test-hash-123.jsonl");
    expect(sessions(events)).toEqual([
      expect.objectContaining({
        sourceSessionId: "5c0375b4-57a5-4f26-b12d-d022ee4e51b7",
        parentSourceSessionId: null,
      }),
    ]);
    expect(messages(events).map((m) => [m.role, m.isSidechain])).toEqual([
      ["user", true],
      ["assistant", true],
    ]);
  });

  it("treats a bare agent-<id>.jsonl whose lines carry that agentId as a subagent (2.0.x layout)", () => {
    const parser = createClaudeCodeParser({ file: "/p/agent-abc123.jsonl" });
    const line = {
      type: "user",
      sessionId: "parent-1",
      agentId: "abc123",
      uuid: "u1",
      message: { content: "hi" },
    };
    expect(parser.parseLine(line, 1)[0]).toMatchObject({
      type: "session",
      sourceSessionId: "parent-1/agent-abc123",
      parentSourceSessionId: "parent-1",
    });
  });
});

describe("claude-code parser on records of the wrong shape", () => {
  it("skips with a reason naming the field, or reports the line type as unknown", () => {
    const parser = createClaudeCodeParser({ file: "/p/s.jsonl" });
    const outcome = (record: unknown) => parser.parseLine(record, 1).at(-1);
    expect(outcome(null)).toEqual({ type: "skip", reason: "record: expected object" });
    expect(outcome({ message: {} })).toEqual({ type: "skip", reason: "type: expected string" });
    expect(outcome({ type: "user", message: { content: 5 } })).toEqual({
      type: "skip",
      reason: "user: message.content: expected string or array",
    });
    expect(outcome({ type: "assistant", message: "hi" })).toEqual({
      type: "skip",
      reason: "assistant: message: expected object",
    });
    expect(outcome({ type: "tool_use", input: {} })).toEqual({
      type: "skip",
      reason: "tool_use: name: expected string",
    });
    expect(outcome({ type: "brand-new-line" })).toEqual({ type: "unknown", lineType: "brand-new-line" });
    expect(outcome({ type: "system", subtype: "brand_new" })).toEqual({
      type: "unknown",
      lineType: "system:brand_new",
    });
  });
});

describe("claude-code parser on leading summary lines", () => {
  const summary = (leaf: string, text: string) => ({ type: "summary", summary: text, leafUuid: leaf });
  const user = (uuid: string) => ({
    type: "user",
    sessionId: "7d3e9a10-2b4c-4d5e-8f60-718293a4b5c6",
    uuid,
    cwd: "/work/shop",
    timestamp: "2026-11-02T09:00:00.000Z",
    message: { role: "user", content: "fix the login bug" },
  });

  it("gives them to the first session the file names, not to a session named after the file", () => {
    const parser = createClaudeCodeParser({ file: "/p/2f0c1d9e-renamed.jsonl" });
    const events = [
      summary("leaf-a", "Login bug fix"),
      summary("leaf-b", "Earlier refactor"),
      user("u1"),
    ].flatMap((line, index) => parser.parseLine(line, index + 1));
    expect(sessions(events).map((session) => session.sourceSessionId)).toEqual([
      "7d3e9a10-2b4c-4d5e-8f60-718293a4b5c6",
    ]);
    expect(ofKind(events, "system", "summary").map((m) => [m.sourceSessionId, m.sourceId])).toEqual([
      ["7d3e9a10-2b4c-4d5e-8f60-718293a4b5c6", "summary:leaf-a"],
      ["7d3e9a10-2b4c-4d5e-8f60-718293a4b5c6", "summary:leaf-b"],
    ]);
  });

  it("makes no session of a file that holds nothing but summaries", () => {
    const parser = createClaudeCodeParser({ file: "/p/0e1f2a3b.jsonl" });
    const events = [summary("leaf-a", "Login bug fix"), summary("leaf-b", "Earlier refactor")].flatMap(
      (line, index) => parser.parseLine(line, index + 1),
    );
    expect(events).toEqual([]);
  });
});
