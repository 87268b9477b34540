import type { Command } from "commander";
import type { CommandContext } from "./cli-io.js";

/**
 * Registers `tacit memory write` and `tacit guardian list|show|diff|rollback|retry|history|correct|
 * export`: the write guardian of the memory files (docs/memory-files.md). The command modules load
 * lazily, so other commands do not pay for them.
 */
export function registerMemoryCommands(program: Command, { io, global, limit, run }: CommandContext): void {
  const writes = () => import("./memory-commands.js");
  const history = () => import("./guardian-commands.js");
  const timeline = () => import("./guardian-history-command.js");
  const workspace = "the workspace folder holding the memory files (default: the current directory)";
  const filter = "only this workspace";

  program
    .command("memory")
    .description("the agent's memory files: MEMORY.md, USER.md, SOUL.md, IDENTITY.md, TOOLS.md")
    .command("write")
    .description(
      "run one candidate fact through the write guardian (written, refused or skipped, with the reason)",
    )
    .option("--workspace <dir>", workspace)
    .requiredOption("--file <name>", "MEMORY.md, USER.md, SOUL.md, IDENTITY.md or TOOLS.md")
    .requiredOption("--fact <text>", "the candidate fact (one line)")
    .option("--session <id>", "the session it came from")
    .option("--turn <id>", "the turn it came from")
    .option("--decision <id>", "the memory-gate decision that proposed it")
    .option("--json", 'print {"auditId", "status", "reason", "diff"}')
    .action(async (options) => run((await writes()).memoryWrite({ ...global(), ...options }, io)));

  const guardian = program
    .command("guardian")
    .description("the write guardian's log: every candidate, its status and diff; rollback, retry, correct");
  const listing = (command: Command) =>
    command
      .option("--workspace <dir>", filter)
      .option("--file <name>", "only this memory file")
      .option("--status <list>", "pending, written, refused, failed, skipped, rolled_back (comma-separated)")
      .option("--session <id>", "only this session")
      .option("--decision <id>", "only audits of this memory-gate decision")
      .option("--since <date>", "only from this date (ISO 8601)")
      .option("--until <date>", "only before this date (ISO 8601)");
  listing(guardian.command("list").description("audits, newest first"))
    .addOption(limit())
    .option("--with-diff", "include each write's unified diff")
    .option("--json", "print JSON")
    .action(async (options) => run((await history()).guardianList({ ...global(), ...options }, io)));
  guardian
    .command("show")
    .argument("<audit-id>")
    .option("--include-content", "include the file's content before and after (from the snapshots)")
    .option("--with-context", "include the last messages of the audit's session before it (as captured)")
    .option("--json", "print JSON")
    .action(async (id: string, options) =>
      run((await history()).guardianShow(id, { ...global(), ...options }, io)),
    );
  guardian
    .command("diff")
    .description("print an audit's unified diff")
    .argument("<audit-id>")
    .option("--json", "print JSON")
    .action(async (id: string, options) =>
      run((await history()).guardianDiff(id, { ...global(), ...options }, io)),
    );
  guardian
    .command("rollback")
    .description("restore the file as it was before an audit's write (or a session's writes, newest first)")
    .argument("[audit-id]")
    .option("--session <id>", "roll back every write of this session instead")
    .option("--workspace <dir>", workspace)
    .option("--force", "roll back even if the file changed since (its current content is backed up first)")
    .option("--reason <text>", "why")
    .option("--json", "print JSON")
    .action(async (id: string | undefined, options) =>
      run((await writes()).guardianRollback(id, { ...global(), ...options }, io)),
    );
  guardian
    .command("retry")
    .description("run a refused, skipped, failed or rolled-back candidate again with a new fact or file")
    .argument("<audit-id>")
    .option("--workspace <dir>", workspace)
    .option("--fact <text>", "the new fact")
    .option("--file <name>", "the new file")
    .option("--json", 'print {"auditId", "status", "reason", "diff"}')
    .action(async (id: string, options) =>
      run((await writes()).guardianRetry(id, { ...global(), ...options }, io)),
    );
  guardian
    .command("correct")
    .description("say what the guardian should have done with a candidate, and apply it")
    .argument("<audit-id>")
    .requiredOption("--reason <text>", "why (required)")
    .option("--workspace <dir>", workspace)
    .option(
      "--status <status>",
      "written or refused (default: the opposite of what happened, or written with --fact/--file)",
    )
    .option("--fact <text>", "the fact as it should have been written")
    .option("--file <name>", "the file it should have gone to")
    .option("--apply-to-future", "apply this correction to similar candidates from now on")
    .option(
      "--pattern <words>",
      "with --apply-to-future: the words a candidate is matched on (default: the fact)",
    )
    .option("--force", "roll back even if the file changed since (its current content is backed up first)")
    .option("--json", "print JSON")
    .action(async (id: string, options) =>
      run((await writes()).guardianCorrect(id, { ...global(), ...options }, io)),
    );
  listing(
    guardian
      .command("history")
      .description(
        "writes, refusals, rollbacks and corrections, newest first (or counted per day, week or session)",
      )
      .argument("[file]", "only this memory file"),
  )
    .addOption(limit().default(50))
    .option("--daily", "count per day and status")
    .option("--weekly", "count per week (from Monday) and status")
    .option("--by-session", "count per session and status")
    .option("--json", "print JSON")
    .action(async (file: string | undefined, options) =>
      run((await timeline()).guardianHistory(file, { ...global(), ...options }, io)),
    );
  listing(guardian.command("export").description("export audits as JSON, CSV or markdown"))
    .requiredOption("--format <format>", "json, csv or markdown")
    .option("-o, --output <file>", "write to this file (default stdout)")
    .option("--limit <n>", "at most this many audits (default all)")
    .option("--with-diff", "include each write's unified diff")
    .option("--include-content", "include the file's content before and after each write")
    .option("--json", "with -o: print the summary as JSON")
    .action(async (options) => run((await history()).guardianExport({ ...global(), ...options }, io)));
}
