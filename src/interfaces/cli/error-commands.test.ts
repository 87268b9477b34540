/**
 * The errors tacit shows are the real errors: a failed command whose output starts with warnings
 * (`npm warn Unknown env config …`) is listed, given as retry context and recalled as evidence by
 * the line that carries the error.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openRuntime } from "../../runtime.js";
import { runTacit } from "../../testing/cli-harness.js";
import { BUILD_OUTPUT, TYPECHECK_ERROR, TYPECHECK_OUTPUT } from "../../testing/failed-commands.js";
import { captureSession } from "../../testing/session-builder.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-errors-");
const T0 = Date.UTC(2026, 9, 1, 9);
const PROJECT = "/work/web";
async function capturedFailures(): Promise<{ env: NodeJS.ProcessEnv; sessionId: string }> {
  const home = tempDir();
  const runtime = await openRuntime({ db: join(home, "tacit.db"), env: { TACIT_HOME: home }, now: () => T0 });
  try {
    const sessionId = await captureSession(runtime.capture, {
      id: "web-1",
      project: PROJECT,
      start: T0,
      turns: [
        ["user", "run the type check and the build"],
        ["tool", "Bash", "npm run typecheck", TYPECHECK_OUTPUT, true],
        ["tool", "Bash", "npm run build", BUILD_OUTPUT, true],
      ],
    });
    return { env: { TACIT_HOME: home }, sessionId };
  } finally {
    await runtime.close();
  }
}

describe("errors are the real errors", () => {
  it("lists and gives as retry context the line that carries the error, not a warning", async () => {
    const { env, sessionId } = await capturedFailures();
    const listed = await runTacit(["errors", "list"], { env });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain("src/App.test.tsx(3,32): error TS2307: Cannot find module");
    expect(listed.stdout).toContain("Build error occurred [TypeError: generate is not a function]");
    expect(listed.stdout).not.toContain("npm warn");
    const json = JSON.parse((await runTacit(["errors", "list", "--json"], { env })).stdout);
    expect(json.map((error: { message: string }) => error.message.split("\n")[0])).toEqual([
      TYPECHECK_ERROR,
      "Build error occurred [TypeError: generate is not a function]",
    ]);
    expect(json[0].errorType).toBe("validation");
    const context = await runTacit(["errors", "context", sessionId], { env });
    expect(context.stdout).toContain("- **src/App.test.tsx(3,32): error TS2307");
    expect(context.stdout).toContain("- **Build error occurred [TypeError: generate is not a function]**");
    expect(context.stdout).not.toContain("npm warn");
  });

  it("recalls a failed call as evidence by its error line", async () => {
    const { env } = await capturedFailures();
    const recalled = JSON.parse(
      (
        await runTacit(
          [
            "recall",
            "Cannot find module @testing-library/react",
            "--project",
            PROJECT,
            "--json",
            "--explain",
          ],
          { env },
        )
      ).stdout,
    );
    const evidence = [...recalled.items, ...recalled.rejected].filter(
      (item: { kind: string }) => item.kind === "evidence",
    );
    const texts = evidence.map((item: { text: string }) => item.text).join("\n");
    expect(texts).toContain("error TS2307: Cannot find module '@testing-library/react'");
    expect(texts).not.toContain("npm warn");
  });
});
