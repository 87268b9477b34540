/**
 * A lesson comes back in the situation it was learnt in (the task's asks, see `lessonsLearntAt`),
 * and a lesson about how to answer comes back on every prompt of its scope. Real runtime, real
 * SQLite file, offline learning and the offline embedder.
 */
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { MessageInput } from "../capture/capture.js";
import { learnSessions } from "../learn/learn-worker.js";
import { openRuntime, type Runtime } from "../runtime.js";
import { captureSession } from "../testing/session-builder.js";
import { useTempDir } from "../testing/temp-dir.js";
import { type RecallResult, recall } from "./recall.js";

const tempDir = useTempDir();
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 18, 8);
const runtimes: Runtime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
});

async function setup() {
  let clock = T0;
  const dir = tempDir();
  const rt = await openRuntime({ db: join(dir, "tacit.db"), env: { TACIT_HOME: dir }, now: () => clock });
  runtimes.push(rt);
  return {
    rt,
    ask: (query: string, projectId = "/work/web") =>
      recall({ store: rt.store, embedder: rt.embedder, now: () => clock }, { query, projectId }),
    learn: () =>
      learnSessions({
        store: rt.store,
        lessons: rt.lessons,
        gate: rt.gate,
        embedder: rt.embedder,
        now: () => clock,
      }),
    later: (days: number) => {
      clock = T0 + days * DAY;
    },
  };
}

function lessons(result: RecallResult) {
  return result.items.filter((item) => item.kind === "lesson");
}

describe("situation recall", () => {
  it("recalls a lesson when the prompt resembles the task it was learnt in, though not its words", async () => {
    const { rt, ask, learn, later } = await setup();
    await captureSession(rt.capture, {
      id: "port",
      project: "/work/web",
      start: T0,
      turns: [
        ["user", "start the frontend dev server"],
        [
          "tool",
          "Bash",
          "pnpm dev",
          "error when starting dev server:\nError: Port 5173 is already in use",
          true,
        ],
        [
          "tool",
          "Bash",
          "pnpm dev --port 5174",
          "VITE v6.0.3  ready in 288 ms\n  Local:   http://localhost:5174/",
        ],
        ["assistant", "The dev server is on http://localhost:5174 (5173 is taken by another process)."],
      ],
    });
    await learn();
    later(1);

    const found = lessons(await ask("start the frontend so I can check the new header"));
    expect(found.map((item) => item.text)).toEqual([expect.stringMatching(/--port 5174/)]);
    // Lifted by the situation: the prompt shares no content word with the lesson's rule.
    expect(found[0]?.parts.situation).toBeGreaterThanOrEqual(0.45 / 0.8);

    expect(lessons(await ask("start the frontend so I can check the new header", "/work/other"))).toEqual([]);
    expect((await ask("write a limerick about a cat who owns a bakery")).context).toBe("");
  });

  it("lifts only the lessons of the matching task, not every lesson of the session", async () => {
    const { rt, ask, learn, later } = await setup();
    const sessionId = await rt.capture.upsertSession({
      agent: "sdk",
      sourceSessionId: "two-tasks",
      cwd: "/work/web",
      createdAt: T0,
    });
    const at = (minutes: number) => T0 + minutes * 60_000;
    const messages: MessageInput[] = [
      { id: "a1", role: "user", content: "start the frontend dev server", createdAt: at(0) },
      tool("a2", "pnpm dev", "Error: Port 5173 is already in use", true, at(1)),
      tool("a3", "pnpm dev --port 5174", "ready in 288 ms\n  Local:   http://localhost:5174/", false, at(2)),
      { id: "a4", role: "assistant", content: "Running on 5174.", createdAt: at(3) },
      // Two hours later, another task in the same session.
      {
        id: "b1",
        role: "user",
        content: "rename the invoice totals helper to sumInvoiceLines",
        createdAt: at(120),
      },
      { id: "b2", role: "assistant", content: "Renamed it in 4 files.", createdAt: at(121) },
    ];
    await rt.capture.appendMessages(sessionId, messages);
    await learn();
    const tasks = await rt.store.listTasks({ sessionId, limit: 10 });
    expect(tasks.length).toBe(2);
    later(1);

    const rename = await ask("rename the invoice helper again, to totalInvoiceLines");
    expect(lessons(rename).filter((item) => /5174/.test(item.text))).toEqual([]);
    const start = await ask("start the frontend so I can check the new header");
    expect(lessons(start).map((item) => item.text)).toEqual([expect.stringMatching(/5174/)]);
  });

  it("finds the situation of a short Chinese ask", async () => {
    const { rt, ask, learn, later } = await setup();
    await captureSession(rt.capture, {
      id: "node",
      project: "/work/web",
      start: T0,
      turns: [
        ["user", "启动后台管理"],
        [
          "tool",
          "Bash",
          "nvm use 16 && npm run serve",
          'error vite@5.4.11: The engine "node" is incompatible',
          true,
        ],
        ["user", "项目已经升级到 node 20 了，不要再切到 16，用 nvm use 20"],
        [
          "tool",
          "Bash",
          "nvm use 20 && npm run dev",
          "Now using node v20.18.1\n  VITE v5.4.11  ready in 512 ms",
        ],
        ["assistant", "已经用 node 20 启动了。"],
      ],
    });
    await learn();
    later(1);
    const found = lessons(await ask("启动一下后台管理，我要看新的菜单"));
    expect(found.map((item) => item.text)).toEqual([expect.stringMatching(/nvm use 20/)]);
    expect(found[0]?.parts.situation).toBeGreaterThan(0);
  });
});

describe("lessons about how to answer", () => {
  it("apply to every prompt of their project, and to no other project", async () => {
    const { rt, ask, learn, later } = await setup();
    await captureSession(rt.capture, {
      id: "style",
      project: "/work/web",
      start: T0,
      turns: [
        ["user", "tighten the header size limit to 16KB"],
        ["tool", "Edit", "internal/http/limits.go", "The file has been updated."],
        [
          "assistant",
          "Done. Summary of changes:\n- MaxHeaderBytes set to 16 << 10\n- Updated the limit test",
        ],
        [
          "user",
          "please don't write a summary at the end of every answer, I read the diff anyway. keep it short",
        ],
        ["assistant", "Understood."],
      ],
    });
    await learn();
    later(2);
    for (const prompt of [
      "bump the idle timeout to 90 seconds",
      "what's the difference between TCP and UDP?",
    ]) {
      expect(
        lessons(await ask(prompt)).map((item) => item.text),
        prompt,
      ).toEqual([expect.stringMatching(/summary/)]);
    }
    expect(lessons(await ask("bump the idle timeout to 90 seconds", "/work/other"))).toEqual([]);
  });
});

function tool(
  id: string,
  command: string,
  output: string,
  isError: boolean,
  createdAt: number,
): MessageInput {
  return {
    id,
    role: "tool",
    kind: "tool_call",
    content: "Bash",
    toolName: "Bash",
    toolInput: { command },
    toolOutput: output,
    isError,
    toolUseId: `t-${id}`,
    createdAt,
  };
}
