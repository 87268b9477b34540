import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { CLI_FROM_SOURCE, type McpFixture, startMcpFixture } from "../../testing/mcp-fixture.js";

/**
 * The loop closed through MCP: a lesson recall injected into a session gets helpful or harmful
 * feedback when the agent reports the task's outcome with `record_outcome`, once — a second report
 * and a later `tacit learn` of the same session judge it no more. Real SDK client over stdio, the
 * CLI in child processes, one SQLite file.
 */
const CLI = CLI_FROM_SOURCE;

let home: string;
let project: string;
let lessonId: string;
let client: Client;
let mcp: McpFixture;

beforeAll(async () => {
  mcp = await startMcpFixture({ name: "mcp-outcome" });
  ({ home, project, lessonId, client } = mcp);
});

afterAll(async () => {
  await mcp?.close();
});

interface LessonFeedbackItem {
  lessonId: string;
  recallId: string;
  feedback: string;
  result: string;
}

async function call<T>(name: string, args: Record<string, unknown>): Promise<T> {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return result.structuredContent as T;
}

/**
 * A task as an agent runs it: recall for the prompt (logged for the session), then the turn; the
 * user confirms it worked unless `confirmed` is false (then no outcome can be derived from it).
 */
async function runTask(sessionId: string, confirmed = true): Promise<void> {
  const recalled = await call<{ items: Array<{ kind: string; id: string }> }>("recall", {
    query: "install the dependencies for checkout",
    project,
    session_id: sessionId,
  });
  expect(recalled.items).toContainEqual(expect.objectContaining({ kind: "lesson", id: lessonId }));
  await call("capture_messages", {
    session_id: sessionId,
    cwd: project,
    messages: [
      { role: "user", content: "Install the dependencies for checkout" },
      {
        role: "assistant",
        content: "",
        tool_name: "Bash",
        tool_input: { command: "pnpm install" },
        tool_output: "Done in 2.1s",
      },
      { role: "assistant", content: "Installed them with pnpm install." },
      ...(confirmed ? [{ role: "user", content: "Thanks, that worked perfectly." }] : []),
    ],
  });
}

/** The recall feedback stored for the lesson from one session, read from the database file. */
function recallFeedback(sessionId: string): Array<{ type: string; recallId: string }> {
  const store = new SqliteStore({ path: join(home, "tacit.db"), readonly: true });
  try {
    return store.db
      .prepare(
        "SELECT type, recall_id AS recallId FROM lesson_feedback WHERE lesson_id = ? AND source = 'recall' AND session_id = ?",
      )
      .all(lessonId, sessionId) as Array<{ type: string; recallId: string }>;
  } finally {
    store.db.close();
  }
}

function taskIds(sessionId: string): string[] {
  const store = new SqliteStore({ path: join(home, "tacit.db"), readonly: true });
  try {
    return (
      store.db
        .prepare("SELECT id FROM tasks WHERE session_id = ? ORDER BY start_seq")
        .all(sessionId) as Array<{
        id: string;
      }>
    ).map((row) => row.id);
  } finally {
    store.db.close();
  }
}

function learn(sessionId: string): { tasksLearned: number } {
  const result = spawnSync(process.execPath, [...CLI, "learn", "--session", sessionId, "--json"], {
    env: { PATH: process.env.PATH, TACIT_HOME: home },
    encoding: "utf8",
  });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout);
}

describe("record_outcome feeds the lessons recall injected", () => {
  it("control: without a reported outcome, tacit learn judges the recalled lesson from the derived one", async () => {
    await runTask("mcp-loop-control");
    expect(learn("mcp-loop-control").tasksLearned).toBe(1);
    expect(recallFeedback("mcp-loop-control")).toEqual([{ type: "helpful", recallId: expect.any(String) }]);
  });

  it("judges the injected lesson once: not again on a second report, nor by tacit learn", async () => {
    await runTask("mcp-loop-1");
    const reported = await call<{ lessonFeedback: LessonFeedbackItem[] }>("record_outcome", {
      session_id: "mcp-loop-1",
      success: true,
      duration_ms: 60_000,
    });
    expect(reported.lessonFeedback).toEqual([
      { lessonId, recallId: expect.any(String), feedback: "helpful", result: "applied" },
    ]);
    const [judged] = reported.lessonFeedback;
    expect(recallFeedback("mcp-loop-1")).toEqual([{ type: "helpful", recallId: judged?.recallId }]);

    const again = await call<{ lessonFeedback: LessonFeedbackItem[] }>("record_outcome", {
      session_id: "mcp-loop-1",
      success: false,
    });
    expect(again.lessonFeedback).toEqual([]);

    expect(learn("mcp-loop-1").tasksLearned).toBe(1);
    expect(recallFeedback("mcp-loop-1")).toEqual([{ type: "helpful", recallId: judged?.recallId }]);
    const shown = spawnSync(process.execPath, [...CLI, "lessons", "show", lessonId, "--json"], {
      env: { PATH: process.env.PATH, TACIT_HOME: home },
      encoding: "utf8",
    });
    const details = JSON.parse(shown.stdout);
    // One judgement from each session's recall: the control's (by learn) and this one's (by MCP).
    expect(details.recall).toMatchObject({ recalls: 2, helpful: 2, harmful: 0 });
  });

  it("with task_id, judges the recalls of that task that learn left open (no derivable outcome)", async () => {
    await runTask("mcp-loop-3", false);
    expect(learn("mcp-loop-3").tasksLearned).toBe(1);
    expect(recallFeedback("mcp-loop-3")).toEqual([]);
    const [task] = taskIds("mcp-loop-3");
    const reported = await call<{ outcome: { taskId: string }; lessonFeedback: LessonFeedbackItem[] }>(
      "record_outcome",
      { session_id: "mcp-loop-3", task_id: task, success: true },
    );
    expect(reported.outcome.taskId).toBe(task);
    expect(reported.lessonFeedback).toEqual([
      { lessonId, recallId: expect.any(String), feedback: "helpful", result: "applied" },
    ]);
    expect(recallFeedback("mcp-loop-3")).toHaveLength(1);
  });

  // Last of the judging tests: harmful feedback holds back a candidate lesson from later recalls.
  it("a task that failed badly makes the recalled lesson's feedback harmful; a task of another session is refused", async () => {
    const recalled = await call<{ items: Array<{ id: string }> }>("recall", {
      query: "install the dependencies for checkout",
      project,
      session_id: "mcp-loop-2",
    });
    expect(recalled.items.map((item) => item.id)).toContain(lessonId);
    const failed = await call<{ lessonFeedback: LessonFeedbackItem[] }>("record_outcome", {
      session_id: "mcp-loop-2",
      success: false,
      error_count: 3,
      retry_count: 2,
      failure_mode: "lockfile conflict",
    });
    expect(failed.lessonFeedback).toEqual([
      { lessonId, recallId: expect.any(String), feedback: "harmful", result: "applied" },
    ]);
    expect(recallFeedback("mcp-loop-2")).toEqual([{ type: "harmful", recallId: expect.any(String) }]);

    const [otherTask] = taskIds("mcp-loop-1");
    const foreign = await client.callTool({
      name: "record_outcome",
      arguments: { session_id: "mcp-loop-2", task_id: otherTask, success: true },
    });
    expect(foreign.isError).toBe(true);
    expect(foreign.content).toEqual([
      { type: "text", text: `task ${otherTask} belongs to session mcp-loop-1, not mcp-loop-2` },
    ]);
  });

  it("writes nothing but the protocol to stdout", () => {
    expect(mcp.stderr()).toBe("");
  });
});
