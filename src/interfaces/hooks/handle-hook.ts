import type { Capture, MessageInput, RawCaptureBatch, SessionInput } from "../../capture/capture.js";
import { findProjectId } from "../../capture/project.js";
import { stripInjectedContext } from "../../core/tacit-context.js";
import type { Store } from "../../store/store.js";
import type {
  HookAgent,
  HookEvent,
  PreCompactEvent,
  SessionStartEvent,
  StopEvent,
  SubagentStopEvent,
  UserPromptSubmitEvent,
} from "./hook-event.js";
import { digest, type HookSession, hookSession, toolCallMessage } from "./hook-session.js";
import { readSpool, removeSpooled } from "./hook-spool.js";
import { summarizeTurn } from "./turn-outcome.js";

/** What recall is asked for on SessionStart and UserPromptSubmit. */
export interface HookRecallRequest {
  query: string;
  projectId: string | null;
  sessionId: string;
}

/** What a hook event needs: capture, a few store reads, recall loaded only when asked. */
export interface HookDeps {
  agent: HookAgent;
  capture: Capture;
  store: Pick<Store, "getSession" | "listSessions" | "listMessages" | "listOutcomes">;
  now: () => number;
  /**
   * The budgeted recall text for a prompt ("" when nothing is relevant). A function rather than a
   * module so events that do not recall never load the recall code.
   */
  recall: (request: HookRecallRequest) => Promise<string>;
  /** Starts learning the session in the background; absent when background learning is off. */
  spawnLearner?: (sessionId: string) => void;
  /** The tool-event spool to move into the store first (see hook-spool.ts); absent: none. */
  spoolDirectory?: string;
  /** Where unreadable spool files are reported. */
  warn?: (message: string) => void;
}

/** What the hook prints: nothing, or one JSON object for the agent. */
export interface HookResult {
  stdout?: string;
}

/** How many earlier prompts make the SessionStart recall query. */
const SESSION_START_PROMPTS = 3;
/** How many trailing rows of a session are read to find the last turn or the recent prompts. */
const TURN_WINDOW = 500;

/**
 * Captures one hook event and answers it:
 * - SessionStart: the session; recall for this session's (or the project's last session's)
 *   recent prompts → `additionalContext`;
 * - UserPromptSubmit: the prompt as a user message; recall for it → `additionalContext`;
 * - PostToolUse / PostToolUseFailure: one tool_call row (and, on failure, an error row);
 * - Stop / SubagentStop: the final assistant message and the turn's outcome; Stop also starts
 *   learning the session in the background;
 * - PreCompact: a compact boundary; SessionEnd: the session's last activity and end reason.
 *
 * Tool events spooled by the lean entry are stored first, in the same transaction. Messages get
 * stable ids (`hook:prompt:<prompt_id>`, `hook:tool:<tool_use_id>`, …) so an event delivered twice
 * is stored once.
 */
export async function handleHookEvent(event: HookEvent, deps: HookDeps): Promise<HookResult> {
  const now = deps.now();
  const context = hookSession(event, { agent: deps.agent, now });
  switch (event.hook_event_name) {
    case "SessionStart":
      return sessionStart(event, context, deps);
    case "UserPromptSubmit":
      return userPromptSubmit(event, context, deps, now);
    case "PostToolUse":
    case "PostToolUseFailure":
      await store(deps, context.session, [toolCallMessage(event, { agent: deps.agent, now })], context.id);
      return {};
    case "Stop":
    case "SubagentStop":
      return stop(event, context, deps, now);
    case "PreCompact":
      await store(deps, context.session, [compactBoundary(event, context, now)], context.id);
      return {};
    case "SessionEnd": {
      const metadata = { ...context.session.metadata, ...(event.reason ? { endReason: event.reason } : {}) };
      await store(deps, { ...context.session, metadata }, [], context.id);
      return {};
    }
  }
}

/** Writes the spooled tool events, then this event's session and rows, in one transaction. */
async function store(
  deps: HookDeps,
  session: SessionInput,
  messages: MessageInput[],
  sessionId: string,
): Promise<void> {
  await storeSpooled(deps, { session, sessionId, messages });
}

/**
 * Moves the spooled tool events into the store, with the rows of the event at hand (if any) after
 * them, in one transaction; the spool files go once it committed. Also how the hook daemon stores
 * a tool event right after spooling it, so the next prompt finds the spool empty.
 */
export async function storeSpooled(
  deps: Pick<HookDeps, "capture" | "now" | "spoolDirectory" | "warn">,
  event?: { session: SessionInput; sessionId: string; messages: MessageInput[] },
): Promise<void> {
  const spool = deps.spoolDirectory ? readSpool(deps.spoolDirectory, deps.now()) : null;
  for (const problem of spool?.problems ?? []) deps.warn?.(`skipped spool file ${problem}`);
  // Each record's session is upserted too (created_at keeps the earliest, activity the latest).
  const batch: RawCaptureBatch = { sessions: [], items: [] };
  for (const record of spool?.records ?? []) {
    batch.sessions.push(record.session);
    batch.items.push({ type: "message", sessionId: record.sessionId, message: record.message });
  }
  if (event) {
    batch.sessions.push(event.session);
    for (const message of event.messages)
      batch.items.push({ type: "message", sessionId: event.sessionId, message });
  }
  if (batch.sessions.length === 0) return;
  await deps.capture.writeBatch(batch);
  if (spool) removeSpooled(spool.files);
}

async function sessionStart(
  event: SessionStartEvent,
  context: HookSession,
  deps: HookDeps,
): Promise<HookResult> {
  const metadata = { ...context.session.metadata, ...(event.source ? { source: event.source } : {}) };
  await store(deps, { ...context.session, metadata }, [], context.id);
  const projectId = projectOf(context);
  const query = await sessionStartQuery(context.id, projectId, deps);
  if (!query) return {};
  return contextOutput("SessionStart", await deps.recall({ query, projectId, sessionId: context.id }));
}

/**
 * What a session is probably about before its first prompt: its own recent prompts (resume,
 * clear, compact), else those of the project's most recent other session.
 */
async function sessionStartQuery(
  sessionId: string,
  projectId: string | null,
  deps: HookDeps,
): Promise<string> {
  const own = await recentPrompts(deps, sessionId);
  if (own.length > 0 || !projectId) return own.join("\n");
  const sessions = await deps.store.listSessions({ projectId, limit: 2 });
  const previous = sessions.find((session) => session.id !== sessionId);
  return previous ? (await recentPrompts(deps, previous.id)).join("\n") : "";
}

async function recentPrompts(deps: HookDeps, sessionId: string): Promise<string[]> {
  const rows = await lastRows(deps, sessionId);
  return rows
    .filter((row) => row.role === "user" && row.kind === "text" && row.metadata.isMeta !== true)
    .map((row) => row.content.trim())
    .filter((text) => text.length > 0)
    .slice(-SESSION_START_PROMPTS);
}

async function lastRows(deps: HookDeps, sessionId: string) {
  const session = await deps.store.getSession(sessionId);
  if (!session || session.messageCount === 0) return [];
  return deps.store.listMessages(sessionId, {
    afterSeq: Math.max(-1, session.messageCount - TURN_WINDOW - 1),
  });
}

async function userPromptSubmit(
  event: UserPromptSubmitEvent,
  context: HookSession,
  deps: HookDeps,
  now: number,
): Promise<HookResult> {
  const prompt = stripInjectedContext(event.prompt);
  const key = event.prompt_id ?? event.turn_id ?? digest(context.id, prompt, String(now));
  const message: MessageInput = {
    id: `hook:prompt:${key}`,
    role: "user",
    kind: "text",
    content: prompt,
    isSidechain: context.isSubagent,
    createdAt: now,
  };
  await store(deps, context.session, [message], context.id);
  if (prompt.trim() === "") return {};
  return contextOutput(
    "UserPromptSubmit",
    await deps.recall({ query: prompt, projectId: projectOf(context), sessionId: context.id }),
  );
}

async function stop(
  event: StopEvent | SubagentStopEvent,
  context: HookSession,
  deps: HookDeps,
  now: number,
): Promise<HookResult> {
  const reply = (event.last_assistant_message ?? "").trim();
  const messages: MessageInput[] = [];
  if (reply) {
    const key = event.prompt_id ?? event.turn_id ?? digest(context.id, reply, String(now));
    messages.push({
      id: `hook:reply:${key}`,
      role: "assistant",
      kind: "text",
      content: reply,
      isSidechain: context.isSubagent,
      createdAt: now,
    });
  }
  await store(deps, context.session, messages, context.id);
  await recordTurnOutcome(context.id, deps, now);
  // Subagents are learnt as part of their parent's session, whose Stop follows.
  if (event.hook_event_name === "Stop") deps.spawnLearner?.(context.id);
  return {};
}

/** Records the outcome of the turn that just ended, once per turn. */
async function recordTurnOutcome(sessionId: string, deps: HookDeps, now: number): Promise<void> {
  const session = await deps.store.getSession(sessionId);
  if (!session) return;
  const messages = await lastRows(deps, sessionId);
  const turn = summarizeTurn({ sessionId, messages, sessionStart: session.createdAt, now });
  const recorded = await deps.store.listOutcomes({ sessionId, limit: 50 });
  if (recorded.some((outcome) => outcome.id === turn.id)) return;
  await deps.capture.recordOutcome({ sessionId, createdAt: now, ...turn });
}

function compactBoundary(event: PreCompactEvent, context: HookSession, now: number): MessageInput {
  const trigger = event.trigger ?? "unknown";
  const instructions = event.custom_instructions?.trim();
  return {
    id: `hook:compact:${digest(context.id, trigger, String(now))}`,
    role: "system",
    kind: "compact_boundary",
    content: instructions
      ? `Conversation compacted (${trigger}): ${instructions}`
      : `Conversation compacted (${trigger})`,
    createdAt: now,
    metadata: { trigger },
  };
}

/** Lessons are scoped by project: the git root of the session's cwd, else the cwd. */
function projectOf(context: HookSession): string | null {
  return context.session.cwd ? findProjectId(context.session.cwd) : null;
}

/** The JSON Claude Code and Codex read from a SessionStart or UserPromptSubmit hook; none for "". */
function contextOutput(hookEventName: "SessionStart" | "UserPromptSubmit", context: string): HookResult {
  if (context.trim() === "") return {};
  return { stdout: JSON.stringify({ hookSpecificOutput: { hookEventName, additionalContext: context } }) };
}
