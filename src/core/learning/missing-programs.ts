/**
 * Programs a task could not run because its shell did not find them: the observable sign that the
 * environment a lesson was learnt in has changed; and, when another command did the job without
 * the program, the lesson that the program is not installed here. Pure.
 */
import { escapeRegExp } from "../regexp.js";
import { missingProgram, runsProgram } from "./command-text.js";
import type { ExperienceContext } from "./experience-context.js";
import { MAX_HEURISTIC_EVIDENCE_CHARS, MAX_RULE_CHARS } from "./experience-limits.js";
import { formatTerm } from "./experience-text.js";
import type { TransferableHeuristic } from "./offline-experience.js";
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

/** A command that installs something: an attempt to get a missing program, not the job itself. */
export const INSTALLS = /\binstall\b/;

/**
 * A program missing here, and the command that did the job without it (`wrapped` when that command
 * runs it elsewhere: `docker compose exec db psql …`), as a heuristic: "`psql` is not installed
 * here: use `docker compose exec db psql …` instead". A program missing here is missing for every
 * task of its kind: a convention of the project, governing the slot `program:<name>`.
 */
export function notInstalled(missing: string, command: string) {
  return {
    wrapped: new RegExp(`(?:^|\\s)${escapeRegExp(missing)}(?:\\s|$)`).test(command),
    heuristic: (trigger: string, reason: string, zh: boolean): TransferableHeuristic => {
      const [program, workaround] = [formatTerm(missing), formatTerm(clip(command, 80))];
      return {
        kind: "prefer",
        trigger,
        rule: clip(
          zh
            ? `这里没有安装 ${program}：改用 ${workaround}`
            : `${program} is not installed here: use ${workaround} instead`,
          MAX_RULE_CHARS,
        ),
        why: clip(zh ? `${program} 找不到命令` : `${program}: command not found`, 200),
        evidence: clip(reason, MAX_HEURISTIC_EVIDENCE_CHARS),
        confidence: 0.55,
        slot: { id: `program:${missing}`, value: command.split(/\s+/).slice(0, 2).join(" ") },
        convention: true,
      };
    },
  };
}

/**
 * A later successful action that does the job without the missing program: a shell command that
 * does not run it itself (it may run it inside a container: `docker compose exec db psql …`) and
 * does not try to install it (`brew install jq` is not a workaround).
 */
export function isWorkaround(
  row: TaskMessage,
  failed: TaskMessage,
  missing: string,
  signals: ExperienceContext["signals"],
): boolean {
  if (row.seq <= failed.seq || row.toolName !== failed.toolName || !isActionCall(row)) return false;
  if (isFailedCall(row, signals)) return false;
  const command = toolCommand(row);
  if (command === null) return false;
  const runs = new RegExp(`^\\s*(?:\\w+=\\S*\\s+)*${escapeRegExp(missing)}(?:$|\\s)`);
  return !command.split(/&&|\|\||;|\|/).some((step) => runs.test(step)) && !INSTALLS.test(command);
}
