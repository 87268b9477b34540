import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HARNESS_TEXT } from "../../../core/harness-text.js";
import { useTempDir } from "../../../testing/temp-dir.js";
import { openSqliteDatabase } from "../sqlite-database.js";
import { SQLITE_MIGRATIONS } from "./index.js";

const tempDir = useTempDir();

describe("migrations 013 and 017: harness text stored before capture marked it", () => {
  // Every entry of the lexicon: a new one needs a migration that marks the rows stored before it,
  // or is checked on read only (`checkedOnRead`, covered by harness-text.test.ts).
  const MIGRATED = HARNESS_TEXT.filter((entry) => entry.checkedOnRead !== true);
  it("marks every kind of harness text in user rows, and nothing the user wrote", () => {
    const path = join(tempDir(), "old.db");
    const before = SQLITE_MIGRATIONS.filter((migration) => migration.version < 13);
    const { db } = openSqliteDatabase({ path }, before);
    db.exec(
      "INSERT INTO sessions (id, agent, source_session_id, channel_id, created_at, last_activity_at) VALUES ('s', 'claude-code', 's', 'claude-code', 1, 1)",
    );
    const insert = db.prepare(
      "INSERT INTO messages (id, session_id, seq, turn_number, role, kind, content, created_at) VALUES (?, 's', ?, 0, ?, 'text', ?, 1)",
    );
    const texts = [
      ...MIGRATED.map((entry) => entry.example),
      "Install the dependencies",
      "use <bash-stdout> in docs",
    ];
    for (const [seq, text] of texts.entries()) insert.run(`m${seq}`, seq, "user", text);
    insert.run("a", texts.length, "assistant", HARNESS_TEXT[0]?.example);
    db.close();

    const reopened = openSqliteDatabase({ path }).db;
    const rows = reopened.prepare("SELECT role, metadata FROM messages ORDER BY seq").all() as Array<{
      role: string;
      metadata: string;
    }>;
    reopened.close();
    const marked = rows.map((row) => JSON.parse(row.metadata) as { isMeta?: boolean; origin?: string });
    expect(marked.slice(0, MIGRATED.length)).toEqual(
      MIGRATED.map((entry) => ({ isMeta: true, origin: entry.origin })),
    );
    expect(marked.slice(MIGRATED.length)).toEqual([{}, {}, {}]);
  });
});
