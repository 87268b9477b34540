import type { SqliteMigration } from "./index.js";

/**
 * Steps of a learning run that must still run after the tasks it learnt: skill generation. A task
 * marks the step in the same transaction that learns it, and the step clears the mark in the
 * transaction that does it, so a run killed between its last task and its skills makes them on the
 * next run instead of forgetting them.
 */
export const migration010: SqliteMigration = {
  version: 10,
  name: "learn-pending",
  sql: `
CREATE TABLE learn_pending (
  step TEXT PRIMARY KEY,
  since INTEGER NOT NULL
) WITHOUT ROWID;
`,
};
