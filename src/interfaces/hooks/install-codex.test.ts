import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { useTempDir } from "../../testing/temp-dir.js";
import { CODEX_EVENTS, codexHooksPath, installCodex, uninstallCodex } from "./install-codex.js";

const tempDir = useTempDir("tacit-install-codex-");
const NOW = Date.UTC(2026, 10, 22, 9, 30, 0);

const FOREIGN = `${JSON.stringify(
  {
    hooks: {
      PreToolUse: [
        {
          matcher: "^Bash$",
          hooks: [{ type: "command", command: "python3 .codex/hooks/check.py", statusMessage: "Checking" }],
        },
      ],
      Stop: [{ hooks: [{ type: "command", command: "say done", timeout: 5 }] }],
    },
  },
  null,
  2,
)}\n`;

describe("installCodex", () => {
  it("merges tacit's hooks into .codex/hooks.json and removes exactly them again", () => {
    const dir = tempDir();
    const home = tempDir();
    mkdirSync(join(dir, ".codex"));
    const file = join(dir, ".codex", "hooks.json");
    writeFileSync(file, FOREIGN);
    const options = { scope: "project" as const, projectDir: dir, env: { HOME: home }, now: NOW, home };
    const change = installCodex(options);
    expect(change).toMatchObject({ file, changed: true, events: [...CODEX_EVENTS] });
    const hooks = JSON.parse(readFileSync(file, "utf8")).hooks;
    // The user's own PreToolUse check stays first; tacit's guard is added after it.
    expect(hooks.PreToolUse.slice(0, 1)).toEqual(JSON.parse(FOREIGN).hooks.PreToolUse);
    expect(hooks.PreToolUse).toHaveLength(2);
    expect(hooks.Stop).toHaveLength(2);
    for (const event of CODEX_EVENTS) {
      expect(hooks[event].at(-1).hooks[0].command, event).toMatch(/ hook --agent codex # tacit-hook$/);
    }
    expect(change.notes.join("\n")).toMatch(/codex_hooks = true/);
    expect(change.notes.join("\n")).toMatch(/trusted/);
    expect(installCodex({ ...options, now: NOW + 1 })).toMatchObject({ changed: false });
    expect(uninstallCodex({ ...options, now: NOW + 2 })).toMatchObject([{ changed: true }]);
    expect(readFileSync(file, "utf8")).toBe(FOREIGN);
  });

  it("says when config.toml turns hooks off, and says nothing about the flag when it is on", () => {
    const home = tempDir();
    const codex = join(home, ".codex");
    mkdirSync(codex);
    const options = { scope: "user" as const, projectDir: "/unused", env: { HOME: home }, now: NOW, home };
    writeFileSync(join(codex, "config.toml"), 'model = "gpt-5.5-codex"\n\n[features]\nhooks = false\n');
    expect(installCodex(options).notes).toEqual([expect.stringMatching(/hooks are turned off/)]);
    writeFileSync(join(codex, "config.toml"), "[features]\ncodex_hooks=true # on\n");
    expect(installCodex({ ...options, now: NOW + 1 }).notes).toEqual([]);
    expect(codexHooksPath(options)).toBe(join(codex, "hooks.json"));
    expect(codexHooksPath({ ...options, env: { CODEX_HOME: "/srv/codex" } })).toBe("/srv/codex/hooks.json");
  });
});
