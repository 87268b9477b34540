import {
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { runTacit } from "../../testing/cli-harness.js";
import { useTempDir } from "../../testing/temp-dir.js";

const tempDir = useTempDir("tacit-hook-program-");

/**
 * Runs `tacit …` in-process, at a fixed time (backup names carry it), with a TACIT_HOME of its own:
 * install keeps backups and its record there, and uninstall stops the daemons there.
 */
function runHookCommands(
  argv: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; stdin?: string } = {},
) {
  return runTacit(argv, {
    ...options,
    env: { TACIT_HOME: tempDir(), ...options.env },
    now: () => Date.UTC(2026, 10, 22, 9, 30, 0),
  });
}

function repository(): string {
  const dir = tempDir();
  mkdirSync(join(dir, ".git"));
  mkdirSync(join(dir, "packages", "api"), { recursive: true });
  return dir;
}

describe("tacit install / uninstall", () => {
  it("installs into the git root's .claude/settings.local.json from a subfolder, then uninstalls", async () => {
    const root = repository();
    const env = { TACIT_HOME: tempDir() };
    const cwd = join(root, "packages", "api");
    const file = join(root, ".claude", "settings.local.json");
    const installed = await runHookCommands(["install", "claude-code"], { cwd, env });
    expect(installed).toMatchObject({ code: 0, stderr: "" });
    expect(installed.stdout).toContain(`Installed tacit's hooks for Claude Code in ${file}`);
    expect(installed.stdout).toContain("git ignores it (/.claude/settings.local.json in");
    expect(JSON.parse(readFileSync(file, "utf8")).hooks.UserPromptSubmit).toHaveLength(1);
    expect(existsSync(join(root, ".claude", "settings.json"))).toBe(false);
    const again = await runHookCommands(["install", "claude-code"], { cwd, env });
    expect(again.stdout).toContain("already installed");
    const removed = await runHookCommands(["uninstall", "claude-code", "--json"], { cwd, env });
    expect(JSON.parse(removed.stdout)).toMatchObject({
      agents: ["claude-code"],
      action: "uninstall",
      removals: [{ file, changed: true, deleted: true }],
      daemons: [],
      purged: null,
    });
    expect(existsSync(join(root, ".claude"))).toBe(false);
    expect(existsSync(join(root, ".git", "info", "exclude"))).toBe(false);
  });

  it("writes the committed settings.json with --shared, and only for Claude Code in a project", async () => {
    const root = repository();
    const env = { TACIT_HOME: tempDir() };
    const shared = await runHookCommands(["install", "claude-code", "--shared"], { cwd: root, env });
    expect(shared.stdout).toContain(`in ${join(root, ".claude", "settings.json")}`);
    const local = await runHookCommands(["install", "claude-code"], { cwd: root, env });
    expect(local.stdout).toContain(`Moved them out of ${join(root, ".claude", "settings.json")}.`);
    expect((await runHookCommands(["install", "codex", "--shared"], { cwd: root, env })).stderr).toBe(
      "tacit: --shared applies to claude-code with --scope project only\n",
    );
    const unnamed = await runHookCommands(["uninstall"], { cwd: root, env });
    expect(unnamed).toMatchObject({ code: 1 });
    expect(unnamed.stderr).toMatch(/name the agent \(claude-code, codex\), or add --purge/);
  });

  it("writes the database into the command with --db, and the timeout", async () => {
    const root = repository();
    const result = await runHookCommands(
      ["--db", "data/t.db", "install", "codex", "--timeout", "30", "--json"],
      {
        cwd: root,
        env: { HOME: tempDir() },
      },
    );
    expect(result.code).toBe(0);
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({ agent: "codex", action: "install", changed: true });
    expect(summary.notes.length).toBeGreaterThan(0);
    const hook = JSON.parse(readFileSync(join(root, ".codex", "hooks.json"), "utf8")).hooks.Stop[0].hooks[0];
    expect(hook.timeout).toBe(30);
    expect(hook.command).toContain(`--agent codex --db ${join(root, "data", "t.db")} # tacit-hook`);
  });

  it("installs for the user with --scope user", async () => {
    const home = tempDir();
    const result = await runHookCommands(["install", "claude-code", "--scope", "user"], {
      env: { HOME: home },
    });
    expect(result.code).toBe(0);
    expect(existsSync(join(home, ".claude", "settings.json"))).toBe(true);
  });

  it("refuses an unknown agent or scope, and a malformed settings file, with one line", async () => {
    const root = repository();
    expect(await runHookCommands(["install", "cursor"], { cwd: root })).toMatchObject({
      code: 1,
      stderr: 'tacit: agent must be one of claude-code, codex, got "cursor"\n',
    });
    expect((await runHookCommands(["install", "codex", "--scope", "team"], { cwd: root })).stderr).toMatch(
      /--scope must be one of project, user/,
    );
    mkdirSync(join(root, ".claude"));
    const file = join(root, ".claude", "settings.json");
    writeFileSync(file, "{ nope");
    const broken = await runHookCommands(["install", "claude-code"], { cwd: root });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(file);
    expect(readFileSync(file, "utf8")).toBe("{ nope");
    // Refused before anything was written: not even the per-machine file.
    expect(existsSync(join(root, ".claude", "settings.local.json"))).toBe(false);
  });
});

/** A folder holding a stand-in `claude` that prints `version` as `claude --version` does. */
function claudeBin(version: string): string {
  const bin = join(tempDir(), "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "claude"), `#!/bin/sh\necho '${version} (Claude Code)'\n`);
  chmodSync(join(bin, "claude"), 0o755);
  return bin;
}

describe("tacit install claude-code: HTTP hooks or commands", () => {
  it("installs HTTP hooks for a recent Claude Code, with the daemon's port and token beside its socket", async () => {
    const root = repository();
    const home = tempDir();
    const env = { TACIT_HOME: home, PATH: claudeBin("2.1.328") };
    const result = await runHookCommands(["install", "claude-code", "--json"], { cwd: root, env });
    expect(result.stderr).toBe("");
    const summary = JSON.parse(result.stdout);
    expect(summary).toMatchObject({
      transport: "http",
      agentVersion: "2.1.328",
      httpPort: expect.any(Number),
    });
    const endpointFile = readdirSync(home).find((name) => /^hook-[0-9a-f]{8}\.http$/.test(name)) as string;
    const endpoint = JSON.parse(readFileSync(join(home, endpointFile), "utf8"));
    expect(endpoint).toEqual({
      port: summary.httpPort,
      token: expect.stringMatching(/^tacit_hook_/),
      database: join(home, "tacit.db"),
    });
    expect(statSync(join(home, endpointFile)).mode & 0o777).toBe(0o600);
    const settings = JSON.parse(readFileSync(join(root, ".claude", "settings.local.json"), "utf8"));
    const variable = `TACIT_HOOK_TOKEN_${endpointFile.slice(5, 13).toUpperCase()}`;
    expect(settings.hooks.PreToolUse[0].hooks[0]).toMatchObject({
      type: "http",
      url: `http://127.0.0.1:${summary.httpPort}/tacit-hook/claude-code`,
      headers: { Authorization: `Bearer \${${variable}}` },
      allowedEnvVars: [variable],
    });
    expect(settings.env[variable]).toBe(endpoint.token);
    // Installing again keeps the port and the token: nothing changes.
    const again = await runHookCommands(["install", "claude-code", "--json"], { cwd: root, env });
    expect(JSON.parse(again.stdout)).toMatchObject({ changed: false, httpPort: summary.httpPort });
    // A configured port wins, and keeps the token.
    const moved = await runHookCommands(["install", "claude-code", "--json"], {
      cwd: root,
      env: { ...env, TACIT_HOOKS_HTTP_PORT: "47999" },
    });
    expect(JSON.parse(moved.stdout)).toMatchObject({ changed: true, httpPort: 47999 });
    expect(JSON.parse(readFileSync(join(home, endpointFile), "utf8")).token).toBe(endpoint.token);
    // Uninstall takes the token out of the settings; --purge deletes the endpoint with tacit's data.
    const purged = await runHookCommands(["uninstall", "--purge", "--yes"], { cwd: root, env });
    expect(purged.code, purged.stderr).toBe(0);
    expect(existsSync(join(home, endpointFile))).toBe(false);
    expect(existsSync(join(root, ".claude", "settings.local.json"))).toBe(false);
  });

  it("keeps command hooks for an older Claude Code, for --shared, and for Codex, saying why", async () => {
    const root = repository();
    const env = { TACIT_HOME: tempDir(), PATH: claudeBin("2.1.62") };
    const old = await runHookCommands(["install", "claude-code"], { cwd: root, env });
    expect(old.stdout).toContain(
      "command hooks: Claude Code 2.1.62 has no HTTP hooks (they came in 2.1.63).",
    );
    const settings = JSON.parse(readFileSync(join(root, ".claude", "settings.local.json"), "utf8"));
    expect(settings.hooks.UserPromptSubmit[0].hooks[0].type).toBe("command");
    expect(settings.env).toBeUndefined();
    const forced = await runHookCommands(["install", "claude-code", "--transport", "http"], {
      cwd: root,
      env,
    });
    expect(forced).toMatchObject({ code: 1 });
    expect(forced.stderr).toMatch(/--transport: Claude Code 2\.1\.62 has no HTTP hooks/);
    const recent = { ...env, PATH: claudeBin("2.1.328") };
    const shared = await runHookCommands(["install", "claude-code", "--shared"], { cwd: root, env: recent });
    expect(shared.stdout).toMatch(
      /command hooks: the committed settings\.json \(--shared\) would hold this machine's port and token/,
    );
    const codex = await runHookCommands(["install", "codex", "--transport", "http"], {
      cwd: root,
      env: recent,
    });
    expect(codex.stderr).toBe("tacit: Codex has no HTTP hooks: use --transport command (or auto)\n");
    const off = await runHookCommands(["install", "claude-code"], {
      cwd: root,
      env: { ...recent, TACIT_HOOK_DAEMON: "0" },
    });
    expect(off.stdout).toContain(
      "command hooks: the hook daemon is turned off (hooks.daemon, TACIT_HOOK_DAEMON)",
    );
    const bad = await runHookCommands(["install", "claude-code", "--transport", "carrier-pigeon"], {
      cwd: root,
    });
    expect(bad.stderr).toMatch(/--transport must be one of auto, http, command/);
  });
});

describe("tacit hook (through commander)", () => {
  it("captures an event from stdin", async () => {
    const dir = tempDir();
    const database = join(dir, "tacit.db");
    const payload = JSON.stringify({
      session_id: "s1",
      cwd: dir,
      hook_event_name: "UserPromptSubmit",
      prompt: "run the tests",
    });
    const result = await runHookCommands(["--db", database, "hook"], {
      stdin: payload,
      env: { TACIT_HOME: dir, TACIT_NO_BACKGROUND_LEARN: "1" },
    });
    expect(result).toEqual({ code: 0, stdout: "", stderr: "" });
    const store = new SqliteStore({ path: database });
    try {
      expect((await store.listMessages("claude-code:s1"))[0]?.content).toBe("run the tests");
    } finally {
      await store.close();
    }
  });
});
