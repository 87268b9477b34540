import { once } from "node:events";
import { createWriteStream } from "node:fs";

/**
 * Writes a synthetic Claude Code transcript of about `messages` messages: user prompts, assistant
 * text, Bash tool calls and their results (every 10th fails), across sessions of 200 messages.
 */
export async function writeClaudeCorpus(path: string, messages: number): Promise<number> {
  const out = createWriteStream(path);
  let written = 0;
  let time = Date.UTC(2026, 0, 1);
  for (let session = 0; written < messages; session++) {
    const sessionId = `bench-${session.toString().padStart(6, "0")}`;
    for (let turn = 0; turn < 50 && written < messages; turn++) {
      const base = {
        sessionId,
        cwd: `/work/project-${session % 7}`,
        gitBranch: "main",
        version: "2.1.80",
        isSidechain: false,
      };
      const id = `${sessionId}-${turn}`;
      const toolId = `toolu_${id}`;
      const lines = [
        {
          ...base,
          type: "user",
          uuid: `${id}-u`,
          timestamp: new Date(time).toISOString(),
          message: {
            role: "user",
            content: `Please run the tests for module ${turn} and fix failures in src/module-${turn}.ts`,
          },
        },
        {
          ...base,
          type: "assistant",
          uuid: `${id}-a`,
          timestamp: new Date(time + 1000).toISOString(),
          message: {
            id: `msg_${id}`,
            role: "assistant",
            content: [
              { type: "text", text: `I'll run the test suite for module ${turn} first to see what fails.` },
            ],
          },
        },
        {
          ...base,
          type: "assistant",
          uuid: `${id}-t`,
          timestamp: new Date(time + 2000).toISOString(),
          message: {
            id: `msg_${id}`,
            role: "assistant",
            content: [
              {
                type: "tool_use",
                id: toolId,
                name: "Bash",
                input: { command: `npm test -- module-${turn}`, description: "run tests" },
              },
            ],
          },
        },
        {
          ...base,
          type: "user",
          uuid: `${id}-r`,
          timestamp: new Date(time + 9000).toISOString(),
          message: {
            role: "user",
            content: [
              {
                type: "tool_result",
                tool_use_id: toolId,
                is_error: turn % 10 === 0,
                content: `> vitest run module-${turn}\n${"✓ test case passes\n".repeat(20)}Tests ${turn % 10 === 0 ? "1 failed" : "20 passed"}`,
              },
            ],
          },
        },
      ];
      for (const line of lines) {
        if (!out.write(`${JSON.stringify(line)}\n`)) await once(out, "drain");
      }
      written += 3; // user, assistant text, tool call (the result pairs onto the call row)
      time += 60_000;
    }
  }
  out.end();
  await once(out, "finish");
  return written;
}
