import { spawn } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-mcp-stdio-");

/** The stand-in for `tacit mcp` (see server.test.ts). */
const SERVER_ARGS = ["--import", "tsx", "src/interfaces/cli/main.ts", "mcp"];

const INITIALIZE = `${JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "raw", version: "1" } },
})}\n`;

/** Starts the server, sends `initialize` and waits for its answer. */
async function startServer() {
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: { PATH: process.env.PATH, TACIT_HOME: tempDir() },
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  child.stdin.write(INITIALIZE);
  await expect.poll(() => stdout, { timeout: 20_000 }).toMatch(/"id":1/);
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe("tacit mcp (stdio) lifecycle", () => {
  it("exits 0 when the client closes stdin", async () => {
    const { child, exited, output } = await startServer();
    child.stdin.end();
    expect(await exited).toEqual([0, null]);
    const lines = output().stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      id: 1,
      result: { serverInfo: { name: "tacit" } },
    });
    expect(output().stderr).toBe("");
  });

  it("shuts down cleanly on SIGTERM and SIGINT", async () => {
    for (const signal of ["SIGTERM", "SIGINT"] as const) {
      const { child, exited, output } = await startServer();
      child.kill(signal);
      expect(await exited).toEqual([0, null]);
      expect(output().stderr).toBe("");
    }
  });

  it("reports a malformed line on stderr, answers nothing for it and keeps serving", async () => {
    const { child, exited, output } = await startServer();
    child.stdin.write("this is not json\n");
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "tools/list" })}\n`);
    await expect.poll(() => output().stdout, { timeout: 10_000 }).toMatch(/"id":2/);
    child.stdin.end();
    expect(await exited).toEqual([0, null]);
    expect(output().stderr).toMatch(/^tacit mcp: /);
    for (const line of output().stdout.trim().split("\n")) expect(() => JSON.parse(line)).not.toThrow();
  });
});
