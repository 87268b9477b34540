/**
 * The ids of the rows agent hooks store, from the ids the agent gives its events: the prompt's
 * `prompt_id` (or a turn id), the tool call's `tool_use_id`. A transcript names the same prompt and
 * tool call (Claude Code writes `promptId` on the prompt's line and the `tool_use` block's id), so
 * the hooks and a transcript read afterwards give one row the same id and it is stored once.
 */

/** The user prompt of `key` (`prompt_id`, `turn_id`, or a digest when the agent gives neither). */
export function hookPromptId(key: string): string {
  return `hook:prompt:${key}`;
}

/** The tool call of `key` (`tool_use_id`, or a digest). */
export function hookToolCallId(key: string): string {
  return `hook:tool:${key}`;
}

/** The last assistant reply of the turn of `key`. */
export function hookReplyId(key: string): string {
  return `hook:reply:${key}`;
}
