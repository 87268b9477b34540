import { z } from "zod";
import { DEFAULT_HOOK_DEADLINES } from "./hook-deadline.js";

/**
 * The `hooks` settings of the config file: how long a hook may keep the agent waiting (see
 * hook-deadline.ts). Kept apart from hook-deadline.ts so the hook client loads no zod.
 */
export const hookDeadlineSettingsSchema = z.object({
  /** SessionStart, UserPromptSubmit, Stop, PreCompact, SessionEnd; past it a prompt answers nothing. */
  promptDeadlineMs: z.number().int().positive().max(60_000).default(DEFAULT_HOOK_DEADLINES.promptDeadlineMs),
  /** PostToolUse and PostToolUseFailure; past it the tool call waits in the spool. */
  toolEventDeadlineMs: z
    .number()
    .int()
    .positive()
    .max(60_000)
    .default(DEFAULT_HOOK_DEADLINES.toolEventDeadlineMs),
});

export { DEFAULT_HOOK_DEADLINES };
