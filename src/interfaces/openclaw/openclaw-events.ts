/**
 * Minimal zod schemas of the OpenClaw hook payloads the plugin reads (src/plugins/hook-types.ts,
 * hook-tool.types.ts, hook-before-agent-start.types.ts, hook-agent-context.types.ts in
 * openclaw/openclaw; commits in `openclaw-api.ts`). Objects are loose: fields OpenClaw adds later
 * pass through; only what the plugin uses is checked.
 */
import { z } from "zod";

const optionalString = z.string().optional();

/** `session_start` event (`PluginHookSessionStartEvent`). */
export const sessionStartEvent = z.looseObject({
  sessionId: z.string().min(1),
  sessionKey: optionalString,
  resumedFrom: optionalString,
});

/** `session_end` event (`PluginHookSessionEndEvent`). */
export const sessionEndEvent = z.looseObject({
  sessionId: z.string().min(1),
  sessionKey: optionalString,
  messageCount: z.number().optional(),
  durationMs: z.number().optional(),
  reason: optionalString,
  nextSessionId: optionalString,
});

/** Context of the session hooks (`PluginHookSessionContext`). */
export const sessionContext = z.looseObject({
  agentId: optionalString,
  sessionId: optionalString,
  sessionKey: optionalString,
});

/**
 * `before_tool_call` event (`PluginHookBeforeToolCallEvent`): the call about to run, and the paths
 * OpenClaw derived from it (a patch's files) when it knows the tool.
 */
export const beforeToolCallEvent = z.looseObject({
  toolName: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
  runId: optionalString,
  toolCallId: optionalString,
  derivedPaths: z.array(z.string()).optional(),
});

/** `after_tool_call` event (`PluginHookAfterToolCallEvent`). */
export const afterToolCallEvent = z.looseObject({
  toolName: z.string().min(1),
  params: z.record(z.string(), z.unknown()).optional(),
  runId: optionalString,
  toolCallId: optionalString,
  result: z.unknown().optional(),
  error: optionalString,
  durationMs: z.number().optional(),
});

/** Context of the tool hooks (`PluginHookToolContext`). */
export const toolContext = z.looseObject({
  agentId: optionalString,
  sessionKey: optionalString,
  sessionId: optionalString,
  runId: optionalString,
  channelId: optionalString,
});

/**
 * `before_prompt_build` event (`PluginHookBeforePromptBuildEvent`). Some harnesses also send
 * `currentUserMessage`, the request alone, where `prompt` may hold reconstructed history
 * (docs/plugins/hooks/prompt-and-session.md).
 */
export const beforePromptBuildEvent = z.looseObject({
  prompt: z.string(),
  messages: z.array(z.unknown()).optional(),
  currentUserMessage: optionalString,
});

/** `agent_end` event (`PluginHookAgentEndEvent`): the session's messages after the run. */
export const agentEndEvent = z.looseObject({
  runId: optionalString,
  messages: z.array(z.unknown()),
  success: z.boolean(),
  error: optionalString,
  durationMs: z.number().optional(),
});

/** Context of the agent hooks (`PluginHookAgentContext`). */
export const agentContext = z.looseObject({
  runId: optionalString,
  agentId: optionalString,
  sessionKey: optionalString,
  sessionId: optionalString,
  workspaceDir: optionalString,
  /** The provider surface, e.g. `discord`. */
  messageProvider: optionalString,
  channel: optionalString,
  /** The conversation target, when OpenClaw can derive one. */
  channelId: optionalString,
  chatId: optionalString,
  accountId: optionalString,
  senderId: optionalString,
  trigger: optionalString,
});

export type AgentContext = z.infer<typeof agentContext>;
export type AfterToolCallEvent = z.infer<typeof afterToolCallEvent>;

/** The plugin's config (`plugins.entries.tacit.config`); mirrored by the manifest's `configSchema`. */
export const tacitPluginConfig = z.strictObject({
  /** The database; default `TACIT_DATABASE_URL`, else `$TACIT_HOME/tacit.db`. */
  db: z.string().min(1).optional(),
  /** Inject recalled lessons before each prompt. Default true. */
  recall: z.boolean().optional(),
  /** Learning after turns: a mode (model calls per task 0 / ≤ 1 / ≤ 2) or `off`. Default `balanced`. */
  learn: z.enum(["off", "minimal", "balanced", "full"]).optional(),
  /** Quiet time after a session's last turn before it is learnt, ms. Default 30 000. */
  learnDelayMs: z.number().int().min(0).max(3_600_000).optional(),
  /** Check each tool call against the lessons before it runs (`before_tool_call`). Default true. */
  guard: z.boolean().optional(),
  /**
   * After learning a session, write what the memory gate finds worth keeping into the agent's
   * workspace (MEMORY.md, USER.md, SOUL.md, IDENTITY.md, TOOLS.md) through the write guardian.
   * Default true.
   */
  memoryFiles: z.boolean().optional(),
});

export type TacitPluginConfig = z.infer<typeof tacitPluginConfig>;

/** The JSON Schema of {@link tacitPluginConfig}, as the manifest declares it. */
export const TACIT_PLUGIN_CONFIG_JSON_SCHEMA: Record<string, unknown> = {
  type: "object",
  additionalProperties: false,
  properties: {
    db: { type: "string", minLength: 1, description: "Database path; default $TACIT_HOME/tacit.db" },
    recall: { type: "boolean", default: true, description: "Inject recalled lessons before each prompt" },
    learn: {
      type: "string",
      enum: ["off", "minimal", "balanced", "full"],
      default: "balanced",
      description: "Learn after turns, with this many model calls per task (0, ≤ 1, ≤ 2), or off",
    },
    learnDelayMs: {
      type: "integer",
      minimum: 0,
      maximum: 3_600_000,
      default: 30_000,
      description: "Quiet time after a session's last turn before it is learnt",
    },
    guard: {
      type: "boolean",
      default: true,
      description: "Check each tool call against the lessons before it runs (block, or ask for approval)",
    },
    memoryFiles: {
      type: "boolean",
      default: true,
      description:
        "After learning, write what the memory gate keeps into the agent workspace's MEMORY.md, USER.md, SOUL.md, IDENTITY.md and TOOLS.md, through the write guardian",
    },
  },
};

/** Where a session came from, read from its key; every field may be absent. */
export interface SessionOrigin {
  channel?: string;
  accountId?: string;
  conversationTarget?: string;
}

const SESSION_KEY = /^agent:[^:]+:([^:]+):(?:([^:]+):)?((?:group|channel|direct|dm):.+)$/;

/**
 * Reads the channel, account and conversation from an OpenClaw session key
 * (`agent:<agentId>:<channel>[:<accountId>]:<group|channel|direct|dm>:<id>[:thread:<id>]`, as in
 * docs/channels/channel-routing.md and docs/concepts/session.md). Direct chats collapsed into the
 * agent's main session (`agent:main:main`) and cron or hook keys carry none of them.
 */
export function sessionOrigin(sessionKey: string | undefined): SessionOrigin {
  const match = sessionKey ? SESSION_KEY.exec(sessionKey) : null;
  if (!match) return {};
  const [, channel, accountId, target] = match;
  return {
    ...(channel ? { channel } : {}),
    ...(accountId ? { accountId } : {}),
    ...(target ? { conversationTarget: target } : {}),
  };
}

/** The first issue of a failed parse, as `field: message`. */
export function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid payload";
  return `${issue.path.length ? issue.path.join(".") : "payload"}: ${issue.message}`;
}
