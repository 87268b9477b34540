import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { TacitError } from "../../core/errors.js";
import { SqliteStore } from "../../store/sqlite/sqlite-store.js";
import { useTempDir } from "../../testing/temp-dir.js";
import { TACIT_HOOK_MARKER } from "./hook-settings.js";
import {
  CLAUDE_CODE_EVENTS,
  claudeCodeSettingsPath,
  hookCommand,
  installClaudeCode,
  uninstallClaudeCode,
} from "./install-claude-code.js";

const tempDir = useTempDir("tacit-install-");
const NOW = Date.UTC(2026, 10, 22, 9, 30, 0);

/** A project's settings.json as a user (or another tool) wrote it: 2-space JSON, foreign hooks. */
const FOREIGN = `${JSON.stringify(
  {
    permissions: { allow: ["Bash(pnpm test:*)"] },
    hooks: {
      PostToolUse: [
        {
          matcher: "Edit|Write",
          hooks: [{ type: "command", command: 'npx prettier --write "$CLAUDE_FILE_PATHS"' }],
        },
      ],
      Notification: [{ hooks: [{ type: "command", command: "notify-send 'Claude Code' 'needs you'" }] }],
    },
    model: "opus",
  },
  null,
  2,
)}\n`;

/** A project with `.claude/<name>` (default the per-machine settings.local.json) holding `settings`. */
function project(settings?: string, name = "settings.local.json"): { dir: string; file: string } {
  const dir = tempDir();
  const file = join(dir, ".claude", name);
  if (settings !== undefined) {
    mkdirSync(join(dir, ".claude"), { recursive: true });
    writeFileSync(file, settings);
  }
  return { dir, file };
}

/** tacit's folder for the test run: backups and the install record go there. */
let home = "";
beforeEach(() => {
  home = tempDir();
});

const options = (dir: string, now = NOW) => ({
  scope: "project" as const,
  projectDir: dir,
  env: {},
  now,
  home,
});

describe("installClaudeCode", () => {
  it("adds one tacit hook per event, keeping every foreign hook, with a backup under TACIT_HOME", () => {
    const { dir, file } = project(FOREIGN);
    const change = installClaudeCode(options(dir));
    expect(change).toMatchObject({ file, changed: true, events: [...CLAUDE_CODE_EVENTS] });
    expect(readFileSync(change.backup as string, "utf8")).toBe(FOREIGN);
    expect(change.backup).toBe(join(home, "backups", `2026-11-22T09-30-00-000Z${file.replaceAll("/", "_")}`));
    // Nothing but the settings file in the project's folder: no backup clutter there.
    expect(readdirSync(join(dir, ".claude"))).toEqual(["settings.local.json"]);
    const settings = JSON.parse(readFileSync(file, "utf8"));
    expect(settings.permissions).toEqual({ allow: ["Bash(pnpm test:*)"] });
    expect(settings.hooks.Notification).toEqual(JSON.parse(FOREIGN).hooks.Notification);
    expect(settings.hooks.PostToolUse[0]).toEqual(JSON.parse(FOREIGN).hooks.PostToolUse[0]);
    for (const event of CLAUDE_CODE_EVENTS) {
      const tacit = settings.hooks[event].at(-1);
      expect(tacit, event).toEqual({
        hooks: [{ type: "command", command: expect.stringMatching(/ hook # tacit-hook$/), timeout: 10 }],
      });
    }
  });

  it("is idempotent: a second install writes nothing", () => {
    const { dir, file } = project(FOREIGN);
    installClaudeCode(options(dir));
    const first = readFileSync(file, "utf8");
    const again = installClaudeCode(options(dir, NOW + 1000));
    expect(again).toMatchObject({ changed: false, backup: null });
    expect(readFileSync(file, "utf8")).toBe(first);
    expect(readdirSync(join(home, "backups"))).toHaveLength(1);
  });

  it("replaces a tacit hook installed from elsewhere instead of adding a second", () => {
    const { dir, file } = project(FOREIGN);
    installClaudeCode({ ...options(dir), entry: ["/old/node", "/old/tacit/main.js"] });
    installClaudeCode(options(dir, NOW + 1000));
    const settings = JSON.parse(readFileSync(file, "utf8"));
    const commands = settings.hooks.Stop.flatMap((group: { hooks: Array<{ command: string }> }) =>
      group.hooks.map((hook) => hook.command),
    );
    expect(commands).toHaveLength(1);
    expect(commands[0]).not.toContain("/old/");
  });

  it("round trip: uninstall restores the file byte for byte", () => {
    const { dir, file } = project(FOREIGN);
    installClaudeCode(options(dir));
    const [removed] = uninstallClaudeCode(options(dir, NOW + 1000));
    expect(removed?.changed).toBe(true);
    expect([...(removed?.events ?? [])].sort()).toEqual([...CLAUDE_CODE_EVENTS].sort());
    expect(readFileSync(file, "utf8")).toBe(FOREIGN);
    expect(uninstallClaudeCode(options(dir, NOW + 2000)).some((change) => change.changed)).toBe(false);
  });

  it("keeps a file's own indentation and missing trailing newline", () => {
    const original = JSON.stringify({ env: { FOO: "1" }, hooks: {} }, null, 4);
    const { dir, file } = project(original);
    installClaudeCode(options(dir));
    expect(readFileSync(file, "utf8")).toMatch(/^\{\n {4}"env"/);
    uninstallClaudeCode(options(dir, NOW + 1000));
    // `hooks: {}` held nothing but tacit's hooks after install, so uninstall removes the key.
    expect(readFileSync(file, "utf8")).toBe(JSON.stringify({ env: { FOO: "1" } }, null, 4));
  });

  it("creates the settings file when there is none, and uninstall takes it (and its folder) away again", () => {
    const { dir, file } = project();
    const change = installClaudeCode(options(dir));
    expect(change).toMatchObject({ changed: true, backup: null, created: true });
    expect(Object.keys(JSON.parse(readFileSync(file, "utf8")).hooks)).toEqual([...CLAUDE_CODE_EVENTS]);
    const [removed] = uninstallClaudeCode(options(dir, NOW + 1000));
    expect(removed).toMatchObject({ deleted: true, removedDirectories: [join(dir, ".claude")] });
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.skipIf(process.platform === "win32")(
    "creates TACIT_HOME private (0700) for the install record, as every folder tacit creates",
    () => {
      const { dir } = project();
      const fresh = join(tempDir(), "tacit");
      installClaudeCode({ ...options(dir), home: fresh });
      // A looser home is tightened (and said in the hook log) by the first hook that runs.
      expect(statSync(fresh).mode & 0o777).toBe(0o700);
    },
  );

  it("keeps a settings file the user had, even when only {} is left", () => {
    const { dir, file } = project("{}\n");
    installClaudeCode(options(dir));
    uninstallClaudeCode(options(dir, NOW + 1000));
    expect(readFileSync(file, "utf8")).toBe("{}\n");
  });

  it("writes this machine's paths to settings.local.json and keeps it out of git", () => {
    const { dir } = project();
    mkdirSync(join(dir, ".git", "info"), { recursive: true });
    writeFileSync(
      join(dir, ".git", "info", "exclude"),
      "# git ls-files --others --exclude-from=.git/info/exclude\n",
    );
    const change = installClaudeCode(options(dir));
    expect(change.file).toBe(join(dir, ".claude", "settings.local.json"));
    expect(existsSync(join(dir, ".claude", "settings.json"))).toBe(false);
    expect(change.gitExclude).toEqual({
      file: join(dir, ".git", "info", "exclude"),
      line: "/.claude/settings.local.json",
    });
    expect(readFileSync(join(dir, ".git", "info", "exclude"), "utf8")).toMatch(
      /\n\/\.claude\/settings\.local\.json\n$/,
    );
    uninstallClaudeCode(options(dir, NOW + 1000));
    expect(readFileSync(join(dir, ".git", "info", "exclude"), "utf8")).toBe(
      "# git ls-files --others --exclude-from=.git/info/exclude\n",
    );
  });

  it("writes the shared settings.json only when asked, and moves tacit's hooks between the two", () => {
    const { dir, file: shared } = project(FOREIGN, "settings.json");
    // An install by an earlier tacit, into the committed file.
    installClaudeCode({ ...options(dir), shared: true });
    expect(JSON.parse(readFileSync(shared, "utf8")).hooks.Stop).toHaveLength(1);
    const change = installClaudeCode(options(dir, NOW + 1000));
    expect(change.moved.map((moved) => moved.file)).toEqual([shared]);
    expect(readFileSync(shared, "utf8")).toBe(FOREIGN);
    expect(JSON.parse(readFileSync(change.file, "utf8")).hooks.Stop).toHaveLength(1);
    // Uninstall looks in both files of the scope.
    installClaudeCode({ ...options(dir, NOW + 2000), shared: true });
    installClaudeCode(options(dir, NOW + 3000));
    writeFileSync(shared, readFileSync(change.file, "utf8"));
    const removed = uninstallClaudeCode(options(dir, NOW + 4000)).filter((each) => each.changed);
    expect(removed.map((each) => each.file).sort()).toEqual([change.file, shared].sort());
    expect(existsSync(change.file)).toBe(false);
  });

  it("refuses a malformed settings.json, naming it, and writes nothing", () => {
    const broken = '{ "hooks": { "Stop": [ }';
    const { dir, file } = project(broken);
    let thrown: unknown;
    try {
      installClaudeCode(options(dir));
    } catch (error) {
      thrown = error;
    }
    expect(TacitError.isInstance(thrown)).toBe(true);
    expect((thrown as Error).message).toContain(file);
    expect((thrown as Error).message).toMatch(/not valid JSON/);
    expect(readFileSync(file, "utf8")).toBe(broken);
    expect(readdirSync(join(dir, ".claude"))).toEqual(["settings.local.json"]);
    const wrongShape = project('{ "hooks": { "Stop": {} } }');
    expect(() => installClaudeCode(options(wrongShape.dir))).toThrow(/hooks\.Stop: expected an array/);
  });

  it("puts user-scope hooks in ~/.claude/settings.json or $CLAUDE_CONFIG_DIR", () => {
    expect(claudeCodeSettingsPath({ scope: "user", projectDir: "/p", env: { HOME: "/home/dev" } })).toBe(
      "/home/dev/.claude/settings.json",
    );
    expect(
      claudeCodeSettingsPath({
        scope: "user",
        projectDir: "/p",
        env: { HOME: "/home/dev", CLAUDE_CONFIG_DIR: "/cfg" },
      }),
    ).toBe("/cfg/settings.json");
    const user = tempDir();
    installClaudeCode({ scope: "user", projectDir: "/unused", env: { HOME: user }, now: NOW, home });
    expect(existsSync(join(user, ".claude", "settings.json"))).toBe(true);
  });

  it("quotes paths for the shell and names the agent and database", () => {
    expect(
      hookCommand({
        agent: "codex",
        db: "/data/my db.sqlite",
        entry: ["/usr/bin/node", "/opt/tacit/main.js"],
      }),
    ).toBe(
      `/usr/bin/node /opt/tacit/main.js hook --agent codex --db '/data/my db.sqlite' ${TACIT_HOOK_MARKER}`,
    );
    expect(hookCommand({ agent: "claude-code", entry: ["/o'brien/node", "main.js"] })).toBe(
      `'/o'\\''brien/node' main.js hook ${TACIT_HOOK_MARKER}`,
    );
  });

  it("installs a command that works from any working directory", async () => {
    const { dir, file } = project();
    installClaudeCode(options(dir));
    const command = JSON.parse(readFileSync(file, "utf8")).hooks.UserPromptSubmit[0].hooks[0]
      .command as string;
    const elsewhere = tempDir();
    const input = JSON.stringify({
      session_id: "any-cwd",
      cwd: dir,
      hook_event_name: "UserPromptSubmit",
      prompt: "hello from another folder",
    });
    const result = spawnSync("/bin/sh", ["-c", command], {
      cwd: elsewhere,
      input,
      env: { PATH: process.env.PATH, TACIT_HOME: home, TACIT_NO_BACKGROUND_LEARN: "1" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(result).toMatchObject({ status: 0, stdout: "", stderr: "" });
    const store = new SqliteStore({ path: join(home, "tacit.db") });
    try {
      const [message] = await store.listMessages("claude-code:any-cwd");
      expect(message?.content).toBe("hello from another folder");
    } finally {
      await store.close();
    }
  });
});
