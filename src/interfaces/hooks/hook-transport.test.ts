/**
 * `tacit install claude-code` picks HTTP hooks only for a Claude Code that has them (2.1.63 and
 * later), asking the installed binary for its version; stand-in binaries print what `claude
 * --version` prints.
 */
import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import { chooseClaudeCodeTransport, parseVersion } from "./hook-transport.js";

const tempDir = useTempDir("tacit-transport-");

/** A folder with a `claude` that prints `output` and exits with `code`. */
function claudeOnPath(output: string, code = 0): { env: NodeJS.ProcessEnv; binary: string } {
  const bin = join(tempDir(), "bin");
  mkdirSync(bin);
  const binary = join(bin, "claude");
  writeFileSync(binary, `#!/bin/sh\necho '${output}'\nexit ${code}\n`);
  chmodSync(binary, 0o755);
  return { env: { PATH: bin }, binary };
}

const choose = (env: NodeJS.ProcessEnv, requested: "auto" | "http" | "command", extra = {}) =>
  chooseClaudeCodeTransport({ requested, env, cwd: tempDir(), ...extra });

describe("chooseClaudeCodeTransport", () => {
  it("picks HTTP hooks for Claude Code 2.1.63 and later, commands before", () => {
    expect(choose(claudeOnPath("2.1.63 (Claude Code)").env, "auto")).toEqual({
      transport: "http",
      agentVersion: "2.1.63",
      reason: "HTTP hooks: Claude Code 2.1.63 has them (2.1.63 or later)",
    });
    expect(choose(claudeOnPath("2.2.0 (Claude Code)").env, "auto").transport).toBe("http");
    expect(choose(claudeOnPath("2.1.62 (Claude Code)").env, "auto")).toEqual({
      transport: "command",
      agentVersion: "2.1.62",
      reason: "command hooks: Claude Code 2.1.62 has no HTTP hooks (they came in 2.1.63)",
    });
    expect(() => choose(claudeOnPath("1.0.128 (Claude Code)").env, "http")).toThrow(
      /--transport: Claude Code 1\.0\.128 has no HTTP hooks \(they came in 2\.1\.63\): update it/,
    );
  });

  it("uses the binary it is given over the one on PATH", () => {
    const old = claudeOnPath("2.0.1 (Claude Code)");
    const recent = claudeOnPath("2.1.328 (Claude Code)");
    expect(choose(old.env, "auto", { binary: recent.binary }).agentVersion).toBe("2.1.328");
  });

  it("falls back to commands when the version cannot be read, unless HTTP was asked for", () => {
    const none = { PATH: join(tempDir(), "empty") };
    expect(choose(none, "auto")).toMatchObject({
      transport: "command",
      reason: expect.stringMatching(/^command hooks: no claude binary on PATH/),
    });
    expect(choose(none, "http")).toMatchObject({
      transport: "http",
      reason: expect.stringMatching(/without a version check: no claude binary on PATH/),
    });
    const broken = claudeOnPath("segfault", 139);
    expect(choose(broken.env, "auto")).toMatchObject({
      transport: "command",
      reason: expect.stringMatching(/--version failed \(exit 139\)/),
    });
    expect(choose(claudeOnPath("Claude Code").env, "auto").reason).toMatch(/printed "Claude Code"/);
  });

  it("keeps commands when asked, and says why HTTP hooks cannot be had here", () => {
    const recent = claudeOnPath("2.1.328 (Claude Code)").env;
    expect(choose(recent, "command").transport).toBe("command");
    const unavailable = {
      unavailable: "the committed settings.json (--shared) would hold this machine's token",
    };
    expect(choose(recent, "auto", unavailable)).toMatchObject({
      transport: "command",
      reason: "command hooks: the committed settings.json (--shared) would hold this machine's token",
    });
    expect(() => choose(recent, "http", unavailable)).toThrow(/--transport: no HTTP hooks: the committed/);
  });
});

describe("parseVersion", () => {
  it("reads the first major.minor.patch", () => {
    expect(parseVersion("2.1.328 (Claude Code)")).toEqual([2, 1, 328]);
    expect(parseVersion("claude 10.0.1-beta")).toEqual([10, 0, 1]);
    expect(parseVersion("Claude Code")).toBeNull();
  });
});
