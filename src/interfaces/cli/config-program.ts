import type { Command } from "commander";
import { type CommandContext, parseCount } from "./cli-io.js";

/**
 * Registers `tacit config list|get|set|unset` and `tacit doctor`. The command modules load lazily,
 * so other commands do not pay for them.
 */
export function registerConfigCommands(program: Command, { io, global, run }: CommandContext): void {
  const config = program
    .command("config")
    .description("settings: $TACIT_HOME/config.json, a project's .tacit/config.json, TACIT_* variables");
  const commands = () => import("./config-commands.js");
  const projectHelp = "the project folder whose .tacit/config.json applies (default: this directory's)";
  config
    .command("list")
    .description("every setting with its effective value and where it came from (default/user/project/env)")
    .option("--project <dir>", projectHelp)
    .option("--json", "print JSON")
    .action(async (options) => run((await commands()).configList(options, io)));
  config
    .command("get")
    .description("one setting's effective value")
    .argument("<key>", "e.g. recall.budget.maxLessons")
    .option("--project <dir>", projectHelp)
    .option("--json", "print the value with its source, default, type and description")
    .action(async (key: string, options) => run((await commands()).configGet(key, options, io)));
  config
    .command("set")
    .description("set a setting in $TACIT_HOME/config.json (or the project's file); VALUE - reads stdin")
    .argument("<key>")
    .argument("<value>", "a number, true/false, a word, or a JSON list")
    .option("--project [dir]", "write the project's .tacit/config.json instead (default: this directory's)")
    .option("--json", "print JSON")
    .action(async (key: string, value: string, options) =>
      run((await commands()).configSet(key, value, options, io)),
    );
  config
    .command("unset")
    .description("remove a setting from $TACIT_HOME/config.json (or the project's file)")
    .argument("<key>")
    .option("--project [dir]", "the project's .tacit/config.json instead (default: this directory's)")
    .option("--json", "print JSON")
    .action(async (key: string, options) => run((await commands()).configUnset(key, options, io)));

  program
    .command("doctor")
    .description(
      "check this tacit: config files, database and schema, hooks, hook daemon, hook errors, models, today's ceiling",
    )
    .option("--json", "print the report as JSON")
    .option("--errors <n>", "hook log failures to show (default 5)", (value) => parseCount(value, "--errors"))
    .action(async (options) => {
      const { doctorCommand } = await import("./doctor-command.js");
      await run(doctorCommand({ ...global(), ...options }, io));
    });
}
