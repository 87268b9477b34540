/**
 * What the offline task-experience rules share: the task's rows and signals, its language, its
 * fallback triggers, and the user messages already turned into a heuristic (so a later rule does
 * not learn the same words twice). Pure.
 */
import { clip, type TaskMessage, type TaskSignal, toolCommand, toolTarget } from "./task-message.js";

/** What the offline rules read: the task's rows and signals, its language and fallback triggers. */
export interface ExperienceContext {
  /** The task's rows, in `seq` order. */
  rows: TaskMessage[];
  signals: TaskSignal[];
  zh: boolean;
  /** The task title. */
  trigger: string;
  /** The task title as an activity ("Committing changes", "Fixing the null check"); see `titleActivity`. */
  activity: string;
  /** User words a rule already learnt from, by message `seq`; later rules leave them alone. */
  learnt: LearntQuote[];
}

/** Words of one user message that a heuristic was made from. */
export interface LearntQuote {
  seq: number;
  quote: string;
}

/** True when `text` of message `seq` overlaps words a rule already learnt from. */
export function alreadyLearnt(context: ExperienceContext, seq: number, text: string): boolean {
  const said = text.trim();
  return context.learnt.some(
    (learnt) => learnt.seq === seq && (learnt.quote.includes(said) || said.includes(learnt.quote)),
  );
}

/** A short label for a failed call: the command's first three words, or tool and file name. */
export function attemptLabel(call: TaskMessage): string {
  const command = toolCommand(call);
  if (command !== null) return clip(command.split(" ").slice(0, 3).join(" "), 40);
  const target = toolTarget(call).split(/[\\/]/).pop() ?? "";
  return clip(`${call.toolName ?? "tool"} ${target}`.trim(), 40);
}

/** Rows strictly between two seqs. */
export function between(rows: readonly TaskMessage[], from: number, to: number): TaskMessage[] {
  return rows.filter((row) => row.seq > from && row.seq < to);
}

/** Whitespace collapsed, at most `maxChars` characters: an error line inside a rule or trigger. */
export function inline(text: string, maxChars: number): string {
  return clip(text.replace(/\s+/g, " "), maxChars);
}
