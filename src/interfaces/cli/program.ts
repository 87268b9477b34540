import { Command, CommanderError, Option } from "commander";
import { TacitError } from "../../core/errors.js";
import type { AgentKind } from "../../core/types.js";
import { TACIT_VERSION } from "../../version.js";
import { type CliIo, type CommandContext, parseCount, writeLine } from "./cli-io.js";
import { registerConfigCommands } from "./config-program.js";
import { registerDatasetCommands } from "./dataset-program.js";
import { registerEvalCommand } from "./eval-program.js";
import { registerGateCommands } from "./gate-program.js";
import { registerHookCommands } from "./hook-program.js";
import { registerMcpCommands } from "./mcp-program.js";
import { registerMemoryCommands } from "./memory-program.js";
import { registerPackCommands } from "./pack-program.js";
import { registerSkillCommands } from "./skill-program.js";

/**
 * Runs the CLI on `argv` (without the node and script names) and returns the exit code. Command
 * modules load lazily so a command pays only for what it uses.
 */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  let exitCode = 0;
  const program = buildProgram(io, (code) => {
    exitCode = code;
  });
  try {
    // A home other users can read is tightened before any command touches it, and said so once.
    const [{ securePrivateHome }, { tacitHome }] = await Promise.all([
      import("../../store/private-files.js"),
      import("../../store/tacit-home.js"),
    ]);
    const tightened = securePrivateHome(tacitHome(io.env));
    if (tightened) writeLine(io.stderr, tightened);
    await program.parseAsync(argv, { from: "user" });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode;
    // The reader of stdout went away (`| head`): what it wanted it has; nothing to report.
    if ((error as NodeJS.ErrnoException)?.code === "EPIPE") return 0;
    const message = TacitError.isInstance(error)
      ? error.message
      : `unexpected error: ${(error as Error).stack ?? error}`;
    writeLine(io.stderr, `tacit: ${message}`);
    const code = (error as { exitCode?: number }).exitCode;
    return typeof code === "number" && code > 0 ? code : 1;
  }
}

function buildProgram(io: CliIo, setExit: (code: number) => void): Command {
  const program = new Command("tacit")
    .description("Lets AI agents learn from experience: capture sessions, distil lessons, recall them.")
    .version(TACIT_VERSION)
    .option("--db <path>", "database file (default $TACIT_DATABASE_URL, else $TACIT_HOME/tacit.db)")
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    })
    .showHelpAfterError("(run tacit --help for usage)");
  const global = () => program.opts<{ db?: string }>();
  const limit = () =>
    new Option("--limit <n>", "at most this many rows")
      .default(20)
      .argParser((value) => parseCount(value, "--limit"));
  const run = async (work: Promise<number>) => setExit(await work);

  program
    .command("import")
    .description(
      "import transcripts (files or directories, recursive): Claude Code, Codex, OpenClaw, generic JSONL",
    )
    .argument("<paths...>")
    .option("--json", "print the summary as JSON")
    .option("--no-progress", "no progress bar")
    .action(async (paths: string[], options) => {
      const { importCommand } = await import("./import-command.js");
      await run(importCommand(paths, { ...global(), ...options }, io));
    });

  const sessions = program.command("sessions").description("captured sessions");
  sessions
    .command("list")
    .option("--json", "print JSON")
    .addOption(limit())
    .option("--agent <agent>", "only this agent (claude-code, codex, openclaw, generic)")
    .option("--project <path>", "only this project id")
    .action(async (options: { json?: boolean; limit: number; agent?: AgentKind; project?: string }) => {
      const { sessionsList } = await import("./session-commands.js");
      await run(sessionsList({ ...global(), ...options }, io));
    });
  sessions
    .command("show")
    .argument("<id>")
    .option("--json", "print JSON")
    .addOption(limit().default(200))
    .action(async (id: string, options: { json?: boolean; limit: number }) => {
      const { sessionsShow } = await import("./session-commands.js");
      await run(sessionsShow(id, { ...global(), ...options }, io));
    });

  const errors = program
    .command("errors")
    .description("errors recorded during sessions, and the retry context made from them");
  errors
    .command("list")
    .option("--json", "print JSON")
    .addOption(limit())
    .option("--session <id>", "only this session")
    .option("--type <type>", "validation, timeout, conflict, tool_failure or unknown")
    .option("--all", "include resolved errors")
    .action(async (options) => {
      const { errorsList } = await import("./error-commands.js");
      await run(errorsList({ ...global(), ...options }, io));
    });
  errors
    .command("resolve")
    .argument("<id>")
    .option("--json", "print JSON")
    .action(async (id: string, options) => {
      const { errorsResolve } = await import("./error-commands.js");
      await run(errorsResolve(id, { ...global(), ...options }, io));
    });
  errors
    .command("context")
    .description('the "## Previous errors" retry context for a session or task')
    .argument("[session]")
    .option("--task <id>", "a task instead of a session")
    .option("--include-resolved", "also list resolved errors")
    .option("--json", "print JSON")
    .action(async (session: string | undefined, options) => {
      const { errorsContext } = await import("./error-commands.js");
      await run(errorsContext(session, { ...global(), ...options }, io));
    });

  program
    .command("stats")
    .description("what the store holds")
    .option("--json", "print JSON")
    .option("--llm", "model calls and tokens per day (the cost ceiling's view)")
    .option("--days <n>", "with --llm: how many days back", (value) => parseCount(value, "--days"))
    .action(async (options) => {
      const { statsCommand } = await import("./store-commands.js");
      await run(statsCommand({ ...global(), ...options }, io));
    });

  program
    .command("export")
    .description("export captured data")
    .command("conversations")
    .requiredOption("--format <format>", "jsonl")
    .option("-o, --output <file>", "write to this file (default stdout)")
    .option("--json", "print the summary as JSON")
    .action(async (options) => {
      const { exportConversations } = await import("./store-commands.js");
      await run(exportConversations({ ...global(), ...options }, io));
    });

  program
    .command("prune")
    .description(
      "delete sessions inactive for longer than DAYS, with everything they own; and memory-file guardian history older than its retention",
    )
    .option(
      "--older-than <days>",
      "sessions inactive longer than this many days (default: retention.sessionDays)",
    )
    .option(
      "--retention-days <days>",
      "guardian history (audits, snapshots, rollbacks) older than this is deleted (default: memoryFiles.retentionDays, 365)",
    )
    .option("--dry-run", "say what would be deleted, delete nothing")
    .option("--yes", "do not ask (on a terminal, prune asks before deleting)")
    .option("--json", "print JSON")
    .action(async (options) => {
      const { pruneCommand } = await import("./store-commands.js");
      await run(pruneCommand({ ...global(), ...options }, io));
    });

  program
    .command("learn")
    .description("turn captured sessions into lessons (offline rules; a model when configured)")
    .option("--session <id>", "only this session")
    .option("--since <date>", "only sessions active since this date (ISO 8601)")
    .option(
      "--mode <mode>",
      "minimal (no model calls), balanced (≤ 1 per task) or full (≤ 2 per task); default: learning.mode",
    )
    .option("--instincts <source>", "offline, model or off; default: learning.instincts")
    .option("--json", "print the summary as JSON")
    .option("--no-progress", "no progress bar: a plain line every 10 s instead")
    .action(async (options) => {
      const { learnCommand } = await import("./learn-command.js");
      await run(learnCommand({ ...global(), ...options }, io));
    });

  const signals = program.command("signals").description("feedback signals");
  signals
    .command("satisfaction")
    .description(
      "measure the offline detector on a satisfaction-rated corpus folder: AUC of the per-turn satisfaction (unsatisfied vs satisfied turns), per-type precision/recall, the keyword baseline",
    )
    .argument(
      "<folder>",
      "folder holding the corpus files (MWOZ.txt, ReDial.txt; see eval/satisfaction/README.md)",
    )
    .option("--half <half>", "dev, held-out or all", "held-out")
    .option(
      "--calibration",
      "also list, per rule and confidence, how often it fires and how those turns were rated",
    )
    .option("--json", "print the report as JSON")
    .action(async (folder: string, options) => {
      const { signalsSatisfaction } = await import("./signal-commands.js");
      await run(signalsSatisfaction(folder, options, io));
    });
  signals
    .command("detect")
    .description(
      "JSONL conversations on stdin → one JSON line per conversation on stdout: its feedback signals and each user turn's satisfaction",
    )
    .option(
      "--min-confidence <n>",
      "keep signals at least this confident (0..1); default 0.1 reports weak cues too, 0.5 only the confident signals learning uses",
    )
    .action(async (options) => {
      const { signalsDetect } = await import("./signal-commands.js");
      await run(signalsDetect(options, io));
    });

  program
    .command("recall")
    .description("what tacit would inject for a prompt (lessons → skills → evidence, under the budget)")
    .argument("<query>")
    .option(
      "--project <path>",
      "the project path as recorded on sessions (default: this directory's git root or cwd)",
    )
    .option("--session <id>", "the session asking (its recent turns give live signals; the recall is logged)")
    .option("--json", "print the stable JSON contract")
    .option("--explain", "also list rejected candidates and why")
    .action(async (query: string, options) => {
      const { recallCommand } = await import("./recall-commands.js");
      await run(recallCommand(query, { ...global(), ...options }, io));
    });

  program
    .command("reindex")
    .description("rebuild the vector and full-text indexes with the current embedder")
    .option("--json", "print JSON")
    .action(async (options) => {
      const { reindexCommand } = await import("./recall-commands.js");
      await run(reindexCommand({ ...global(), ...options }, io));
    });

  program
    .command("maintain")
    .description("recompute every lesson at the current time (support, promotion, decayed maturity)")
    .option("--dry-run", "report what would change, store nothing")
    .option("--json", "print JSON")
    .action(async (options) => {
      const { maintainCommand } = await import("./maintain-command.js");
      await run(maintainCommand({ ...global(), ...options }, io));
    });

  program
    .command("compact")
    .description("compact a long agent history into four messages: rules, summary, recent tool calls, state")
    .argument("<file>", "a Claude Code transcript, or OpenAI-style messages (JSON, JSONL or {messages})")
    .option("--window <n>", "tool records kept in the window", (value) => parseCount(value, "--window"), 8)
    .option("--instruction <text>", "the current instruction")
    .option("--json", "print the four messages and stats as JSON")
    .action(async (file: string, options) => {
      const { compactCommand } = await import("./recall-commands.js");
      await run(compactCommand(file, options, io));
    });

  registerLessonCommands(program, { io, global, limit, run });
  registerSkillCommands(program, { io, global, limit, run });
  registerEvalCommand(program, { io, global, limit, run });
  registerMcpCommands(program, { io, global, limit, run });
  registerHookCommands(program, { io, global, limit, run });
  registerConfigCommands(program, { io, global, limit, run });
  registerMemoryCommands(program, { io, global, limit, run });
  registerGateCommands(program, { io, global, limit, run });
  registerDatasetCommands(program, { io, global, limit, run });
  registerPackCommands(program, { io, global, limit, run });
  return program;
}

function registerLessonCommands(program: Command, { io, global, limit, run }: CommandContext): void {
  const lessons = program
    .command("lessons")
    .description("what tacit has learnt: list, inspect, curate, undo");
  const lessonCommands = () => import("./lesson-commands.js");
  lessons
    .command("list")
    .option("--json", "print JSON")
    .addOption(limit())
    .option("--status <list>", "candidate, active, refined, stale, archived (comma-separated)")
    .option("--maturity <list>", "candidate, established, proven, deprecated")
    .option("--scope <scope>", "project or global")
    .option("--kind <list>", "avoid, prefer, verify, clarify, pattern, anti_pattern")
    .option("--project <path>", "this project's lessons and the global ones")
    .action(async (options) => run((await lessonCommands()).lessonsList({ ...global(), ...options }, io)));
  lessons
    .command("show")
    .argument("<id>")
    .option("--json", "print JSON")
    .action(async (id: string, options) =>
      run((await lessonCommands()).lessonsShow(id, { ...global(), ...options }, io)),
    );
  for (const action of ["promote", "deprecate", "reset", "archive"] as const) {
    lessons
      .command(action)
      .argument("<id>")
      .option("--reason <text>", action === "deprecate" ? "why (required)" : "why")
      .option("--json", "print JSON")
      .action(async (id: string, options) =>
        run((await lessonCommands()).lessonsCurate(action, id, { ...global(), ...options }, io)),
      );
  }
  lessons
    .command("feedback")
    .argument("<id>")
    .option("--helpful", "the lesson helped")
    .option("--harmful", "the lesson misled")
    .option("--reason <text>", "why (stored with the feedback, secrets redacted)")
    .option("--json", "print JSON")
    .action(async (id: string, options) =>
      run((await lessonCommands()).lessonsFeedback(id, { ...global(), ...options }, io)),
    );
  lessons
    .command("history")
    .argument("<id>")
    .option("--json", "print JSON")
    .action(async (id: string, options) =>
      run((await lessonCommands()).lessonsHistory(id, { ...global(), ...options }, io)),
    );
  lessons
    .command("revert")
    .argument("<event-id>")
    .option("--json", "print JSON")
    .action(async (eventId: string, options) =>
      run((await lessonCommands()).lessonsRevert(eventId, { ...global(), ...options }, io)),
    );
  lessons
    .command("add")
    .description("write a lesson by hand (dedup applies)")
    .requiredOption("--rule <text>", "what to do or not do")
    .requiredOption("--trigger <text>", "when it applies")
    .option("--kind <kind>", "avoid, prefer, verify, clarify, pattern, anti_pattern", "prefer")
    .option("--why <text>", "why")
    .option(
      "--domain <domain>",
      "workflow, testing, debugging, code-style, security, git, project",
      "project",
    )
    .option("--scope <scope>", "project or global", "project")
    .option("--project <path>", "the project it applies to (for --scope project)")
    .option("--json", "print JSON")
    .action(async (options) => run((await lessonCommands()).lessonsAdd({ ...global(), ...options }, io)));
}
