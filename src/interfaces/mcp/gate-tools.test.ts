import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openRuntime } from "../../runtime.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { gateDecideTool } from "./gate-tools.js";

const tempDir = useTempDir();

describe("gate_decide in process", () => {
  it("answers a failing handler with isError and one line, not a protocol error", async () => {
    const dir = tempDir();
    const runtime = await openRuntime({ db: join(dir, "tacit.db"), env: { TACIT_HOME: dir } });
    const tool = gateDecideTool({ runtime, cwd: dir });
    const ok = await tool.call({ current_user_message: "Your name is Aria." });
    expect(ok.isError).toBeUndefined();
    expect(ok.structuredContent).toMatchObject({
      decision: "UPDATE_IDENTITY",
      candidate_fact: "name is Aria",
    });
    await runtime.close();
    const failed = await tool.call({ current_user_message: "Your name is Aria." });
    expect(failed.isError).toBe(true);
    expect(failed.content).toEqual([
      { type: "text", text: expect.stringMatching(/database connection is not open/) },
    ]);
  });
});
