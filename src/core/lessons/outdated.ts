/**
 * "Environment outdated": a lesson that tells the agent to run a program goes stale when, after it
 * was learnt, a task of its project fails because the shell no longer finds that program, and
 * nothing in that task runs it afterwards. Observed in captured sessions, offline. Pure.
 */
import type { Lesson, LessonKind } from "./lesson.js";
import { RECALLABLE_STATUSES } from "./quality.js";

/** A program a task of a project could not run (see `unresolvedMissingPrograms`). */
export interface ProgramNotFound {
  program: string;
  /** The error line, quoted in the demotion reason. */
  quote: string;
  sessionId: string;
  taskId: string;
  /** When the call failed, epoch ms. */
  at: number;
}

/** Kinds whose rule says what to run; `avoid`, `anti_pattern` and `clarify` say what not to do or to ask. */
const PRESCRIBING_KINDS: readonly LessonKind[] = ["prefer", "verify", "pattern"];

/** Words a command may start with before the program it runs. */
const COMMAND_PREFIXES = new Set(["sudo", "env", "exec", "time", "nohup"]);

/**
 * Wordings that say a program is missing. A lesson that says so is about the missing program (it
 * tells what to do without it), so its absence confirms the lesson rather than outdating it.
 */
export const SAYS_MISSING: ReadonlyArray<{ pattern: RegExp; example: string }> = [
  { pattern: /\bnot installed\b/i, example: "`jq` is not installed here: use `node -e …` instead" },
  { pattern: /\b(?:command )?not found\b/i, example: "jq: command not found" },
  { pattern: /\b(?:is|are) missing\b|\bnot available\b/i, example: "pnpm is missing on the CI runner" },
  { pattern: /找不到|没有安装|未安装/, example: "这里没有安装 jq：改用 node" },
];

/**
 * The program a lesson tells the agent to run: the first word of the first `code span` of its
 * rule, after `sudo`/`env`/`exec`/`time`/`nohup` and `VAR=value` words ("Use `pnpm install`, not
 * `npm install`" → pnpm). Null for kinds that do not prescribe (avoid, anti_pattern, clarify) and
 * rules without a code span.
 */
export function prescribedProgram(lesson: Pick<Lesson, "kind" | "rule">): string | null {
  if (!PRESCRIBING_KINDS.includes(lesson.kind)) return null;
  const span = /`([^`]+)`/.exec(lesson.rule)?.[1];
  if (span === undefined) return null;
  const words = span.trim().split(/\s+/);
  const program = words.find((word) => !COMMAND_PREFIXES.has(word) && !/^\w+=/.test(word));
  return program !== undefined && /^[\w.+-]+$/.test(program) ? program : null;
}

/**
 * Why `failure` outdates the lesson, or null when it does not. It does when the lesson is recallable
 * (candidate, active or refined) and a project lesson of the failure's project (a tool missing in
 * one project says nothing of the others), prescribes that very program, was not learnt from the
 * failing task, was learnt before the failure (the failure is later than all its evidence), and
 * does not itself say the program is missing (see `SAYS_MISSING`).
 */
export function outdatedBy(
  lesson: Lesson,
  failure: ProgramNotFound & { projectId: string | null },
): string | null {
  if (!RECALLABLE_STATUSES.includes(lesson.status)) return null;
  if (lesson.scope !== "project" || lesson.projectId !== failure.projectId) return null;
  if (prescribedProgram(lesson) !== failure.program) return null;
  if (lesson.evidence.some((item) => item.taskId === failure.taskId)) return null;
  const learntAt =
    lesson.evidence.length > 0 ? Math.max(...lesson.evidence.map((item) => item.at)) : lesson.createdAt;
  if (failure.at <= learntAt) return null;
  const text = `${lesson.trigger}\n${lesson.rule}\n${lesson.why}`;
  if (SAYS_MISSING.some(({ pattern }) => pattern.test(text))) return null;
  return `\`${failure.program}\` is no longer found: "${failure.quote}" (task ${failure.taskId})`;
}
