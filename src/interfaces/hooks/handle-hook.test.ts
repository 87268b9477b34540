import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createCapture } from "../../capture/capture.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { hookPayload } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { type HookRecallRequest, handleHookEvent } from "./handle-hook.js";
import { type HookAgent, type HookEvent, parseHookInput } from "./hook-event.js";
import { hookSession, toolCallMessage } from "./hook-session.js";
import { spoolDirectory, spoolRecord } from "./hook-spool.js";

const tempDir = useTempDir("tacit-hooks-");
const stores: SqliteStore[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

const SESSION = "9f2c1a7e-4b3d-4e8f-a1c2-5d6e7f8a9b0c";
const CONTEXT = "<tacit-context>\n- Use pnpm install, not npm install, in this repo.\n</tacit-context>";

/** A fixture payload, with its cwd moved into a real project (a folder holding .git). */
function fixture(
  agent: HookAgent,
  name: string,
  project: string,
  changes: Record<string, unknown> = {},
): HookEvent {
  const parsed = parseHookInput(hookPayload(agent, name, { cwd: project, ...changes }));
  if (parsed.kind !== "event") throw new Error(`fixture ${agent}/${name}: ${JSON.stringify(parsed)}`);
  return parsed.event;
}

/** A tool event fixture, as the lean entry spools it. */
function spoolToolFixture(options: {
  name: "PostToolUse" | "PostToolUseFailure";
  project: string;
  spool: string;
  at: number;
  changes?: Record<string, unknown>;
}): void {
  const event = fixture("claude-code", options.name, options.project, options.changes);
  if (event.hook_event_name !== "PostToolUse" && event.hook_event_name !== "PostToolUseFailure") {
    throw new Error(`${options.name} is not a tool event`);
  }
  const session = hookSession(event, { agent: "claude-code", now: options.at });
  const message = toolCallMessage(event, { agent: "claude-code", now: options.at });
  spoolRecord(options.spool, { sessionId: session.id, session: session.session, message }, options.at);
}

function setup(agent: HookAgent = "claude-code") {
  const dir = tempDir();
  const project = join(dir, "shop-api");
  mkdirSync(join(project, ".git"), { recursive: true });
  const database = join(dir, "tacit.db");
  const store = new SqliteStore({ path: database });
  stores.push(store);
  let clock = Date.UTC(2026, 10, 22, 9, 0, 0);
  const now = () => clock;
  const recalls: HookRecallRequest[] = [];
  const learners: string[] = [];
  const warnings: string[] = [];
  const state = { recallText: CONTEXT };
  const deps = {
    agent,
    capture: createCapture({ store, now }),
    store,
    now,
    recall: async (request: HookRecallRequest) => {
      recalls.push(request);
      return state.recallText;
    },
    spawnLearner: (sessionId: string) => learners.push(sessionId),
    spoolDirectory: spoolDirectory(database),
    warn: (message: string) => warnings.push(message),
  };
  const send = async (name: string, changes: Record<string, unknown> = {}) => {
    clock += 60_000;
    return handleHookEvent(fixture(agent, name, project, changes), deps);
  };
  return { store, project, database, deps, recalls, learners, warnings, state, send, now };
}

describe("handleHookEvent: Claude Code", () => {
  it("captures a whole session from the reference payloads", async () => {
    const { store, project, recalls, learners, send } = setup();
    expect(await send("SessionStart")).toEqual({});
    const prompt = await send("UserPromptSubmit");
    expect(await send("PostToolUseFailure")).toEqual({});
    expect(await send("PostToolUse")).toEqual({});
    expect(await send("Stop")).toEqual({});
    expect(await send("SubagentStop")).toEqual({});
    expect(await send("PreCompact")).toEqual({});
    expect(await send("SessionEnd")).toEqual({});

    const sessionId = `claude-code:${SESSION}`;
    const session = await store.getSession(sessionId);
    expect(session).toMatchObject({ agent: "claude-code", projectId: project, cwd: project });
    expect(session?.metadata).toMatchObject({
      capturedBy: "hook",
      source: "startup",
      endReason: "prompt_input_exit",
    });
    const messages = await store.listMessages(sessionId);
    expect(
      messages.map((message) => [message.role, message.kind, message.toolName, message.isError]),
    ).toEqual([
      ["user", "text", null, false],
      ["tool", "tool_call", "Bash", true],
      ["tool", "tool_call", "Bash", false],
      ["assistant", "text", null, false],
      ["system", "compact_boundary", null, false],
    ]);
    expect(messages[0]?.content).toBe("install the dependencies");
    expect(messages[1]).toMatchObject({
      toolInput: '{"command":"npm install","description":"Install dependencies"}',
      toolUseId: "toolu_01A9hT3kQe7wVb2nLx5cRz8D",
      metadata: { durationMs: 2140 },
    });
    expect(messages[1]?.toolOutput).toContain("npm ERR! code ERESOLVE");
    expect(messages[2]?.toolOutput).toBe("Lockfile is up to date, resolution step is skipped\nDone in 1.2s");
    expect(messages[4]?.content).toBe("Conversation compacted (manual): keep the dependency decisions");

    const errors = await store.listErrors({ sessionId, limit: 10 });
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ toolName: "Bash", errorType: "tool_failure" });

    const [outcome] = await store.listOutcomes({ sessionId, limit: 10 });
    expect(outcome).toMatchObject({ errorCount: 1, retryCount: 1, success: true, durationMs: 180_000 });

    const subagent = await store.getSession(`${sessionId}/agent-a7f3c9d2`);
    expect(subagent).toMatchObject({ parentSessionId: sessionId, metadata: { agentType: "Explore" } });
    const [reply] = await store.listMessages(`${sessionId}/agent-a7f3c9d2`);
    expect(reply).toMatchObject({ role: "assistant", isSidechain: true });

    // SessionStart had nothing to recall for (no earlier prompt, no earlier session).
    expect(recalls).toEqual([{ query: "install the dependencies", projectId: project, sessionId }]);
    expect(JSON.parse(prompt.stdout ?? "")).toEqual({
      hookSpecificOutput: { hookEventName: "UserPromptSubmit", additionalContext: CONTEXT },
    });
    // Only the main session's Stop starts learning; the subagent is learnt with its parent.
    expect(learners).toEqual([sessionId]);
  });

  it("prints nothing when nothing is relevant", async () => {
    const { state, send } = setup();
    state.recallText = "";
    expect(await send("UserPromptSubmit")).toEqual({});
  });

  it("recalls at SessionStart for the project's previous session", async () => {
    const { recalls, project, send } = setup();
    await send("UserPromptSubmit");
    await send("Stop");
    const next = "0b1c2d3e-4f50-4617-8293-a4b5c6d7e8f9";
    const started = await send("SessionStart", { session_id: next });
    expect(recalls.at(-1)).toEqual({
      query: "install the dependencies",
      projectId: project,
      sessionId: `claude-code:${next}`,
    });
    expect(JSON.parse(started.stdout ?? "").hookSpecificOutput).toEqual({
      hookEventName: "SessionStart",
      additionalContext: CONTEXT,
    });
  });

  it("stores an event delivered twice once", async () => {
    const { store, send } = setup();
    await send("UserPromptSubmit");
    await send("UserPromptSubmit");
    await send("PostToolUseFailure");
    await send("PostToolUseFailure");
    await send("Stop");
    await send("Stop", { stop_hook_active: true });
    const sessionId = `claude-code:${SESSION}`;
    expect(await store.listMessages(sessionId)).toHaveLength(3);
    expect(await store.listErrors({ sessionId, limit: 10 })).toHaveLength(1);
    expect(await store.listOutcomes({ sessionId, limit: 10 })).toHaveLength(1);
  });

  it("keeps tacit's own context out of the prompt it stores and recalls for", async () => {
    const { store, recalls, send } = setup();
    await send("UserPromptSubmit", { prompt: `${CONTEXT}\n\nand the tests?` });
    const [message] = await store.listMessages(`claude-code:${SESSION}`);
    expect(message?.content).toBe("and the tests?");
    expect(recalls[0]?.query).toBe("and the tests?");
  });

  it("stores spooled tool events first, in order, and empties the spool", async () => {
    const { store, project, database, deps, warnings, send } = setup();
    await send("UserPromptSubmit");
    const spool = spoolDirectory(database);
    spoolToolFixture({ name: "PostToolUseFailure", project, spool, at: deps.now() });
    spoolToolFixture({ name: "PostToolUse", project, spool, at: deps.now() + 1 });
    writeFileSync(join(spool, "000000000000001-1-broken.json"), "{");
    await send("Stop");
    const messages = await store.listMessages(`claude-code:${SESSION}`);
    expect(messages.map((message) => message.kind)).toEqual(["text", "tool_call", "tool_call", "text"]);
    expect(messages[1]?.isError).toBe(true);
    expect(readdirSync(spool)).toEqual([]);
    expect(warnings).toEqual([expect.stringMatching(/broken\.json/)]);
    expect((await store.listOutcomes({ sessionId: `claude-code:${SESSION}`, limit: 5 }))[0]?.errorCount).toBe(
      1,
    );
  });

  it("redacts secrets before a tool event reaches the spool", async () => {
    const { project, database, deps } = setup();
    const spool = spoolDirectory(database);
    spoolToolFixture({
      name: "PostToolUse",
      project,
      spool,
      at: deps.now(),
      changes: { tool_response: { stdout: "token=ghp_abcdefghijklmnopqrstuvwxyz0123456789", stderr: "" } },
    });
    const [file] = readdirSync(spool);
    const text = readFileSync(join(spool, file as string), "utf8");
    expect(text).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
    expect(text).toContain("[REDACTED:");
  });
});

describe("handleHookEvent: the guard following a prompt", () => {
  /** A guard that notes the prompts it followed. */
  const notingGuard = (followed: string[]) => async () => ({
    beforeToolCall: async () => "",
    afterPrompt: async (request: { prompt: string }) => {
      followed.push(request.prompt);
    },
  });

  it("follows it before answering, or once answered when the caller takes work for after the answer", async () => {
    const { deps, project } = setup();
    const prompt = fixture("claude-code", "UserPromptSubmit", project);
    const followed: string[] = [];
    const answered = await handleHookEvent(prompt, { ...deps, guard: notingGuard(followed) });
    expect(answered.stdout).toContain(CONTEXT.split("\n")[1]);
    expect(followed).toEqual(["install the dependencies"]);
    // The hook daemon: the answer goes out first, the guard follows before the next event.
    const later: Array<() => Promise<void>> = [];
    const deferred = await handleHookEvent(prompt, {
      ...deps,
      guard: notingGuard(followed),
      afterAnswer: (work) => later.push(work),
    });
    expect(deferred).toEqual(answered);
    expect(followed).toHaveLength(1);
    expect(later).toHaveLength(1);
    await later[0]?.();
    expect(followed).toEqual(["install the dependencies", "install the dependencies"]);
  });
});

describe("handleHookEvent: Codex", () => {
  it("captures a turn and reads a failed command from its exit code", async () => {
    const { store, project, learners, recalls, send } = setup("codex");
    await send("SessionStart");
    const prompt = await send("UserPromptSubmit");
    await send("PostToolUse");
    await send("Stop");
    const sessionId = "codex:019d036d-c7fa-72d2-b6fd-78878bfe34e4";
    expect(await store.getSession(sessionId)).toMatchObject({ agent: "codex", projectId: project });
    const messages = await store.listMessages(sessionId);
    expect(messages.map((message) => [message.kind, message.isError])).toEqual([
      ["text", false],
      ["tool_call", true],
      ["text", false],
    ]);
    expect(messages[0]?.id).toBe(`${sessionId}:hook:prompt:019d036e-3164-72c3-a170-98925564c4fc`);
    const [outcome] = await store.listOutcomes({ sessionId, limit: 5 });
    expect(outcome).toMatchObject({ success: false, failureMode: "tool_failure", errorCount: 1 });
    expect(recalls.map((request) => request.query)).toEqual(["run the test suite"]);
    expect(JSON.parse(prompt.stdout ?? "").hookSpecificOutput.hookEventName).toBe("UserPromptSubmit");
    expect(learners).toEqual([sessionId]);
  });
});
