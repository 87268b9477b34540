import { chmodSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import { findAgentBinary } from "./find-agent-binary.js";

const tempDir = useTempDir("tacit-find-agent-");

function executable(dir: string, name: string, mode = 0o755): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, "#!/bin/sh\nexit 0\n");
  chmodSync(path, mode);
  return path;
}

describe("findAgentBinary", () => {
  it("looks on PATH first, then in tacit's node_modules/.bin", () => {
    const root = tempDir();
    const first = join(root, "first");
    const second = join(root, "second");
    const packageBinDir = join(root, "node_modules", ".bin");
    const local = executable(packageBinDir, "claude");
    expect(findAgentBinary("claude", { env: { PATH: first }, packageBinDir })).toEqual({
      path: local,
      via: "node_modules/.bin",
    });
    executable(first, "claude", 0o644); // not executable: passed over
    const onPath = executable(second, "claude");
    expect(findAgentBinary("claude", { env: { PATH: `${first}:${second}` }, packageBinDir })).toEqual({
      path: onPath,
      via: "PATH",
    });
  });

  it("takes llm.command as a path (relative to cwd) or a name on PATH, and never falls back from it", () => {
    const root = tempDir();
    const packageBinDir = join(root, "node_modules", ".bin");
    executable(packageBinDir, "claude");
    const custom = executable(join(root, "tools"), "claude-work");
    expect(findAgentBinary("claude", { command: custom, env: {}, packageBinDir })).toEqual({
      path: custom,
      via: "llm.command",
    });
    expect(
      findAgentBinary("claude", { command: "tools/claude-work", env: {}, cwd: root, packageBinDir }),
    ).toEqual({ path: custom, via: "llm.command" });
    expect(
      findAgentBinary("claude", {
        command: "claude-work",
        env: { PATH: join(root, "tools") },
        packageBinDir,
      }),
    ).toEqual({ path: custom, via: "llm.command" });
    expect(findAgentBinary("claude", { command: "claude-elsewhere", env: { PATH: "" }, packageBinDir })).toBe(
      undefined,
    );
    expect(findAgentBinary("claude", { command: join(root, "missing"), env: {}, packageBinDir })).toBe(
      undefined,
    );
  });
});
