import type { Command } from "commander";
import { type CommandContext, parseCount } from "./cli-io.js";

/** What the hook commands use of the program's context: IO, the global options and the runner. */
/**
 * Registers `tacit install|uninstall claude-code|codex` and `tacit hook`. The agent itself runs
 * `tacit hook` through main.ts's fast path, which never reaches commander; the command here makes
 * it listed in `--help` and reachable with global options first (`tacit --db X hook`).
 */
export function registerHookCommands(program: Command, { io, global, run }: CommandContext): void {
  const commands = () => import("../hooks/install-commands.js");
  program
    .command("install")
    .description(
      "wire tacit's hooks into an agent: claude-code (.claude/settings.local.json) or codex (.codex/hooks.json)",
    )
    .argument("<agent>", "claude-code or codex")
    .option("--scope <scope>", "project (this repository, default) or user (every project)", "project")
    .option("--project <path>", "the project folder (default: the git root of the working directory)")
    .option(
      "--shared",
      "claude-code, scope project: the committed .claude/settings.json instead of this machine's settings.local.json",
    )
    .option("--timeout <seconds>", "seconds the agent waits for a hook", (value) =>
      parseCount(value, "--timeout"),
    )
    .option(
      "--transport <transport>",
      "claude-code: http (prompt and tool hooks POST to the hook daemon, Claude Code 2.1.63+), command (a process per event) or auto (http when the installed claude has it; default: hooks.transport)",
    )
    .option("--agent-binary <path>", "the claude whose version auto checks (default: claude on PATH)")
    .option("--json", "print JSON")
    .action(async (agent: string, options) =>
      run((await commands()).installCommand(agent, { ...global(), ...options }, io)),
    );
  program
    .command("uninstall")
    .description("remove tacit's hooks (only tacit's) from an agent's settings, and stop the hook daemons")
    .argument("[agent]", "claude-code or codex (with --purge: default both)")
    .option("--scope <scope>", "project (default) or user", "project")
    .option("--project <path>", "the project folder (default: the git root of the working directory)")
    .option(
      "--purge",
      "also every hook tacit installed anywhere, and tacit's data: the database, logs, backups",
    )
    .option("--yes", "do not ask before --purge (required without a terminal)")
    .option("--json", "print JSON")
    .action(async (agent: string | undefined, options) => {
      const { uninstallCommand } = await import("../hooks/uninstall-command.js");
      await run(uninstallCommand(agent, { ...global(), ...options }, io));
    });
  program
    .command("hook")
    .description(
      "capture one agent hook event (JSON on stdin) and print what to inject; what `tacit install` wires up. Always exits 0; failures go to $TACIT_HOME/logs/",
    )
    .option("--agent <agent>", "claude-code or codex", "claude-code")
    .action(async (options: { agent: string }) => {
      const { runHook } = await import("../hooks/hook-main.js");
      const db = global().db;
      await runHook(["--agent", options.agent, ...(db ? ["--db", db] : [])], {
        stdin: io.stdin,
        stdout: io.stdout,
        env: io.env,
        cwd: io.cwd,
        now: io.now,
      });
      await run(Promise.resolve(0));
    });
}
