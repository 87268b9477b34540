import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { openRuntime } from "../runtime.js";

/** The CLI as the MCP tests spawn it: `node --import tsx src/interfaces/cli/main.ts`. */
export const CLI_FROM_SOURCE = ["--import", "tsx", "src/interfaces/cli/main.ts"];

/** A running `tacit mcp` on a temporary home, with one seeded project lesson. */
export interface McpFixture {
  home: string;
  /** A project folder (with `.git`) the seeded lesson belongs to. */
  project: string;
  lessonId: string;
  client: Client;
  transport: StdioClientTransport;
  /** What the server wrote to stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

/**
 * Seeds a temporary TACIT_HOME with the pnpm lesson of the "shop" project (promoted when asked),
 * then connects the MCP SDK's real Client over stdio to `tacit mcp` in a child process.
 */
export async function startMcpFixture(options: { name: string; promote?: boolean }): Promise<McpFixture> {
  const home = mkdtempSync(join(tmpdir(), `tacit-${options.name}-`));
  const project = join(home, "shop");
  mkdirSync(join(project, ".git"), { recursive: true });
  const runtime = await openRuntime({ env: { TACIT_HOME: home } });
  let lessonId: string;
  try {
    const learnt = await runtime.lessons.learn({
      kind: "prefer",
      trigger: "installing dependencies in the shop repo",
      rule: "Use pnpm install, never npm install: npm breaks the workspace lockfile",
      why: "npm install failed with EUNSUPPORTEDPROTOCOL on workspace: dependencies",
      domain: "project",
      scope: "project",
      projectId: project,
    });
    lessonId = learnt.lesson.id;
    if (options.promote) await runtime.lessons.promote(lessonId, "seeded for the MCP tests");
  } finally {
    await runtime.close();
  }
  let stderr = "";
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...CLI_FROM_SOURCE, "mcp"],
    cwd: process.cwd(),
    env: { TACIT_HOME: home },
    stderr: "pipe",
  });
  transport.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  const client = new Client({ name: `tacit-${options.name}`, version: "1.0.0" });
  await client.connect(transport);
  return {
    home,
    project,
    lessonId,
    client,
    transport,
    stderr: () => stderr,
    close: async () => {
      await client.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}
