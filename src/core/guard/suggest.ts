/**
 * What to run instead of a forbidden call, in the call's own terms: a lesson "Use `pnpm`, not
 * `npm`" against `npm install zod` suggests `pnpm add zod` (package managers name the same step
 * differently, see PACKAGE_STEPS); otherwise the lesson's own words ("a feature branch"). Pure.
 */
import type { GuardCheck } from "./checks.js";
import { positionalsAfterSubcommand } from "./shell-command.js";
import type { ToolAction } from "./tool-call.js";
import { OPTIONS_WITH_VALUE, PACKAGE_STEPS } from "./tool-lexicon.js";

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
  return [program, step.names[program], ...argsAfterSubcommand(command.program, command.args)].join(" ");
}

/** The arguments after the subcommand, options included (`install -D zod` → `-D zod`). */
function argsAfterSubcommand(program: string, args: readonly string[]): string[] {
  const valued = OPTIONS_WITH_VALUE[program] ?? [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (valued.includes(arg)) {
      index++;
      continue;
    }
    if (!arg.startsWith("-")) return [...args.slice(0, index), ...args.slice(index + 1)];
  }
  return [...args];
}
