import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { preferenceTranscript } from "../../testing/memory-files-fixture.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-learn-memory-");

describe("tacit learn with a memory-files workspace", () => {
  it("writes the user's stated preference to USER.md once, decision and audit linked; rollback forgets it", async () => {
    const home = tempDir();
    const workspace = tempDir();
    const env = { TACIT_HOME: home, TACIT_LLM_PROVIDER: "none", TACIT_MEMORY_FILES_WORKSPACE: workspace };
    expect((await runTacit(["import", preferenceTranscript(home)], { env })).code).toBe(0);

    const first = await runTacit(["learn", "--json"], { env });
    expect(first.code, first.stderr).toBe(0);
    const summary = JSON.parse(first.stdout);
    expect(summary.memoryFiles).toMatchObject({
      enabled: true,
      decided: 2,
      decisions: { NO_WRITE: 1, UPDATE_USER: 1 },
      writes: { written: 1, refused: 0, skipped: 0, failed: 0 },
    });
    const user = readFileSync(join(workspace, "USER.md"), "utf8");
    expect(user).toMatch(/^## Preferences\n\n- prefers morning check-ins\n/m);

    const [audit] = JSON.parse((await runTacit(["guardian", "list", "--json"], { env })).stdout);
    const decision = JSON.parse(
      (await runTacit(["gate", "show", audit.decisionId, "--json"], { env })).stdout,
    );
    expect(decision).toMatchObject({
      decision: "UPDATE_USER",
      candidateFact: "prefers morning check-ins",
      turnId: audit.turnId,
      sessionId: audit.sessionId,
    });
    expect(audit).toMatchObject({ status: "written", targetFile: "USER.md", section: "Preferences" });

    const second = await runTacit(["learn"], { env });
    expect(second.stdout).toContain(
      `Memory files in ${workspace}: 0 turn(s) decided by the memory gate, 0 fact(s) written, 0 refused, 0 skipped, 0 failed.`,
    );
    expect(readFileSync(join(workspace, "USER.md"), "utf8")).toBe(user);
    expect(JSON.parse((await runTacit(["guardian", "list", "--json"], { env })).stdout)).toHaveLength(1);

    const rolledBack = await runTacit(["guardian", "rollback", audit.id, "--workspace", workspace], { env });
    expect(rolledBack.code, rolledBack.stderr).toBe(0);
    const forgotten = JSON.parse(
      (await runTacit(["gate", "show", audit.decisionId, "--json"], { env })).stdout,
    );
    expect(forgotten).toMatchObject({ decision: "UPDATE_USER", candidateFact: null });
    expect(forgotten.reason).toMatch(/^forgotten: /);
    const third = JSON.parse((await runTacit(["learn", "--json"], { env })).stdout);
    expect(third.memoryFiles).toMatchObject({ decided: 0, resumed: 0, writes: { written: 0 } });
  });

  it("without a workspace, learn leaves the memory files alone; a missing one is a warning", async () => {
    const home = tempDir();
    const env = { TACIT_HOME: home, TACIT_LLM_PROVIDER: "none" };
    await runTacit(["import", preferenceTranscript(home)], { env });
    const plain = JSON.parse((await runTacit(["learn", "--json"], { env })).stdout);
    expect(plain.memoryFiles).toBeUndefined();
    const gone = join(home, "no-such-folder");
    const missing = await runTacit(["learn", "--session", "generic:prefs-1"], {
      env: { ...env, TACIT_MEMORY_FILES_WORKSPACE: gone },
    });
    expect(missing.code).toBe(0);
    expect(missing.stderr).toMatch(/^warning: memory files: workspace .*no-such-folder does not exist/m);
    // Nothing was decided, so the turns wait for a workspace that exists.
    expect(JSON.parse((await runTacit(["gate", "list", "--json"], { env })).stdout)).toEqual([]);
  });
});
