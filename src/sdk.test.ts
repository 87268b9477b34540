import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { MessageInput } from "./capture/capture.js";
import { InvalidInputError, TacitError } from "./core/errors.js";
import type { Embedder, EmbedOptions } from "./models/embedder.js";
import { createHashingEmbedder } from "./models/hashing-embedder.js";
import type { GenerateOptions, LanguageModel } from "./models/language-model.js";
import { createTacit, type Tacit, type TacitOptions, type ToolResultItem } from "./sdk.js";
import { useTempDir } from "./testing/temp-dir.js";

const tempDir = useTempDir();
const opened: Tacit[] = [];
afterEach(async () => {
  for (const tacit of opened.splice(0)) await tacit.close();
});

const T0 = Date.UTC(2026, 9, 1, 9);
const DAY = 86_400_000;
const PROJECT = "/work/shop";

async function open(options: TacitOptions = {}, env: NodeJS.ProcessEnv = {}) {
  let clock = T0;
  const dir = tempDir();
  const tacit = await createTacit({
    db: join(dir, "tacit.db"),
    env: { TACIT_HOME: dir, ...env },
    now: () => clock,
    ...options,
  });
  opened.push(tacit);
  return { tacit, setClock: (time: number) => (clock = time) };
}

/** A correction session as an agent loop would report it: calls and their results apart. */
function correctionSession(start: number): Array<MessageInput | ToolResultItem> {
  const at = (minute: number) => start + minute * 60_000;
  return [
    {
      id: "m1",
      role: "user",
      content: "Install the dependencies and start the dev server",
      createdAt: at(0),
    },
    {
      id: "m2",
      role: "tool",
      toolName: "Bash",
      toolInput: { command: "npm install" },
      toolUseId: "call-1",
      createdAt: at(1),
    },
    {
      type: "tool_result",
      toolUseId: "call-1",
      output: 'npm ERR! code EUNSUPPORTEDPROTOCOL\nnpm ERR! Unsupported URL Type "workspace:"',
      isError: true,
      createdAt: at(1),
    },
    {
      id: "m3",
      role: "user",
      content: "No, not npm. This repo uses pnpm: run pnpm install, never npm install.",
      createdAt: at(2),
    },
    {
      id: "m4",
      role: "tool",
      toolName: "Bash",
      toolInput: { command: "pnpm install" },
      toolOutput: "Packages: +312\nDone in 4.1s",
      toolUseId: "call-2",
      createdAt: at(3),
    },
    { id: "m5", role: "assistant", content: "Installed with pnpm; the dev server is up.", createdAt: at(4) },
    { id: "m6", role: "user", content: "works now, thanks", createdAt: at(5) },
  ];
}

describe("createTacit", () => {
  it("captures a correction session, learns it, and recalls the lesson for a related prompt", async () => {
    const { tacit, setClock } = await open({ cwd: PROJECT });
    const written = await tacit.capture({ sessionId: "run-1", messages: correctionSession(T0) });
    expect(written).toMatchObject({ storedSessionId: "sdk:run-1", toolResultsPaired: 1, errorsInserted: 1 });
    const again = await tacit.capture({ sessionId: "run-1", messages: correctionSession(T0) });
    expect(again.messagesInserted).toBe(0);

    const summary = await tacit.learn({ sessionId: "run-1" });
    expect(summary).toMatchObject({ sessions: 1, tasksFailed: 0, modelCalls: 0 });
    expect(summary.lessons.created).toBeGreaterThanOrEqual(1);

    setClock(T0 + 2 * DAY);
    const recalled = await tacit.recall("install the dependencies for the checkout package", {
      sessionId: "run-2",
    });
    expect(recalled.context).toMatch(/^<tacit-context>/);
    const lesson = recalled.items.find((item) => item.kind === "lesson");
    expect(lesson?.text).toMatch(/pnpm/);
    expect(recalled.recallId).not.toBeNull();

    const elsewhere = await tacit.recall("install the dependencies for the checkout package", {
      cwd: "/work/other-repo",
    });
    expect(elsewhere.items.filter((item) => item.kind === "lesson")).toEqual([]);
    expect(elsewhere.recallId).toBeNull();
  });

  it("judges the lessons recalled into a session by its reported outcome, once", async () => {
    const { tacit, setClock } = await open({ cwd: PROJECT });
    await tacit.capture({ sessionId: "run-1", messages: correctionSession(T0) });
    await tacit.learn({ sessionId: "run-1" });
    setClock(T0 + 2 * DAY);
    const recalled = await tacit.recall("install the dependencies for the checkout package", {
      sessionId: "run-2",
    });
    const lessonId = recalled.items.find((item) => item.kind === "lesson")?.id;
    expect(lessonId).toBeDefined();
    await tacit.capture({
      sessionId: "run-2",
      messages: [{ role: "user", content: "install the dependencies for the checkout package" }],
    });
    // An outcome that says nothing about the task (judgeRecalls: false) leaves the recall pending.
    const runOnly = await tacit.recordOutcome({ sessionId: "run-2", success: true, judgeRecalls: false });
    expect(runOnly.lessonFeedback).toEqual([]);
    const reported = await tacit.recordOutcome({ sessionId: "run-2", success: true });
    expect(reported.lessonFeedback).toEqual([
      { recallId: recalled.recallId, lessonId, feedback: "helpful", result: "applied" },
    ]);
    expect((await tacit.recordOutcome({ sessionId: "run-2", success: false })).lessonFeedback).toEqual([]);
    const shown = await tacit.lessons.show(lessonId as string);
    expect(shown.feedback.filter((event) => event.type === "helpful")).toHaveLength(1);
    expect(shown.feedback.filter((event) => event.type === "harmful")).toHaveLength(0);
  });

  it("records outcomes and errors, and renders the retry context", async () => {
    const { tacit } = await open();
    await tacit.capture({ sessionId: "run-1", messages: [{ role: "user", content: "deploy the site" }] });
    const outcome = await tacit.recordOutcome({ sessionId: "run-1", success: false, errorCount: 1 });
    expect(outcome).toMatchObject({ sessionId: "sdk:run-1", success: false });
    const error = await tacit.recordError({
      sessionId: "run-1",
      message: "rsync: connection refused (111)",
      toolName: "Bash",
    });
    expect(error.sessionId).toBe("sdk:run-1");
    const context = await tacit.errorContext({ sessionId: "run-1" });
    expect(context).toMatch(/## Previous errors/);
    expect(context).toMatch(/connection refused/);
    expect(await tacit.errorContext({ sessionId: "another-run" })).toBe("");
    await expect(tacit.recordOutcome({ sessionId: "", success: true })).rejects.toBeInstanceOf(
      InvalidInputError,
    );
  });

  it("lists, shows, adds and judges lessons", async () => {
    const { tacit } = await open();
    const added = await tacit.lessons.add({
      kind: "avoid",
      trigger: "pushing to main",
      rule: "Never force-push to main",
      domain: "git",
      scope: "global",
    });
    expect(added.action).toBe("created");
    expect((await tacit.lessons.list()).map((lesson) => lesson.id)).toEqual([added.lesson.id]);
    const judged = await tacit.lessons.feedback(added.lesson.id, { type: "helpful" });
    expect(judged.ok).toBe(true);
    const details = await tacit.lessons.show(added.lesson.id);
    expect(details.feedback.map((event) => [event.type, event.source])).toEqual([["helpful", "user"]]);
  });

  it("compacts a long history, and refuses one it cannot read", async () => {
    const { tacit } = await open();
    const history = [
      { role: "user", content: "Fix the failing build" },
      ...Array.from({ length: 12 }, (_, index) => [
        {
          role: "assistant",
          content: `Step ${index}: checking the logs`,
          tool_calls: [{ id: `c${index}`, type: "function", function: { name: "Bash", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: `c${index}`, content: `log output ${index}` },
      ]).flat(),
    ];
    const result = tacit.compact(history, { windowLimit: 4 });
    expect(result.messages.map((message) => message.role)).toEqual([
      "system",
      "assistant",
      "assistant",
      "system",
    ]);
    expect(result.stats).toMatchObject({ loopRecords: 12, windowRecords: 4, foldedRecords: 8 });
    expect(() => tacit.compact([{ role: "narrator" }])).toThrow(InvalidInputError);
  });

  it("uses an injected embedder and model, the model still behind the daily ceiling", async () => {
    const embedCalls: EmbedOptions[] = [];
    const hashing = createHashingEmbedder();
    const embedder: Embedder = {
      provider: "test",
      modelId: "recording-hashing",
      dimensions: hashing.dimensions,
      embed(options) {
        embedCalls.push(options);
        return hashing.embed(options);
      },
    };
    const prompts: GenerateOptions[] = [];
    const model: LanguageModel = {
      provider: "test",
      modelId: "unhelpful",
      async generate(options) {
        prompts.push(options);
        return { text: "I cannot answer in JSON.", usage: { inputTokens: 10, outputTokens: 5 } };
      },
    };

    const { tacit } = await open({ embedder, model, cwd: PROJECT });
    await tacit.capture({ sessionId: "run-1", messages: correctionSession(T0) });
    const learnt = await tacit.learn({ mode: "balanced" });
    expect(prompts.length).toBe(learnt.modelCalls);
    expect(prompts.length).toBeGreaterThanOrEqual(1);
    expect(learnt.lessons.created).toBeGreaterThanOrEqual(1);
    expect(learnt.warnings.join("\n")).toMatch(/offline|invalid/i);
    expect(embedCalls.length).toBeGreaterThan(0);

    prompts.length = 0;
    const capped = await open({ embedder, model, cwd: PROJECT }, { TACIT_LLM_MAX_CALLS_PER_DAY: "0" });
    await capped.tacit.capture({ sessionId: "run-1", messages: correctionSession(T0) });
    const refused = await capped.tacit.learn({ mode: "balanced" });
    expect(prompts).toEqual([]);
    expect(refused.lessons.created).toBeGreaterThanOrEqual(1);
  });

  it("throws once closed", async () => {
    const { tacit } = await open();
    await tacit.close();
    await tacit.close();
    await expect(tacit.recall("anything")).rejects.toBeInstanceOf(TacitError);
  });
});
