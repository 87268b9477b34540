import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { type McpFixture, startMcpFixture } from "../../testing/mcp-fixture.js";

/**
 * Drives the MCP server over stdio with the SDK's real Client, in a child process (`tacit mcp` run
 * from source) on a temporary store.
 */
const TOOL_NAMES = [
  "recall",
  "record_feedback",
  "record_outcome",
  "record_error",
  "get_error_context",
  "capture_messages",
  "list_lessons",
  "compact_context",
  "memory_write",
  "guardian_rollback",
  "gate_decide",
];

let home: string;
let project: string;
let lessonId: string;
let client: Client;
let mcp: McpFixture;
const transportErrors: Error[] = [];

beforeAll(async () => {
  mcp = await startMcpFixture({ name: "mcp", promote: true });
  ({ home, project, lessonId, client } = mcp);
  client.onerror = (error) => transportErrors.push(error);
});

afterAll(async () => {
  await mcp?.close();
});

/** Calls a tool and returns its result, failing the test on a protocol error. */
async function call(name: string, args: Record<string, unknown>) {
  return client.callTool({ name, arguments: args });
}

function structured<T>(result: Awaited<ReturnType<typeof call>>): T {
  expect(result.isError).toBeFalsy();
  const content = result.content as Array<{ type: string; text: string }>;
  expect(JSON.parse(content[0]?.text ?? "null")).toEqual(result.structuredContent);
  return result.structuredContent as T;
}

describe("tacit MCP server over stdio", () => {
  it("lists the tools, each with a description and input and output schemas", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(TOOL_NAMES);
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.inputSchema.type).toBe("object");
      expect(tool.outputSchema?.type).toBe("object");
    }
    const recall = tools.find((tool) => tool.name === "recall");
    expect(recall?.inputSchema.required).toEqual(["query"]);
    expect(recall?.inputSchema.properties?.query).toMatchObject({ type: "string" });
    expect(JSON.stringify(recall?.inputSchema.properties?.project)).toMatch(/git root/);
  });

  it("recall: finds the project's lesson from the server's cwd, and logs it for a session", async () => {
    const result = structured<{ context: string; items: Array<{ kind: string; id: string }> }>(
      await call("recall", { query: "install the dependencies for checkout", cwd: project }),
    );
    expect(result.context).toMatch(/^<tacit-context>/);
    expect(result.context).toMatch(/pnpm/);
    expect(result.items[0]).toMatchObject({ kind: "lesson", id: lessonId });

    const elsewhere = structured<{ items: unknown[] }>(
      await call("recall", { query: "install the dependencies for checkout", project: "/elsewhere" }),
    );
    expect(elsewhere.items).toEqual([]);

    await call("recall", { query: "install the dependencies", project, session_id: "mcp-recall-1" });
    const store = new SqliteStore({ path: join(home, "tacit.db") });
    try {
      const row = store.db
        .prepare("SELECT COUNT(*) AS n FROM recall_events WHERE session_id = ?")
        .get("mcp-recall-1") as { n: number };
      expect(row.n).toBe(1);
    } finally {
      await store.close();
    }
  });

  it("record_feedback: stores the reason redacted, returns the lesson's new state; an unknown lesson is a handler error", async () => {
    const result = structured<{
      id: string;
      feedback: string;
      reason: string;
      lesson: { id: string; maturity: string; status: string };
    }>(
      await call("record_feedback", {
        lesson_id: lessonId,
        helpful: true,
        reason: "pnpm worked; the registry password=hunter2-secret was not needed",
      }),
    );
    expect(result.feedback).toBe("helpful");
    expect(result.reason).toBe("pnpm worked; the registry password=[REDACTED:assignment] was not needed");
    expect(result.lesson).toMatchObject({ id: lessonId, maturity: "proven", status: "active" });
    const store = new SqliteStore({ path: join(home, "tacit.db") });
    try {
      expect(store.db.prepare("SELECT reason FROM lesson_feedback WHERE id = ?").get(result.id)).toEqual({
        reason: result.reason,
      });
    } finally {
      await store.close();
    }

    const missing = await call("record_feedback", { lesson_id: "no-such-lesson", helpful: false });
    expect(missing.isError).toBe(true);
    expect(missing.content).toEqual([{ type: "text", text: "lesson no-such-lesson not found" }]);
  });

  it("record_outcome: stores the outcome with its implicit feedback score", async () => {
    const result = structured<{
      outcome: { sessionId: string; success: boolean; filesTouched: string[] };
      score: { type: string; rawScore: number };
    }>(
      await call("record_outcome", {
        session_id: "mcp-outcome-1",
        success: true,
        duration_ms: 180_000,
        error_count: 0,
        retry_count: 0,
        files_touched: ["src/auth.ts"],
        strategy: "file-based",
      }),
    );
    expect(result.outcome).toMatchObject({ sessionId: "mcp-outcome-1", success: true });
    expect(result.outcome.filesTouched).toEqual(["src/auth.ts"]);
    expect(result.score).toMatchObject({ type: "helpful", rawScore: 1 });

    const failed = structured<{ score: { type: string } }>(
      await call("record_outcome", {
        session_id: "mcp-outcome-1",
        success: false,
        duration_ms: 2_400_000,
        error_count: 3,
        retry_count: 2,
        failure_mode: "timeout",
      }),
    );
    expect(failed.score.type).toBe("harmful");

    const unknownTask = await call("record_outcome", {
      session_id: "mcp-outcome-1",
      task_id: "no-such-task",
      success: true,
    });
    expect(unknownTask.isError).toBe(true);
    expect(unknownTask.content).toEqual([{ type: "text", text: "task no-such-task not found" }]);
  });

  it("record_error and get_error_context: the retry context", async () => {
    const recorded = structured<{ id: string; errorType: string }>(
      await call("record_error", {
        session_id: "mcp-errors-1",
        message: "Timed out after 30s waiting for the dev server",
        tool_name: "Bash",
        context: "pnpm dev",
      }),
    );
    expect(recorded.errorType).toBe("timeout");
    const typed = structured<{ errorType: string }>(
      await call("record_error", { session_id: "mcp-errors-1", message: "boom", error_type: "conflict" }),
    );
    expect(typed.errorType).toBe("conflict");

    const context = structured<{ context: string; stats: { total: number; byType: Record<string, number> } }>(
      await call("get_error_context", { session_id: "mcp-errors-1" }),
    );
    expect(context.context).toMatch(/^## Previous errors/);
    expect(context.context).toMatch(/Timed out after 30s/);
    expect(context.stats).toMatchObject({ total: 2, byType: { timeout: 1, conflict: 1 } });

    const none = structured<{ context: string }>(await call("get_error_context", { session_id: "quiet" }));
    expect(none.context).toBe("");
  });

  it("capture_messages: stores messages and tool calls; re-sending adds nothing", async () => {
    const messages = [
      { role: "user", content: "Run the tests", timestamp: "2026-10-01T09:00:00Z" },
      {
        role: "assistant",
        content: "",
        tool_name: "Bash",
        tool_input: { command: "pnpm test" },
        tool_output: "Error: 2 tests failed",
        is_error: true,
      },
      { role: "assistant", content: "Two tests fail; fixing them.", timestamp: 1_790_000_000_000 },
    ];
    const first = structured<{
      received: number;
      inserted: number;
      toolCallsInserted: number;
      errorsInserted: number;
    }>(
      await call("capture_messages", {
        session_id: "mcp-capture-1",
        agent: "generic",
        cwd: project,
        messages,
      }),
    );
    expect(first).toMatchObject({ received: 3, inserted: 3, toolCallsInserted: 1, errorsInserted: 1 });
    const again = structured<{ inserted: number }>(
      await call("capture_messages", { session_id: "mcp-capture-1", messages }),
    );
    expect(again.inserted).toBe(0);
    const errors = structured<{ stats: { total: number } }>(
      await call("get_error_context", { session_id: "mcp-capture-1" }),
    );
    expect(errors.stats.total).toBe(1);
  });

  it("list_lessons: filters by project, status and kind", async () => {
    const all = structured<{
      lessons: Array<{ id: string; rule: string; scope: string; projectId: string }>;
    }>(await call("list_lessons", { project }));
    expect(all.lessons).toHaveLength(1);
    expect(all.lessons[0]).toMatchObject({ id: lessonId, scope: "project", projectId: project });
    expect(all.lessons[0]?.rule).toMatch(/pnpm/);
    const none = structured<{ lessons: unknown[] }>(
      await call("list_lessons", { status: ["archived"], kind: ["avoid"], limit: 5 }),
    );
    expect(none.lessons).toEqual([]);
  });

  it("compact_context: folds a long history into four messages", async () => {
    const messages: Array<Record<string, unknown>> = [{ role: "user", content: "Fix the failing build" }];
    for (let index = 0; index < 12; index++) {
      messages.push({
        role: "assistant",
        content: `Step ${index}: reading a file`,
        tool_calls: [
          { id: `call-${index}`, type: "function", function: { name: "Read", arguments: `{"i":${index}}` } },
        ],
      });
      messages.push({ role: "tool", tool_call_id: `call-${index}`, content: `file contents ${index}` });
    }
    const result = structured<{
      messages: Array<{ role: string; content: string }>;
      stats: { loopRecords: number; windowRecords: number };
    }>(await call("compact_context", { messages, window: 4, instruction: "Fix the build" }));
    expect(result.messages.map((message) => message.role)).toEqual([
      "system",
      "assistant",
      "assistant",
      "system",
    ]);
    expect(result.messages[1]?.content).toMatch(/Fix the failing build/);
    expect(result.stats).toMatchObject({ loopRecords: 12, windowRecords: 4 });
  });

  it("memory_write and guardian_rollback: a guarded write, its refusal reasons, and its rollback", async () => {
    const workspace = join(home, "agent-workspace");
    mkdirSync(workspace);
    const written = structured<{ auditId: string; status: string; section: string; diff: string }>(
      await call("memory_write", {
        workspace,
        file: "USER.md",
        fact: "Prefers morning check-ins",
        session_id: "mcp-mem",
      }),
    );
    expect(written).toMatchObject({ status: "written", section: "Preferences" });
    expect(readFileSync(join(workspace, "USER.md"), "utf8")).toContain("- Prefers morning check-ins\n");
    const refused = structured<{ status: string; rule: string; diff: null }>(
      await call("memory_write", { workspace, file: "USER.md", fact: "Reach me at li@example.com" }),
    );
    expect(refused).toMatchObject({ status: "refused", rule: "sensitive", diff: null });
    symlinkSync(join(home, "tacit.db"), join(workspace, "TOOLS.md"));
    const linkEscape = await call("memory_write", { workspace, file: "TOOLS.md", fact: "rg is ripgrep" });
    expect(linkEscape.isError).toBe(true);
    expect((linkEscape.content as Array<{ text: string }>)[0]?.text).toMatch(
      /symbolic link .*outside the workspace/,
    );

    const rolled = structured<{ rolledBack: Array<{ auditId: string; action: string }>; stopped: null }>(
      await call("guardian_rollback", { workspace, session_id: "mcp-mem" }),
    );
    expect(rolled.rolledBack).toEqual([
      expect.objectContaining({ auditId: written.auditId, action: "deleted" }),
    ]);
    expect(existsSync(join(workspace, "USER.md"))).toBe(false);
    const again = await call("guardian_rollback", { workspace, audit_id: written.auditId });
    expect(again.isError).toBe(true);
    expect((again.content as Array<{ text: string }>)[0]?.text).toMatch(/already rolled back/);
  });

  it("gate_decide: decides a turn and stores the decision on the session", async () => {
    const result = structured<{
      decision: string;
      candidate_fact: string | null;
      reason: string;
      decision_id: string;
      model: string;
    }>(
      await call("gate_decide", {
        recent_messages: [{ role: "assistant", message: "Shall I book the usual?" }],
        current_user_message: "Yes. By the way, I'm allergic to peanuts.",
        current_agent_reply: "Noted, no peanuts.",
        session_id: "mcp-gate-1",
      }),
    );
    expect(result).toMatchObject({
      decision: "UPDATE_USER",
      candidate_fact: "is allergic to peanuts",
      model: "offline-rules/v1",
    });
    const store = new SqliteStore({ path: join(home, "tacit.db") });
    try {
      expect(
        store.db
          .prepare("SELECT session_id, decision FROM memory_gate_decisions WHERE id = ?")
          .get(result.decision_id),
      ).toEqual({ session_id: "mcp-gate-1", decision: "UPDATE_USER" });
    } finally {
      await store.close();
    }
  });

  it("answers bad arguments and unknown tools with protocol errors (InvalidParams)", async () => {
    const invalid = async (name: string, args: Record<string, unknown>) => {
      const error = await call(name, args).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(McpError);
      expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
      return (error as McpError).message;
    };
    expect(await invalid("recall", {})).toMatch(/Invalid arguments for tool recall: query/);
    expect(await invalid("record_feedback", { lesson_id: lessonId, helpful: "yes" })).toMatch(/helpful/);
    expect(await invalid("record_outcome", { session_id: "s", success: true, duration_ms: -1 })).toMatch(
      /duration_ms/,
    );
    expect(await invalid("get_error_context", {})).toMatch(/give session_id or task_id/);
    expect(await invalid("capture_messages", { session_id: "s", messages: [{ role: "robot" }] })).toMatch(
      /messages\[0\]\.role/,
    );
    expect(await invalid("compact_context", { messages: [{ role: "tool", content: "x" }] })).toMatch(
      /tool_call_id/,
    );
    expect(await invalid("memory_write", { file: "../x.md", fact: "x" })).toMatch(/file/);
    expect(await invalid("guardian_rollback", { audit_id: "a", session_id: "s" })).toMatch(
      /audit_id or session_id/,
    );
    expect(await invalid("gate_decide", { current_user_message: 7 })).toMatch(/current_user_message/);
    expect(await invalid("gate_decide", { current_user_message: "x", mode: "fast" })).toMatch(/mode/);
    expect(await invalid("no_such_tool", {})).toMatch(/Unknown tool: no_such_tool/);
  });

  it("writes nothing but the protocol to stdout", () => {
    expect(transportErrors).toEqual([]);
    expect(mcp.stderr()).toBe("");
  });
});
