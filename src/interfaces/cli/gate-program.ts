import type { Command } from "commander";
import type { CommandContext } from "./cli-io.js";

/**
 * Registers `tacit gate decide|run|list|show|stats|export|eval`: the memory gate, which decides
 * per turn whether something belongs in a memory file (MEMORY.md, USER.md, SOUL.md, IDENTITY.md,
 * TOOLS.md). The command modules load lazily.
 */
export function registerGateCommands(program: Command, { io, global, limit, run }: CommandContext): void {
  const gate = program
    .command("gate")
    .description("the memory gate: which turns hold something worth a memory file, and what");
  const commands = () => import("./gate-commands.js");
  const listings = () => import("./gate-listing-commands.js");
  const filters = (command: Command) =>
    command
      .option("--since <date>", "only decisions made at or after this date (ISO 8601)")
      .option("--until <date>", "only decisions made before this date (ISO 8601)")
      .option("--decision <list>", "only these decisions, comma-separated (UPDATE_USER or user, NO_WRITE …)")
      .option("--session <id>", "only this session's decisions");

  gate
    .command("decide")
    .description(
      'decide one turn read on stdin: {"recent_messages":[{"role","message"}], "current_user_message", "current_agent_reply"}',
    )
    .option("--json", 'print {"decision", "candidate_fact", "reason", "decision_id"}')
    .option("--session <id>", "record the decision on this stored session")
    .option("--mode <mode>", "offline, model or auto (default auto: the model when one is configured)")
    .option("--window <n>", "messages read per turn, the current two included (default 10)")
    .action(async (options) => run((await commands()).gateDecide({ ...global(), ...options }, io)));
  gate
    .command("run")
    .description("decide the stored conversation turns the gate has not decided yet, oldest first")
    .option("--session <id>", "only this session's turns")
    .option("--since <date>", "only turns since this date (ISO 8601)")
    .addOption(limit().default(1000))
    .option("--mode <mode>", "offline, model or auto")
    .option("--window <n>", "messages read per turn, the current two included (default 10)")
    .option("--json", "print the summary as JSON")
    .action(async (options) => run((await commands()).gateRun({ ...global(), ...options }, io)));
  filters(
    gate
      .command("list")
      .description("gate decisions, newest first")
      .option("--json", "print JSON")
      .addOption(limit())
      .option("--with-context", "also show the window of messages each decision read"),
  ).action(async (options) => run((await listings()).gateList({ ...global(), ...options }, io)));
  gate
    .command("show")
    .description("one gate decision in full, with the model's raw reply")
    .argument("<id>")
    .option("--json", "print JSON")
    .option("--with-context", "also show the window of messages the decision read")
    .action(async (id: string, options) =>
      run((await listings()).gateShow(id, { ...global(), ...options }, io)),
    );
  filters(
    gate
      .command("stats")
      .description("decisions counted per decision: overall, per day, per week or per session")
      .option("--daily", "one row per UTC day")
      .option("--weekly", "one row per week (from Monday, UTC)")
      .option("--by-session", "one row per session")
      .option("--json", "print JSON"),
  ).action(async (options) => run((await listings()).gateStats({ ...global(), ...options }, io)));
  filters(
    gate
      .command("export")
      .description("every matching decision, oldest first")
      .requiredOption("--format <format>", "json, csv or markdown")
      .option("-o, --output <file>", "write to this file (default stdout)")
      .option("--with-context", "include the window of messages each decision read")
      .option("--json", "with -o: print the summary as JSON"),
  ).action(async (options) => run((await listings()).gateExport({ ...global(), ...options }, io)));
  gate
    .command("eval")
    .description(
      "measure the gate on a labelled set (JSON Lines, see docs/memory-files.md): accuracy, per-decision precision and recall, confusion matrix",
    )
    .argument("<file>", "the labelled set, e.g. eval/memory-gate/labelled.jsonl")
    .option("--json", "print the report as JSON")
    .option("--mode <mode>", "offline (default), model or auto")
    .option("--min-accuracy <n>", "exit 1 when the accuracy is below this (0..1)")
    .action(async (file: string, options) =>
      run((await commands()).gateEval(file, { ...global(), ...options }, io)),
    );
}
