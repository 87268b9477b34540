import type { Capture, OutcomeInput } from "../capture/capture.js";
import { InvalidInputError, NotFoundError } from "../core/errors.js";
import type { FeedbackType, OutcomeSignals } from "../core/lessons/outcome-scoring.js";
import type { Outcome } from "../core/types.js";
import type { Store } from "../store/store.js";
import type { LessonBook } from "./lesson-book.js";

/**
 * How long before the prompt it serves a recall may be logged, ms: recall runs just before the
 * prompt's message is captured, so a task's recalls start slightly before its first message.
 */
export const RECALL_SLACK_MS = 60_000;

/** One lesson judged from one recall event by the outcome of the task it was recalled into. */
export interface RecallJudgement {
  recallId: string;
  lessonId: string;
  /**
   * The task outcome's score (success, duration, errors, retries; see `scoreImplicitFeedback`):
   * helpful at ≥ 0.7, harmful at ≤ 0.4, neutral between. A slow success with errors and retries
   * can be neutral; a quick failure with one error is neutral too.
   */
  feedback: FeedbackType;
  /**
   * `applied`: recorded now. `already-judged`: the lesson already had feedback from this recall
   * (another path — `tacit learn`, MCP `record_outcome` — got there first). `lesson-removed`: the
   * lesson no longer exists (a reverted creation), so there is nothing to judge.
   */
  result: "applied" | "already-judged" | "lesson-removed";
}

/**
 * Closes the loop: once a task's outcome is known, every lesson recalled into that task (recall
 * events of the session inside the task's time span, not judged yet) gets the outcome's score as
 * helpful, neutral or harmful feedback, and a lesson repeatedly recalled into tasks that went badly
 * (harmful scores) goes stale. Each recall event is
 * applied once, whichever path applies it first: `tacit learn` (a derived outcome) or MCP
 * `record_outcome` (a reported one); a lesson holds at most one judgement per recall event even
 * when both run at once. Returns the judgements made, in recall order.
 */
export async function applyRecallOutcomes(options: {
  store: Store;
  lessons: LessonBook;
  sessionId: string;
  /** The task the recalls served, when known. */
  taskId: string | null;
  /** The task's span, epoch ms; recalls from {@link RECALL_SLACK_MS} before `from` count. */
  from: number;
  to: number;
  /** How the task went: its success, duration, errors and retries. */
  outcome: OutcomeSignals;
  now: () => number;
}): Promise<RecallJudgement[]> {
  const { store, lessons } = options;
  const judgements: RecallJudgement[] = [];
  const outcome = options.outcome.success ? "succeeded" : "failed";
  const detail = options.taskId
    ? `recalled into task ${options.taskId}, which ${outcome}`
    : `recalled into session ${options.sessionId}, whose reported outcome ${outcome}`;
  const scored = lessons.judgeOutcome(options.outcome);
  const events = await store.pendingRecalls(options.sessionId, options.from - RECALL_SLACK_MS, options.to);
  for (const event of events) {
    for (const item of event.items) {
      if (item.kind !== "lesson") continue;
      const judgement = { recallId: event.id, lessonId: item.itemId, feedback: scored.type };
      try {
        const judged = await lessons.recallOutcome(item.itemId, {
          outcome: options.outcome,
          recallId: event.id,
          sessionId: options.sessionId,
          taskId: options.taskId ?? undefined,
          detail,
        });
        judgements.push({ ...judgement, result: judged.applied ? "applied" : "already-judged" });
      } catch (error) {
        // A lesson removed since it was recalled (reverted creation) has nothing left to judge.
        if (!NotFoundError.isInstance(error)) throw error;
        judgements.push({ ...judgement, result: "lesson-removed" });
      }
    }
    await store.markRecallApplied(event.id, options.outcome.success ? "success" : "failure", options.now());
  }
  return judgements;
}

/**
 * The span whose recalls a reported outcome judges (MCP `record_outcome`). With a task: from its
 * start to the start of the session's next task (less {@link RECALL_SLACK_MS}, which belongs to
 * that task's recalls), else to now. Without: every recall of the session so far not judged yet.
 * Throws `NotFoundError` for an unknown task and `InvalidInputError` for another session's task.
 */
async function reportedOutcomeSpan(options: {
  store: Store;
  sessionId: string;
  taskId: string | null;
  now: () => number;
}): Promise<{ from: number; to: number }> {
  const { store, sessionId, taskId } = options;
  const now = options.now();
  if (taskId === null) return { from: Number.MIN_SAFE_INTEGER + RECALL_SLACK_MS, to: now };
  const task = await store.getTask(taskId);
  if (!task) throw new NotFoundError("task", taskId);
  if (task.sessionId !== sessionId) {
    throw new InvalidInputError({
      message: `task ${taskId} belongs to session ${task.sessionId}, not ${sessionId}`,
    });
  }
  const tasks = await store.listTasks({ sessionId, limit: 100_000 });
  const next = tasks.find((other) => other.startSeq > task.startSeq);
  const to = next ? Math.max(task.createdAt, next.createdAt - RECALL_SLACK_MS) : now;
  return { from: task.createdAt, to };
}

/**
 * A reported outcome (MCP `record_outcome`, the SDK's `recordOutcome`): stores it, then judges the
 * lessons recalled into its task (or, without a task, into the session so far) — the same loop
 * `tacit learn` closes with derived outcomes, and at most once per recall whichever comes first.
 * With `judgeRecalls: false` it only stores the outcome (an outcome that does not say whether the
 * user's task succeeded, such as "the agent's run ended without an error"). A task of another
 * session is refused before anything is stored.
 */
export async function recordReportedOutcome(
  deps: { store: Store; lessons: LessonBook; capture: Capture; now: () => number },
  input: OutcomeInput & { judgeRecalls?: boolean },
  /** Runs once the task is checked, before anything is stored (MCP creates the session row). */
  prepare?: () => Promise<void>,
): Promise<{ outcome: Outcome; lessonFeedback: RecallJudgement[] }> {
  const { judgeRecalls = true, ...record } = input;
  const taskId = record.taskId ?? null;
  const span =
    judgeRecalls || taskId !== null
      ? await reportedOutcomeSpan({ store: deps.store, sessionId: record.sessionId, taskId, now: deps.now })
      : null;
  await prepare?.();
  const outcome = await deps.capture.recordOutcome(record);
  const lessonFeedback =
    span === null || !judgeRecalls
      ? []
      : await applyRecallOutcomes({
          store: deps.store,
          lessons: deps.lessons,
          sessionId: record.sessionId,
          taskId,
          ...span,
          outcome,
          now: deps.now,
        });
  return { outcome, lessonFeedback };
}
