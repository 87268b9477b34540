import { describe, expect, it } from "vitest";
import type { MessageInput } from "../capture/capture.js";
import { learnSessions } from "../learn/learn-worker.js";
import { learnServices, type Runtime } from "../runtime.js";
import { useClockedRuntimes } from "../testing/clocked-runtime.js";
import { bashCall, captureSession } from "../testing/session-builder.js";
import { useTempDir } from "../testing/temp-dir.js";
import { type RecallResult, recall } from "./recall.js";

const tempDir = useTempDir();
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 9);
const openRuntime = useClockedRuntimes(tempDir);

async function setup() {
  const { rt, now, setClock } = await openRuntime(T0);
  const ask = (query: string, extra: { projectId?: string; sessionId?: string } = {}) =>
    recall({ store: rt.store, embedder: rt.embedder, now }, { query, projectId: "/work/shop", ...extra });
  const learn = () => learnSessions(learnServices(rt));
  return { rt, ask, learn, setClock };
}

/** The project lesson "run the tests before pushing", learnt from one quote of an earlier session. */
async function pushLesson(rt: Runtime) {
  const { lesson } = await rt.lessons.learn({
    kind: "verify",
    trigger: "before pushing commits",
    rule: "Run pnpm test before git push",
    domain: "git",
    scope: "project",
    projectId: "/work/shop",
    evidence: [{ quote: "always run the tests before pushing", sessionId: "earlier", at: T0 }],
  });
  return lesson;
}

describe("recall across sessions", () => {
  it("recalls an English correction for a related prompt, and nothing for an unrelated one", async () => {
    const { rt, ask, learn, setClock } = await setup();
    await captureSession(rt.capture, {
      id: "s1",
      project: "/work/shop",
      start: T0,
      turns: [
        ["user", "Install the dependencies and start the dev server"],
        [
          "tool",
          "Bash",
          "npm install",
          'npm ERR! code EUNSUPPORTEDPROTOCOL\nnpm ERR! Unsupported URL Type "workspace:"',
          true,
        ],
        ["user", "No, not npm. This repo uses pnpm: run pnpm install, never npm install."],
        ["tool", "Bash", "pnpm install", "Packages: +312\nDone in 4.1s"],
        ["tool", "Bash", "pnpm dev", "ready on http://localhost:5173"],
        ["user", "works now, thanks"],
      ],
    });
    await learn();
    setClock(T0 + 2 * DAY);
    const related = await ask("install the dependencies for the checkout package");
    expect(related.context).toMatch(/^<tacit-context>/);
    const lessons = related.items.filter((item) => item.kind === "lesson");
    expect(lessons[0]?.text).toMatch(/pnpm/);
    expect(lessons[0]?.parts).toHaveProperty("topicSimilarity");

    const unrelated = await ask("write a short poem about the sea at night");
    expect(unrelated.context).toBe("");
    expect(unrelated.items).toEqual([]);
    expect(
      unrelated.rejected.every((item) => /not relevant enough|score|a knowledge question/.test(item.reason)),
    ).toBe(true);

    const elsewhere = await ask("install the dependencies for the checkout package", {
      projectId: "/work/other-repo",
    });
    expect(elsewhere.items.filter((item) => item.kind === "lesson")).toEqual([]);
  });

  it("recalls a Chinese constraint for a related prompt, and nothing for an unrelated one", async () => {
    const { rt, ask, learn, setClock } = await setup();
    await captureSession(rt.capture, {
      id: "zh1",
      project: "/work/shop",
      start: T0,
      turns: [
        ["user", "把开发服务器的端口改成 8080，然后启动它"],
        [
          "tool",
          "Bash",
          "sudo pnpm dev --port 8080",
          "sudo: a terminal is required to read the password",
          true,
        ],
        ["user", "而且不能用 root 用户运行开发服务器，不要用 sudo。"],
        ["tool", "Bash", "pnpm dev --port 8080", "VITE ready on http://localhost:8080"],
        ["user", "可以了，这次对了"],
      ],
    });
    await learn();
    setClock(T0 + DAY);
    const related = await ask("重新启动开发服务器");
    expect(related.items.some((item) => item.kind === "lesson" && /root/.test(item.text))).toBe(true);
    const unrelated = await ask("帮我写一首关于秋天的诗");
    expect(unrelated.context).toBe("");
  });

  it("closes the loop: lessons recalled into tasks that go badly get harmful feedback and go stale", async () => {
    const { rt, ask, learn, setClock } = await setup();
    const { lesson } = await rt.lessons.learn({
      kind: "prefer",
      trigger: "running the database migrations",
      rule: "Run the migrations with make migrate",
      domain: "workflow",
      scope: "project",
      projectId: "/work/shop",
      evidence: ["use make migrate", "make migrate, as usual", "migrate with make"].map((quote, index) => ({
        quote,
        sessionId: "earlier",
        taskId: `earlier:task:${index % 2}`,
        at: T0,
      })),
    });
    expect(lesson.status).toBe("active");
    for (let run = 0; run < 3; run++) {
      const start = T0 + (run + 1) * DAY;
      setClock(start);
      const sessionId = `sdk:fail-${run}`;
      await rt.capture.upsertSession({
        agent: "sdk",
        sourceSessionId: `fail-${run}`,
        cwd: "/work/shop",
        createdAt: start,
      });
      const recalled = await ask("run the database migrations", { sessionId });
      expect(recalled.items.map((item) => item.id)).toContain(lesson.id);
      // Three failed runs and two retries, then the task ends on the error: it scores 0.3, harmful.
      const failure = "make: *** No rule to make target 'migrate'. Stop.";
      await captureSession(rt.capture, {
        id: `fail-${run}`,
        project: "/work/shop",
        start: start + 1000,
        turns: [
          ["user", "Run the database migrations"],
          ["tool", "Bash", "make migrate", failure, true],
          ["tool", "Bash", "make migrate", failure, true],
          ["tool", "Bash", "make migrate", failure, true],
          ["assistant", "The migrate target does not exist."],
        ],
      });
      setClock(start + 10 * 60_000);
      await learn();
    }
    const details = await rt.lessons.details(lesson.id);
    expect(details.recall).toMatchObject({ recalls: 3, harmful: 3, helpful: 0, helpfulness: 0 });
    expect(details.feedback.map((item) => [item.type, item.source, item.rawValue])).toEqual([
      ["harmful", "recall", 0.7],
      ["harmful", "recall", 0.7],
      ["harmful", "recall", 0.7],
    ]);
    // Three consecutive misleading recalls demote the lesson to stale.
    expect(details.lesson.status).toBe("stale");
    expect(details.lesson.statusReason).toMatch(/3 consecutive misleading recalls/);
    const after = await ask("run the database migrations");
    expect(after.items.map((item) => item.id)).not.toContain(lesson.id);
  });

  it("holds back a candidate lesson once it has had harmful feedback", async () => {
    const { rt, ask, setClock } = await setup();
    const { lesson } = await rt.lessons.learn({
      kind: "prefer",
      trigger: "running the database migrations",
      rule: "Run the migrations with make migrate",
      domain: "workflow",
      scope: "project",
      projectId: "/work/shop",
      evidence: [{ quote: "use make migrate", sessionId: "earlier", at: T0 }],
    });
    expect(lesson.status).toBe("candidate");
    setClock(T0 + DAY);
    expect((await ask("run the database migrations")).items.map((item) => item.id)).toContain(lesson.id);
    await rt.lessons.feedback(lesson.id, {
      type: "harmful",
      source: "user",
      reason: "there is no make target",
    });
    const after = await ask("run the database migrations");
    expect(after.items.map((item) => item.id)).not.toContain(lesson.id);
    // Reset clears the track record: the lesson may be tried again.
    setClock(T0 + DAY + 60_000);
    await rt.lessons.reset(lesson.id);
    setClock(T0 + 2 * DAY);
    expect((await ask("run the database migrations")).items.map((item) => item.id)).toContain(lesson.id);
  });

  it("recomputes maturity when a lesson is read for recall, so proven fades without revalidation", async () => {
    const { rt, ask, setClock } = await setup();
    const lesson = await pushLesson(rt);
    for (let index = 0; index < 6; index++) {
      await rt.lessons.feedback(lesson.id, { type: "helpful", source: "user" });
    }
    expect((await rt.lessons.get(lesson.id))?.maturity).toBe("proven");
    setClock(T0 + 60 * DAY);
    const recalled = await ask("push my commits to the remote");
    const item = recalled.items.find((entry) => entry.id === lesson.id);
    expect(item?.parts.multiplier).toBe(1);
    const stored = await rt.lessons.get(lesson.id);
    expect(stored?.maturity).toBe("established");
    const history = await rt.lessons.history(lesson.id);
    expect(history.at(-1)?.reason).toMatch(/^maturity recomputed: 3\.\d+ helpful/);
  });

  it("a helpful outcome raises the lesson's track record", async () => {
    const { rt, ask, learn, setClock } = await setup();
    const lesson = await pushLesson(rt);
    for (let run = 0; run < 3; run++) {
      const start = T0 + (run + 1) * DAY;
      setClock(start);
      const sessionId = `sdk:ok-${run}`;
      await rt.capture.upsertSession({
        agent: "sdk",
        sourceSessionId: `ok-${run}`,
        cwd: "/work/shop",
        createdAt: start,
      });
      await ask("push my commits to the remote", { sessionId });
      await captureSession(rt.capture, {
        id: `ok-${run}`,
        project: "/work/shop",
        start: start + 1000,
        turns: [
          ["user", "Push my commits to the remote"],
          ["tool", "Bash", "pnpm test", "Tests 40 passed (40)"],
          ["tool", "Bash", "git push", "main -> main"],
          ["user", "great, thanks"],
        ],
      });
      setClock(start + 10 * 60_000);
      await learn();
    }
    const details = await rt.lessons.details(lesson.id);
    expect(details.recall).toMatchObject({ recalls: 3, helpful: 3, harmful: 0, helpfulness: 1 });
    expect(details.lesson.maturity).toBe("established");
  });

  it("redacts the prompt it logs with the built-in rules and the configured patterns", async () => {
    const { rt, now, setClock } = await openRuntime(T0);
    const lesson = await pushLesson(rt);
    setClock(T0 + DAY);
    const token = `ghp_${"x7Kp2mQ9vL4rT8wZ1nB5cY3hJ6dF0sA2eG4i"}`;
    const result = await recall(
      { store: rt.store, embedder: rt.embedder, now, config: { redaction: { patterns: ["acme-[0-9]{6}"] } } },
      { query: `push my commits to the remote with ${token} for acme-123456`, projectId: "/work/shop" },
    );
    expect(result.items.map((item) => item.id)).toContain(lesson.id);
    const [logged] = await rt.store.insights.listRecallEvents({ limit: 1 });
    expect(logged?.prompt).toMatch(
      /^push my commits to the remote with \[REDACTED:[a-z-]+\] for \[REDACTED:custom\]$/,
    );
  });
});

function lessons(result: RecallResult) {
  return result.items.filter((item) => item.kind === "lesson");
}

describe("situation recall", () => {
  it("recalls a lesson when the prompt resembles the task it was learnt in, though not its words", async () => {
    const { rt, ask, learn, setClock } = await setup();
    await captureSession(rt.capture, {
      id: "port",
      project: "/work/shop",
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
    setClock(T0 + DAY);

    const found = lessons(await ask("start the frontend so I can check the new header"));
    expect(found.map((item) => item.text)).toEqual([expect.stringMatching(/--port 5174/)]);
    // Lifted by the situation: the prompt shares no content word with the lesson's rule.
    expect(found[0]?.parts.situation).toBeGreaterThanOrEqual(0.45 / 0.8);

    expect(
      lessons(await ask("start the frontend so I can check the new header", { projectId: "/work/other" })),
    ).toEqual([]);
    expect((await ask("write a limerick about a cat who owns a bakery")).context).toBe("");
  });

  it("lifts only the lessons of the matching task, not every lesson of the session", async () => {
    const { rt, ask, learn, setClock } = await setup();
    const sessionId = await rt.capture.upsertSession({
      agent: "sdk",
      sourceSessionId: "two-tasks",
      cwd: "/work/shop",
      createdAt: T0,
    });
    const at = (minutes: number) => T0 + minutes * 60_000;
    const messages: MessageInput[] = [
      { id: "a1", role: "user", content: "start the frontend dev server", createdAt: at(0) },
      bashCall("a2", "pnpm dev", "Error: Port 5173 is already in use", true, at(1)),
      bashCall(
        "a3",
        "pnpm dev --port 5174",
        "ready in 288 ms\n  Local:   http://localhost:5174/",
        false,
        at(2),
      ),
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
    setClock(T0 + DAY);

    const rename = await ask("rename the invoice helper again, to totalInvoiceLines");
    expect(lessons(rename).filter((item) => /5174/.test(item.text))).toEqual([]);
    const start = await ask("start the frontend so I can check the new header");
    expect(lessons(start).map((item) => item.text)).toEqual([expect.stringMatching(/5174/)]);
  });

  it("finds the situation of a short Chinese ask", async () => {
    const { rt, ask, learn, setClock } = await setup();
    await captureSession(rt.capture, {
      id: "node",
      project: "/work/shop",
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
    setClock(T0 + DAY);
    const found = lessons(await ask("启动一下后台管理，我要看新的菜单"));
    expect(found.map((item) => item.text)).toEqual([expect.stringMatching(/nvm use 20/)]);
    expect(found[0]?.parts.situation).toBeGreaterThan(0);
  });
});

describe("situation recall from a repeated error", () => {
  it("lifts the lesson learnt where the same error was met", async () => {
    const { rt, ask, learn, setClock } = await setup();
    await captureSession(rt.capture, {
      id: "eresolve",
      project: "/work/shop",
      start: T0,
      turns: [
        ["user", "add the chart library for the dashboard"],
        [
          "tool",
          "Bash",
          "npm install recharts",
          "npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE unable to resolve dependency tree",
          true,
        ],
        ["user", "always install with --legacy-peer-deps here, ui-kit pins an old react"],
        ["tool", "Bash", "npm install recharts --legacy-peer-deps", "added 38 packages in 6s"],
      ],
    });
    await learn();
    setClock(T0 + DAY);
    const found = lessons(await ask("ERESOLVE unable to resolve dependency tree again, with date-fns now"));
    expect(found.map((item) => item.text)).toEqual([expect.stringMatching(/--legacy-peer-deps/)]);
    // The failed call's error is the situation (the user's words there are far less like the prompt).
    expect(found[0]?.parts.situation).toBeGreaterThan(0.7);
  });
});

describe("the same error met again in the live session", () => {
  it("brings back the lesson learnt where that error was met before, whatever the prompt says", async () => {
    const { rt, ask, learn, setClock } = await setup();
    const prismaError = (field: string) =>
      `PrismaClientValidationError: \nInvalid \`prisma.order.create()\` invocation:\nUnknown argument \`${field}\`. Available options are marked with ?.`;
    await captureSession(rt.capture, {
      id: "before",
      project: "/work/shop",
      start: T0,
      turns: [
        ["user", "added a discountCode field to Order in schema.prisma, migrate it and run the tests"],
        ["tool", "Bash", "npx prisma migrate dev --name order-discount-code", "Your database is now in sync"],
        ["tool", "Bash", "npm test", prismaError("discountCode"), true],
        ["tool", "Bash", "npx prisma generate", "✔ Generated Prisma Client (v5.22.0)"],
        ["tool", "Bash", "npm test", "Tests: 140 passed, 140 total"],
      ],
    });
    await learn();
    setClock(T0 + 2 * DAY);
    const sessionId = await captureSession(rt.capture, {
      id: "now",
      project: "/work/shop",
      start: T0 + 2 * DAY,
      turns: [
        ["user", "added giftMessage to OrderItem, migrated. run tests"],
        ["tool", "Bash", "npm test", prismaError("giftMessage"), true],
      ],
    });
    const prompt = "why are they failing? the migration ran fine";
    const found = lessons(await ask(prompt, { sessionId }));
    expect(found.map((item) => item.text)).toEqual([expect.stringMatching(/npx prisma generate/)]);
    expect(found[0]?.parts.situation).toBeGreaterThan(0.6);
    // Without the failing session the prompt alone says nothing about prisma.
    expect(lessons(await ask(prompt))).toEqual([]);
  });
});

describe("lessons about how to answer", () => {
  it("apply to every prompt of their project, and to no other project", async () => {
    const { rt, ask, learn, setClock } = await setup();
    await captureSession(rt.capture, {
      id: "style",
      project: "/work/shop",
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
    setClock(T0 + 2 * DAY);
    for (const prompt of [
      "bump the idle timeout to 90 seconds",
      "what's the difference between TCP and UDP?",
    ]) {
      expect(
        lessons(await ask(prompt)).map((item) => item.text),
        prompt,
      ).toEqual([expect.stringMatching(/summary/)]);
    }
    expect(lessons(await ask("bump the idle timeout to 90 seconds", { projectId: "/work/other" }))).toEqual(
      [],
    );
  });

  it("a rule to ask first guards every task of its project, but not a knowledge question", async () => {
    const { rt, ask, learn, setClock } = await setup();
    await captureSession(rt.capture, {
      id: "deps",
      project: "/work/shop",
      start: T0,
      turns: [
        ["user", "首页加个折线图，展示近30天订单量"],
        ["tool", "Bash", "npm install echarts echarts-for-react", "added 2 packages in 3s"],
        [
          "user",
          "谁让你装echarts的？？ 包体积本来就超了。装任何新依赖之前先问我一声，项目里已经有 recharts 了",
        ],
        ["tool", "Bash", "npm uninstall echarts echarts-for-react", "removed 2 packages"],
      ],
    });
    await learn();
    setClock(T0 + 2 * DAY);
    expect(lessons(await ask("订单列表导出成 excel 的功能做一下")).map((item) => item.text)).toEqual([
      expect.stringMatching(/先问我一声/),
    ]);
    expect(lessons(await ask("TCP 和 UDP 有什么区别？"))).toEqual([]);
  });

  it("a rule of the whole project applies to any work in it, not elsewhere", async () => {
    const { rt, ask, learn, setClock } = await setup();
    await captureSession(rt.capture, {
      id: "env",
      project: "/work/shop",
      start: T0,
      turns: [
        ["user", "add pdfplumber, we need it for the invoice parser"],
        ["tool", "Bash", "pip install pdfplumber", "Successfully installed pdfplumber-0.11.4"],
        ["user", "no pip in this repo, its poetry. poetry add pdfplumber so the lock file gets updated"],
        ["tool", "Bash", "poetry add pdfplumber", "Writing lock file"],
      ],
    });
    await learn();
    setClock(T0 + 2 * DAY);
    expect(
      lessons(await ask("parse the due dates on the invoices with dateutil")).map((item) => item.text),
    ).toEqual([expect.stringMatching(/poetry/)]);
    expect(lessons(await ask("what's the difference between TCP and UDP?"))).toEqual([]);
    expect(lessons(await ask("parse the due dates on the invoices", { projectId: "/work/other" }))).toEqual(
      [],
    );
  });
});

describe("a convention of the user, not of a project", () => {
  it("goes through the conventions block, never into a knowledge question as a lesson", async () => {
    const { rt, ask } = await setup();
    await rt.lessons.learn({
      kind: "prefer",
      trigger: "When running training and batch jobs",
      rule: "GPUs 0 and 1 are mine, use 2 and 3 for batch jobs",
      domain: "workflow",
      scope: "global",
      convention: true,
      evidence: [
        { quote: "gpus 0 and 1 are mine, use 2 and 3 for batch jobs", sessionId: "earlier", at: T0 },
      ],
    });
    const question = await ask("does layer norm or batch norm behave better with tiny batches?");
    expect(question.items.filter((item) => item.kind === "lesson")).toEqual([]);
  });
});
