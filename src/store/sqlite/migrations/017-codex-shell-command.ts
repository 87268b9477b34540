import type { SqliteMigration } from "./index.js";

/**
 * A command the user ran from Codex's prompt (`!cmd`) is recorded in the rollout as a user message,
 * `<user_shell_command>` (or `<user_shell_command_output>`) with the command's output: harness text,
 * not the user's words (core/harness-text.ts). This marks such rows an earlier tacit stored
 * unmarked, as migration 013 did for the kinds known then. Written out here, not read from the
 * lexicon, so this step stays what it was when released.
 */
export const migration017: SqliteMigration = {
  version: 17,
  name: "codex-shell-command",
  sql: `
UPDATE messages SET metadata = json_set(metadata, '$.isMeta', json('true'), '$.origin', 'command_output')
WHERE role = 'user' AND kind = 'text' AND json_extract(metadata, '$.origin') IS NULL
  AND ltrim(content, ' ' || char(9, 10, 13)) LIKE '<user_shell_command%';
`,
};
