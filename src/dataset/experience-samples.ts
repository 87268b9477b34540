/**
 * Samples from what tasks taught: `task_experience` (an approach that failed, and the approach that
 * worked), `lesson_outcome` (a recalled lesson judged helpful or harmful on a task) and
 * `adherence_correction` (a call denied for going against a lesson, and the call made instead).
 */
import type { SampleDraft } from "../core/dataset/assess-sample.js";
import { NO_REFERENCES } from "../core/dataset/sample-types.js";
import type { FailedAttemptRow, LessonFeedbackRow } from "../store/dataset-store.js";
import type { AdherenceRecord, AdherenceSampleSource } from "./adherence-source.js";
import type { CollectContext } from "./gate-samples.js";
import { factKey } from "./guardian-verdicts.js";

/** What worked instead of a failed attempt: what replaced it, else the task's working approach. */
function workingApproach(row: FailedAttemptRow): string {
  if (row.replacedBy?.trim()) return row.replacedBy.trim();
  const experience = row.experience as { workingApproach?: unknown } | null;
  return typeof experience?.workingApproach === "string" ? experience.workingApproach.trim() : "";
}

function attemptDraft(row: FailedAttemptRow): SampleDraft | string {
  const approach = workingApproach(row);
  if (approach === "") return "no approach worked";
  return {
    ...NO_REFERENCES,
    type: "task_experience",
    sourceKey: `attempt:${row.id}`,
    polarity: "negative",
    strategy: "failed_then_worked",
    sessionId: row.sessionId,
    taskId: row.taskId,
    content: {
      type: "task_experience",
      task: { goal: row.goal, title: row.title, status: row.status },
      failedAttempt: { label: row.label, approach: row.approach, failureReason: row.failureReason },
      workingApproach: approach,
    },
    evidence: { confidence: null, humanJudged: false, stood: false },
    userFeedback: false,
    objection: false,
    patternKey: factKey(row.failureReason),
    sourceAt: row.createdAt,
  };
}

/** Feedback a person gave, rather than an outcome scored. */
const HUMAN_SOURCES = new Set(["user", "manual"]);

function feedbackDraft(row: LessonFeedbackRow): SampleDraft {
  const human = HUMAN_SOURCES.has(row.source);
  return {
    ...NO_REFERENCES,
    type: "lesson_outcome",
    sourceKey: `feedback:${row.id}`,
    polarity: row.type === "helpful" ? "positive" : "negative",
    strategy: `lesson_${row.source}`,
    sessionId: row.sessionId,
    taskId: row.taskId,
    lessonId: row.lessonId,
    content: {
      type: "lesson_outcome",
      lesson: { id: row.lessonId, kind: row.kind, trigger: row.trigger, rule: row.rule },
      situation: row.situation,
      outcome: row.type,
      judgedBy: row.source,
      reason: row.reason,
    },
    evidence: { confidence: human ? null : row.rawValue, humanJudged: human, stood: false },
    userFeedback: row.source === "user",
    objection: false,
    patternKey: `${row.lessonId}:${row.type}`,
    sourceAt: row.at,
  };
}

function adherenceDraft(record: AdherenceRecord): SampleDraft | string {
  if (record.followingCall === null) return "no call followed the denial";
  return {
    ...NO_REFERENCES,
    type: "adherence_correction",
    sourceKey: `adherence:${record.id}`,
    polarity: "negative",
    strategy: "denied_then_corrected",
    sessionId: record.sessionId,
    lessonId: record.lessonId,
    content: {
      type: "adherence_correction",
      lesson: { id: record.lessonId, rule: record.lessonRule },
      deniedCall: record.deniedCall,
      followingCall: record.followingCall,
      outcome: record.outcome,
    },
    evidence: { confidence: null, humanJudged: false, stood: false },
    userFeedback: false,
    objection: false,
    patternKey: `${record.lessonId}:${record.deniedCall.toolName}`,
    sourceAt: record.at,
  };
}

/** Keeps the drafts, and counts the reasons of the rest. */
function kept(context: CollectContext, results: Array<SampleDraft | string>): SampleDraft[] {
  return results.flatMap((result) => {
    if (typeof result !== "string") return [result];
    context.leaveOut(result);
    return [];
  });
}

/** Task experience, lesson outcome and adherence samples from the window, oldest first. */
export async function experienceDrafts(
  context: CollectContext,
  adherence: AdherenceSampleSource,
): Promise<SampleDraft[]> {
  const { store, filter } = context;
  return [
    ...kept(context, (await store.datasets.failedAttempts(filter)).map(attemptDraft)),
    ...(await store.datasets.lessonFeedback(filter)).map(feedbackDraft),
    ...kept(context, (await adherence.deniedCalls(filter)).map(adherenceDraft)),
  ];
}
