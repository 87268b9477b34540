import type Database from "better-sqlite3";
import { migration001 } from "./001-capture.js";
import { migration002 } from "./002-lessons.js";
import { migration003 } from "./003-llm-calls.js";
import { migration004 } from "./004-learning.js";
import { migration005 } from "./005-recall.js";
import { migration006 } from "./006-skills.js";
import { migration007 } from "./007-lesson-sources.js";
import { migration008 } from "./008-feedback-reasons.js";
import { migration009 } from "./009-session-message-index.js";
import { migration010 } from "./010-learn-pending.js";
import { migration011 } from "./011-memory-guardian.js";
import { migration012 } from "./012-memory-gate.js";
import { migration013 } from "./013-harness-text.js";
import { migration014 } from "./014-vector-keys.js";
import { migration015 } from "./015-dataset.js";
import { migration016 } from "./016-guard.js";
import { migration017 } from "./017-codex-shell-command.js";
import { migration018 } from "./018-lesson-slots.js";

/** One numbered schema step. Applied once, in order, inside a transaction. */
export interface SqliteMigration {
  version: number;
  name: string;
  sql: string;
  /** What SQL alone cannot do (e.g. rewrite sqlite-vec tables), run after `sql` in the same transaction. */
  run?: (db: Database.Database) => void;
  /** What cannot run in a transaction (VACUUM), run once after it committed, by the open that applied it. */
  after?: (db: Database.Database) => void;
}

/** Every migration this build knows, in order. Append only: never edit a released one. */
export const SQLITE_MIGRATIONS: readonly SqliteMigration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
  migration015,
  migration016,
  migration017,
  migration018,
];
