/**
 * Reading what the agents print: `claude -p --output-format json` results recorded from the pinned
 * Claude Code binary (2.1.328, against the loopback server and servers answering 401 and 500), and
 * `codex exec --json` events as Codex documents them (Codex is not installed here).
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ModelCallError } from "../language-model.js";
import { readClaudeCodeResult } from "./claude-code-dialect.js";
import { readCodexEvents } from "./codex-dialect.js";
import type { AgentProcessResult } from "./run-agent-process.js";

const fixture = (name: string) => readFileSync(new URL(`../__fixtures__/${name}`, import.meta.url), "utf8");

const run = (stdout: string, code: number | null = 0, stderr = ""): AgentProcessResult => ({
  code,
  signal: null,
  stdout,
  stderr,
});

function failure(read: () => unknown): ModelCallError {
  try {
    read();
  } catch (error) {
    if (ModelCallError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a ModelCallError");
}

describe("reading claude -p --output-format json", () => {
  it("takes the result text and counts cache tokens as input", () => {
    const recorded = JSON.parse(fixture("claude-code-print-result.json"));
    expect(readClaudeCodeResult(run(fixture("claude-code-print-result.json")))).toEqual({
      text: recorded.result,
      usage: { inputTokens: 10, outputTokens: 10 },
    });
    const cached = { ...recorded, usage: { ...recorded.usage, cache_read_input_tokens: 900 } };
    expect(readClaudeCodeResult(run(JSON.stringify(cached))).usage.inputTokens).toBe(910);
    // A notice printed before the result line does not hide it.
    expect(readClaudeCodeResult(run(`Update available\n${JSON.stringify(recorded)}\n`)).text).toBe(
      recorded.result,
    );
  });

  it("reports the API error a run ends with, with its status", () => {
    const unauthorized = failure(() =>
      readClaudeCodeResult(run(fixture("claude-code-print-error-401.json"), 1)),
    );
    expect(unauthorized).toMatchObject({ kind: "http-error", statusCode: 401, isRetryable: false });
    expect(unauthorized.message).toMatch(/Failed to authenticate/);
    const serverError = failure(() =>
      readClaudeCodeResult(run(fixture("claude-code-print-error-500.json"), 1)),
    );
    expect(serverError).toMatchObject({ kind: "http-error", statusCode: 500, isRetryable: true });
  });

  it("fails on a crash, on output that is not a result, and on a result of another shape", () => {
    const crash = failure(() => readClaudeCodeResult(run("", 2, "Error: unknown option '--safe-mode'\n")));
    expect(crash).toMatchObject({ kind: "http-error" });
    expect(crash.message).toContain("exited with code 2: Error: unknown option '--safe-mode'");
    const prose = failure(() => readClaudeCodeResult(run("Sure! Here is the JSON you asked for.")));
    expect(prose).toMatchObject({ kind: "invalid-response" });
    expect(prose.message).toContain("no JSON result (stdout: Sure! Here is");
    const shape = failure(() => readClaudeCodeResult(run('{"type":"result","result":"x"}')));
    expect(shape).toMatchObject({ kind: "invalid-response" });
    expect(shape.message).toMatch(/another shape \(is_error/);
  });
});

describe("reading codex exec --json", () => {
  it("takes the last agent message and the turn's usage", () => {
    expect(readCodexEvents(run(fixture("codex-exec-events.jsonl")))).toEqual({
      text: '{"hello":"world"}',
      usage: { inputTokens: 24763, outputTokens: 122 },
    });
  });

  it("reads the earlier shape of the message item", () => {
    const earlier = [
      '{"type":"thread.started","thread_id":"01999ce5-f229-7661-8570-53312bd47ea3"}',
      '{"type":"item.completed","item":{"id":"item_3","item_type":"assistant_message","text":"{\\"a\\":1}"}}',
      '{"type":"turn.completed"}',
    ].join("\n");
    expect(readCodexEvents(run(earlier))).toEqual({
      text: '{"a":1}',
      usage: { inputTokens: null, outputTokens: null },
    });
  });

  it("fails on a failed turn, on a non-zero exit, and on a run with no message", () => {
    const failed = failure(() => readCodexEvents(run(fixture("codex-exec-failed.jsonl"), 1)));
    expect(failed).toMatchObject({ kind: "http-error" });
    expect(failed.message).toContain("model response stream ended unexpectedly");
    const crashed = failure(() => readCodexEvents(run("", 2, "error: unexpected argument '--ephemeral'")));
    expect(crashed.message).toContain("unexpected argument '--ephemeral'");
    const silent = failure(() => readCodexEvents(run('{"type":"thread.started","thread_id":"t"}\n')));
    expect(silent).toMatchObject({ kind: "invalid-response" });
    expect(silent.message).toContain("1 events but no agent message");
    expect(failure(() => readCodexEvents(run("not json"))).message).toContain("no JSON events");
  });
});
