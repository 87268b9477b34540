import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { transcriptFixture } from "../../testing/fixtures.js";
import { createParser, detectFormat } from "./detect-format.js";
import type { TranscriptFormat } from "./types.js";

const FIXTURES = transcriptFixture();

function firstRecords(relative: string, count = 20): unknown[] {
  const lines = readFileSync(join(FIXTURES, relative), "utf8")
    .split("\n")
    .filter((line) => line.trim());
  return lines.slice(0, count).map((line) => JSON.parse(line) as unknown);
}

const FIXTURE_FORMATS: Array<[string, TranscriptFormat]> = [
  ["claude-code/1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl", "claude-code"],
  ["claude-code/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl", "claude-code"],
  ["claude-code/agent-test-hash-123.jsonl", "claude-code"],
  ["claude-code/agent-sessions-small.jsonl", "claude-code"],
  ["claude-code/agent-sessions-schema-drift.jsonl", "claude-code"],
  ["claude-code/subagent/0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f.jsonl", "claude-code"],
  [
    "claude-code/subagent/0a1b2c3d-4e5f-4061-8071-2a3b4c5d6e7f/subagents/agent-a0ad4f44468bdf20d.jsonl",
    "claude-code",
  ],
  ["codex/agent-sessions-small.jsonl", "codex"],
  ["codex/agent-sessions-schema-drift.jsonl", "codex"],
  ["openclaw/agent-sessions-small.jsonl", "openclaw"],
  ["openclaw/agent-sessions-schema-drift.jsonl", "openclaw"],
];

describe("detectFormat", () => {
  it.each(FIXTURE_FORMATS)("detects %s as %s", (relative, format) => {
    expect(detectFormat(firstRecords(relative), join(FIXTURES, relative))).toBe(format);
  });

  it.each(FIXTURE_FORMATS)("detects %s from content alone, under a neutral path", (relative, format) => {
    expect(detectFormat(firstRecords(relative), "/tmp/upload.jsonl")).toBe(format);
  });

  it("detects from the first record only", () => {
    for (const [relative, format] of FIXTURE_FORMATS) {
      expect(detectFormat(firstRecords(relative, 1), "/tmp/upload.jsonl"), relative).toBe(format);
    }
  });

  it("detects the generic format, both shapes", () => {
    expect(detectFormat([{ role: "user", content: "hi" }], "/tmp/a.jsonl")).toBe("generic");
    expect(detectFormat([{ id: "c", messages: [] }], "/tmp/a.jsonl")).toBe("generic");
  });

  it("lets the path break a tie between formats", () => {
    const tie = [
      { type: "user", sessionId: "s", uuid: "u", message: { role: "user", content: "hi" } },
      { type: "response_item", payload: { type: "message", role: "user", content: [] } },
    ];
    expect(detectFormat(tie, "/tmp/a.jsonl")).toBe("claude-code");
    expect(detectFormat(tie, "/home/u/.codex/sessions/2025/01/01/x.jsonl")).toBe("codex");
    expect(detectFormat(tie, "/tmp/rollout-2025-01-01T00-00-00-x.jsonl")).toBe("codex");
    // A hint never outvotes the records.
    expect(detectFormat([{ role: "user", content: "hi" }], "/home/u/.codex/sessions/x.jsonl")).toBe(
      "generic",
    );
  });

  it("returns null when no record has a known shape", () => {
    expect(detectFormat([], "/tmp/a.jsonl")).toBeNull();
    expect(detectFormat([1, "x", null, [1]], "/tmp/a.jsonl")).toBeNull();
    expect(
      detectFormat([{ foo: 1 }, { type: "something" }], "/home/u/.claude/projects/p/s.jsonl"),
    ).toBeNull();
  });
});

describe("createParser", () => {
  it("returns a parser of each format", () => {
    for (const format of ["claude-code", "codex", "openclaw", "generic"] as const) {
      expect(createParser(format, { file: "/tmp/a.jsonl" }).format).toBe(format);
    }
  });
});
