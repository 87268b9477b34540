import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import { inboxEnv, writeInbox } from "./hook-inbox.js";

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
});
