import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { EvalReport } from "../../eval/run-eval.js";
import { captureCliIo, runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { evalCommand, writeReport } from "./eval-command.js";

const tempDir = useTempDir("tacit-eval-cli-");

/** A suite whose one expected lesson can never be found. */
function writeSuite(): string {
  const root = tempDir();
  mkdirSync(join(root, "mini"));
  writeFileSync(
    join(root, "mini", "unfindable.yaml"),
    `
name: unfindable lesson
topic: test-command
project: /nowhere/app
sessions:
  - start: 2026-03-01T09:00:00Z
    messages:
      - { role: user, text: "run the tests" }
      - { role: tool, tool: Bash, input: npm test, output: "all passed" }
probes:
  - prompt: run the tests again
    expect:
      - words: [zebra-unicorn-lesson]
`,
  );
  return root;
}

describe("tacit eval", () => {
  it("prints a table with failures and totals, and exits 0 without thresholds", async () => {
    const root = writeSuite();
    const { io, out, err } = captureCliIo({ cwd: root });
    expect(await evalCommand(["mini"], {}, io)).toBe(0);
    expect(out()).toMatch(/^ +recall@3 +false inj\. +tokens +llm +ms +lang +topic +scenario\n/);
    expect(out()).toMatch(/\nFAIL +0\/1 +- .* en +test-command +mini\/unfindable lesson\n/);
    expect(out()).toContain("Failures:\n  mini/unfindable lesson (mini/unfindable.yaml)\n");
    expect(out()).toContain("expected a lesson with [zebra-unicorn-lesson] (not learnt)");
    expect(out()).toMatch(
      /\nTotal: 1 scenarios, 1 probes; Recall@3 0\.000 \(0\/1\); false injections 0\.000 \(0\/0\);/,
    );
    expect(out()).toContain("Learning: offline; embedder: tacit/hashing-v1 (offline).");
    expect(err()).toBe("");
  });

  it("says each task that failed to learn, under Warnings", async () => {
    const root = writeSuite();
    const json = captureCliIo({ cwd: root });
    expect(await evalCommand(["mini"], { json: true }, json.io)).toBe(0);
    const report = JSON.parse(json.out()) as EvalReport;
    const { io, out } = captureCliIo({ cwd: root });
    writeReport(io, report);
    expect(out()).not.toContain("Warnings:");
    (report.scenarios[0] as EvalReport["scenarios"][number]).warnings.push(
      "task generic:s0:task:0 failed: lesson 01H changed since it was read",
    );
    const warned = captureCliIo({ cwd: root });
    writeReport(warned.io, report);
    expect(warned.out()).toContain(
      "Warnings:\n  mini/unfindable lesson (mini/unfindable.yaml)\n    - task generic:s0:task:0 failed: lesson 01H changed since it was read\n",
    );
  });

  it("exits 1 with a one-line reason when a threshold is missed", async () => {
    const root = writeSuite();
    const { io, err } = captureCliIo({ cwd: root });
    expect(await evalCommand(["mini"], { minRecall: "0.9", maxFalseInjection: "0.05", json: true }, io)).toBe(
      1,
    );
    expect(err()).toBe("tacit: eval below thresholds: Recall@3 0 (0/1) is below 0.9\n");
    writeFileSync(join(root, "floors.json"), JSON.stringify({ floors: { minRecallAt3: 0 } }));
    const passing = captureCliIo({ cwd: root });
    expect(await evalCommand(["mini"], { thresholds: "floors.json", json: true }, passing.io)).toBe(0);
    const report = JSON.parse(passing.out());
    expect(Object.keys(report)).toEqual([
      "learning",
      "embedder",
      "scenarios",
      "suites",
      "totals",
      "thresholds",
    ]);
    expect(report.thresholds).toEqual({ floors: { minRecallAt3: 0 }, missed: [] });
    expect(report.scenarios[0]).toMatchObject({
      name: "unfindable lesson",
      expected: 1,
      found: 0,
      recallAt3: 0,
    });
  });

  it("holds each suite to its own floors from the thresholds file", async () => {
    const root = writeSuite();
    writeFileSync(
      join(root, "floors.json"),
      JSON.stringify({
        floors: { minRecallAt3: 0 },
        suiteFloors: { mini: { minRecallAt3: 0.5 }, other: { minRecallAt3: 1 } },
      }),
    );
    const { io, err } = captureCliIo({ cwd: root });
    expect(await evalCommand(["mini"], { thresholds: "floors.json" }, io)).toBe(1);
    // Only the suites that ran are held to their floors.
    expect(err()).toBe("tacit: eval below thresholds: suite mini: Recall@3 0 (0/1) is below 0.5\n");
  });

  it("names a bad option or thresholds file", async () => {
    const root = writeSuite();
    const { io } = captureCliIo({ cwd: root });
    await expect(evalCommand(["mini"], { minRecall: "90%" }, io)).rejects.toThrow(
      '--min-recall must be a number from 0 to 1, got "90%"',
    );
    await expect(evalCommand(["mini"], { mode: "cheap" }, io)).rejects.toThrow(/--mode must be one of/);
    await expect(evalCommand(["mini"], { filter: "nothing-matches" }, io)).rejects.toThrow(
      'no scenario matches --filter "nothing-matches"',
    );
    writeFileSync(join(root, "bad.json"), JSON.stringify({ floors: { minRecallAt3: 2 } }));
    await expect(evalCommand(["mini"], { thresholds: "bad.json" }, io)).rejects.toThrow(
      /bad\.json, field floors\.minRecallAt3: /,
    );
  });

  it("runs as `tacit eval` and fails on a missed threshold", async () => {
    const root = writeSuite();
    const result = await runTacit(["eval", "mini", "--json", "--min-recall", "0.5", "--offline"], {
      cwd: root,
    });
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout).thresholds.missed).toHaveLength(1);
  });
});
