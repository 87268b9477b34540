/**
 * How long a hook may keep the agent waiting. A hook event has a total deadline, measured from
 * when `tacit hook` starts: past it a prompt event answers nothing (no recalled context), and
 * whatever the event meant to store is spooled to disk and stored once the database is free. So
 * a database locked by another process (a long import, a stuck writer) never stalls the agent,
 * with or without the hook daemon, and nothing is lost.
 *
 * The deadlines are `hooks.promptDeadlineMs` and `hooks.toolEventDeadlineMs` of the config file
 * (config/sections/hooks.ts), read by hook-client-settings.ts. Loaded by the lean hook client on
 * every tool call: no zod here.
 */

/** The deadlines, in ms. */
export interface HookDeadlines {
  /** SessionStart, UserPromptSubmit, Stop, PreCompact, SessionEnd: the events that may answer. */
  promptDeadlineMs: number;
  /** PostToolUse and PostToolUseFailure, on every tool call. */
  toolEventDeadlineMs: number;
}

/**
 * About 2 s for a prompt and 1 s for a tool event: far under the agents' own hook timeouts. The
 * config schema's defaults (config/sections/hooks.ts) are these.
 */
export const DEFAULT_HOOK_DEADLINES: HookDeadlines = { promptDeadlineMs: 2_000, toolEventDeadlineMs: 1_000 };

/** The deadline of one event: the tool deadline for a tool event, else the prompt deadline. */
export function eventDeadlineMs(deadlines: HookDeadlines, toolEvent: boolean): number {
  return toolEvent ? deadlines.toolEventDeadlineMs : deadlines.promptDeadlineMs;
}

/** ms left until `deadlineAt` (a `performance.now()` time), never below 0. */
export function remainingMs(deadlineAt: number): number {
  return Math.max(0, deadlineAt - performance.now());
}
