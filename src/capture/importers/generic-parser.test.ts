import { describe, expect, it } from "vitest";
import { createGenericParser } from "./generic-parser.js";
import type { ImportEvent } from "./types.js";

function parseRecords(records: unknown[], file = "/data/export.jsonl"): ImportEvent[] {
  const parser = createGenericParser({ file });
  return records.flatMap((record, index) => parser.parseLine(record, index + 1));
}

describe("generic parser, one message per line", () => {
  it("imports the documented example: text, tool call and failing result", () => {
    const events = parseRecords([
      {
        role: "user",
        content: "Fix the failing test",
        session_id: "s1",
        id: "m1",
        timestamp: "2025-01-01T00:00:00Z",
      },
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "c1", type: "function", function: { name: "bash", arguments: '{"command":"npm test"}' } },
        ],
      },
      { role: "tool", tool_call_id: "c1", name: "bash", content: "1 failing", is_error: true },
    ]);
    expect(events).toEqual([
      {
        type: "session",
        sourceSessionId: "s1",
        agent: "generic",
        title: undefined,
        cwd: undefined,
        timestamp: 1735689600000,
      },
      expect.objectContaining({
        sourceSessionId: "s1",
        sourceId: "m1",
        role: "user",
        kind: "text",
        timestamp: 1735689600000,
      }),
      expect.objectContaining({
        sourceSessionId: "s1",
        sourceId: "line-2:call-0",
        role: "tool",
        kind: "tool_call",
        toolName: "bash",
        toolInput: '{"command":"npm test"}',
        toolUseId: "c1",
      }),
      expect.objectContaining({
        type: "tool_result",
        sourceSessionId: "s1",
        toolUseId: "c1",
        output: "1 failing",
        isError: true,
      }),
    ]);
  });

  it("names the session after the file when no line names one, and reads text parts", () => {
    const events = parseRecords([
      { role: "developer", content: [{ type: "text", text: "Be brief." }], timestamp: 1735689600 },
    ]);
    expect(events[0]).toMatchObject({ type: "session", sourceSessionId: "export" });
    expect(events[1]).toMatchObject({
      role: "system",
      content: "Be brief.",
      metadata: { sourceRole: "developer" },
      timestamp: 1735689600000,
    });
  });

  it("pairs a legacy function result by name with the open function_call", () => {
    const events = parseRecords([
      { role: "assistant", content: "Looking.", function_call: { name: "search", arguments: { q: "x" } } },
      { role: "function", name: "search", content: "3 hits" },
    ]);
    expect(events.map((e) => e.type)).toEqual(["session", "message", "message", "tool_result"]);
    expect(events[2]).toMatchObject({
      toolName: "search",
      toolInput: '{"q":"x"}',
      toolUseId: "line-1:call-0",
    });
    expect(events[3]).toMatchObject({
      toolUseId: "line-1:call-0",
      toolName: "search",
      output: "3 hits",
      isError: false,
    });
  });
});

describe("generic parser, one conversation per line", () => {
  it("imports each conversation as its own session", () => {
    const events = parseRecords([
      {
        id: "conv-a",
        title: "Refactor",
        cwd: "/repo",
        messages: [
          { role: "user", content: "hi" },
          { role: "assistant", content: "hello" },
        ],
      },
      { id: "conv-b", messages: [{ role: "user", content: "second" }] },
    ]);
    expect(events.filter((e) => e.type === "session")).toEqual([
      expect.objectContaining({ sourceSessionId: "conv-a", title: "Refactor", cwd: "/repo" }),
      expect.objectContaining({ sourceSessionId: "conv-b" }),
    ]);
    expect(
      events.flatMap((e) => (e.type === "message" ? [[e.sourceSessionId, e.sourceId, e.content]] : [])),
    ).toEqual([
      ["conv-a", "line-1:0", "hi"],
      ["conv-a", "line-1:1", "hello"],
      ["conv-b", "line-2:0", "second"],
    ]);
  });

  it("skips a bad message inside a conversation and keeps the rest", () => {
    const events = parseRecords([
      {
        messages: [
          { role: "robot", content: "?" },
          { role: "user", content: "ok" },
        ],
      },
    ]);
    expect(events).toEqual([
      expect.objectContaining({ type: "session" }),
      {
        type: "skip",
        reason: "messages.0: role: expected one of user, assistant, system, developer, tool, function",
      },
      expect.objectContaining({ type: "message", content: "ok" }),
    ]);
  });
});

describe("generic parser on records of the wrong shape", () => {
  it("skips with a reason naming the field", () => {
    const outcome = (record: unknown) => parseRecords([record]).at(-1);
    expect(outcome([1, 2])).toEqual({ type: "skip", reason: "record: expected object" });
    expect(outcome({ role: "user", content: 5 })).toEqual({
      type: "skip",
      reason: "message: content: expected string, array or null",
    });
    expect(outcome({ messages: "x" })).toEqual({
      type: "skip",
      reason: "conversation: messages: expected array",
    });
    expect(outcome({ role: "assistant", tool_calls: [{ function: {} }] })).toEqual({
      type: "skip",
      reason: "message: tool_calls.0.function.name: expected string",
    });
    expect(outcome({ role: "assistant", content: "" })).toEqual({
      type: "skip",
      reason: "assistant: content: no text or tool calls",
    });
  });
});
