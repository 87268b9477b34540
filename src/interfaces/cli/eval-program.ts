import type { Command } from "commander";
import type { CommandContext } from "./cli-io.js";

/** Adds `tacit eval SUITE…` to the program; the command's module loads only when it runs. */
export function registerEvalCommand(program: Command, context: CommandContext): void {
  program
    .command("eval")
    .description(
      "measure learning and recall on scenario suites: Recall@3, false injections, tokens, LLM calls, time",
    )
    .argument("<suites...>", "suite folders (eval/core), scenario files, or a folder of suites (eval)")
    .option("--json", "print the full report as JSON")
    .option("--min-recall <n>", "exit 1 when Recall@3 is below this (0..1)")
    .option("--max-false-injection <n>", "exit 1 when the false-injection rate is above this (0..1)")
    .option("--thresholds <file>", "take both floors from a thresholds file (eval/thresholds.json)")
    .option("--filter <text>", "only scenarios whose name, suite or file contains this text")
    .option("--offline", "ignore TACIT_LLM_* and TACIT_EMBEDDINGS_*: learn and recall offline")
    .option("--mode <mode>", "learning mode: minimal, balanced or full", "balanced")
    .action(async (suites: string[], options) => {
      const { evalCommand } = await import("./eval-command.js");
      await context.run(evalCommand(suites, options, context.io));
    });
}
