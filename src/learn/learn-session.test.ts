import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { importPaths } from "../capture/importers/import-runner.js";
import type { ExperienceMode } from "../core/learning/index.js";
import { openRuntime, type Runtime } from "../runtime.js";
import { agentTranscriptDirs, transcriptFixture } from "../testing/fixtures.js";
import { writeLongSession } from "../testing/long-session.js";
import {
  type LoopbackLlmServer,
  loadFixture,
  startLoopbackLlmServer,
} from "../testing/loopback-llm-server.js";
import { useTempDir } from "../testing/temp-dir.js";
import { MESSAGE_PAGE_ROWS } from "./learn-session.js";
import { type LearnProgress, learnSessions } from "./learn-worker.js";

const tempDir = useTempDir();
const samples = transcriptFixture("tacit-samples");
const opened: Array<Runtime | LoopbackLlmServer> = [];

afterEach(async () => {
  for (const item of opened.splice(0)) await item.close();
});

async function runtime(env: NodeJS.ProcessEnv = {}): Promise<Runtime> {
  const dir = tempDir();
  const opened_ = await openRuntime({ db: join(dir, "tacit.db"), env: { TACIT_HOME: dir, ...env } });
  opened.push(opened_);
  return opened_;
}

async function importInto(rt: Runtime, ...paths: string[]) {
  return importPaths({
    capture: rt.capture,
    getImportFile: (file) => rt.store.getImportFile(file),
    paths,
  });
}

function learn(
  rt: Runtime,
  mode: ExperienceMode = "balanced",
  extra: { instincts?: "offline" | "model" | "off" } = {},
) {
  return learnSessions({
    store: rt.store,
    lessons: rt.lessons,
    gate: rt.gate,
    now: rt.now,
    config: { mode, ...extra },
  });
}

/** A chat completion in the recorded OpenAI wire shape, carrying `content`. */
function chatCompletion(content: unknown) {
  const recorded = loadFixture("openai-chat-valid") as { choices: Array<{ message: { content: string } }> };
  const body = structuredClone(recorded);
  const [choice] = body.choices;
  if (choice) choice.message.content = typeof content === "string" ? content : JSON.stringify(content);
  return { body };
}

/** A task experience in the shape the task-experience prompt asks for (a recorded model reply). */
const experience = loadFixture("task-experience-pnpm") as { feedbackSignals: unknown[] } & Record<
  string,
  unknown
>;

describe("learning offline from the real fixtures", () => {
  it("splits sessions into tasks, keeps signals from their real tool errors, and is idempotent", async () => {
    const rt = await runtime();
    await importInto(rt, ...agentTranscriptDirs());
    const first = await learn(rt);
    expect(first.sessions).toBeGreaterThanOrEqual(10);
    expect(first.tasksLearned).toBe(first.tasks);
    expect(first.tasksFailed).toBe(0);
    expect(first.modelCalls).toBe(0);
    expect(first.experiences.model).toBe(0);

    const tasks = await rt.store.listTasks({
      sessionId: "claude-code:5c0375b4-57a5-4f26-b12d-d022ee4e51b7",
      limit: 10,
    });
    expect(tasks).toHaveLength(1);
    const signals = await rt.store.listTaskSignals(tasks[0]?.id as string);
    const execution = signals.filter((signal) => signal.source === "execution" && signal.type === "reject");
    expect(execution.map((signal) => signal.evidence).join("\n")).toContain("No such file or directory");
    const attempts = await rt.store.listFailedAttempts(tasks[0]?.id as string);
    expect(attempts.some((attempt) => /lsd: 3: No such file or directory/.test(attempt.failureReason))).toBe(
      true,
    );

    const lessonsBefore = await rt.store.listLessons({ limit: 1000 });
    const again = await learn(rt);
    expect(again).toMatchObject({
      tasksLearned: 0,
      tasksUnchanged: first.tasks,
      modelCalls: 0,
      lessons: { created: 0, merged: 0 },
    });
    expect(await rt.store.listLessons({ limit: 1000 })).toEqual(lessonsBefore);
  });

  it("learns the corrections in the sample sessions", async () => {
    const rt = await runtime();
    await importInto(rt, samples);
    const summary = await learn(rt);
    expect(summary.lessons.created).toBeGreaterThanOrEqual(3);
    const rules = (await rt.store.listLessons({ limit: 100, projectId: "/work/demo-app" })).map(
      (lesson) => lesson.rule,
    );
    expect(rules.some((rule) => /pnpm/.test(rule) && /npm/.test(rule.replace(/pnpm/g, "")))).toBe(true);
    expect(rules.some((rule) => /force-push/i.test(rule))).toBe(true);
    expect(rules.some((rule) => /应使用 root|use root/i.test(rule))).toBe(false);
  });

  it("re-learns a task whose session grew, and redoes a task left running by a crashed worker", async () => {
    const rt = await runtime();
    await importInto(rt, samples);
    await learn(rt);
    const [task] = await rt.store.listTasks({
      sessionId: "claude-code:7f3c2a10-5b1e-4c8d-9a21-3e4f5a6b7c81",
      limit: 5,
    });
    const job = await rt.store.getLearnJob(task?.id as string);
    expect(job?.status).toBe("done");
    await rt.store.saveLearnJob({ ...(job as NonNullable<typeof job>), status: "running" });
    const resumed = await learn(rt);
    expect(resumed.tasksLearned).toBe(1);
    expect((await rt.store.getLearnJob(task?.id as string))?.status).toBe("done");
  });
});

describe("learning with a model behind the gate (loopback server, OpenAI wire format)", () => {
  async function modelRuntime() {
    const server = await startLoopbackLlmServer();
    opened.push(server);
    const rt = await runtime({
      TACIT_LLM_BASE_URL: server.url,
      TACIT_LLM_MODEL: "test-model",
      TACIT_LLM_API_KEY: "sk-test-dummy",
    });
    await importInto(rt, join(samples, "pnpm-not-npm.jsonl"));
    return { server, rt };
  }

  it("balanced mode: one call per task, the model's heuristic becomes a lesson, a re-run makes no call", async () => {
    const { server, rt } = await modelRuntime();
    server.enqueue(chatCompletion(experience));
    const first = await learn(rt, "balanced");
    expect(first.tasks).toBe(1);
    expect(first.modelCalls).toBe(1);
    expect(server.requests).toHaveLength(1);
    expect(first.experiences.model).toBe(1);
    const rules = (await rt.store.listLessons({ limit: 50 })).map((lesson) => lesson.rule);
    expect(rules).toContain(
      "Do not run npm install in a pnpm workspace; it fails on workspace: dependencies",
    );
    const sent = JSON.stringify(server.requests[0]?.body);
    expect(sent).toContain("<data>");
    expect(sent).toContain("npm install");

    const again = await learn(rt, "balanced");
    expect(again.modelCalls).toBe(0);
    expect(server.requests).toHaveLength(1);
    const [task] = await rt.store.listTasks({ limit: 5 });
    expect((await rt.store.getCachedExperience(task?.id as string))?.source).toBe(
      "openai-compatible/test-model",
    );
  });

  it("full mode: two calls per task (signals, then experience); minimal mode: none", async () => {
    const { server, rt } = await modelRuntime();
    server.enqueue(
      chatCompletion(experience.feedbackSignals),
      chatCompletion({ ...experience, feedbackSignals: [] }),
    );
    const full = await learn(rt, "full");
    expect(full.modelCalls).toBe(2);
    expect(server.requests).toHaveLength(2);
    const [task] = await rt.store.listTasks({ limit: 5 });
    const signals = await rt.store.listTaskSignals(task?.id as string);
    expect(
      signals.some(
        (signal) => signal.detector === "openai-compatible/test-model" && signal.type === "correction",
      ),
    ).toBe(true);

    const { server: quiet, rt: offline } = await modelRuntime();
    const minimal = await learn(offline, "minimal");
    expect(minimal.modelCalls).toBe(0);
    expect(quiet.requests).toHaveLength(0);
    expect(minimal.lessons.created).toBeGreaterThanOrEqual(1);
  });

  it("falls back to the offline rules on broken output, loses nothing, and stops calling once the breaker opens", async () => {
    const { server, rt } = await modelRuntime();
    await importInto(rt, samples);
    server.enqueue(
      chatCompletion('{"goal": "Install the dependencies", "failedAttempts": [{"attemptLabel": "npm'),
      chatCompletion("Sure! I think you should use pnpm."),
      { status: 500, body: loadFixture("openai-error-500") },
      { status: 500, body: loadFixture("openai-error-500") },
      { status: 500, body: loadFixture("openai-error-500") },
    );
    const summary = await learn(rt, "balanced");
    expect(summary.tasksFailed).toBe(0);
    expect(summary.tasksLearned).toBe(summary.tasks);
    expect(summary.experiences.model).toBe(0);
    expect(summary.experiences.offline).toBe(summary.tasks);
    expect(summary.warnings.some((warning) => warning.includes("invalid-output"))).toBe(true);
    expect(summary.warnings.some((warning) => warning.includes("breaker-open"))).toBe(true);
    // Three failed calls (truncated JSON, prose, a 500 retried twice) open the breaker (threshold 3):
    // the remaining tasks are refused without a request, so the server saw exactly the 5 it served.
    expect(server.requests).toHaveLength(5);
    expect(server.remaining()).toBe(0);
    const refused = summary.warnings.filter((warning) => warning.includes("breaker-open"));
    expect(refused).toHaveLength(summary.tasks - 3);
    const rules = (await rt.store.listLessons({ limit: 100 })).map((lesson) => lesson.rule);
    expect(rules.some((rule) => /pnpm/.test(rule))).toBe(true);
    const spend = await rt.store.llmCalls.dailySpend(1, Date.now());
    expect(spend[0]?.failures).toBeGreaterThanOrEqual(3);
  });

  it("model instincts: empty output counts as a failure and the offline observer serves", async () => {
    const { server, rt } = await modelRuntime();
    server.enqueue(chatCompletion(experience), chatCompletion("[]"));
    const summary = await learn(rt, "balanced", { instincts: "model" });
    expect(summary.modelCalls).toBe(2);
    expect(
      summary.warnings.some((warning) => warning.startsWith("instincts: model unavailable (invalid-output)")),
    ).toBe(true);
  });
});

describe("learning a long session", () => {
  it("reads it page by page and splits all of it into tasks, reporting progress by task", async () => {
    const rt = await runtime();
    const dir = tempDir();
    const file = join(dir, "long.jsonl");
    await writeLongSession(file, { lines: 4_000, seed: 3 });
    await importInto(rt, file);
    const [sessionId] = await rt.store.listSessionIds({});
    const messages = await rt.store.listMessages(sessionId as string);
    expect(messages.length).toBeGreaterThan(MESSAGE_PAGE_ROWS);
    const progress: LearnProgress[] = [];
    const summary = await learnSessions({
      store: rt.store,
      lessons: rt.lessons,
      gate: rt.gate,
      now: rt.now,
      onProgress: (step) => progress.push(step),
    });
    const tasks = await rt.store.listTasks({ sessionId, limit: -1 });
    expect(tasks.length).toBe(summary.tasks);
    expect(tasks[0]?.startSeq).toBe(messages[0]?.seq);
    expect(tasks.at(-1)?.endSeq).toBe(messages.at(-1)?.seq);
    // One report per task, then one for the session; the counts only grow.
    expect(progress.map((step) => step.tasksDone)).toEqual([
      ...Array.from({ length: summary.tasks }, (_, index) => index + 1),
      summary.tasks,
    ]);
    expect(progress.at(-1)).toMatchObject({ done: 1, total: 1, sessionsSplit: 1, tasksKnown: summary.tasks });
    expect(progress.at(-1)?.tasksLearned).toBe(summary.tasksLearned);
  });
});
