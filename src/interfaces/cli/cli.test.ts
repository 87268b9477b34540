import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { agentTranscriptDirs } from "../../testing/fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir();
const fixtures = agentTranscriptDirs();

describe("tacit CLI", () => {
  it("imports, lists, shows, exports and prunes with stable JSON", async () => {
    const dir = tempDir();
    const db = join(dir, "t.db");
    const imported = await runTacit(["import", ...fixtures, "--json", "--db", db]);
    expect(imported.code).toBe(0);
    const summary = JSON.parse(imported.stdout);
    expect(Object.keys(summary).sort()).toEqual(
      [
        "files",
        "filesImported",
        "filesUnchanged",
        "sessions",
        "messages",
        "toolCalls",
        "toolErrors",
        "linesRead",
        "linesSkipped",
        "skippedLines",
        "skippedLinesOmitted",
        "unknownLineTypes",
        "filesSkipped",
      ].sort(),
    );

    const listed = await runTacit(["sessions", "list", "--json", "--limit", "3", "--db", db]);
    const sessions = JSON.parse(listed.stdout);
    expect(sessions).toHaveLength(3);
    expect(Object.keys(sessions[0])).toEqual(
      expect.arrayContaining([
        "id",
        "agent",
        "projectId",
        "messageCount",
        "toolCallCount",
        "toolErrorCount",
        "lastActivityAt",
      ]),
    );

    const shown = await runTacit([
      "sessions",
      "show",
      "claude-code:5c0375b4-57a5-4f26-b12d-d022ee4e51b7",
      "--db",
      db,
    ]);
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/tool Bash ERROR/);

    const errors = JSON.parse(
      (await runTacit(["errors", "list", "--json", "--limit", "50", "--db", db])).stdout,
    );
    expect(errors.length).toBeGreaterThanOrEqual(5);
    const resolved = await runTacit(["errors", "resolve", errors[0].id, "--db", db]);
    expect(resolved.code).toBe(0);
    const remaining = JSON.parse(
      (await runTacit(["errors", "list", "--json", "--limit", "50", "--db", db])).stdout,
    );
    expect(remaining).toHaveLength(errors.length - 1);

    const context = await runTacit([
      "errors",
      "context",
      "claude-code:5c0375b4-57a5-4f26-b12d-d022ee4e51b7",
      "--db",
      db,
    ]);
    expect(context.stdout).toMatch(/^## Previous errors/);

    const out = join(dir, "export.jsonl");
    const exported = await runTacit(["export", "conversations", "--format", "jsonl", "-o", out, "--db", db]);
    expect(exported.code).toBe(0);
    const lines = readFileSync(out, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(JSON.parse((await runTacit(["stats", "--json", "--db", db])).stdout).sessions);
    expect(lines[0]).toHaveProperty("session.id");
    expect(lines[0]).toHaveProperty("messages");

    const pruned = JSON.parse((await runTacit(["prune", "--older-than", "0", "--json", "--db", db])).stdout);
    expect(pruned.sessionsDeleted).toBe(lines.length);
  });

  it("uses TACIT_HOME when no --db or TACIT_DATABASE_URL is given", async () => {
    const home = join(tempDir(), "home");
    const result = await runTacit(["stats", "--json"], { env: { TACIT_HOME: home } });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ database: join(home, "tacit.db"), sessions: 0 });
    // Reading creates nothing: the first command that captures creates the database.
    expect(existsSync(home)).toBe(false);
    const added = await runTacit(["lessons", "add", "--rule", "r", "--trigger", "t", "--scope", "global"], {
      env: { TACIT_HOME: home },
    });
    expect(added.code).toBe(0);
    expect(existsSync(join(home, "tacit.db"))).toBe(true);
  });

  it("fails with one line on stderr and a non-zero code", async () => {
    const db = join(tempDir(), "t.db");
    const missing = await runTacit(["errors", "resolve", "nope", "--db", db]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("tacit: error nope not found (list them with: tacit errors list)\n");
    const badLimit = await runTacit(["sessions", "list", "--limit", "zero", "--db", db]);
    expect(badLimit.code).not.toBe(0);
    expect(badLimit.stderr).toContain('--limit must be a positive whole number, got "zero"');
    const postgres = await runTacit(["stats"], { env: { TACIT_DATABASE_URL: "postgres://localhost/x" } });
    expect(postgres.code).toBe(1);
    expect(postgres.stderr).toMatch(/^tacit: PostgreSQL is not supported/);
    const unknown = await runTacit(["frobnicate"]);
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/unknown command 'frobnicate'/);
  });
});
