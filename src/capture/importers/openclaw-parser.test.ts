import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { transcriptFixture } from "../../testing/fixtures.js";
import { createOpenClawParser } from "./openclaw-parser.js";
import type { ImportEvent, MessageEvent } from "./types.js";

const FIXTURES = transcriptFixture("openclaw");

function parseFixture(name: string): ImportEvent[] {
  const file = join(FIXTURES, name);
  const parser = createOpenClawParser({ file });
  const lines = readFileSync(file, "utf8").split("\n");
  return lines.flatMap((line, index) => (line.trim() ? parser.parseLine(JSON.parse(line), index + 1) : []));
}

function parseRecords(
  records: unknown[],
  file = "/home/u/.openclaw/agents/main/sessions/s-9.jsonl",
): ImportEvent[] {
  const parser = createOpenClawParser({ file });
  return records.flatMap((record, index) => parser.parseLine(record, index + 1));
}

const messages = (events: ImportEvent[]) => events.filter((e): e is MessageEvent => e.type === "message");

describe("openclaw parser on the small session", () => {
  const events = parseFixture("agent-sessions-small.jsonl");

  it("imports the header, a user message, text plus tool call, and the paired result", () => {
    expect(events).toEqual([
      expect.objectContaining({
        type: "session",
        sourceSessionId: "openclaw-stage0-small",
        cwd: "/tmp/repo",
      }),
      { type: "skip", reason: "model_change" },
      expect.objectContaining({ sourceId: "m1", role: "user", kind: "text", content: "List files" }),
      expect.objectContaining({ sourceId: "m2:0", role: "assistant", kind: "text", apiMessageId: "m2" }),
      expect.objectContaining({
        sourceId: "m2:1",
        role: "tool",
        kind: "tool_call",
        toolName: "shell_exec",
        toolInput: '{"command":"ls"}',
        toolUseId: "tc1",
      }),
      expect.objectContaining({
        type: "tool_result",
        sourceId: "m3",
        toolUseId: "tc1",
        toolName: "shell_exec",
        output: "main.swift\nResources\n",
        isError: false,
      }),
    ]);
    expect(messages(events)[0]?.timestamp).toBe(Date.parse("2026-02-24T09:00:02Z"));
  });
});

describe("openclaw parser on the schema-drift session", () => {
  const events = parseFixture("agent-sessions-schema-drift.jsonl");

  it("imports messages, a system message and the paired result; counts one unknown line", () => {
    expect(messages(events).map((m) => [m.role, m.kind])).toEqual([
      ["user", "text"],
      ["assistant", "text"],
      ["tool", "tool_call"],
      ["system", "text"],
    ]);
    expect(events.filter((e) => e.type === "tool_result")).toEqual([
      expect.objectContaining({ toolUseId: "tc-diagnose", toolName: "diagnostic_tool", output: "PASS\n" }),
    ]);
    expect(events.filter((e) => e.type === "unknown")).toEqual([{ type: "unknown", lineType: "compact" }]);
    expect(events.filter((e) => e.type === "skip")).toEqual([{ type: "skip", reason: "custom" }]);
  });
});

describe("openclaw entry kinds beyond the fixtures", () => {
  it("reads bash executions, compactions, branch summaries, failed results and session names", () => {
    const events = parseRecords([
      {
        type: "message",
        id: "b1",
        parentId: null,
        message: { role: "bashExecution", command: "ls x", output: "no x", exitCode: 2 },
      },
      {
        type: "message",
        id: "a1",
        message: {
          role: "assistant",
          content: [{ type: "toolCall", id: "t1", name: "read", arguments: {} }],
        },
      },
      {
        type: "message",
        id: "r1",
        message: {
          role: "toolResult",
          toolCallId: "t1",
          content: [{ type: "text", text: "ENOENT" }],
          isError: true,
        },
      },
      {
        type: "compaction",
        id: "c1",
        summary: "Earlier: read files",
        firstKeptEntryId: "a1",
        tokensBefore: 9000,
      },
      { type: "branch_summary", id: "s1", fromId: "a1", summary: "Tried approach A" },
      { type: "session_info", id: "i1", name: "Fix reader" },
      { type: "thinking_level_change", id: "x1", thinkingLevel: "high" },
    ]);
    expect(events[0]).toMatchObject({ type: "session", sourceSessionId: "s-9" });
    expect(events[1]).toMatchObject({
      kind: "tool_call",
      toolName: "bash",
      toolInput: '{"command":"ls x"}',
      toolOutput: "no x",
      isError: true,
    });
    expect(events[3]).toMatchObject({
      type: "tool_result",
      toolUseId: "t1",
      toolName: "read",
      output: "ENOENT",
      isError: true,
    });
    expect(events[4]).toMatchObject({
      role: "system",
      kind: "compact_boundary",
      content: "Earlier: read files",
    });
    expect(events[5]).toMatchObject({ role: "system", kind: "summary", content: "Tried approach A" });
    expect(events[6]).toMatchObject({ type: "session", sourceSessionId: "s-9", title: "Fix reader" });
    expect(events[7]).toEqual({ type: "skip", reason: "thinking_level_change" });
  });

  it("skips records of the wrong shape with the field named", () => {
    const outcome = (record: unknown) => parseRecords([record]).at(-1);
    expect(outcome(42)).toEqual({ type: "skip", reason: "record: expected object" });
    expect(outcome({ type: "session" })).toEqual({ type: "skip", reason: "session: id: expected string" });
    expect(outcome({ type: "message" })).toEqual({
      type: "skip",
      reason: "message: message: expected object",
    });
    expect(outcome({ type: "message", message: {} })).toEqual({
      type: "skip",
      reason: "message: message.role: expected string",
    });
    expect(outcome({ type: "message", message: { role: "user", content: 5 } })).toEqual({
      type: "skip",
      reason: "message: message.content: expected string or array",
    });
  });
});
