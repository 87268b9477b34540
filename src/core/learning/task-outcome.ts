/**
 * Task outcome (docs/design.md, "Outcome scoring") derived from a task's rows and its
 * feedback signals, so outcome scoring works without asking the user. Pure.
 */

import { signalsWithin } from "./row-signals.js";
import {
  clip,
  errorLine,
  isActionCall,
  isFailedCall,
  isToolCall,
  type TaskMessage,
  type TaskSignal,
} from "./task-message.js";

/** What a task's rows say about how it went. */
export interface TaskOutcome {
  /** True / false by the rules of {@link deriveTaskOutcome}; null when the rows do not say. */
  success: boolean | null;
  /** Last row's `createdAt` minus the first row's, in ms (0 for one row). */
  durationMs: number;
  /** Failed tool calls (see `isFailedCall`). */
  errorCount: number;
  /** Failed calls retried with the same tool, plus user rejects/corrections followed by more work. */
  retryCount: number;
  /** Which rule decided `success`, with the quote or error line behind it (≤ 240 characters). */
  evidence: string;
}

const VERDICT_TYPES = new Set(["success", "reject", "correction"]);
const MAX_EVIDENCE_CHARS = 240;

/**
 * Derive a task's outcome. `messages` are the task's rows; `signals` may cover the whole session
 * (only those on the task's rows are read). `success` is decided by the first rule that applies:
 *
 * 1. **User confirmed** — the last user verdict (success, reject or correction signal) is a
 *    success and no tool call failed after it → true. "Works now, thanks" → true.
 * 2. **Unresolved error** — the last failed action call (not a Read/Grep/Glob/TodoWrite) has no
 *    successful action call after it → false. Write fails "permission not granted", the agent
 *    only updates its todo list and answers → false.
 * 3. **Ends on a reject** — the last user verdict is a reject or correction and no successful
 *    action call follows it → false. "That's wrong, use port 3001" then only a text reply → false.
 * 4. **Recovered** — an action call failed earlier and a later one succeeded (so the task ends
 *    with a successful run after its last error, and no reject after it) → true. `npm install`
 *    fails with ERESOLVE, `pnpm install` succeeds → true.
 * 5. Otherwise → null (no error, no verdict: the rows do not say whether the user got what they
 *    wanted).
 *
 * Counts: `errorCount` is the number of failed tool calls. `retryCount` counts (a) each failed
 * call followed later in the task by another call of the same tool and (b) each user reject or
 * correction followed by more work (a later tool call or assistant text).
 */
export function deriveTaskOutcome(
  messages: readonly TaskMessage[],
  signals: readonly TaskSignal[],
): TaskOutcome {
  const rows = [...messages].sort((first, second) => first.seq - second.seq);
  const own = signalsWithin(signals, rows);
  const first = rows[0];
  const last = rows[rows.length - 1];
  const span = first && last ? last.createdAt - first.createdAt : 0;
  const durationMs = Number.isFinite(span) ? Math.max(0, span) : 0;

  const calls = rows.filter(isToolCall);
  const failed = calls.filter((call) => isFailedCall(call, own));
  const errorCount = failed.length;
  let retryCount = failed.filter((call) =>
    calls.some((later) => later.seq > call.seq && later.toolName === call.toolName),
  ).length;
  const verdicts = own.filter((signal) => signal.source === "user" && VERDICT_TYPES.has(signal.type));
  for (const verdict of verdicts) {
    if (verdict.type === "success") continue;
    const moreWork = rows.some(
      (row) =>
        row.seq > verdict.seq && (isToolCall(row) || (row.role === "assistant" && row.kind === "text")),
    );
    if (moreWork) retryCount += 1;
  }

  const outcome = (success: boolean | null, evidence: string): TaskOutcome => ({
    success,
    durationMs,
    errorCount,
    retryCount,
    evidence: clip(evidence, MAX_EVIDENCE_CHARS),
  });
  const succeededActionAfter = (seq: number): TaskMessage | undefined =>
    calls.find((call) => call.seq > seq && isActionCall(call) && !isFailedCall(call, own));

  const lastVerdict = verdicts[verdicts.length - 1];
  if (lastVerdict?.type === "success" && !failed.some((call) => call.seq > lastVerdict.seq)) {
    return outcome(true, `user confirmed: "${lastVerdict.evidence}"`);
  }
  const actionFailures = failed.filter(isActionCall);
  const lastFailure = actionFailures[actionFailures.length - 1];
  if (lastFailure !== undefined && succeededActionAfter(lastFailure.seq) === undefined) {
    const error = errorLine(lastFailure, own);
    return outcome(false, `unresolved error: ${lastFailure.toolName ?? "tool"} failed: "${error}"`);
  }
  if (
    lastVerdict !== undefined &&
    lastVerdict.type !== "success" &&
    succeededActionAfter(lastVerdict.seq) === undefined
  ) {
    return outcome(false, `ends on a user ${lastVerdict.type}: "${lastVerdict.evidence}"`);
  }
  if (lastFailure !== undefined) {
    const recovery = succeededActionAfter(lastFailure.seq) as TaskMessage;
    return outcome(
      true,
      `recovered: ${recovery.toolName ?? "tool"} succeeded after ${lastFailure.toolName ?? "tool"} failed`,
    );
  }
  return outcome(null, "unclear: no error and no user verdict");
}
