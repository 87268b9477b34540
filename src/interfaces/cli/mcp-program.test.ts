import { spawn } from "node:child_process";
import { once } from "node:events";
import { PassThrough } from "node:stream";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { Command, Option } from "commander";
import { describe, expect, it } from "vitest";
import { captureCliIo } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { registerMcpCommands } from "./mcp-program.js";

const tempDir = useTempDir("tacit-mcp-cli-");

/** Parses argv on a program holding only the MCP commands; returns the exit code and stderr. */
async function runMcpProgram(argv: string[]): Promise<{ code: number; stderr: string }> {
  const { io, err } = captureCliIo({ env: { TACIT_HOME: tempDir() }, stdin: new PassThrough() });
  let code = 0;
  let thrown = "";
  const program = new Command("tacit")
    .option("--db <path>")
    .exitOverride()
    .configureOutput({ writeOut: () => undefined, writeErr: (text) => io.stderr.write(text) });
  registerMcpCommands(program, {
    io,
    global: () => program.opts<{ db?: string }>(),
    limit: () => new Option("--limit <n>"),
    run: async (work) => {
      code = await work;
    },
  });
  try {
    await program.parseAsync(argv, { from: "user" });
  } catch (error) {
    code = (error as { exitCode?: number }).exitCode ?? 1;
    thrown = (error as Error).message;
  }
  return { code, stderr: err() + thrown };
}

describe("registerMcpCommands", () => {
  it("registers `mcp` and `serve` with its options", () => {
    const program = new Command("tacit");
    registerMcpCommands(program, {
      io: captureCliIo({ cwd: "/", stdin: new PassThrough() }).io,
      global: () => ({}),
      limit: () => new Option("--limit <n>"),
      run: async () => undefined,
    });
    expect(program.commands.map((command) => command.name())).toEqual(["mcp", "serve"]);
    const serve = program.commands[1];
    expect(serve?.options.map((option) => option.long)).toEqual([
      "--mcp",
      "--port",
      "--host",
      "--allow-host",
      "--no-viewer",
    ]);
  });

  it("refuses a port that is not one, and a reachable address without TACIT_API_TOKEN", async () => {
    expect(await runMcpProgram(["serve", "--port", "0", "--no-viewer", "--host", "0.0.0.0"])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/refusing to listen on 0\.0\.0\.0: .*TACIT_API_TOKEN/),
    });
    expect(await runMcpProgram(["serve", "--mcp", "--port", "http"])).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/--port must be a whole number from 0 to 65535, got "http"/),
    });
    expect(await runMcpProgram(["serve", "--mcp", "--port", "70000"])).toMatchObject({ code: 1 });
  });
});

/** The real CLI (`node --import tsx src/interfaces/cli/main.ts`). */
const CLI = ["--import", "tsx", "src/interfaces/cli/main.ts"];

describe("the tacit CLI", () => {
  it("`tacit mcp` serves the tools to the SDK client over stdio", async () => {
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [...CLI, "mcp"],
      env: { TACIT_HOME: tempDir() },
      stderr: "pipe",
    });
    const client = new Client({ name: "tacit-test", version: "1.0.0" });
    await client.connect(transport);
    try {
      expect((await client.listTools()).tools).toHaveLength(11);
      const result = await client.callTool({ name: "list_lessons", arguments: {} });
      expect(result.structuredContent).toEqual({ lessons: [] });
    } finally {
      await client.close();
    }
  });

  it("`tacit serve --mcp` prints its URL and token file, and stops on SIGTERM", async () => {
    const home = tempDir();
    const child = spawn(process.execPath, [...CLI, "serve", "--mcp", "--port", "0"], {
      env: { PATH: process.env.PATH, TACIT_HOME: home },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const exited = once(child, "exit");
    await expect
      .poll(() => stderr, { timeout: 20_000 })
      .toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/mcp/);
    // The token file's line may come in a later chunk than the URL's.
    await expect.poll(() => stderr, { timeout: 20_000 }).toContain(`${home}/api-token`);
    child.kill("SIGTERM");
    expect(await exited).toEqual([0, null]);
  });
});
