/**
 * How long a hook may keep the agent waiting. A hook event has a total deadline, measured from
 * when `tacit hook` starts: past it a prompt event answers nothing (no recalled context), and
 * whatever the event meant to store is spooled to disk and stored once the database is free. So
 * a database locked by another process (a long import, a stuck writer) never stalls the agent,
 * with or without the hook daemon, and nothing is lost.
 *
 * Loaded by the lean hook client on every tool call: no zod here (the schema for the config file
 * is in hook-deadline-schema.ts).
 */

/** The deadlines, in ms. */
export interface HookDeadlines {
  /** SessionStart, UserPromptSubmit, Stop, PreCompact, SessionEnd: the events that may answer. */
  promptDeadlineMs: number;
  /** PostToolUse and PostToolUseFailure, on every tool call. */
  toolEventDeadlineMs: number;
}

/** About 2 s for a prompt and 1 s for a tool event: far under the agents' own hook timeouts. */
export const DEFAULT_HOOK_DEADLINES: HookDeadlines = { promptDeadlineMs: 2_000, toolEventDeadlineMs: 1_000 };

/** Environment variables that override the deadlines (until they come from the config file). */
const ENV_NAMES: Record<keyof HookDeadlines, string> = {
  promptDeadlineMs: "TACIT_HOOK_PROMPT_DEADLINE_MS",
  toolEventDeadlineMs: "TACIT_HOOK_TOOL_DEADLINE_MS",
};

/**
 * The deadlines in force: `settings` (from the config file) over the defaults, and a positive
 * number in `TACIT_HOOK_PROMPT_DEADLINE_MS` / `TACIT_HOOK_TOOL_DEADLINE_MS` over both.
 */
export function hookDeadlines(env: NodeJS.ProcessEnv, settings: Partial<HookDeadlines> = {}): HookDeadlines {
  const deadlines = { ...DEFAULT_HOOK_DEADLINES, ...settings };
  for (const key of Object.keys(ENV_NAMES) as Array<keyof HookDeadlines>) {
    const value = Number(env[ENV_NAMES[key]]);
    if (Number.isFinite(value) && value > 0) deadlines[key] = value;
  }
  return deadlines;
}

/** The deadline of one event: the tool deadline for a tool event, else the prompt deadline. */
export function eventDeadlineMs(deadlines: HookDeadlines, toolEvent: boolean): number {
  return toolEvent ? deadlines.toolEventDeadlineMs : deadlines.promptDeadlineMs;
}

/** ms left until `deadlineAt` (a `performance.now()` time), never below 0. */
export function remainingMs(deadlineAt: number): number {
  return Math.max(0, deadlineAt - performance.now());
}
