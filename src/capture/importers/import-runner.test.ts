import { randomBytes } from "node:crypto";
import { appendFileSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { agentTranscriptDirs, transcriptFixture } from "../../testing/fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { createCapture } from "../capture.js";
import { importPaths } from "./import-runner.js";

const tempDir = useTempDir();

function setup() {
  const dir = tempDir();
  const store = new SqliteStore({ path: join(dir, "tacit.db") });
  const capture = createCapture({ store });
  const run = (...paths: string[]) =>
    importPaths({ capture, getImportFile: (path) => store.getImportFile(path), paths, batchSize: 7 });
  return { dir, store, run };
}

const userLine = (session: string, id: string, text: string) =>
  JSON.stringify({
    type: "user",
    sessionId: session,
    uuid: id,
    cwd: "/p",
    timestamp: "2026-01-01T00:00:00Z",
    message: { role: "user", content: text },
  });

describe("importPaths on the real fixtures", () => {
  it("imports every fixture file, and a second run adds nothing", async () => {
    const { store, run } = setup();
    const first = await run(...agentTranscriptDirs());
    expect(first.files).toBe(11);
    expect(first.filesSkipped).toEqual([]);
    expect(first.filesImported).toBe(11);
    const stats = await store.stats();
    expect(stats.sessionsByAgent).toMatchObject({ "claude-code": expect.any(Number), codex: 2, openclaw: 2 });
    expect(stats.messages).toBe(first.messages);
    expect(first.toolErrors).toBeGreaterThanOrEqual(5);
    // The real Claude Code transcripts carry real failed tool calls, paired to their calls.
    const errors = await store.listErrors({
      limit: 50,
      sessionId: "claude-code:5c0375b4-57a5-4f26-b12d-d022ee4e51b7",
    });
    expect(errors.map((error) => error.toolName).sort()).toEqual(["Bash", "Edit", "Task"]);
    expect(errors.every((error) => error.messageId !== null)).toBe(true);
    // Schema drift: unknown line types are counted, the rest imports.
    expect(Object.keys(first.unknownLineTypes).length).toBeGreaterThan(0);
    const again = await run(...agentTranscriptDirs());
    expect(again).toMatchObject({ filesUnchanged: 11, messages: 0, toolCalls: 0, toolErrors: 0 });
    expect((await store.stats()).messages).toBe(stats.messages);
  });

  it("links a subagent transcript to its parent session", async () => {
    const { store, run } = setup();
    await run(transcriptFixture("claude-code/subagent"));
    const sessions = await store.listSessions({ limit: 10 });
    const child = sessions.find((session) => session.parentSessionId !== null);
    expect(child?.parentSessionId).toBe("claude-code:0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f");
    expect(sessions.some((session) => session.id === child?.parentSessionId)).toBe(true);
  });
});

describe("importPaths incrementally", () => {
  it("imports only the new lines of a file that grew", async () => {
    const { dir, store, run } = setup();
    const file = join(dir, "session.jsonl");
    writeFileSync(file, `${userLine("s1", "a", "first")}\n${userLine("s1", "b", "second")}\n`);
    expect((await run(file)).messages).toBe(2);
    appendFileSync(file, `${userLine("s1", "c", "third")}\n`);
    const grown = await run(file);
    expect(grown).toMatchObject({ messages: 1, linesRead: 1, filesUnchanged: 0 });
    expect((await store.listMessages("claude-code:s1")).map((message) => message.content)).toEqual([
      "first",
      "second",
      "third",
    ]);
  });

  it("leaves an unterminated, unparsable last line for the next import", async () => {
    const { dir, store, run } = setup();
    const file = join(dir, "session.jsonl");
    const line = userLine("s1", "b", "second");
    writeFileSync(file, `${userLine("s1", "a", "first")}\n${line.slice(0, 20)}`);
    const partial = await run(file);
    expect(partial.messages).toBe(1);
    expect(partial.skippedLines).toEqual([
      { location: `${file}:2`, reason: "incomplete last line (no newline yet); retried on the next import" },
    ]);
    writeFileSync(file, `${userLine("s1", "a", "first")}\n${line}\n`);
    expect((await run(file)).messages).toBe(1);
    expect(await store.listMessages("claude-code:s1")).toHaveLength(2);
  });

  it("re-imports a rewritten file without duplicating what it already has", async () => {
    const { dir, store, run } = setup();
    const file = join(dir, "session.jsonl");
    writeFileSync(file, `${userLine("s1", "a", "first")}\n`);
    await run(file);
    writeFileSync(file, `${userLine("s1", "z", "other start")}\n${userLine("s1", "a", "first")}\n`);
    expect((await run(file)).messages).toBe(1);
    expect(await store.listMessages("claude-code:s1")).toHaveLength(2);
  });
});

describe("importPaths on bad input", () => {
  it("skips a malformed line with file:line and a reason, and imports the rest", async () => {
    const { dir, store, run } = setup();
    const file = join(dir, "broken.jsonl");
    writeFileSync(file, [userLine("s1", "a", "one"), "{not json", userLine("s1", "b", "two"), ""].join("\n"));
    const summary = await run(file);
    expect(summary.messages).toBe(2);
    expect(summary.skippedLines).toHaveLength(1);
    expect(summary.skippedLines[0]?.location).toBe(`${file}:2`);
    expect(summary.skippedLines[0]?.reason).toMatch(/^invalid JSON: /);
    expect(await store.listMessages("claude-code:s1")).toHaveLength(2);
  });

  it("gives each kind of unusable file a clear reason and no crash", async () => {
    const { dir, run } = setup();
    writeFileSync(join(dir, "empty.jsonl"), "");
    writeFileSync(join(dir, "binary.jsonl"), Buffer.from([0x7b, 0x00, 0x01, 0x02, 0xff, 0x0a]));
    writeFileSync(join(dir, "array.jsonl"), JSON.stringify([{ role: "user", content: "hi" }]));
    writeFileSync(join(dir, "unknown.jsonl"), `${JSON.stringify({ hello: "world" })}\n`);
    const summary = await run(dir);
    const reasons = Object.fromEntries(
      summary.filesSkipped.map((file) => [file.file.split("/").at(-1), file.reason]),
    );
    expect(reasons["empty.jsonl"]).toBe("empty file");
    expect(reasons["binary.jsonl"]).toMatch(/^binary file/);
    expect(reasons["array.jsonl"]).toMatch(/^a JSON array, not JSON Lines/);
    expect(reasons["unknown.jsonl"]).toMatch(/^not a recognized transcript format/);
    expect(summary.messages).toBe(0);
  });

  it("skips lines of invalid UTF-8 and imports the valid ones", async () => {
    const { dir, store, run } = setup();
    const file = join(dir, "mixed.jsonl");
    const bad = Buffer.concat([
      Buffer.from('{"type":"user","sessionId":"s1","uuid":"x","message":{"role":"user","content":"'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('"}}\n'),
    ]);
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(`${userLine("s1", "a", "ok")}\n`),
        bad,
        Buffer.from(`${userLine("s1", "b", "好的")}\n`),
      ]),
    );
    const summary = await run(file);
    expect(summary.linesSkipped["invalid UTF-8"]).toBe(1);
    expect((await store.listMessages("claude-code:s1")).map((message) => message.content)).toEqual([
      "ok",
      "好的",
    ]);
  });

  it("imports a directory of 1,000 files", async () => {
    const { dir, store, run } = setup();
    const many = join(dir, "many");
    mkdirSync(many);
    for (let index = 0; index < 1000; index++) {
      writeFileSync(join(many, `s${index}.jsonl`), `${userLine(`s${index}`, "a", `prompt ${index}`)}\n`);
    }
    const summary = await run(many);
    expect(summary).toMatchObject({ files: 1000, filesImported: 1000, messages: 1000, sessions: 1000 });
    expect((await store.stats()).sessions).toBe(1000);
  });

  it("never stores a secret planted in a transcript", async () => {
    const { dir, store, run } = setup();
    const copy = join(dir, "planted");
    cpSync(
      transcriptFixture("claude-code/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl"),
      join(copy, "a.jsonl"),
      {
        recursive: true,
      },
    );
    const secret = "sk-ant-api03-PLANTEDSECRETVALUE1234567890";
    appendFileSync(
      join(copy, "a.jsonl"),
      `${userLine("1af7fc5e-8455-4414-9ccd-011d40f70b2a", "planted", `my key is ${secret}`)}\n`,
    );
    await run(copy);
    await store.close();
    const bytes = [store.location, `${store.location}-wal`]
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path).toString("latin1"))
      .join("");
    expect(bytes).not.toContain("PLANTEDSECRETVALUE");
  });
});

describe("importPaths and live hook capture", () => {
  it("skips the transcript lines of a session the hooks captured live", async () => {
    const { dir, store } = setup();
    const file = join(dir, "live.jsonl");
    writeFileSync(
      file,
      `${userLine("live-1", "a", "captured by the hook already")}\n${userLine("other", "b", "imported")}\n`,
    );
    const capture = createCapture({ store });
    await capture.upsertSession({
      agent: "claude-code",
      sourceSessionId: "live-1",
      metadata: { capturedBy: "hook" },
    });
    const summary = await importPaths({
      capture,
      getImportFile: (path) => store.getImportFile(path),
      paths: [file],
      liveSessions: new Set(["claude-code:live-1"]),
    });
    expect(summary.messages).toBe(1);
    expect(summary.linesSkipped["session captured live by the agent hooks"]).toBe(1);
    expect(await store.listMessages("claude-code:live-1")).toEqual([]);
  });
});

/** Fuzzed files: a few bad bytes cost only their lines; only a wholly binary file is refused. */
describe("importing fuzzed files", () => {
  it("imports every valid line of a file with NUL bytes near its start, and reports the bad one", async () => {
    const { dir, store, run } = setup();
    const file = join(dir, "nul.jsonl");
    const bad = Buffer.from(userLine("fuzzed", "u2", "second"));
    bad[10] = 0;
    writeFileSync(
      file,
      Buffer.concat([
        Buffer.from(`${userLine("fuzzed", "u1", "first")}\n`),
        bad,
        Buffer.from(`\n${userLine("fuzzed", "u3", "third")}\n${userLine("fuzzed", "u4", "fourth")}\n`),
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
    const transcript = `${userLine("fuzzed", "u1", "first")}\n${userLine("fuzzed", "u2", "second")}\n`;
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
    writeFileSync(file, `\uFEFF${userLine("fuzzed", "u1", "only line")}\n`);
    const summary = await run(file);
    expect(summary.filesSkipped).toEqual([]);
    expect(summary.skippedLines).toEqual([]);
    expect((await store.listMessages("claude-code:fuzzed")).map((row) => row.content)).toEqual(["only line"]);
  });
});
