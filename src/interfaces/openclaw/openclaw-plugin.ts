/**
 * tacit as an OpenClaw plugin: capture through OpenClaw's hooks, lessons recalled into each
 * prompt, learning in the background. Built on the SDK (`createTacit`), like any other framework.
 *
 * | hook                  | what tacit does                                                        |
 * |-----------------------|------------------------------------------------------------------------|
 * | `session_start`       | creates the session (channel, account, conversation from its key; when |
 * |                       | the key names no channel, with the first turn, whose context does)     |
 * | `before_prompt_build` | recalls for the prompt and returns `{ prependContext: <tacit-context> }` |
 * | `before_tool_call`    | checks the call against the lessons: `block` or `requireApproval`      |
 * | `after_tool_call`     | keeps the call (params, result, error, duration) until the turn ends    |
 * | `agent_end`           | captures the turn's messages and tool calls, records an outcome,        |
 * |                       | schedules learning for the session (then the memory pipeline on the     |
 * |                       | agent's workspace: MEMORY.md, USER.md, … through the write guardian)    |
 * | `session_end`         | marks the session ended, learns it without waiting                      |
 * | `gateway_stop`        | waits for a running learn and closes the database                       |
 *
 * Every handler catches its own failures and logs them through `api.logger`: OpenClaw never sees
 * an exception from tacit, and a bad payload costs one log line. What it remembers about sessions
 * between hooks is in openclaw-sessions.ts.
 */
import type { z } from "zod";
import type { AgentKind } from "../../core/types.js";
import { createTacit, type Tacit } from "../../sdk.js";
import { createLearningQueue } from "./learning-queue.js";
import {
  definePluginEntry,
  type OpenClawLogger,
  type OpenClawPluginApi,
  type OpenClawPluginEntry,
} from "./openclaw-api.js";
import {
  afterToolCallEvent,
  agentContext,
  agentEndEvent,
  beforePromptBuildEvent,
  beforeToolCallEvent,
  describeIssue,
  sessionContext,
  sessionEndEvent,
  sessionOrigin,
  sessionStartEvent,
  TACIT_PLUGIN_CONFIG_JSON_SCHEMA,
  type TacitPluginConfig,
  tacitPluginConfig,
  toolContext,
} from "./openclaw-events.js";
import { OPENCLAW_ABILITIES, openClawToolAnswer } from "./openclaw-guard.js";
import { mapAgentMessages, mergeObservedToolCalls, type ObservedToolCall } from "./openclaw-messages.js";
import { compact, createSessionTracker } from "./openclaw-sessions.js";

/** The plugin id; `openclaw.plugin.json` and `plugins.entries.<id>` use the same. */
export const TACIT_PLUGIN_ID = "tacit";

const AGENT: AgentKind = "openclaw";
/** Tool calls kept per session between `after_tool_call` and `agent_end`. */
const MAX_OBSERVED_CALLS = 500;
/** Budget of the recall in `before_prompt_build`; OpenClaw continues without context after it. */
const RECALL_TIMEOUT_MS = 10_000;
/** Budget of the guard in `before_tool_call`; OpenClaw runs the call unchecked after it. */
const GUARD_TIMEOUT_MS = 2_000;

/** Options of {@link createOpenClawPlugin}; all default to production behaviour. */
export interface OpenClawPluginOptions {
  /** Opens tacit. Default: `createTacit({ db: config.db, agent: "openclaw" })`. */
  open?: (config: TacitPluginConfig) => Promise<Tacit>;
  now?: () => number;
}

/** The plugin entry and, for tests and embedders, its background work. */
export interface OpenClawPlugin {
  /** What the plugin module default-exports. */
  entry: OpenClawPluginEntry;
  /** Resolves when background learning has caught up (waiting sessions are started now). */
  settled(): Promise<void>;
  /** Stops learning and closes the database (what `gateway_stop` does). */
  close(): Promise<void>;
}

/** Builds the tacit plugin entry for OpenClaw. Opens nothing until the first hook fires. */
export function createOpenClawPlugin(options: OpenClawPluginOptions = {}): OpenClawPlugin {
  const now = options.now ?? Date.now;
  const open = options.open ?? ((config) => createTacit({ db: config.db, agent: AGENT }));
  let config: TacitPluginConfig = {};
  let logger: OpenClawLogger = {};
  let opening: Promise<Tacit> | null = null;
  const observed = new Map<string, ObservedToolCall[]>();
  const sessions = createSessionTracker(AGENT);

  const log = (level: keyof OpenClawLogger, message: string): void => {
    logger[level]?.(`tacit: ${message}`);
  };

  const tacit = (): Promise<Tacit> => {
    opening ??= open(config).catch((error: unknown) => {
      opening = null;
      throw error;
    });
    return opening;
  };

  const learning = createLearningQueue({
    delayMs: 30_000,
    run: async (sessionId) => {
      const mode = config.learn ?? "balanced";
      if (mode === "off") return;
      // The memory files live in OpenClaw's agent workspace, not in a configured one.
      const workspace = config.memoryFiles === false ? undefined : sessions.workspaceOf(sessionId);
      const summary = await (await tacit()).learn({
        sessionId,
        agent: AGENT,
        mode,
        memoryFilesWorkspace: workspace ?? false,
      });
      log(
        "info",
        `learnt session ${sessionId}: ${summary.tasksLearned} task(s), ${summary.lessons.created} new lesson(s), ${summary.lessons.merged} updated, ${summary.modelCalls} model call(s)`,
      );
      const files = summary.memoryFiles;
      if (files) {
        const { written, refused, skipped, failed } = files.writes;
        log(
          "info",
          `memory files of session ${sessionId} in ${files.workspace}: ${files.decided} turn(s) decided, ${written} fact(s) written, ${refused} refused, ${skipped} skipped, ${failed} failed`,
        );
      }
      for (const warning of summary.warnings.slice(0, 5)) log("warn", warning);
    },
    onError: (error, sessionId) => log("warn", `learning session ${sessionId} failed: ${describe(error)}`),
    onDrop: (sessionId) =>
      log("warn", `learning queue full; session ${sessionId} is left for \`tacit learn\``),
  });

  /** Wraps a handler: validates nothing itself, but never lets an error reach OpenClaw. */
  const guard =
    <T>(hook: string, handler: (event: unknown, context: unknown) => Promise<T | undefined>) =>
    async (event: unknown, context: unknown): Promise<T | undefined> => {
      try {
        return await handler(event, context);
      } catch (error) {
        log("warn", `${hook} failed: ${describe(error)}`);
        return undefined;
      }
    };

  const parse = <S extends z.ZodType>(hook: string, schema: S, value: unknown): z.infer<S> | null => {
    const parsed = schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    log("warn", `${hook}: ignored a malformed payload (${describeIssue(parsed.error)})`);
    return null;
  };

  const onSessionStart = guard("session_start", async (rawEvent, rawContext) => {
    const event = parse("session_start", sessionStartEvent, rawEvent);
    const context = parse("session_start", sessionContext, rawContext);
    if (!event || !context) return;
    const sessionKey = event.sessionKey ?? context.sessionKey;
    if (sessionKey) sessions.keyStarted(sessionKey, event.sessionId);
    const metadata = compact({ sessionKey, agentId: context.agentId, resumedFrom: event.resumedFrom });
    if (!sessionOrigin(sessionKey).channel) {
      sessions.holdStart(event.sessionId, { createdAt: now(), metadata });
      return;
    }
    await (await tacit()).capture({
      sessionId: event.sessionId,
      createdAt: now(),
      ...sessions.sessionFields(event.sessionId, { ...context, sessionKey }),
      metadata,
    });
  });

  const onBeforePromptBuild = guard("before_prompt_build", async (rawEvent, rawContext) => {
    if (config.recall === false) return;
    const event = parse("before_prompt_build", beforePromptBuildEvent, rawEvent);
    const context = parse("before_prompt_build", agentContext, rawContext);
    if (!event || !context) return;
    const prompt = event.currentUserMessage ?? event.prompt;
    if (!prompt.trim()) return;
    const sessionId = sessions.sessionOf(context);
    if (sessionId) sessions.noteWorkspace(sessionId, context);
    const sdk = await tacit();
    if (sessionId && sessions.isStarting(sessionId)) {
      await sdk.capture({
        sessionId,
        cwd: context.workspaceDir ?? null,
        ...sessions.sessionFields(sessionId, context),
      });
    }
    const result = await sdk.recall(prompt, {
      ...(sessionId ? { sessionId, agent: AGENT } : {}),
      ...(context.workspaceDir ? { cwd: context.workspaceDir } : {}),
    });
    if (sessionId && config.guard !== false) {
      await sdk.guard.prompt({
        sessionId,
        agent: AGENT,
        prompt,
        ...(context.workspaceDir ? { cwd: context.workspaceDir } : {}),
        recallId: result.recallId,
      });
    }
    return result.context ? { prependContext: result.context } : undefined;
  });

  const onBeforeToolCall = guard("before_tool_call", async (rawEvent, rawContext) => {
    if (config.guard === false) return;
    const event = parse("before_tool_call", beforeToolCallEvent, rawEvent);
    const context = parse("before_tool_call", toolContext, rawContext);
    if (!event || !context) return;
    const sessionId = sessions.sessionOf(context);
    if (!sessionId) return;
    const cwd = sessions.workspaceOf(sessionId);
    const verdict = await (await tacit()).guard.check({
      sessionId,
      agent: AGENT,
      toolName: event.toolName,
      input: event.params ?? {},
      ...(event.derivedPaths ? { derivedPaths: event.derivedPaths } : {}),
      ...(cwd ? { cwd } : {}),
      abilities: OPENCLAW_ABILITIES,
    });
    return openClawToolAnswer(verdict);
  });

  const onAfterToolCall = guard("after_tool_call", async (rawEvent, rawContext) => {
    const event = parse("after_tool_call", afterToolCallEvent, rawEvent);
    const context = parse("after_tool_call", toolContext, rawContext);
    if (!event || !context) return;
    const sessionId = sessions.sessionOf(context);
    if (!sessionId) {
      log("warn", `after_tool_call: no session id for ${event.toolName}; call not captured`);
      return;
    }
    const calls = observed.get(sessionId) ?? [];
    if (calls.length >= MAX_OBSERVED_CALLS) calls.shift();
    calls.push({ ...event, runId: event.runId ?? context.runId, at: now() });
    observed.set(sessionId, calls);
  });

  const onAgentEnd = guard("agent_end", async (rawEvent, rawContext) => {
    const event = parse("agent_end", agentEndEvent, rawEvent);
    const context = parse("agent_end", agentContext, rawContext);
    if (!event || !context) return;
    const sessionId = sessions.sessionOf(context);
    if (!sessionId) {
      log("warn", "agent_end: no session id in the context; turn not captured");
      return;
    }
    sessions.noteWorkspace(sessionId, context);
    const mapped = mapAgentMessages(event.messages, now());
    if (mapped.skipped > 0) log("debug", `agent_end: ${mapped.skipped} message(s) with nothing to capture`);
    const messages = mergeObservedToolCalls(mapped.items, observed.get(sessionId) ?? []);
    observed.delete(sessionId);
    const sdk = await tacit();
    const written = await sdk.capture({
      sessionId,
      cwd: context.workspaceDir ?? null,
      ...sessions.sessionFields(sessionId, context),
      messages,
    });
    // agent_end's success says the run ended without an error, not that the user's task succeeded:
    // recalled lessons are judged by `tacit learn` from the conversation instead.
    await sdk.recordOutcome({
      sessionId,
      agent: AGENT,
      judgeRecalls: false,
      success: event.success,
      durationMs: event.durationMs ?? 0,
      errorCount: written.errorsInserted,
      failureDetails: event.error ?? null,
    });
    learning.schedule(sessionId, config.learnDelayMs);
  });

  const onSessionEnd = guard("session_end", async (rawEvent, rawContext) => {
    const event = parse("session_end", sessionEndEvent, rawEvent);
    const context = parse("session_end", sessionContext, rawContext);
    if (!event || !context) return;
    const sessionKey = event.sessionKey ?? context.sessionKey;
    if (sessionKey) sessions.keyEnded(sessionKey, event.sessionId);
    const pending = observed.get(event.sessionId) ?? [];
    observed.delete(event.sessionId);
    const fields = sessions.sessionFields(event.sessionId, { ...context, sessionKey });
    await (await tacit()).capture({
      sessionId: event.sessionId,
      ...fields,
      lastActivityAt: now(),
      metadata: {
        ...fields.metadata,
        ...compact({
          endedAt: now(),
          endReason: event.reason,
          messageCount: event.messageCount,
          nextSessionId: event.nextSessionId,
        }),
      },
      messages: mergeObservedToolCalls([], pending),
    });
    learning.schedule(event.sessionId, 0);
  });

  const close = async (): Promise<void> => {
    await learning.close();
    const current = opening;
    opening = null;
    if (current) await (await current).close();
  };

  const entry = definePluginEntry({
    id: TACIT_PLUGIN_ID,
    name: "tacit",
    description:
      "Captures OpenClaw sessions into tacit, recalls learnt lessons into each prompt, and learns from every turn.",
    configSchema: {
      safeParse: (value) => {
        const parsed = tacitPluginConfig.safeParse(value ?? {});
        return parsed.success
          ? { success: true, data: parsed.data }
          : {
              success: false,
              error: {
                issues: parsed.error.issues.map((issue) => ({
                  path: issue.path.map((part) => (typeof part === "number" ? part : String(part))),
                  message: issue.message,
                })),
              },
            };
      },
      jsonSchema: TACIT_PLUGIN_CONFIG_JSON_SCHEMA,
    },
    register(api: OpenClawPluginApi) {
      // Discovery, setup and CLI-metadata loads strip the registration methods: nothing to do there.
      if ((api.registrationMode ?? "full") !== "full" || typeof api.on !== "function") return;
      logger = api.logger ?? {};
      const parsed = tacitPluginConfig.safeParse(api.pluginConfig ?? {});
      if (parsed.success) config = parsed.data;
      else log("warn", `ignoring invalid plugin config (${describeIssue(parsed.error)}); using defaults`);
      api.on("session_start", onSessionStart);
      api.on("before_prompt_build", onBeforePromptBuild, { timeoutMs: RECALL_TIMEOUT_MS });
      api.on("before_tool_call", onBeforeToolCall, { timeoutMs: GUARD_TIMEOUT_MS });
      api.on("after_tool_call", onAfterToolCall);
      api.on("agent_end", onAgentEnd);
      api.on("session_end", onSessionEnd);
      api.on(
        "gateway_stop",
        guard("gateway_stop", async () => {
          await close();
        }),
      );
    },
  });

  return { entry, settled: () => learning.settled(), close };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
