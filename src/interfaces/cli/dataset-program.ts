import type { Command } from "commander";
import type { CommandContext } from "./cli-io.js";

/**
 * Registers `tacit dataset collect|list|show|approve|reject|review|export|stats`: training data from
 * gate decisions, guardian audits, task experiences, lesson outcomes and adherence, scored,
 * checked for privacy and reviewed before export (docs/datasets.md). The command modules load
 * lazily.
 */
export function registerDatasetCommands(program: Command, { io, global, limit, run }: CommandContext): void {
  const dataset = program
    .command("dataset")
    .description("fine-tuning data from what tacit saw: collect, review, export");
  const commands = () => import("./dataset-commands.js");
  const reports = () => import("./dataset-report-commands.js");
  const types = "only these sample types, comma-separated (memory_gate_positive, task_experience, …)";

  dataset
    .command("collect")
    .description(
      "make samples from gate decisions, guardian audits, task experiences, lesson outcomes, adherence",
    )
    .option("--since <date>", "only sources from this date (ISO 8601)")
    .option("--until <date>", "only sources before this date (ISO 8601)")
    .option("-s, --session <id>", "only this session's sources")
    .option("-t, --type <type>", "all, positive or negative", "all")
    .option("--auto-approve", "approve what meets the auto-approve criteria (dataset.criteria.autoApprove)")
    .option("--dry-run", "say what would be collected, store nothing")
    .option("--json", "print the summary as JSON")
    .action(async (options) => run((await commands()).datasetCollect({ ...global(), ...options }, io)));
  dataset
    .command("list")
    .description("samples, those needing review first, best quality first")
    .option("--status <list>", "pending, needs_review, approved, auto_approved, rejected (comma-separated)")
    .option("--type <list>", types)
    .option("--quality-above <n>", "quality at least this (0..1)")
    .option("--needs-review", "only samples needing review")
    .addOption(limit().default(20))
    .option("--json", "print JSON")
    .action(async (options) => run((await commands()).datasetList({ ...global(), ...options }, io)));
  dataset
    .command("show")
    .description("one sample in full: context, target, quality factors, privacy findings, review")
    .argument("<id>")
    .option("--include-pii", "show personal data instead of its masked copy")
    .option("--json", "print JSON")
    .action(async (id: string, options) =>
      run((await commands()).datasetShow(id, { ...global(), ...options }, io)),
    );
  for (const action of ["approve", "reject"] as const)
    dataset
      .command(action)
      .description(`${action} a sample`)
      .argument("<id>")
      .option("--notes <text>", "the reviewer's note (kept with the sample)")
      .option("--json", "print JSON")
      .action(async (id: string, options) =>
        run((await commands()).datasetAnnotate(action, id, { ...global(), ...options }, io)),
      );
  dataset
    .command("review")
    .description("review samples one by one in the terminal: approve, reject, skip or note")
    .option("--status <list>", "statuses to review (default needs_review,pending)")
    .option("--type <list>", types)
    .addOption(limit().default(50))
    .action(async (options) => {
      const { datasetReview } = await import("./dataset-review-command.js");
      await run(datasetReview({ ...global(), ...options }, io));
    });
  dataset
    .command("export")
    .description("write a train file and a validation file in a fine-tuning format, and record the export")
    .requiredOption("--format <format>", "alpaca, sharegpt, openai, raw or csv")
    .requiredOption("-o, --output <file>", "e.g. sft.jsonl → sft.train.jsonl and sft.validation.jsonl")
    .option("--train-split <share>", "share of samples for training, above 0 and at most 1 (default 0.8)")
    .option("--seed <text>", "the split's seed (default dataset.export.splitSeed)")
    .option("--only-approved", "only approved samples (default: also pending ones)")
    .option("--min-quality <n>", "quality at least this (0..1)")
    .option("--include-pii", "export personal data instead of its masked copy (secrets are never exported)")
    .option("--type <list>", types)
    .option("--json", "print the export record as JSON")
    .action(async (options) => run((await reports()).datasetExport({ ...global(), ...options }, io)));
  dataset
    .command("stats")
    .description("text histograms of the samples (all four when none is chosen)")
    .option("--daily", "samples collected per day")
    .option("--by-type", "samples per type")
    .option("--by-status", "samples per review status")
    .option("--quality-distribution", "samples per tenth of quality")
    .option("--json", "print JSON")
    .action(async (options) => run((await reports()).datasetStats({ ...global(), ...options }, io)));
}
