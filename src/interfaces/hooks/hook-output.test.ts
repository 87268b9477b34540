import { spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import { writeOutput } from "./hook-output.js";

const tempDir = useTempDir("tacit-hook-output-");

describe("writeOutput", () => {
  it("writes the whole text to a descriptor, however long", async () => {
    const file = join(tempDir(), "out.txt");
    const text = `${"é".repeat(150_000)}\n`;
    const fd = openSync(file, "w");
    try {
      await writeOutput(fd, text);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("writes the whole text through a pipe, more than its buffer holds", () => {
    // A child writes 1 MiB to its stdout pipe (64 KiB of buffer) while this process reads it.
    const script = `import("${new URL("./hook-output.ts", import.meta.url).href}").then((m) => m.writeOutput(1, "x".repeat(1 << 20)))`;
    const result = spawnSync(process.execPath, ["--import", "tsx", "-e", script], {
      encoding: "utf8",
      maxBuffer: 4 << 20,
    });
    expect(result.stderr).toBe("");
    expect(result.stdout).toHaveLength(1 << 20);
  });

  it("writes to a stream and waits for it", async () => {
    let written = "";
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        written += chunk.toString();
        setTimeout(callback, 5);
      },
    });
    await writeOutput(stream, "answer\n");
    expect(written).toBe("answer\n");
  });

  it("rejects a descriptor it cannot write", async () => {
    await expect(writeOutput(987_654, "lost")).rejects.toThrow(/EBADF/);
  });
});
