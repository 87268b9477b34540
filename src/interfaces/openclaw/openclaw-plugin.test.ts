import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openRuntime, type Runtime } from "../../runtime.js";
import { createTacit } from "../../sdk.js";
import { useTempDir } from "../../testing/temp-dir.js";
import type { OpenClawHookHandler, OpenClawHookName, OpenClawHookOptions } from "./openclaw-api.js";
import { createOpenClawPlugin, type OpenClawPlugin } from "./openclaw-plugin.js";
import pluginEntry from "./plugin.js";

/** One recorded hook call: the hook, its event and its context, as OpenClaw passes them. */
interface RecordedCall {
  hook: OpenClawHookName;
  event: unknown;
  context: unknown;
}

function fixture(name: string): RecordedCall[] {
  return JSON.parse(readFileSync(new URL(`./__fixtures__/${name}.json`, import.meta.url), "utf8"));
}

/** The recorded calls with the agent workspace (`ctx.workspaceDir`) moved to `workspace`. */
function inWorkspace(calls: RecordedCall[], workspace: string): RecordedCall[] {
  return calls.map((call) => {
    const context = call.context as Record<string, unknown>;
    return "workspaceDir" in context ? { ...call, context: { ...context, workspaceDir: workspace } } : call;
  });
}

/**
 * A fake of OpenClaw's plugin API: it records what `register` hands to `api.on` and replays
 * recorded payloads through it, awaiting each handler the way OpenClaw's hook runner does.
 */
function fakeOpenClaw(pluginConfig: Record<string, unknown> = {}) {
  const hooks = new Map<OpenClawHookName, { handler: OpenClawHookHandler; options?: OpenClawHookOptions }>();
  const logs: Array<{ level: string; message: string }> = [];
  const record = (level: string) => (message: string) => logs.push({ level, message });
  const api = {
    id: "tacit",
    registrationMode: "full",
    pluginConfig,
    logger: { debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") },
    on(hookName: OpenClawHookName, handler: OpenClawHookHandler, options?: OpenClawHookOptions) {
      hooks.set(hookName, { handler, options });
    },
  };
  const emit = async (hook: OpenClawHookName, event: unknown, context: unknown) => {
    const registered = hooks.get(hook);
    if (!registered) throw new Error(`no handler registered for ${hook}`);
    return registered.handler(event, context);
  };
  const replay = async (calls: RecordedCall[]) => {
    const results: unknown[] = [];
    for (const call of calls) results.push(await emit(call.hook, call.event, call.context));
    return results;
  };
  return { api, hooks, logs, emit, replay };
}

const tempDir = useTempDir();
const plugins: OpenClawPlugin[] = [];
const runtimes: Runtime[] = [];
afterEach(async () => {
  for (const plugin of plugins.splice(0)) await plugin.close();
  for (const runtime of runtimes.splice(0)) await runtime.close();
});

const T0 = 1_791_450_000_000;

function setup(pluginConfig: Record<string, unknown> = { learnDelayMs: 0 }) {
  const dir = tempDir();
  const db = join(dir, "tacit.db");
  const env = { TACIT_HOME: dir };
  let clock = T0;
  const plugin = createOpenClawPlugin({
    open: (config) => createTacit({ db: config.db ?? db, env, agent: "openclaw", now: () => clock }),
    now: () => clock,
  });
  plugins.push(plugin);
  const openclaw = fakeOpenClaw(pluginConfig);
  plugin.entry.register(openclaw.api);
  const inspect = async () => {
    const runtime = await openRuntime({ db, env });
    runtimes.push(runtime);
    return runtime;
  };
  return { plugin, openclaw, inspect, db, advance: (ms: number) => (clock += ms) };
}

describe("the OpenClaw plugin entry", () => {
  it("has the shape definePluginEntry returns, and the manifest matches it", () => {
    expect(Object.keys(pluginEntry).sort()).toEqual([
      "configSchema",
      "description",
      "id",
      "name",
      "register",
    ]);
    expect(pluginEntry.id).toBe("tacit");
    const manifest = JSON.parse(
      readFileSync(
        new URL("../../../examples/openclaw-plugin/openclaw.plugin.json", import.meta.url),
        "utf8",
      ),
    );
    expect(manifest.id).toBe(pluginEntry.id);
    expect(manifest.configSchema).toEqual(pluginEntry.configSchema.jsonSchema);
    expect(manifest.activation).toEqual({ onStartup: true, onCapabilities: ["hook"] });
    expect(pluginEntry.configSchema.safeParse({ learn: "minimal", learnDelayMs: 0 }).success).toBe(true);
    expect(pluginEntry.configSchema.safeParse({ learn: "sometimes" }).success).toBe(false);
    expect(pluginEntry.configSchema.safeParse(undefined).success).toBe(true);
  });

  it("registers the seven hooks in full mode only, opening nothing", () => {
    const { openclaw } = setup();
    expect([...openclaw.hooks.keys()].sort()).toEqual([
      "after_tool_call",
      "agent_end",
      "before_prompt_build",
      "before_tool_call",
      "gateway_stop",
      "session_end",
      "session_start",
    ]);
    expect(openclaw.hooks.get("before_prompt_build")?.options).toEqual({ timeoutMs: 10_000 });

    const discovery = fakeOpenClaw();
    createOpenClawPlugin({ open: () => Promise.reject(new Error("must not open")) }).entry.register({
      ...discovery.api,
      registrationMode: "discovery",
    });
    expect(discovery.hooks.size).toBe(0);
  });
});

describe("capture through OpenClaw's hooks", () => {
  it("session_start → after_tool_call → agent_end captures the session, its turn and tool calls", async () => {
    const { openclaw, inspect } = setup({ learn: "off" });
    const [start, , failedCall, firstEnd] = fixture("session-correction");
    await openclaw.replay([start, failedCall, firstEnd] as RecordedCall[]);

    const runtime = await inspect();
    const sessionId = "openclaw:5b0c2f0e-6c1d-4a53-9a3c-2f1f1f5e7a01";
    const session = await runtime.store.getSession(sessionId);
    expect(session).toMatchObject({
      agent: "openclaw",
      channelId: "discord",
      conversationTarget: "1187443322110099887",
      accountId: "default",
      projectId: "/home/claw/.openclaw/workspace/shop",
    });
    expect(session?.metadata).toMatchObject({ sessionKey: "agent:main:discord:channel:1187443322110099887" });

    const messages = await runtime.store.listMessages(sessionId, {});
    expect(messages.map((message) => [message.role, message.kind])).toEqual([
      ["user", "text"],
      ["assistant", "text"],
      ["tool", "tool_call"],
      ["assistant", "text"],
    ]);
    const call = messages[2];
    expect(call).toMatchObject({ toolName: "exec", isError: true, toolUseId: "toolu_01" });
    expect(JSON.parse(call?.toolInput ?? "{}")).toEqual({ command: "npm install" });
    expect(call?.toolOutput).toContain("EUNSUPPORTEDPROTOCOL");
    expect(call?.metadata).toMatchObject({ durationMs: 6900 });
    expect((await runtime.store.listErrors({ sessionId, limit: 10 })).map((error) => error.toolName)).toEqual(
      ["exec"],
    );
  });

  it("a direct chat in the main session takes its channel from the first turn's context", async () => {
    const { openclaw, inspect } = setup({ learn: "off" });
    const [start, prompt, , firstEnd] = fixture("session-correction") as RecordedCall[];
    const mainKey = "agent:main:main";
    const direct = (call: RecordedCall | undefined, context: Record<string, unknown>): RecordedCall => {
      const recorded = call as RecordedCall;
      const event = recorded.event as Record<string, unknown>;
      return {
        ...recorded,
        event: "sessionKey" in event ? { ...event, sessionKey: mainKey } : event,
        context: { ...(recorded.context as object), sessionKey: mainKey, ...context },
      };
    };
    const telegram = { messageProvider: "telegram", channelId: "5551234", accountId: undefined };
    await openclaw.replay([direct(start, {}), direct(prompt, telegram), direct(firstEnd, telegram)]);

    const runtime = await inspect();
    const session = await runtime.store.getSession("openclaw:5b0c2f0e-6c1d-4a53-9a3c-2f1f1f5e7a01");
    expect(session).toMatchObject({ channelId: "telegram", conversationTarget: "5551234", createdAt: T0 });
    expect(session?.metadata).toMatchObject({ sessionKey: mainKey, agentId: "main" });
  });

  it("a re-sent history adds only the new messages, and session_end records the end", async () => {
    const { openclaw, inspect } = setup({ learn: "off" });
    await openclaw.replay(fixture("session-correction"));
    const runtime = await inspect();
    const sessionId = "openclaw:5b0c2f0e-6c1d-4a53-9a3c-2f1f1f5e7a01";
    const messages = await runtime.store.listMessages(sessionId, {});
    expect(messages.filter((message) => message.role === "user").map((message) => message.content)).toEqual([
      "Install the dependencies and start the dev server",
      "No, not npm. This repo uses pnpm: run pnpm install, never npm install.",
      "works now, thanks",
    ]);
    expect(messages.filter((message) => message.kind === "tool_call")).toHaveLength(3);
    expect(
      messages.every((message, index) => index === 0 || message.seq > (messages[index - 1]?.seq ?? -1)),
    ).toBe(true);
    const session = await runtime.store.getSession(sessionId);
    expect(session?.metadata).toMatchObject({ endReason: "new", nextSessionId: expect.any(String) });
    const outcomes = await runtime.store.listOutcomes({ sessionId, limit: 10 });
    expect(outcomes).toHaveLength(3);
    expect(outcomes.find((outcome) => outcome.errorCount === 1)).toBeDefined();
  });

  it("learns the correction in the background and injects it into the next session's prompt", async () => {
    const { plugin, openclaw, advance } = setup({ learnDelayMs: 0 });
    await openclaw.replay(fixture("session-correction"));
    await plugin.settled();
    advance(2 * 86_400_000);

    const [start, prompt] = fixture("session-followup") as [RecordedCall, RecordedCall];
    await openclaw.replay([start]);
    const injected = (await openclaw.emit(prompt.hook, prompt.event, prompt.context)) as {
      prependContext?: string;
    };
    expect(injected?.prependContext).toMatch(/^<tacit-context>/);
    expect(injected?.prependContext).toMatch(/pnpm/);
    expect(openclaw.logs.some((log) => log.level === "info" && /learnt session/.test(log.message))).toBe(
      true,
    );
  });

  it("blocks a tool call the user's correction forbade, with the lesson and what to run instead", async () => {
    const { plugin, openclaw, advance, inspect } = setup({ learnDelayMs: 0 });
    await openclaw.replay(fixture("session-correction"));
    await plugin.settled();
    advance(2 * 86_400_000);
    const [start, prompt] = fixture("session-followup") as [RecordedCall, RecordedCall];
    await openclaw.replay([start, prompt]);
    const toolContext = {
      agentId: "main",
      sessionKey: "agent:main:discord:channel:1187443322110099887",
      sessionId: "9d4e61a2-0f7b-4c3e-8b55-6a2d0c9e4b12",
      runId: "run-4",
      toolName: "exec",
    };
    const blocked = (await openclaw.emit(
      "before_tool_call",
      { toolName: "exec", params: { command: "npm install" }, toolCallId: "toolu_11" },
      toolContext,
    )) as { block?: boolean; blockReason?: string };
    expect(blocked?.block).toBe(true);
    expect(blocked?.blockReason).toMatch(/^tacit blocked `npm install`/);
    expect(blocked?.blockReason).toContain("Instead: pnpm install");
    expect(openclaw.hooks.get("before_tool_call")?.options).toEqual({ timeoutMs: 2_000 });
    const allowed = await openclaw.emit(
      "before_tool_call",
      { toolName: "exec", params: { command: "pnpm install" }, toolCallId: "toolu_12" },
      toolContext,
    );
    expect(allowed).toBeUndefined();
    const runtime = await inspect();
    const [event] = await runtime.store.guard.listGuardEvents({
      sessionId: "openclaw:9d4e61a2-0f7b-4c3e-8b55-6a2d0c9e4b12",
      kinds: ["deny"],
      limit: 1,
    });
    expect(event).toMatchObject({ toolName: "exec", adherence: "followed" });
  });

  it("checks no tool call when the guard is off", async () => {
    const { openclaw } = setup({ guard: false });
    const call = { toolName: "exec", params: { command: "npm install" } };
    expect(
      await openclaw.emit("before_tool_call", call, { sessionId: "s", toolName: "exec" }),
    ).toBeUndefined();
  });

  it("writes what the user wants kept into OpenClaw's own workspace, once", async () => {
    const workspace = tempDir();
    const { plugin, openclaw, inspect } = setup({ learnDelayMs: 0 });
    await openclaw.replay(inWorkspace(fixture("session-preference"), workspace));
    await plugin.settled();
    expect(readFileSync(join(workspace, "USER.md"), "utf8")).toMatch(/^- prefers morning check-ins$/m);
    expect(readFileSync(join(workspace, "MEMORY.md"), "utf8")).toMatch(
      /^- the staging server is called bluebird$/m,
    );
    const logged = openclaw.logs.find((log) => /^tacit: memory files of session/.test(log.message));
    expect(logged?.message).toContain(`in ${workspace}: 2 turn(s) decided, 2 fact(s) written, 0 refused`);
    const runtime = await inspect();
    const audits = await runtime.store.listAudits({ limit: 10 });
    expect(audits.map((audit) => [audit.targetFile, audit.status, audit.workspace])).toEqual([
      ["MEMORY.md", "written", workspace],
      ["USER.md", "written", workspace],
    ]);
    for (const audit of audits)
      expect((await runtime.store.gateDecisions.getGateDecision(audit.decisionId ?? ""))?.turnId).toBe(
        audit.turnId,
      );
    // The same history again (OpenClaw re-sends it) adds nothing to the files.
    await openclaw.replay(inWorkspace(fixture("session-preference"), workspace).slice(3));
    await plugin.settled();
    expect(await runtime.store.listAudits({ limit: 10 })).toHaveLength(2);
  });

  it("leaves the workspace alone with memoryFiles off", async () => {
    const workspace = tempDir();
    const { plugin, openclaw } = setup({ learnDelayMs: 0, memoryFiles: false });
    await openclaw.replay(inWorkspace(fixture("session-preference"), workspace));
    await plugin.settled();
    expect(existsSync(join(workspace, "USER.md"))).toBe(false);
    expect(openclaw.logs.some((log) => /memory files/.test(log.message))).toBe(false);
  });

  it("injects nothing when nothing is relevant, or when recall is off", async () => {
    const { openclaw } = setup();
    const [, prompt] = fixture("session-followup") as [RecordedCall, RecordedCall];
    expect(await openclaw.emit(prompt.hook, prompt.event, prompt.context)).toBeUndefined();

    const off = setup({ recall: false });
    expect(await off.openclaw.emit(prompt.hook, prompt.event, prompt.context)).toBeUndefined();
  });
});

describe("failures never reach OpenClaw", () => {
  it("a malformed payload is logged and ignored", async () => {
    const { openclaw, inspect } = setup();
    const results = await openclaw.replay(fixture("malformed"));
    expect(results.every((result) => result === undefined)).toBe(true);
    const warnings = openclaw.logs.filter((log) => log.level === "warn").map((log) => log.message);
    expect(warnings).toHaveLength(5);
    expect(warnings[0]).toMatch(/^tacit: session_start: ignored a malformed payload \(sessionId: /);
    expect(warnings[3]).toMatch(/agent_end: ignored a malformed payload \(messages: /);
    const runtime = await inspect();
    expect(await runtime.store.listSessionIds({})).toEqual([]);
  });

  it("a store that cannot open is logged on each hook, and the hooks still return", async () => {
    const openclaw = fakeOpenClaw();
    const plugin = createOpenClawPlugin({ open: () => Promise.reject(new Error("disk full")) });
    plugin.entry.register(openclaw.api);
    const [start, prompt] = fixture("session-followup") as [RecordedCall, RecordedCall];
    expect(await openclaw.emit(start.hook, start.event, start.context)).toBeUndefined();
    expect(await openclaw.emit(prompt.hook, prompt.event, prompt.context)).toBeUndefined();
    expect(openclaw.logs.map((log) => log.message)).toEqual([
      "tacit: session_start failed: disk full",
      "tacit: before_prompt_build failed: disk full",
    ]);
    await plugin.close();
  });

  it("an invalid plugin config falls back to the defaults with a warning", () => {
    const { openclaw } = setup({ learn: "always" });
    expect(openclaw.logs[0]?.message).toMatch(/ignoring invalid plugin config \(learn: /);
  });
});
