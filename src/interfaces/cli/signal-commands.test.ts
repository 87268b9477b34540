import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { runTacit } from "../../testing/cli-harness.js";

const cli = fileURLToPath(new URL("./main.ts", import.meta.url));

describe("tacit signals detect", () => {
  it("writes one line per conversation with the stable fields, and reports bad lines by number", async () => {
    const input = [
      JSON.stringify({
        id: "c1",
        messages: [
          { role: "user", content: "Install the dependencies" },
          { role: "assistant", content: "Running npm install" },
          { role: "user", content: "No, not npm — use pnpm in this repo." },
        ],
      }),
      '{"id": "c2", "messages": [{"role": "robot", "content": "hi"}]}',
      JSON.stringify({
        id: "c3",
        messages: [
          { role: "user", content: "把端口改成 8080" },
          { role: "assistant", content: "已修改配置文件中的端口。" },
          { role: "user", content: "可以了，这次对了" },
        ],
      }),
      "",
    ].join("\n");
    const result = await runTacit(["signals", "detect"], { stdin: input });
    expect(result.code).toBe(1);
    const lines = result.stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.id)).toEqual(["c1", "c3"]);
    expect(lines[0].signals).toEqual([
      expect.objectContaining({
        turn: 2,
        type: "correction",
        source: "user",
        evidence: expect.stringContaining("pnpm"),
      }),
    ]);
    expect(Object.keys(lines[0].signals[0]).sort()).toEqual([
      "confidence",
      "evidence",
      "source",
      "turn",
      "type",
    ]);
    expect(lines[1].signals).toEqual([expect.objectContaining({ turn: 2, type: "success", source: "user" })]);
    expect(result.stderr).toMatch(/^line 2: messages\[0\]\.role: /);
  });

  it("streams thousands of conversations through the real CLI process", async () => {
    const conversation = (index: number) =>
      JSON.stringify({
        id: `c${index}`,
        messages: [
          { role: "user", content: `Run the tests for module ${index}` },
          { role: "tool", content: "Error: Cannot find module 'vitest'" },
          { role: "user", content: "why does this keep failing?" },
        ],
      });
    const count = 3000;
    const child = spawn(process.execPath, ["--import", "tsx", cli, "signals", "detect"], {
      stdio: ["pipe", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
    });
    for (let index = 0; index < count; index++) child.stdin.write(`${conversation(index)}\n`);
    child.stdin.end();
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    const lines = out.trim().split("\n");
    expect(lines).toHaveLength(count);
    const last = JSON.parse(lines[count - 1] as string);
    expect(last.id).toBe(`c${count - 1}`);
    expect(
      last.signals.map((signal: { type: string; source: string }) => `${signal.type}/${signal.source}`),
    ).toEqual(["reject/execution", "confusion/user"]);
  });

  it("counts lines as the importers do: a lone CR is no line break, and a byte order mark is fine", async () => {
    const conversation = (id: string) =>
      JSON.stringify({ id, messages: [{ role: "user", content: "No, use pnpm instead of npm." }] });
    // Line 2 holds a lone CR between two conversations (not valid JSON Lines); line 3 is broken.
    const input = `\uFEFF${conversation("c1")}\n${conversation("c2")}\r${conversation("c3")}\n{broken\n${conversation("c4")}\n`;
    const result = await runTacit(["signals", "detect"], { stdin: input });
    expect(result.code).toBe(1);
    expect(
      result.stdout
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).id),
    ).toEqual(["c1", "c4"]);
    expect(result.stderr.split("\n").map((line) => line.slice(0, 7))).toEqual(["line 2:", "line 3:", ""]);
  });
});
