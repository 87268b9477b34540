import { describe, expect, it } from "vitest";
import { importPaths } from "../capture/importers/import-runner.js";
import type { ExperienceMode } from "../core/learning/index.js";
import { evidenceTaskKeys } from "../core/lessons/lesson.js";
import { learnServices, type Runtime } from "../runtime.js";
import { useClockedRuntimes } from "../testing/clocked-runtime.js";
import { transcriptFixture } from "../testing/fixtures.js";
import { captureSession, type Turn } from "../testing/session-builder.js";
import { useTempDir } from "../testing/temp-dir.js";
import { learnSessions } from "./learn-worker.js";

const tempDir = useTempDir();
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 9, 1, 9);
const PROJECT = "/work/shop";
const openRuntime = useClockedRuntimes(tempDir);

async function setup() {
  const { rt, setClock } = await openRuntime(T0);
  const learn = (mode: ExperienceMode = "balanced", instincts: "offline" | "off" = "offline") =>
    learnSessions({ ...learnServices(rt), config: { mode, instincts } });
  const session = (id: string, start: number, turns: Turn[], stepMs?: number) =>
    captureSession(rt.capture, { id, project: PROJECT, start, turns, ...(stepMs ? { stepMs } : {}) });
  return { rt, learn, session, setClock };
}

/** A project lesson telling the agent to run pnpm, learnt from two tasks of an earlier session. */
async function pnpmLesson(rt: Runtime) {
  const { lesson } = await rt.lessons.learn({
    kind: "prefer",
    trigger: "installing dependencies",
    rule: "Use `pnpm install`, not `npm install`",
    domain: "workflow",
    scope: "project",
    projectId: PROJECT,
    evidence: ["use pnpm", "pnpm, not npm", "this repo is pnpm"].map((quote, index) => ({
      quote,
      sessionId: "sdk:earlier",
      taskId: `sdk:earlier:task:${index % 2}`,
      at: T0,
    })),
  });
  return lesson;
}

describe("support from the tasks among the evidence", () => {
  it("the demo's lessons each come from one task and say so; none promotes itself", async () => {
    const { rt, learn } = await setup();
    await importPaths({
      capture: rt.capture,
      getImportFile: (file) => rt.store.getImportFile(file),
      paths: [transcriptFixture("tacit-samples")],
    });
    await learn();
    const lessons = await rt.store.listLessons({ limit: 100 });
    expect(lessons.length).toBeGreaterThan(3);
    for (const lesson of lessons) {
      expect({ rule: lesson.rule, tasks: lesson.supportTaskCount }).toEqual({
        rule: lesson.rule,
        tasks: evidenceTaskKeys(lesson.evidence).size,
      });
      expect(lesson.supportTaskCount).toBe(1);
      expect(lesson.status).toBe("candidate");
    }
  });
});

describe("the environment-outdated trigger", () => {
  const notFound = "bash: pnpm: command not found";

  it("makes a lesson stale when a later task of its project cannot find the program it prescribes", async () => {
    const { rt, learn, session, setClock } = await setup();
    const lesson = await pnpmLesson(rt);
    expect(lesson.status).toBe("active");
    await session("no-pnpm", T0 + DAY, [
      ["user", "Install the dependencies"],
      ["tool", "Bash", "pnpm install", notFound, true],
      ["assistant", "pnpm is not available on this machine."],
    ]);
    setClock(T0 + DAY + 3_600_000);
    await learn();
    const stored = await rt.lessons.get(lesson.id);
    expect(stored?.status).toBe("stale");
    expect(stored?.statusReason).toBe(
      `environment outdated: \`pnpm\` is no longer found: "${notFound}" (task sdk:no-pnpm:task:0)`,
    );
  });

  it("leaves it when the task installs the program and runs it, or another program is missing", async () => {
    const { rt, learn, session, setClock } = await setup();
    const lesson = await pnpmLesson(rt);
    await session("fresh-machine", T0 + DAY, [
      ["user", "Install the dependencies"],
      ["tool", "Bash", "pnpm install", notFound, true],
      ["tool", "Bash", "npm install -g pnpm", "added 1 package"],
      ["tool", "Bash", "pnpm install", "Done in 3.2s"],
      ["tool", "Bash", "jq .version package.json", "bash: jq: command not found", true],
      ["assistant", "Installed; jq is missing, so I read the version another way."],
    ]);
    setClock(T0 + DAY + 3_600_000);
    await learn();
    expect((await rt.lessons.get(lesson.id))?.status).toBe("active");
  });

  it("leaves a lesson that is about the missing program itself", async () => {
    const { rt, learn, session, setClock } = await setup();
    const { lesson } = await rt.lessons.learn({
      kind: "prefer",
      trigger: "reading JSON in the shell",
      rule: "`jq` is not installed here: use `node -e` instead",
      domain: "workflow",
      scope: "project",
      projectId: PROJECT,
      evidence: [{ quote: "bash: jq: command not found", sessionId: "sdk:earlier", taskId: "t0", at: T0 }],
    });
    await session("still-no-jq", T0 + DAY, [
      ["user", "Print the version from package.json"],
      ["tool", "Bash", "jq .version package.json", "bash: jq: command not found", true],
      ["assistant", "jq is missing."],
    ]);
    setClock(T0 + DAY + 3_600_000);
    await learn();
    expect((await rt.lessons.get(lesson.id))?.status).toBe("candidate");
  });
});

describe("minimal mode", () => {
  it("builds no task experience: no heuristic lessons, nothing cached, no experience counted", async () => {
    const { rt, learn, session } = await setup();
    await session("correction", T0, [
      ["user", "Install the dependencies"],
      ["tool", "Bash", "npm install", 'npm ERR! Unsupported URL Type "workspace:"', true],
      ["user", "No, not npm. This repo uses pnpm: run pnpm install, never npm install."],
      ["tool", "Bash", "pnpm install", "Done in 4.1s"],
      ["user", "works now, thanks"],
    ]);
    const minimal = await learn("minimal", "off");
    expect(minimal.tasksLearned).toBe(1);
    expect(minimal.experiences).toEqual({ offline: 0, model: 0, cached: 0 });
    expect(minimal.lessons.created).toBe(0);
    const [task] = await rt.store.listTasks({ limit: 5 });
    expect(await rt.store.getCachedExperience(task?.id as string)).toBeNull();
    expect(await rt.store.listTaskSignals(task?.id as string)).not.toEqual([]);
  });
});

describe("pattern observations follow the outcome score", () => {
  it("a quick success is a success; a slow success with three errors and retries (neutral) is not observed", async () => {
    const { rt, learn, session, setClock } = await setup();
    await session("quick", T0, [
      ["user", "Refactor the checkout module, split by file type"],
      ["tool", "Bash", "pnpm test", "Tests 12 passed (12)"],
      ["user", "great, thanks"],
    ]);
    setClock(T0 + 3_600_000);
    await learn("balanced", "off");
    const [pattern] = await rt.store.listLessons({ limit: 5, kind: ["pattern"] });
    expect(pattern).toMatchObject({ rule: "split by file type", successCount: 1, failureCount: 0 });

    await session(
      "slow",
      T0 + DAY,
      [
        ["user", "Refactor the payments module, split by file type"],
        ["tool", "Bash", "pnpm test", "FAIL src/payments.test.ts\nTests 1 failed", true],
        ["tool", "Bash", "pnpm test", "FAIL src/payments.test.ts\nTests 1 failed", true],
        ["tool", "Bash", "pnpm test", "FAIL src/payments.test.ts\nTests 1 failed", true],
        ["tool", "Bash", "pnpm test", "Tests 12 passed (12)"],
        ["user", "great, thanks"],
      ],
      10 * 60_000,
    );
    setClock(T0 + 2 * DAY);
    await learn("balanced", "off");
    const [after] = await rt.store.listLessons({ limit: 5, kind: ["pattern"] });
    expect(after).toMatchObject({ id: pattern?.id, successCount: 1, failureCount: 0 });
    const [outcome] = await rt.store.listOutcomes({ sessionId: "sdk:slow", limit: 5 });
    expect(outcome).toMatchObject({ success: true, durationMs: 50 * 60_000, errorCount: 3, retryCount: 3 });
    expect(rt.lessons.judgeOutcome(outcome as NonNullable<typeof outcome>)).toMatchObject({
      type: "neutral",
      rawScore: 0.54,
    });
  });
});
