import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { transcriptFixture } from "../../testing/fixtures.js";
import { createCodexParser } from "./codex-parser.js";
import type { ImportEvent, MessageEvent, SessionEvent, SkipEvent, ToolResultEvent } from "./types.js";

const FIXTURES = transcriptFixture("codex");
const ROLLOUT =
  "/home/u/.codex/sessions/2025/05/07/rollout-2025-05-07T17-24-21-5973b6c0-94b8-487b-a530-2aeb6098ae0e.jsonl";

function parseFixture(name: string): ImportEvent[] {
  const file = join(FIXTURES, name);
  const parser = createCodexParser({ file });
  const lines = readFileSync(file, "utf8").split("\n");
  return lines.flatMap((line, index) => (line.trim() ? parser.parseLine(JSON.parse(line), index + 1) : []));
}

function parseRecords(records: unknown[], file = ROLLOUT): ImportEvent[] {
  const parser = createCodexParser({ file });
  return records.flatMap((record, index) => parser.parseLine(record, index + 1));
}

const messages = (events: ImportEvent[]) => events.filter((e): e is MessageEvent => e.type === "message");
const results = (events: ImportEvent[]) =>
  events.filter((e): e is ToolResultEvent => e.type === "tool_result");
const sessions = (events: ImportEvent[]) => events.filter((e): e is SessionEvent => e.type === "session");
const skipReasons = (events: ImportEvent[]) =>
  events.filter((e): e is SkipEvent => e.type === "skip").map((e) => e.reason);
const ofKind = (events: ImportEvent[], role: string, kind: string) =>
  messages(events).filter((m) => m.role === role && m.kind === kind);

const item = (payload: Record<string, unknown>) => ({
  timestamp: "2025-05-07T17:24:21.000Z",
  type: "response_item",
  payload,
});

describe("codex parser on a current rollout", () => {
  const events = parseFixture("agent-sessions-small.jsonl");

  it("announces the session from session_meta with cwd, branch and CLI version", () => {
    expect(sessions(events)).toEqual([
      expect.objectContaining({
        sourceSessionId: "019fc8be-3658-7ca3-9e29-000000000000",
        agent: "codex",
        cwd: "/tmp/repo",
        gitBranch: "main",
        parentSourceSessionId: null,
        timestamp: Date.parse("2026-08-03T10:48:56.000Z"),
      }),
    ]);
    expect(sessions(events)[0]?.metadata).toMatchObject({
      cliVersion: "0.146.0",
      originator: "codex_cli_rs",
    });
    const others = skipReasons(events).filter((r) => r.startsWith("session_meta: another session id"));
    expect(others).toHaveLength(6);
  });

  it("imports messages from response items only, not again from event_msg", () => {
    expect(ofKind(events, "user", "text").map((m) => m.content)).toEqual(["List the files\n[image]"]);
    expect(ofKind(events, "assistant", "text").map((m) => m.content)).toEqual(["Found 2 files.\n[image]"]);
    expect(skipReasons(events).filter((r) => r === "event_msg:user_message")).toHaveLength(3);
    expect(skipReasons(events).filter((r) => r === "event_msg:agent_message")).toHaveLength(1);
    expect(ofKind(events, "assistant", "thinking")).toEqual([
      expect.objectContaining({ sourceId: "line-7", content: "[trimmed for fixture]" }),
    ]);
    expect(skipReasons(events)).toContain("response_item:reasoning: no readable text");
  });

  it("imports developer and inter-agent messages as system text", () => {
    const system = ofKind(events, "system", "text");
    expect(system.map((m) => m.sourceId)).toEqual(["line-33", "line-98", "line-116"]);
    expect(system[1]?.metadata).toEqual({ sourceRole: "developer" });
    expect(system[0]?.metadata).toMatchObject({ interAgent: true });
  });

  it("imports 7 tool calls and 6 results, all but one paired with an earlier call", () => {
    const calls = ofKind(events, "tool", "tool_call");
    expect(calls.map((c) => c.toolName)).toEqual([
      "shell",
      "shell",
      "tool_search",
      "web_search",
      "tool_search",
      "[trimmed for fixture]",
      "[trimmed for fixture]",
    ]);
    expect(calls[0]).toMatchObject({ toolUseId: "call-1", toolInput: '{"command":["ls"]}' });
    expect(results(events)).toHaveLength(6);
    const orphans = results(events).filter((result) => {
      const at = events.indexOf(result);
      return !events.slice(0, at).some((e) => e.type === "message" && e.toolUseId === result.toolUseId);
    });
    // Line 28's trimmed call id appears on a call only later (line 43): the one orphan result.
    expect(orphans.map((r) => r.sourceId)).toEqual(["line-28"]);
    const byCall = new Map(results(events).map((r) => [r.toolUseId, r]));
    expect(byCall.get("call-1")).toMatchObject({
      output: "a.txt\nb.txt\n",
      toolName: "shell",
      isError: false,
    });
    expect(byCall.get("call-2")).toMatchObject({ output: "a.txt\n", toolName: "shell", isError: false });
    expect(byCall.get("call-3")).toMatchObject({ output: "example_group", toolName: "tool_search" });
  });

  it("marks compactions and skips settings and UI lines by name", () => {
    expect(ofKind(events, "system", "compact_boundary")).toHaveLength(6);
    expect(events.filter((e) => e.type === "unknown")).toHaveLength(0);
    const reasons = skipReasons(events);
    expect(reasons).toHaveLength(92);
    expect(reasons.filter((r) => r === "turn_context")).toHaveLength(9);
    expect(reasons.filter((r) => r === "world_state")).toHaveLength(5);
    expect(reasons).toContain("response_item:ghost_snapshot");
    expect(reasons).toContain("response_item:image_generation_call");
  });
});

describe("codex parser on the schema-drift file", () => {
  const events = parseFixture("agent-sessions-schema-drift.jsonl");

  it("imports the old role/message and function_call/function_result shapes", () => {
    expect(sessions(events).map((s) => s.sourceSessionId)).toEqual([
      join(FIXTURES, "agent-sessions-schema-drift.jsonl"),
    ]);
    expect(ofKind(events, "user", "text").map((m) => m.content)).toEqual(["Translate 'hello' to Spanish"]);
    expect(ofKind(events, "assistant", "text").map((m) => m.content)).toEqual(['"hola"']);
    expect(ofKind(events, "tool", "tool_call")).toEqual([
      expect.objectContaining({
        toolName: "translate",
        toolUseId: "line-2",
        toolInput: '{"text":"hello","to":"es"}',
      }),
    ]);
    expect(results(events)).toEqual([
      expect.objectContaining({ toolUseId: "line-2", toolName: "translate", output: "hola", isError: false }),
    ]);
    expect(ofKind(events, "user", "text")[0]?.timestamp).toBe(Date.parse("2025-09-10T12:00:00Z"));
  });

  it("skips the drifted world_state line by name and reports nothing unknown", () => {
    expect(skipReasons(events)).toEqual(["world_state"]);
    expect(events.filter((e) => e.type === "unknown")).toHaveLength(0);
  });
});

describe("codex tool errors", () => {
  const call = item({
    type: "function_call",
    name: "shell",
    arguments: '{"command":["false"]}',
    call_id: "c1",
  });
  const outputOf = (output: unknown) => item({ type: "function_call_output", call_id: "c1", output });
  const resultFor = (output: unknown) => results(parseRecords([call, outputOf(output)]))[0];

  it("reads metadata.exit_code from JSON output", () => {
    expect(resultFor('{"output":"boom\\n","metadata":{"exit_code":1,"duration_seconds":0.1}}')).toMatchObject(
      {
        output: "boom\n",
        isError: true,
        toolName: "shell",
      },
    );
    expect(resultFor('{"output":"ok","metadata":{"exit_code":0}}')).toMatchObject({
      output: "ok",
      isError: false,
    });
  });

  it("reads exit codes written as text", () => {
    expect(resultFor("Exit code: 2\nWall time: 0.1 seconds\nOutput:\nfail")?.isError).toBe(true);
    expect(resultFor("Process exited with code 1\nOutput:\nfail")?.isError).toBe(true);
    expect(resultFor("Exit code: 0\nWall time: 0.1 seconds\nOutput:\nfine")?.isError).toBe(false);
    expect(resultFor("{ not json, exit code: 1 }")?.isError).toBe(false);
  });

  it("reads success: false and failures reported by event_msg end events", () => {
    expect(resultFor({ content: "denied", success: false })).toMatchObject({
      output: "denied",
      isError: true,
    });
    const failedExec = {
      type: "event_msg",
      payload: { type: "exec_command_end", call_id: "c1", exit_code: 127 },
    };
    const events = parseRecords([call, failedExec, outputOf("sh: nope: not found")]);
    expect(results(events)[0]?.isError).toBe(true);
  });
});

describe("codex session ids and older layouts", () => {
  it("takes the session id from the rollout file name when there is no session_meta", () => {
    const events = parseRecords([
      item({ type: "message", role: "user", content: [{ type: "input_text", text: "hi" }] }),
    ]);
    expect(sessions(events).map((s) => s.sourceSessionId)).toEqual(["5973b6c0-94b8-487b-a530-2aeb6098ae0e"]);
    expect(messages(events)[0]?.sourceSessionId).toBe("5973b6c0-94b8-487b-a530-2aeb6098ae0e");
  });

  it("reads the bare header and bare response items of early rollouts", () => {
    const events = parseRecords([
      { id: "early-1", timestamp: "2025-04-20T10:00:00Z", instructions: null, git: { branch: "dev" } },
      { record_type: "state" },
      {
        type: "message",
        role: "user",
        content: [{ type: "input_text", text: "<environment_context>cwd</environment_context>" }],
      },
      {
        type: "local_shell_call",
        call_id: "s1",
        status: "completed",
        action: { type: "exec", command: ["ls"] },
      },
    ]);
    expect(sessions(events)).toEqual([
      expect.objectContaining({ sourceSessionId: "early-1", gitBranch: "dev" }),
    ]);
    expect(skipReasons(events)).toEqual(["record_type:state"]);
    expect(messages(events)[0]).toMatchObject({ role: "user", metadata: { isMeta: true } });
    expect(messages(events)[1]).toMatchObject({
      kind: "tool_call",
      toolName: "local_shell",
      toolUseId: "s1",
    });
  });

  it("links a spawned subagent rollout to its parent thread", () => {
    const meta = {
      type: "session_meta",
      payload: {
        id: "child",
        cwd: "/r",
        source: { subagent: { thread_spawn: { parent_thread_id: "parent" } } },
      },
    };
    expect(sessions(parseRecords([meta]))[0]?.parentSourceSessionId).toBe("parent");
  });
});

describe("codex parser on records of the wrong shape", () => {
  it("skips with a reason naming the field, or reports the type as unknown", () => {
    const outcome = (record: unknown) => parseRecords([record]).at(-1);
    expect(outcome("text")).toEqual({ type: "skip", reason: "record: expected object" });
    expect(outcome({ type: "response_item", payload: 5 })).toEqual({
      type: "skip",
      reason: "payload: expected object",
    });
    expect(outcome(item({ type: "function_call" }))).toEqual({
      type: "skip",
      reason: "function_call: name: expected string",
    });
    expect(outcome({ type: "session_meta", payload: {} })).toEqual({
      type: "skip",
      reason: "session_meta: id: expected string",
    });
    expect(outcome(item({ type: "message", role: "user", content: 7 }))).toEqual({
      type: "skip",
      reason: "message: content: expected string or array",
    });
    expect(outcome({ payload: {} })).toEqual({ type: "skip", reason: "type: expected string" });
    expect(outcome(item({ type: "brand_new_item" }))).toEqual({
      type: "unknown",
      lineType: "response_item:brand_new_item",
    });
    expect(outcome({ type: "brand_new_line", payload: {} })).toEqual({
      type: "unknown",
      lineType: "brand_new_line",
    });
  });
});
