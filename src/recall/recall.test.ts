import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { learnSessions } from "../learn/learn-worker.js";
import { openRuntime, type Runtime } from "../runtime.js";
import { captureSession } from "../testing/session-builder.js";
import { useTempDir } from "../testing/temp-dir.js";
import { recall } from "./recall.js";

const tempDir = useTempDir();
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 9);
const runtimes: Runtime[] = [];
afterEach(async () => {
  for (const runtime of runtimes.splice(0)) await runtime.close();
});

async function setup() {
  let clock = T0;
  const dir = tempDir();
  const rt = await openRuntime({ db: join(dir, "tacit.db"), env: { TACIT_HOME: dir }, now: () => clock });
  runtimes.push(rt);
  const ask = (query: string, extra: { projectId?: string; sessionId?: string } = {}) =>
    recall(
      { store: rt.store, embedder: rt.embedder, now: () => clock },
      { query, projectId: "/work/shop", ...extra },
    );
  const learn = () =>
    learnSessions({
      store: rt.store,
      lessons: rt.lessons,
      gate: rt.gate,
      embedder: rt.embedder,
      now: () => clock,
    });
  return { rt, ask, learn, setClock: (time: number) => (clock = time) };
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
    expect(unrelated.rejected.every((item) => /not relevant enough|score/.test(item.reason))).toBe(true);

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

  it("closes the loop: lessons recalled into failing tasks get harmful feedback and go stale", async () => {
    const { rt, ask, learn, setClock } = await setup();
    const { lesson } = await rt.lessons.learn({
      kind: "prefer",
      trigger: "running the database migrations",
      rule: "Run the migrations with make migrate",
      domain: "workflow",
      scope: "project",
      projectId: "/work/shop",
      evidence: [{ quote: "use make migrate", sessionId: "seed", at: T0 }],
    });
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
      await captureSession(rt.capture, {
        id: `fail-${run}`,
        project: "/work/shop",
        start: start + 1000,
        turns: [
          ["user", "Run the database migrations"],
          ["tool", "Bash", "make migrate", "make: *** No rule to make target 'migrate'. Stop.", true],
          ["assistant", "The migrate target does not exist."],
        ],
      });
      setClock(start + 10 * 60_000);
      await learn();
    }
    const details = await rt.lessons.details(lesson.id);
    expect(details.recall).toMatchObject({ recalls: 3, harmful: 3, helpful: 0, helpfulness: 0 });
    expect(details.feedback.map((item) => [item.type, item.source])).toEqual([
      ["harmful", "recall"],
      ["harmful", "recall"],
      ["harmful", "recall"],
    ]);
    // Three consecutive misleading recalls: seed 000 demotes the lesson to stale. (Its maturity stays
    // candidate: on decayed counts three harmful events spread over three days weigh 2.98 < 3.)
    expect(details.lesson.status).toBe("stale");
    expect(details.lesson.statusReason).toMatch(/3 consecutive misleading recalls/);
    const after = await ask("run the database migrations");
    expect(after.items.map((item) => item.id)).not.toContain(lesson.id);
  });

  it("a helpful outcome raises the lesson's track record", async () => {
    const { rt, ask, learn, setClock } = await setup();
    const { lesson } = await rt.lessons.learn({
      kind: "verify",
      trigger: "before pushing commits",
      rule: "Run pnpm test before git push",
      domain: "git",
      scope: "project",
      projectId: "/work/shop",
      evidence: [{ quote: "always run the tests before pushing", sessionId: "seed", at: T0 }],
    });
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
});
