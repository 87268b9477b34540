/**
 * What to run instead of a forbidden call, in the call's own terms: a lesson "Use `pnpm`, not
 * `npm`" against `npm install zod` suggests `pnpm add zod` (package managers name the same step
 * differently, see PACKAGE_STEPS); otherwise the lesson's own words ("a feature branch"). Pure.
 */
import type { GuardCheck } from "./checks.js";
import { argsWithoutSubcommand, positionalsAfterSubcommand } from "./shell-command.js";
import type { ToolAction } from "./tool-call.js";
import { PACKAGE_STEPS } from "./tool-lexicon.js";

/** The instead of `check` for `action`, or null when the lesson says none. */
export function suggestInstead(check: GuardCheck, action: ToolAction): string | null {
  const instead = check.instead?.trim();
  if (!instead) return null;
  if (action.kind !== "command") return instead;
  const [program] = instead.split(/\s+/);
  const command = action.command;
  if (!program || command.subcommand === null) return instead;
  const packages = positionalsAfterSubcommand(command);
  const step = PACKAGE_STEPS.find(
    (candidate) =>
      candidate.names[command.program] === command.subcommand &&
      candidate.names[program] !== undefined &&
      candidate.withPackages === packages.length > 0,
  );
  if (!step) return instead;
  // Whatever step the lesson named ("pnpm install"), the step that fits the call ("npm install
  // zod" adds a package) wins, and the rest of the call is kept.
  return [program, step.names[program], ...argsWithoutSubcommand(command)].join(" ");
}
