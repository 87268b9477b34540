/**
 * What the OpenClaw plugin remembers about sessions between hooks: the session each key started,
 * the agent workspace each session last ran in, sessions started but not yet written (their key
 * names no channel), and the session fields a capture carries (channel, conversation, account).
 */
import type { AgentKind } from "../../core/types.js";
import { type AgentContext, type SessionOrigin, sessionOrigin } from "./openclaw-events.js";

/** Sessions started but not yet written that are remembered (the oldest is forgotten first). */
const MAX_STARTING = 1000;
/** Sessions whose agent workspace is remembered for the memory pipeline (the oldest is forgotten first). */
const MAX_WORKSPACES = 1000;

/** The session state of one plugin instance; `agent` is the channel of a session whose origin tells none. */
export function createSessionTracker(agent: AgentKind) {
  const sessionsByKey = new Map<string, string>();
  /**
   * The agent workspace (`ctx.workspaceDir`) each session last ran in: where its memory files are,
   * and the project of its tool calls for the guard (the tool hooks' context has none).
   */
  const workspaces = new Map<string, string>();
  /**
   * Sessions whose key names no channel (direct chats in the agent's main session): written with
   * the first agent hook, whose context tells the channel, since a session's channel is set once.
   */
  const starting = new Map<string, { createdAt: number; metadata: Record<string, unknown> }>();

  const originOf = (context: AgentContext): SessionOrigin => {
    const fromKey = sessionOrigin(context.sessionKey);
    const channel = context.messageProvider ?? context.channel ?? fromKey.channel;
    const conversationTarget = context.channelId ?? context.chatId ?? fromKey.conversationTarget;
    const accountId = context.accountId ?? fromKey.accountId;
    return {
      ...(channel ? { channel } : {}),
      ...(conversationTarget ? { conversationTarget } : {}),
      ...(accountId ? { accountId } : {}),
    };
  };

  return {
    /** Remembers that `sessionKey` started `sessionId`. */
    keyStarted(sessionKey: string, sessionId: string): void {
      sessionsByKey.set(sessionKey, sessionId);
    },

    /** Forgets `sessionKey` when it still names `sessionId`. */
    keyEnded(sessionKey: string, sessionId: string): void {
      if (sessionsByKey.get(sessionKey) === sessionId) sessionsByKey.delete(sessionKey);
    },

    /** The OpenClaw session id of a hook context: its `sessionId`, else the one its key started. */
    sessionOf(context: { sessionId?: string; sessionKey?: string }): string | null {
      return (
        context.sessionId ??
        (context.sessionKey ? (sessionsByKey.get(context.sessionKey) ?? context.sessionKey) : null)
      );
    },

    /** Remembers the workspace the context names as the session's. */
    noteWorkspace(sessionId: string, context: AgentContext): void {
      if (!context.workspaceDir) return;
      workspaces.delete(sessionId);
      if (workspaces.size >= MAX_WORKSPACES) workspaces.delete(workspaces.keys().next().value as string);
      workspaces.set(sessionId, context.workspaceDir);
    },

    /** The agent workspace the session last ran in, if known. */
    workspaceOf(sessionId: string): string | undefined {
      return workspaces.get(sessionId);
    },

    /** Holds a session's start until a hook whose context tells its channel. */
    holdStart(sessionId: string, start: { createdAt: number; metadata: Record<string, unknown> }): void {
      if (starting.size >= MAX_STARTING) starting.delete(starting.keys().next().value as string);
      starting.set(sessionId, start);
    },

    /** Whether the session's start is held, not yet written. */
    isStarting(sessionId: string): boolean {
      return starting.has(sessionId);
    },

    /** Session fields for a capture: the pending start, and the origin the hook context tells. */
    sessionFields(sessionId: string, context: AgentContext) {
      const start = starting.get(sessionId);
      starting.delete(sessionId);
      const origin = originOf(context);
      return {
        channelId: origin.channel ?? agent,
        conversationTarget: origin.conversationTarget ?? null,
        accountId: origin.accountId ?? null,
        ...(start ? { createdAt: start.createdAt } : {}),
        metadata: {
          ...start?.metadata,
          ...compact({ sessionKey: context.sessionKey, agentId: context.agentId }),
        },
      };
    },
  };
}

/** The object without its undefined fields, so metadata patches never erase what is stored. */
export function compact(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}
