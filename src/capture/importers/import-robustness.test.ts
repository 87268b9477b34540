/**
 * Fuzzed transcript files: a few bad bytes cost only their lines, a file is refused only when it
 * is binary as a whole, and a byte order mark before the first line is accepted.
 */
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { createCapture } from "../capture.js";
import { importPaths } from "./import-runner.js";

const tempDir = useTempDir();

function setup() {
  const dir = tempDir();
  const store = new SqliteStore({ path: join(dir, "tacit.db") });
  const capture = createCapture({ store });
  const run = (...paths: string[]) =>
    importPaths({ capture, getImportFile: (path) => store.getImportFile(path), paths });
  return { dir, store, run };
}

const line = (id: string, text: string) =>
  JSON.stringify({
    type: "user",
    sessionId: "fuzzed",
    uuid: id,
    cwd: "/p",
    timestamp: "2026-01-01T00:00:00Z",
    message: { role: "user", content: text },
  });

describe("importing fuzzed files", () => {
  it("imports every valid line of a file with NUL bytes near its start, and reports the bad one", async () => {
    const { dir, store, run } = setup();
    const file = join(dir, "nul.jsonl");
    const bad = Buffer.from(line("u2", "second"));
    bad[10] = 0;
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(`${line("u1", "first")}\n`),
        bad,
        Buffer.from(`\n${line("u3", "third")}\n${line("u4", "fourth")}\n`),
      ]),
    );
    const summary = await run(file);
    expect(summary.filesSkipped).toEqual([]);
    expect(summary.messages).toBe(3);
    expect(summary.skippedLines).toEqual([
      { location: `${file}:2`, reason: expect.stringMatching(/^invalid JSON/) },
    ]);
    const rows = await store.listMessages("claude-code:fuzzed");
    expect(rows.map((row) => row.content)).toEqual(["first", "third", "fourth"]);
  });

  it("refuses a file that is binary as a whole: compressed, random or mostly NUL", async () => {
    const { dir, run } = setup();
    const transcript = `${line("u1", "first")}\n${line("u2", "second")}\n`;
    writeFileSync(join(dir, "gzipped.jsonl"), gzipSync(transcript.repeat(50)));
    writeFileSync(join(dir, "random.jsonl"), randomBytes(4096));
    writeFileSync(join(dir, "zeros.jsonl"), Buffer.alloc(2048));
    const summary = await run(dir);
    expect(summary.filesSkipped.map((skipped) => [skipped.file.split("/").pop(), skipped.reason])).toEqual([
      ["gzipped.jsonl", expect.stringMatching(/^binary file/)],
      ["random.jsonl", expect.stringMatching(/^binary file/)],
      ["zeros.jsonl", expect.stringMatching(/^binary file/)],
    ]);
  });

  it("accepts a byte order mark before the first line, even in a one-line file", async () => {
    const { dir, store, run } = setup();
    const file = join(dir, "bom.jsonl");
    writeFileSync(file, `\uFEFF${line("u1", "only line")}\n`);
    const summary = await run(file);
    expect(summary.filesSkipped).toEqual([]);
    expect(summary.skippedLines).toEqual([]);
    expect((await store.listMessages("claude-code:fuzzed")).map((row) => row.content)).toEqual(["only line"]);
  });
});
