/**
 * Payloads a hook must survive without dropping the call: nested far deeper than JSON.stringify
 * can serialise, far larger than capture keeps, or preceded by a byte order mark.
 */
import { join } from "node:path";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { depthMarker } from "../../core/json-text.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { hookLogText, hookPayload } from "../../testing/hook-fixtures.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { runHook } from "./hook-main.js";

const tempDir = useTempDir("tacit-hook-payloads-");
const SESSION = "claude-code:9f2c1a7e-4b3d-4e8f-a1c2-5d6e7f8a9b0c";

async function hook(home: string, input: string | Buffer): Promise<string> {
  let text = "";
  const stdout = new Writable({
    write(chunk, _encoding, callback) {
      text += chunk.toString();
      callback();
    },
  });
  const stdin = Buffer.isBuffer(input) ? input : Buffer.from(input);
  await runHook([], {
    stdin,
    stdout,
    env: { TACIT_HOME: home, TACIT_NO_BACKGROUND_LEARN: "1" },
    cwd: home,
    now: Date.now,
  });
  return text;
}

/** Stores what the tool events spooled (the next prompt-level event does), then the session's rows. */
async function storedRows(home: string) {
  await hook(home, hookPayload("claude-code", "SessionEnd", { cwd: home }));
  const store = new SqliteStore({ path: join(home, "tacit.db"), readonly: true });
  try {
    return await store.listMessages(SESSION);
  } finally {
    await store.close();
  }
}

/** JSON text nested `depth` levels deep (objects and arrays in turn): too deep for JSON.stringify. */
function nestedText(depth: number): string {
  let open = "";
  let close = "";
  for (let level = 0; level < depth; level++) {
    open += level % 2 ? "[" : '{"inner":';
    close = (level % 2 ? "]" : "}") + close;
  }
  return `${open}"bottom"${close}`;
}

describe("hook payloads", () => {
  it("stores a call whose input and response nest 10,000 levels deep, with a marker where they were cut", async () => {
    const home = tempDir();
    const payload = hookPayload("claude-code", "PostToolUse", {
      cwd: home,
      tool_input: { command: "generate", tree: "TREE" },
      tool_response: "RESPONSE",
    })
      .replace('"TREE"', nestedText(10_000))
      .replace('"RESPONSE"', nestedText(10_000));
    expect(await hook(home, payload)).toBe("");
    const [call] = await storedRows(home);
    expect(call?.toolName).toBe("Bash");
    expect(call?.toolInput).toContain(depthMarker(64));
    expect(call?.toolOutput).toContain(depthMarker(64));
    expect(hookLogText(home)).toBe("");
  });

  it("records the true original size of a 20 MB tool output", async () => {
    const home = tempDir();
    const output = "x".repeat(20_000_000);
    const payload = hookPayload("claude-code", "PostToolUse", {
      cwd: home,
      tool_response: { stdout: output, stderr: "" },
    });
    await hook(home, payload);
    const [call] = await storedRows(home);
    expect(call?.originalSize).toBe(20_000_000);
    expect(call?.toolOutput?.endsWith("…[tacit: truncated, original 20000000 bytes]")).toBe(true);
    expect(call?.toolOutput?.length).toBeLessThan(70_000);
  });

  it("accepts a byte order mark before the JSON on stdin", async () => {
    const home = tempDir();
    await hook(home, `\uFEFF${hookPayload("claude-code", "PostToolUse", { cwd: home })}`);
    expect(hookLogText(home)).toBe("");
    expect((await storedRows(home)).map((row) => row.toolName)).toEqual(["Bash"]);
  });
});
