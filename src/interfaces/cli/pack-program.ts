import type { Command } from "commander";
import type { CommandContext } from "./cli-io.js";

/**
 * Registers `tacit pack export|import`: lessons and conventions as a YAML file a team commits and
 * reviews, and merging one into the store (docs/packs.md). The command module loads lazily.
 */
export function registerPackCommands(program: Command, { io, global, run }: CommandContext): void {
  const pack = program
    .command("pack")
    .description("share lessons and conventions as a reviewable file: export, import");
  const commands = () => import("./pack-commands.js");

  pack
    .command("export")
    .description("write lessons in use (and their supersession chains) to a YAML pack")
    .requiredOption("-o, --output <file>", "the pack file to write, e.g. tacit-pack.yaml")
    .option("--scope <scope>", "only global or only project lessons")
    .option("--project <path>", "this project's lessons (and the global ones unless --scope project)")
    .option("--min-maturity <maturity>", "candidate, established or proven", "candidate")
    .option("--conventions", "only conventions (lessons that govern a slot or are marked conventions)")
    .option("--author <name>", "who exports it (default: the user name of this machine)")
    .option("--no-quotes", "leave out even the short evidence quotes that pass the privacy check")
    .option("--json", "print the summary as JSON")
    .action(async (options) => run((await commands()).packExport({ ...global(), ...options }, io)));
  pack
    .command("import")
    .description("merge a pack into the store through dedup and supersession, keeping where it came from")
    .argument("<file>")
    .option(
      "--project <path>",
      "the project its project lessons belong to here (default: this directory's git root or cwd)",
    )
    .option("--dry-run", "say what importing would do, store nothing")
    .option("--json", "print the report as JSON")
    .action(async (file: string, options) =>
      run((await commands()).packImport(file, { ...global(), ...options }, io)),
    );
}
