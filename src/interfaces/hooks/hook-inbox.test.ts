import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import { inboxEnv, queueToolEvent, writeInbox } from "./hook-inbox.js";

const tempDir = useTempDir();

describe("the hook inbox", () => {
  it("never writes a secret or a credential variable to disk", () => {
    const dir = join(tempDir(), "inbox");
    const payload = JSON.stringify({
      hook_event_name: "PostToolUse",
      session_id: "s1",
      tool_name: "Bash",
      tool_input: { command: "curl -H 'Authorization: Bearer abcdefgh12345678' https://api.example.com" },
      tool_response: { stdout: "OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx1234" },
    });
    const env = inboxEnv({
      TACIT_HOME: "/h",
      TACIT_LLM_API_KEY: "sk-secret-key-value-123456",
      HOME: "/root",
      PATH: "/bin",
    });
    expect(env).toEqual({ TACIT_HOME: "/h", HOME: "/root" });
    writeInbox(dir, { argv: ["hook"], cwd: "/w", env, now: 1 }, Buffer.from(payload));
    const [file] = readdirSync(dir);
    const text = readFileSync(join(dir, file as string), "utf8");
    expect(text).not.toContain("abcdefgh12345678");
    expect(text).not.toContain("sk-proj-abcdefghijklmnop");
    expect(text).not.toContain("sk-secret-key-value");
    const event = JSON.parse(text.split("\n").slice(1).join("\n"));
    expect(event.tool_response.stdout).toBe("OPENAI_API_KEY=[REDACTED:api-key]");
  });

  it("queues a tool event the daemon received as the client would: redacted, TACIT_* only; nothing else", () => {
    const dir = join(tempDir(), "inbox");
    mkdirSync(dir);
    const request = (payload: string) => ({
      argv: ["--agent", "codex"],
      cwd: "/w",
      env: { TACIT_HOME: "/h", TACIT_LLM_API_KEY: "sk-secret-key-value-123456", PATH: "/bin" },
      payload: Buffer.from(payload),
    });
    const tool = JSON.stringify({
      hook_event_name: "PostToolUse",
      session_id: "s1",
      tool_response: { stdout: "OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx1234" },
    });
    expect(queueToolEvent(dir, request(tool), 42)).toBe(true);
    const [file] = readdirSync(dir);
    const [header, ...payload] = readFileSync(join(dir, file as string), "utf8").split("\n");
    expect(JSON.parse(header as string)).toEqual({
      argv: ["--agent", "codex"],
      cwd: "/w",
      env: { TACIT_HOME: "/h" },
      now: 42,
    });
    expect(JSON.parse(payload.join("\n")).tool_response.stdout).toBe("OPENAI_API_KEY=[REDACTED:api-key]");
    // Not a tool event, or not a JSON object: left to the daemon's queue, nothing written.
    expect(queueToolEvent(dir, request('{"hook_event_name":"PreToolUse"}'), 42)).toBe(false);
    expect(queueToolEvent(dir, request('{"hook_event_name":"PostToolUse", broken'), 42)).toBe(false);
    expect(readdirSync(dir)).toEqual([file]);
    // An inbox that is gone (its home being removed) is not made again.
    const gone = join(tempDir(), "gone", "inbox");
    expect(queueToolEvent(gone, request(tool), 42)).toBe(false);
    expect(existsSync(join(gone, ".."))).toBe(false);
  });
});
