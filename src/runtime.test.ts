/**
 * The runtime is built from the configuration: settings in the user file, a project file or the
 * environment change what the lesson book, capture and recall do.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { createTacit } from "./sdk.js";
import { runTacit } from "./testing/cli-harness.js";
import { useTempDir } from "./testing/temp-dir.js";

const tempDir = useTempDir("tacit-runtime-config-");
const examples = fileURLToPath(new URL("../examples/transcripts", import.meta.url));

function project(config?: unknown): string {
  const dir = tempDir();
  mkdirSync(join(dir, ".git"));
  if (config !== undefined) {
    mkdirSync(join(dir, ".tacit"));
    writeFileSync(join(dir, ".tacit", "config.json"), JSON.stringify(config));
  }
  return dir;
}

const pnpm = (rule: string) => ({
  kind: "prefer" as const,
  trigger: "installing the dependencies",
  rule,
  why: "",
  domain: "project" as const,
  scope: "global" as const,
  projectId: null,
  evidence: [],
});

describe("openRuntime and the configuration", () => {
  it("dedups lessons with the configured thresholds", async () => {
    const actions = async (cwd: string, env: NodeJS.ProcessEnv) => {
      const tacit = await createTacit({ env: { TACIT_HOME: tempDir(), ...env }, cwd });
      try {
        await tacit.lessons.add(pnpm("Use pnpm install, not npm install"));
        return (await tacit.lessons.add(pnpm("Always use pnpm install here, not npm install"))).action;
      } finally {
        await tacit.close();
      }
    };
    // Nearly the same rule (similarity ≥ 0.85) updates the first by default…
    expect(await actions(project(), {})).toBe("update");
    // …and is a lesson of its own when the project asks for identical ones only.
    const strict = project({ lessons: { dedup: { updateThreshold: 1, appendThreshold: 1 } } });
    expect(await actions(strict, {})).toBe("created");
    expect(
      await actions(project(), {
        TACIT_LESSONS_DEDUP_UPDATE_THRESHOLD: "1",
        TACIT_LESSONS_DEDUP_APPEND_THRESHOLD: "1",
      }),
    ).toBe("created");
  });

  it("captures with the configured limits", async () => {
    const cwd = project({ capture: { maxToolOutputChars: 100 } });
    const env = { TACIT_HOME: tempDir() };
    const tacit = await createTacit({ env, cwd });
    try {
      await tacit.capture({
        sessionId: "s1",
        messages: [
          { role: "tool", toolName: "Bash", toolInput: { command: "ls" }, toolOutput: "x".repeat(5000) },
        ],
      });
    } finally {
      await tacit.close();
    }
    const shown = JSON.parse((await runTacit(["sessions", "show", "sdk:s1", "--json"], { env, cwd })).stdout);
    const [message] = shown.messages;
    expect(message.toolOutput).toBe(`${"x".repeat(100)}\n…[tacit: truncated, original 5000 bytes]`);
    expect(message.originalSize).toBe(5000);
  });

  it("recalls within the configured budget", async () => {
    const env = { TACIT_HOME: tempDir() };
    await runTacit(["import", join(examples, "tacit-samples")], { env });
    await runTacit(["learn"], { env });
    const recall = async (cwd: string) =>
      JSON.parse(
        (
          await runTacit(["recall", "install the dependencies", "--project", "/work/demo-app", "--json"], {
            env,
            cwd,
          })
        ).stdout,
      ) as { items: Array<{ convention?: boolean }> };
    const everything = (await recall(project())).items;
    expect(everything.length).toBeGreaterThan(1);
    // The project's conventions come in a block of their own, with its own budget.
    expect(everything.some((item) => item.convention)).toBe(true);
    const oneItem = (await recall(project({ recall: { budget: { maxItems: 1 } } }))).items;
    expect(oneItem.filter((item) => !item.convention)).toHaveLength(1);
    expect(oneItem.filter((item) => item.convention).length).toBeGreaterThan(0);
    const noBlock = { budget: { maxItems: 1 }, conventions: { enabled: false } };
    const withoutBlock = (await recall(project({ recall: noBlock }))).items;
    expect(withoutBlock).toHaveLength(1);
    expect(withoutBlock.some((item) => item.convention)).toBe(false);
    const floors = { minRelevance: { lesson: 1, skill: 1, evidence: 1 } };
    const conventionsOnly = (await recall(project({ recall: floors }))).items;
    expect(conventionsOnly.length).toBeGreaterThan(0);
    expect(conventionsOnly.every((item) => item.convention)).toBe(true);
    expect((await recall(project({ recall: { ...floors, conventions: { enabled: false } } }))).items).toEqual(
      [],
    );
  });
});
