import type { Capture, RawCaptureBatch } from "../../capture/capture.js";
import { findProjectId } from "../../capture/project.js";
import { stripInjectedContext } from "../../core/tacit-context.js";
import type { Store } from "../../store/store.js";
import type { HookAgent, HookEvent, PreToolUseEvent } from "./hook-event.js";
import { eventRecords, type HookSession, hookSession } from "./hook-session.js";
import { readSpool, removeSpooled, type SpoolRecord } from "./hook-spool.js";
import { summarizeTurn } from "./turn-outcome.js";

/** What recall is asked for on SessionStart and UserPromptSubmit. */
export interface HookRecallRequest {
  query: string;
  projectId: string | null;
  sessionId: string;
}

/** The guard at the tool call as the hooks use it (hook-guard.ts). */
export interface HookGuard {
  /** The agent's answer to a PreToolUse (its JSON), or "" to say nothing. */
  beforeToolCall(request: {
    event: PreToolUseEvent;
    sessionId: string;
    projectId: string | null;
    /** Stores the session first, when the guard records something about it. */
    ensureSession: () => Promise<void>;
  }): Promise<string>;
  /** Follows a stored prompt: settles what the last denials came to, opens what recall just injected. */
  afterPrompt(request: {
    sessionId: string;
    projectId: string | null;
    prompt: string;
    recalledAt: number;
  }): Promise<void>;
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
  /** True once the event's deadline passed: a prompt then answers nothing. Absent: no deadline. */
  deadlinePassed?: () => boolean;
  /**
   * Fills a session in from its transcript (hook-reconcile.ts): what the per-event hooks missed.
   * Run at Stop, SubagentStop and SessionEnd; absent: no reconcile.
   */
  reconcile?: (transcriptPath: string, sessionId: string) => Promise<void>;
  /** At SessionStart: marks where the transcript stands, so the reconcile reads only what follows. */
  markTranscriptStart?: (transcriptPath: string) => Promise<void>;
  /** The guard at the tool call, loaded for the events that use it; absent: no guard. */
  guard?: () => Promise<HookGuard>;
  /**
   * Takes work the answer does not depend on, to run once it is sent and before the next event
   * (the hook daemon: the guard following a prompt). Absent: the work is done before answering.
   */
  afterAnswer?: (work: () => Promise<void>) => void;
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
 * - UserPromptSubmit: the prompt as a user message; recall for it → `additionalContext`; the guard
 *   then settles what its last denials came to (an override in the prompt) and follows the lessons
 *   recalled;
 * - PreToolUse: the guard's answer (deny, ask, a reminder), or nothing; stores nothing else;
 * - PostToolUse / PostToolUseFailure: one tool_call row (and, on failure, an error row);
 * - Stop / SubagentStop: the final assistant message and the turn's outcome; Stop also starts
 *   learning the session in the background;
 * - PreCompact: a compact boundary; SessionEnd: the session's last activity and end reason.
 *
 * What each event stores is `eventRecords` (hook-session.ts). Tool events spooled by the lean
 * entry are stored first, in the same transaction. Past `deps.deadlinePassed` a prompt answers
 * nothing (its rows are stored all the same).
 */
export async function handleHookEvent(event: HookEvent, deps: HookDeps): Promise<HookResult> {
  const now = deps.now();
  const context = hookSession(event, { agent: deps.agent, now });
  if (event.hook_event_name === "PreToolUse") return guardToolCall(event, context, deps);
  if (event.hook_event_name === "SessionStart" && event.transcript_path && deps.markTranscriptStart)
    await deps.markTranscriptStart(event.transcript_path);
  const transcript = reconcileTarget(event);
  if (transcript && deps.reconcile) {
    // The tool calls spooled so far first, then what only the transcript has, then this event's
    // rows: the turn's outcome (Stop) then counts every call of the turn.
    await storeSpooled(deps);
    await deps.reconcile(transcript, context.id);
  }
  await storeSpooled(deps, eventRecords(event, { agent: deps.agent, now }));
  if (event.hook_event_name === "Stop") deps.spawnLearner?.(context.id);
  if (deps.deadlinePassed?.()) return {};
  if (event.hook_event_name === "SessionStart") {
    const projectId = projectOf(context);
    const query = await sessionStartQuery(context.id, projectId, deps);
    if (!query) return {};
    return answer(deps, "SessionStart", await deps.recall({ query, projectId, sessionId: context.id }));
  }
  if (event.hook_event_name === "UserPromptSubmit") {
    const prompt = stripInjectedContext(event.prompt);
    if (prompt.trim() === "") return {};
    const request = { query: prompt, projectId: projectOf(context), sessionId: context.id };
    const recalled = await deps.recall(request);
    const follow = () =>
      guardPrompt(deps, { sessionId: context.id, projectId: request.projectId, prompt, recalledAt: now });
    if (deps.afterAnswer) deps.afterAnswer(follow);
    else await follow();
    return answer(deps, "UserPromptSubmit", recalled);
  }
  return {};
}

/** The guard's answer to a PreToolUse; nothing when there is no guard or no time left. */
async function guardToolCall(
  event: PreToolUseEvent,
  context: HookSession,
  deps: HookDeps,
): Promise<HookResult> {
  if (!deps.guard || deps.deadlinePassed?.()) return {};
  const guard = await deps.guard();
  const stdout = await guard.beforeToolCall({
    event,
    sessionId: context.id,
    projectId: projectOf(context),
    ensureSession: () => storeSpooled(deps, [{ sessionId: context.id, session: context.session }]),
  });
  return stdout === "" || deps.deadlinePassed?.() ? {} : { stdout };
}

/** Lets the guard follow a prompt; a failure there costs a log line, never the prompt's answer. */
async function guardPrompt(deps: HookDeps, request: Parameters<HookGuard["afterPrompt"]>[0]): Promise<void> {
  if (!deps.guard) return;
  try {
    await (await deps.guard()).afterPrompt(request);
  } catch (error) {
    deps.warn?.(`guard after the prompt: ${(error as Error)?.stack ?? String(error)}`);
  }
}

/**
 * Moves the spooled tool events into the store, with the records of the event at hand after them,
 * in one transaction; the spool files go once it committed. Then records the outcome of each turn
 * that ended among them (a Stop). Also how the hook daemon stores a tool event right after
 * spooling it, so the next prompt finds the spool empty.
 */
export async function storeSpooled(
  deps: Pick<HookDeps, "capture" | "now" | "spoolDirectory" | "warn" | "store">,
  records: readonly SpoolRecord[] = [],
): Promise<void> {
  const spool = deps.spoolDirectory ? readSpool(deps.spoolDirectory, deps.now()) : null;
  for (const problem of spool?.problems ?? []) deps.warn?.(`skipped spool file ${problem}`);
  // Each record's session is upserted too (created_at keeps the earliest, activity the latest).
  const batch: RawCaptureBatch = { sessions: [], items: [] };
  const all = [...(spool?.records ?? []), ...records];
  for (const record of all) {
    batch.sessions.push(record.session);
    if (record.message)
      batch.items.push({ type: "message", sessionId: record.sessionId, message: record.message });
  }
  if (batch.sessions.length === 0) return;
  await deps.capture.writeBatch(batch);
  if (spool) removeSpooled(spool.files);
  for (const record of all) {
    if (record.turnEndedAt !== undefined) await recordTurnOutcome(record.sessionId, deps, record.turnEndedAt);
  }
}

/** The transcript to reconcile the event's session from: a session's at Stop and SessionEnd, a subagent's at SubagentStop. */
function reconcileTarget(event: HookEvent): string | null {
  switch (event.hook_event_name) {
    case "Stop":
    case "SessionEnd":
      return event.transcript_path ?? null;
    case "SubagentStop":
      return event.agent_transcript_path ?? null;
    default:
      return null;
  }
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

async function lastRows(deps: Pick<HookDeps, "store">, sessionId: string) {
  const session = await deps.store.getSession(sessionId);
  if (!session || session.messageCount === 0) return [];
  return deps.store.listMessages(sessionId, {
    afterSeq: Math.max(-1, session.messageCount - TURN_WINDOW - 1),
  });
}

/** Records the outcome of the turn that ended at `at` (rows after it are not part of it), once. */
async function recordTurnOutcome(
  sessionId: string,
  deps: Pick<HookDeps, "capture" | "store">,
  at: number,
): Promise<void> {
  const session = await deps.store.getSession(sessionId);
  if (!session) return;
  const messages = (await lastRows(deps, sessionId)).filter((message) => message.createdAt <= at);
  const turn = summarizeTurn({ sessionId, messages, sessionStart: session.createdAt, now: at });
  const recorded = await deps.store.listOutcomes({ sessionId, limit: 50 });
  if (recorded.some((outcome) => outcome.id === turn.id)) return;
  await deps.capture.recordOutcome({ sessionId, createdAt: at, ...turn });
}

/** The answer, unless the deadline passed while recalling it. */
function answer(deps: HookDeps, name: "SessionStart" | "UserPromptSubmit", context: string): HookResult {
  return deps.deadlinePassed?.() ? {} : contextOutput(name, context);
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
