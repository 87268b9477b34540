/**
 * Installing Claude Code's per-event hooks as HTTP hooks: what goes into the settings file (the
 * URL, the Authorization header naming a variable `allowedEnvVars` lists, the token in `env`),
 * that the file is then readable by its user only, and that switching back and uninstalling take
 * all of it out again, and only it.
 */
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import {
  CLAUDE_CODE_EVENTS,
  CLAUDE_CODE_HTTP_EVENTS,
  type HttpInstall,
  installClaudeCode,
  uninstallClaudeCode,
} from "./install-claude-code.js";

const tempDir = useTempDir("tacit-install-http-");
const NOW = Date.UTC(2026, 10, 22, 9, 30, 0);
const HTTP: HttpInstall = {
  port: 47123,
  token: `tacit_hook_${"A".repeat(43)}`,
  tokenVariable: "TACIT_HOOK_TOKEN_1A2B3C4D",
};

let home = "";
beforeEach(() => {
  home = tempDir();
});

function project(settings?: unknown): { dir: string; file: string } {
  const dir = tempDir();
  const file = join(dir, ".claude", "settings.local.json");
  if (settings !== undefined) {
    mkdirSync(join(dir, ".claude"), { recursive: true });
    writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`, { mode: 0o644 });
  }
  return { dir, file };
}

const options = (dir: string, http?: HttpInstall) => ({
  scope: "project" as const,
  projectDir: dir,
  env: {},
  now: NOW,
  home,
  db: "/data/tacit.db",
  ...(http ? { http } : {}),
});

const read = (file: string) => JSON.parse(readFileSync(file, "utf8"));

describe("installClaudeCode with HTTP hooks", () => {
  it("posts the per-event hooks to the daemon with the token's variable, and runs the rest as commands", () => {
    const { dir, file } = project({ env: { NODE_ENV: "development" }, model: "opus" });
    const change = installClaudeCode(options(dir, HTTP));
    expect(change.changed).toBe(true);
    const settings = read(file);
    for (const event of CLAUDE_CODE_HTTP_EVENTS) {
      expect(settings.hooks[event], event).toEqual([
        {
          hooks: [
            {
              type: "http",
              url: "http://127.0.0.1:47123/tacit-hook/claude-code",
              // Claude Code interpolates the variable, not this file: the text is literally `${…}`.
              headers: { Authorization: `Bearer \${${HTTP.tokenVariable}}` },
              allowedEnvVars: ["TACIT_HOOK_TOKEN_1A2B3C4D"],
              timeout: 10,
            },
          ],
        },
      ]);
    }
    for (const event of CLAUDE_CODE_EVENTS.filter((name) => !CLAUDE_CODE_HTTP_EVENTS.includes(name))) {
      expect(settings.hooks[event][0].hooks[0], event).toMatchObject({
        type: "command",
        command: expect.stringMatching(/ hook --db \/data\/tacit\.db # tacit-hook$/),
      });
    }
    expect(settings.env).toEqual({ NODE_ENV: "development", TACIT_HOOK_TOKEN_1A2B3C4D: HTTP.token });
    expect(settings.model).toBe("opus");
    // The token is a secret: the file is its user's alone.
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(installClaudeCode(options(dir, HTTP)).changed).toBe(false);
  });

  it("takes the HTTP hooks and the token out when installed with commands again, or uninstalled", () => {
    const { dir, file } = project({ env: { NODE_ENV: "development" } });
    installClaudeCode(options(dir, HTTP));
    const commands = installClaudeCode(options(dir));
    expect(commands.changed).toBe(true);
    const settings = read(file);
    for (const event of CLAUDE_CODE_EVENTS)
      expect(settings.hooks[event][0].hooks[0].type, event).toBe("command");
    expect(settings.env).toEqual({ NODE_ENV: "development" });

    installClaudeCode(options(dir, HTTP));
    const [removal] = uninstallClaudeCode(options(dir));
    expect(removal).toMatchObject({ changed: true });
    expect(read(file)).toEqual({ env: { NODE_ENV: "development" } });
  });

  it("removes an env that only held the token, and the file tacit created", () => {
    const created = project();
    installClaudeCode(options(created.dir, HTTP));
    expect(read(created.file).env).toEqual({ TACIT_HOOK_TOKEN_1A2B3C4D: HTTP.token });
    const [removal] = uninstallClaudeCode(options(created.dir));
    expect(removal).toMatchObject({ changed: true, deleted: true });
    // A user's file whose env held only the token loses the env, not the file.
    const own = project({ model: "opus" });
    installClaudeCode(options(own.dir, HTTP));
    uninstallClaudeCode(options(own.dir));
    expect(read(own.file)).toEqual({ model: "opus" });
  });

  it("replaces a token an earlier install wrote, and refuses an env that is not an object", () => {
    const { dir, file } = project({ env: { TACIT_HOOK_TOKEN_99999999: "tacit_hook_old" } });
    installClaudeCode(options(dir, HTTP));
    expect(read(file).env).toEqual({ TACIT_HOOK_TOKEN_1A2B3C4D: HTTP.token });
    const broken = project({ env: ["not", "an", "object"] });
    expect(() => installClaudeCode(options(broken.dir, HTTP))).toThrow(
      /settings\.local\.json, field env: expected an object/,
    );
  });
});
