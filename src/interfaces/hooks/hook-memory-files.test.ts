/**
 * The memory pipeline behind the hooks: real `tacit hook` processes (and the hook daemon they
 * start) capture a session where the user states a preference; nothing touches the memory files on
 * the prompt path; after Stop, the background learner runs the memory gate and the write guardian
 * and USER.md holds the fact.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { hookLogText, hookPayload, hookProcess, waitUntil } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-hook-memory-");

/** Rows of the database at `path`, read-only. */
function query<T>(path: string, sql: string): T[] {
  if (!existsSync(path)) return [];
  const database = new Database(path, { readonly: true });
  try {
    return database.prepare(sql).all() as T[];
  } finally {
    database.close();
  }
}

describe("the hooks with a memory-files workspace", () => {
  it("writes the user's preference to USER.md after Stop, in the background learner", async () => {
    const home = tempDir();
    const project = join(home, "shop-api");
    const workspace = join(home, "workspace");
    mkdirSync(join(project, ".git"), { recursive: true });
    mkdirSync(workspace);
    const env = { TACIT_HOME: home, TACIT_LLM_PROVIDER: "none", TACIT_MEMORY_FILES_WORKSPACE: workspace };
    const database = join(home, "tacit.db");
    const event = (name: string, changes: Record<string, unknown> = {}) =>
      hookProcess(hookPayload("claude-code", name, { cwd: project, ...changes }), env);

    expect(event("SessionStart")).toMatchObject({ code: 0, stderr: "" });
    const prompt = event("UserPromptSubmit", {
      prompt: "I prefer morning check-ins. Can you list the open issues?",
    });
    expect(prompt).toMatchObject({ code: 0, stderr: "" });
    // The prompt path decides and writes nothing.
    expect(query(database, "SELECT id FROM memory_gate_decisions")).toEqual([]);
    expect(existsSync(join(workspace, "USER.md"))).toBe(false);

    expect(event("Stop", { last_assistant_message: "Noted. There are three open issues." })).toEqual({
      code: 0,
      stdout: "",
      stderr: "",
    });
    await waitUntil(
      () =>
        query<{ status: string }>(database, "SELECT status FROM write_guardian_audit").some(
          (audit) => audit.status === "written",
        ),
      "the background learner's write",
      60_000,
    );
    expect(readFileSync(join(workspace, "USER.md"), "utf8")).toMatch(/^- prefers morning check-ins$/m);
    const linked = query<{ decision: string; turn: string; audited: string }>(
      database,
      `SELECT d.decision, d.turn_id AS turn, a.turn_id AS audited FROM write_guardian_audit a
        JOIN memory_gate_decisions d ON d.id = a.decision_id`,
    );
    expect(linked).toEqual([{ decision: "UPDATE_USER", turn: linked[0]?.audited, audited: linked[0]?.turn }]);
    expect(linked[0]?.turn).toMatch(/^claude-code:9f2c1a7e-4b3d-4e8f-a1c2-5d6e7f8a9b0c:turn:1$/);
    expect(hookLogText(home)).toBe("");
  }, 90_000);
});
