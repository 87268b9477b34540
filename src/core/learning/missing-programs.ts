/**
 * Programs a task could not run because its shell did not find them: the observable sign that the
 * environment a lesson was learnt in has changed. Pure.
 */
import { missingProgram, runsProgram } from "./command-text.js";
import {
  clip,
  errorLine,
  isActionCall,
  isFailedCall,
  type TaskMessage,
  type TaskSignal,
  toolCommand,
} from "./task-message.js";

/** A program the task's shell did not find, with nothing in the task running it successfully afterwards. */
export interface MissingProgram {
  /** The program's name, as the shell gave it: "pnpm". */
  program: string;
  /** The error line: "bash: pnpm: command not found". */
  quote: string;
  /** The failed call's row and time. */
  seq: number;
  at: number;
}

/**
 * The programs a task's shell reported missing ("bash: pnpm: command not found", "zsh: command not
 * found: pnpm") that no later successful call of the task ran: installing pnpm and running it
 * resolves the failure, so the environment was only incomplete for a moment. One entry per
 * program, its last failure.
 */
export function unresolvedMissingPrograms(
  rows: readonly TaskMessage[],
  signals: readonly TaskSignal[],
): MissingProgram[] {
  const ordered = [...rows].sort((first, second) => first.seq - second.seq);
  const found = new Map<string, MissingProgram>();
  for (const call of ordered) {
    if (toolCommand(call) === null || !isFailedCall(call, signals)) continue;
    const program = missingProgram(call.toolOutput ?? "");
    if (program === null) continue;
    const ranLater = ordered.some((later) => {
      const command = toolCommand(later);
      return (
        later.seq > call.seq &&
        command !== null &&
        isActionCall(later) &&
        !isFailedCall(later, signals) &&
        runsProgram(command, program)
      );
    });
    if (ranLater) continue;
    found.set(program, {
      program,
      quote: clip(errorLine(call, signals), 200),
      seq: call.seq,
      at: call.createdAt,
    });
  }
  return [...found.values()];
}
