import type { Command } from "commander";
import type { CommandContext } from "./cli-io.js";

/**
 * Registers `tacit skills generate|list|show|export|history|archive`. The command module loads
 * lazily, so other commands do not pay for it.
 */
export function registerSkillCommands(program: Command, { io, global, limit, run }: CommandContext): void {
  const skills = program
    .command("skills")
    .description("Claude Code skills made from proven lessons and repeated successful tasks");
  const commands = () => import("./skill-commands.js");
  skills
    .command("generate")
    .description("make and upgrade skills from lessons and successful tasks (at least 2 per skill)")
    .option("--project <path>", "only this project's tasks (and the global lessons)")
    .option("--json", "print JSON")
    .action(async (options) => run((await commands()).skillsGenerate({ ...global(), ...options }, io)));
  skills
    .command("list")
    .option("--json", "print JSON")
    .addOption(limit())
    .option("--status <list>", "draft, active, archived (comma-separated)")
    .option("--project <path>", "this project's skills and the global ones")
    .action(async (options) => run((await commands()).skillsList({ ...global(), ...options }, io)));
  skills
    .command("show")
    .description("print a skill's SKILL.md")
    .argument("<name-or-id>")
    .option("--project <path>", "prefer this project's skill of that name")
    .option("--json", "print JSON")
    .action(async (ref: string, options) =>
      run((await commands()).skillsShow(ref, { ...global(), ...options }, io)),
    );
  skills
    .command("export")
    .description("write <dir>/<name>/SKILL.md for every active skill (only files tacit wrote are replaced)")
    .option("--dir <dir>", "the skills folder", ".claude/skills")
    .option("--project <path>", "this project's skills and the global ones")
    .option("--json", "print JSON")
    .action(async (options) => run((await commands()).skillsExport({ ...global(), ...options }, io)));
  skills
    .command("history")
    .argument("<name-or-id>")
    .option("--project <path>", "prefer this project's skill of that name")
    .option("--json", "print JSON")
    .action(async (ref: string, options) =>
      run((await commands()).skillsHistory(ref, { ...global(), ...options }, io)),
    );
  skills
    .command("archive")
    .description("stop exporting a skill and never make it again")
    .argument("<name-or-id>")
    .option("--reason <text>", "why")
    .option("--json", "print JSON")
    .action(async (ref: string, options) =>
      run((await commands()).skillsArchive(ref, { ...global(), ...options }, io)),
    );
}
