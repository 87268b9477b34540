/**
 * What the end-to-end tests with the real Claude Code share: package-manager stand-ins the scripted
 * model runs (npm fails the way a pnpm workspace makes it fail, pnpm succeeds; neither touches the
 * network), tacit's hooks installed in the test's project (command hooks directly, or by `tacit
 * install` as a user runs it), and the clean-up of a test's folder (claude-binary.ts has the offline environment).
 */
import { chmodSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { HookInstall } from "../interfaces/hooks/hook-installer.js";
import { installClaudeCode } from "../interfaces/hooks/install-claude-code.js";
import type { AnthropicStreamServer } from "./anthropic-stream-server.js";
import { CLAUDE_BINARY } from "./claude-binary.js";
import { runTacit } from "./cli-harness.js";
import { stopDaemonsUnder } from "./temp-dir.js";

/** Writes `npm` and `pnpm` stand-ins into `bin`. */
export function writePackageManagerStubs(bin: string): void {
  writeFileSync(
    join(bin, "npm"),
    '#!/bin/sh\necho "npm ERR! code EUNSUPPORTEDPROTOCOL" >&2\necho "npm ERR! Unsupported URL Type \\"workspace:\\": workspace:*" >&2\nexit 1\n',
  );
  writeFileSync(
    join(bin, "pnpm"),
    '#!/bin/sh\necho "Lockfile is up to date, resolution step is skipped"\necho "Done in 0.8s"\n',
  );
  chmodSync(join(bin, "npm"), 0o755);
  chmodSync(join(bin, "pnpm"), 0o755);
}

/**
 * Installs tacit's command hooks for every event into the project's `.claude/settings.local.json`,
 * with a generous timeout: the hooks run from source here (tsx), which starts slower than the built
 * entry.
 */
export function installCommandHooks(project: string, env: NodeJS.ProcessEnv): HookInstall {
  return installClaudeCode({
    scope: "project",
    projectDir: project,
    env,
    now: Date.now(),
    home: env.TACIT_HOME as string,
    timeoutSeconds: 120,
  });
}

/**
 * `tacit install claude-code` for the project as a user runs it (transport auto: it asks the pinned
 * binary its version), with the same generous timeout; what the CLI printed, its `--json` parsed.
 */
export async function installWithTacit(
  project: string,
  tacitEnv: NodeJS.ProcessEnv,
): Promise<{ code: number; stderr: string; json: Record<string, unknown> | null }> {
  const installed = await runTacit(
    [
      "install",
      "claude-code",
      "--project",
      project,
      "--agent-binary",
      CLAUDE_BINARY,
      "--timeout",
      "120",
      "--json",
    ],
    { env: tacitEnv, cwd: project },
  );
  const json = installed.code === 0 ? (JSON.parse(installed.stdout) as Record<string, unknown>) : null;
  return { code: installed.code, stderr: installed.stderr, json };
}

/** Closes the server, stops the hook daemons the test's runs started under `root`, removes it. */
export async function cleanUpE2e(
  server: AnthropicStreamServer | undefined,
  root: string | undefined,
): Promise<void> {
  await server?.close();
  if (!root) return;
  await stopDaemonsUnder(root);
  rmSync(root, { recursive: true, force: true });
}
