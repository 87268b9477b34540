import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import { TOOL_CALL_BY_USE_ID_SQL } from "./sqlite-capture-statements.js";
import { openSqliteDatabase } from "./sqlite-database.js";

const tempDir = useTempDir();

describe("the capture writer's lookups", () => {
  it("finds the call of a failed tool result by its tool use id, not by reading the session's tool calls", () => {
    const { db } = openSqliteDatabase({ path: join(tempDir(), "tacit.db") });
    try {
      const plan = db
        .prepare(`EXPLAIN QUERY PLAN ${TOOL_CALL_BY_USE_ID_SQL}`)
        .all("session", "toolu_1") as Array<{
        detail: string;
      }>;
      expect(plan.map((step) => step.detail).join("\n")).toContain("idx_messages_tool_use");
    } finally {
      db.close();
    }
  });
});
