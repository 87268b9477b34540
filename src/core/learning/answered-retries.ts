/**
 * Retries the user answered: a failed command, a user message that supplies what the retry
 * changes ("--profile analytics-ro"), and the retry of the same program that works. Read by rule 1
 * (retry-rules.ts); held back until the other rules have read the answer. Pure.
 */
import { hasStandingMarker } from "../lexicon/standing-markers.js";
import { tokens } from "../lexicon/tokenizer.js";
import { saysUpdate } from "../lexicon/update-cues.js";
import type { ExperienceContext } from "./experience-context.js";
import type { TransferableHeuristic } from "./offline-experience.js";
import { type TaskMessage, userWords } from "./task-message.js";

/**
 * A retry that worked with what the user answered in between (see `suppliedChange`), held back
 * until the other rules have read the answer: when one learnt from it ("the API listens on 8081
 * locally, 8080 was the old gateway" is a fact of the project), the retry teaches nothing more.
 */
export interface AnsweredRetry {
  /** The user's answer. */
  seq: number;
  heuristic: TransferableHeuristic;
}

/** The answered retries whose answer no other rule learnt from. */
export function unlearntAnswers(
  context: ExperienceContext,
  answered: readonly AnsweredRetry[],
): TransferableHeuristic[] {
  return answered
    .filter((retry) => !context.learnt.some((learnt) => learnt.seq === retry.seq))
    .map((retry) => retry.heuristic);
}

/**
 * The user message between a failed command and its retry that supplied what the retry changed,
 * by `seq`, or null: a word of at least three characters the user said is in the new command and
 * not in the failed one (`--profile analytics-ro` after "--profile analytics-ro"). There is one user
 * message in between, and it states no standing rule: the user answers, the agent retries.
 */
export function suppliedChange(
  gap: readonly TaskMessage[],
  failedCommand: string | null,
  newCommand: string | null,
): number | null {
  if (failedCommand === null || newCommand === null) return null;
  const said = gap.filter((row) => userWords(row) !== null);
  const [row] = said;
  // A standing rule said in between ("never do that here. branch off as fix/whatever…") is the
  // lesson itself (stated-rules.ts), not an answer the retry used.
  // Nor is news of a change ("we moved off fly last month … deploy is kamal deploy"): supersession
  // reads it as the project's new convention.
  if (said.length !== 1 || row === undefined) return null;
  const answer = userWords(row) as string;
  if (hasStandingMarker(answer) || saysUpdate(answer)) return null;
  const before = tokens(failedCommand, { parts: true });
  const added = [...tokens(newCommand, { parts: true })].filter(
    (token) => token.length >= 3 && !before.has(token),
  );
  const answered = tokens(answer, { parts: true });
  return added.some((token) => answered.has(token)) ? row.seq : null;
}

/** True when two commands run the same program (`curl -s https://a/health`, `curl -sk https://b:8443/health`). */
export function sameProgram(first: string, second: string): boolean {
  const head = (command: string) => command.trim().split(/\s+/)[0] ?? "";
  return head(first) !== "" && head(first) === head(second);
}
