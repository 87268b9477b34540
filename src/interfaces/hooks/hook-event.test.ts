import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { HOOK_EVENT_NAMES, parseHookInput } from "./hook-event.js";

const fixtures = new URL("./__fixtures__/", import.meta.url);

function fixture(agent: string, name: string): string {
  return readFileSync(new URL(`${agent}/${name}.json`, fixtures), "utf8");
}

describe("parseHookInput", () => {
  it("reads every Claude Code event tacit handles, from the reference payloads", () => {
    for (const name of HOOK_EVENT_NAMES) {
      const parsed = parseHookInput(fixture("claude-code", name));
      expect(parsed.kind, name).toBe("event");
      if (parsed.kind === "event") expect(parsed.event.hook_event_name).toBe(name);
    }
  });

  it("reads every Codex fixture", () => {
    const names = readdirSync(new URL("codex/", fixtures)).map((file) => file.replace(/\.json$/, ""));
    expect(names.length).toBeGreaterThanOrEqual(4);
    for (const name of names) expect(parseHookInput(fixture("codex", name)).kind, name).toBe("event");
  });

  it("keeps fields it does not know and the ones it reads", () => {
    const parsed = parseHookInput(fixture("claude-code", "Stop"));
    if (parsed.kind !== "event" || parsed.event.hook_event_name !== "Stop")
      throw new Error("not a Stop event");
    expect(parsed.event.last_assistant_message).toContain("pnpm install worked");
    expect((parsed.event as Record<string, unknown>).background_tasks).toEqual([]);
    expect((parsed.event as Record<string, unknown>).effort).toEqual({ level: "medium" });
  });

  it("ignores events tacit does not handle", () => {
    expect(parseHookInput('{"hook_event_name":"Notification","session_id":"s"}')).toEqual({
      kind: "ignored",
      eventName: "Notification",
    });
    expect(parseHookInput('{"hook_event_name":"PermissionRequest","session_id":"s"}').kind).toBe("ignored");
  });

  it("reads a PreToolUse of either agent, and refuses one without a tool name", () => {
    for (const agent of ["claude-code", "codex"] as const) {
      const parsed = parseHookInput(fixture(agent, "PreToolUse"));
      if (parsed.kind !== "event" || parsed.event.hook_event_name !== "PreToolUse")
        throw new Error(`${agent}: not a PreToolUse event`);
      expect(parsed.event.tool_name).toBe("Bash");
      expect(parsed.event.tool_input).toMatchObject({ command: expect.stringMatching(/^npm /) });
    }
    expect(parseHookInput('{"hook_event_name":"PreToolUse","session_id":"s"}')).toMatchObject({
      kind: "invalid",
      reason: expect.stringMatching(/^PreToolUse: tool_name/),
    });
  });

  it("says why a payload is unusable", () => {
    expect(parseHookInput("{not json")).toMatchObject({
      kind: "invalid",
      reason: expect.stringMatching(/not JSON/),
    });
    expect(parseHookInput("[1]")).toMatchObject({ kind: "invalid", reason: "stdin is not a JSON object" });
    expect(parseHookInput('{"session_id":"s"}')).toMatchObject({
      kind: "invalid",
      reason: "hook_event_name: expected a string",
    });
    const missingPrompt = parseHookInput('{"session_id":"s","hook_event_name":"UserPromptSubmit"}');
    expect(missingPrompt).toMatchObject({
      kind: "invalid",
      reason: expect.stringMatching(/^UserPromptSubmit: prompt/),
    });
    const noSession = parseHookInput('{"hook_event_name":"Stop"}');
    expect(noSession).toMatchObject({ kind: "invalid", reason: expect.stringMatching(/session_id/) });
  });
});
