import { readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import {
  type HookInstall,
  type HookRemoval,
  type InstallContext,
  installHooks,
  uninstallHooks,
} from "./hook-installer.js";
import { type InstallOptions, type SettingsLocation, tacitHandler } from "./install-claude-code.js";

/**
 * The Codex events tacit handles. Codex's hooks use Claude Code's event shape; it has no
 * PostToolUseFailure (a failed command is a PostToolUse whose output carries the exit code, which
 * tacit reads) and no SessionEnd. Its PreToolUse fires for shell commands, apply_patch and MCP tools.
 */
export const CODEX_EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "Stop",
] as const;

/** Codex's folder: `$CODEX_HOME`, else `~/.codex`. */
export function codexHome(env: NodeJS.ProcessEnv): string {
  return env.CODEX_HOME || join(env.HOME || homedir(), ".codex");
}

/** `<project>/.codex/hooks.json` or the user's `~/.codex/hooks.json`. */
export function codexHooksPath(options: Pick<SettingsLocation, "scope" | "projectDir" | "env">): string {
  return options.scope === "project"
    ? join(options.projectDir, ".codex", "hooks.json")
    : join(codexHome(options.env), "hooks.json");
}

/** Merges tacit's hooks into Codex's hooks.json, keeping every other hook; idempotent. */
export function installCodex(options: InstallOptions): HookInstall & { notes: string[] } {
  const handler = tacitHandler("codex", options);
  const handlers = Object.fromEntries(CODEX_EVENTS.map((event) => [event, handler]));
  const change = installHooks(
    { agent: "codex", file: codexHooksPath(options), handlers, previous: [] },
    options,
  );
  return { ...change, notes: codexNotes(options) };
}

/** Removes only tacit's hooks from Codex's hooks.json. */
export function uninstallCodex(options: SettingsLocation & InstallContext): HookRemoval[] {
  return uninstallHooks([codexHooksPath(options)], options);
}

/**
 * What tacit cannot set for the user: Codex gates hooks behind a feature flag in older versions
 * (`[features] codex_hooks = true`; newer ones enable hooks unless `hooks = false`), and loads a
 * project's `.codex/` only when the project is trusted. config.toml is read, never written.
 */
function codexNotes(options: Pick<SettingsLocation, "scope" | "env">): string[] {
  const notes: string[] = [];
  const config = join(codexHome(options.env), "config.toml");
  const features = featuresOf(config);
  if (features.includes("hooks = false") || features.includes("codex_hooks = false")) {
    notes.push(`hooks are turned off in ${config} ([features]): remove that line or set it to true`);
  } else if (!features.includes("codex_hooks = true") && !features.includes("hooks = true")) {
    notes.push(
      `Codex versions that still gate hooks need [features] codex_hooks = true in ${config}; newer versions run them by default`,
    );
  }
  if (options.scope === "project") {
    notes.push("Codex loads a project's .codex/hooks.json only when the project is trusted");
  }
  return notes;
}

/** The `[features]` lines of a config.toml, whitespace-normalized; none when it cannot be read. */
function featuresOf(file: string): string[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    // No config.toml (or an unreadable one) just means no feature lines to report on.
    void error;
    return [];
  }
  const lines: string[] = [];
  let inFeatures = false;
  for (const raw of text.split("\n")) {
    const line = raw.replace(/#.*$/, "").trim();
    if (line.startsWith("[")) inFeatures = line === "[features]";
    else if (inFeatures && line) lines.push(line.replace(/\s*=\s*/, " = "));
  }
  return lines;
}
