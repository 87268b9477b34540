import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir();
const samples = fileURLToPath(new URL("../../../examples/transcripts/tacit-samples", import.meta.url));

describe("tacit learn", () => {
  it("learns offline with a stable JSON summary, then does nothing on a second run", async () => {
    const home = tempDir();
    const env = { TACIT_HOME: home };
    expect((await runTacit(["import", samples], { env })).code).toBe(0);
    const first = await runTacit(["learn", "--json"], { env });
    expect(first.code).toBe(0);
    const summary = JSON.parse(first.stdout);
    expect(Object.keys(summary).sort()).toEqual(
      [
        "sessions",
        "tasks",
        "tasksLearned",
        "tasksUnchanged",
        "tasksFailed",
        "signals",
        "experiences",
        "lessons",
        "modelCalls",
        "evidenceIndexed",
        "skills",
        "warnings",
        "warningsOmitted",
      ].sort(),
    );
    expect(summary).toMatchObject({ sessions: 4, tasksFailed: 0, modelCalls: 0 });
    expect(summary.lessons.created).toBeGreaterThanOrEqual(3);
    const second = await runTacit(["learn"], { env });
    expect(second.stdout).toMatch(/^Learnt 0 task\(s\) in 4 session\(s\)/);
    const one = JSON.parse(
      (
        await runTacit(["learn", "--json", "--session", "claude-code:7f3c2a10-5b1e-4c8d-9a21-3e4f5a6b7c81"], {
          env,
        })
      ).stdout,
    );
    expect(one.sessions).toBe(1);
  });

  it("names the bad option", async () => {
    const env = { TACIT_HOME: tempDir() };
    expect((await runTacit(["learn", "--mode", "cheap"], { env })).stderr).toBe(
      'tacit: --mode must be one of minimal, balanced, full, got "cheap"\n',
    );
    expect((await runTacit(["learn", "--since", "yesterday-ish"], { env })).stderr).toMatch(
      /--since must be a date/,
    );
    const missing = await runTacit(["learn", "--session", "nope"], { env });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe("tacit: session nope not found\n");
  });
});
