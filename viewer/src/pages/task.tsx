import { get, seg } from "../api";
import { Card, Pill, Show, useLoad } from "../components";
import { oneLine, score, time } from "../format";
import { href } from "../router";
import type { LessonLink, Signal, Task } from "../types";

interface TaskDetails {
  task: Task;
  signals: Signal[];
  failedAttempts: Array<{ id: string; attemptLabel: string; approachSummary: string; failureReason: string }>;
  outcome: { success: boolean; durationMs: number | null; errorCount: number; retryCount: number } | null;
  lessons: LessonLink[];
  learning: { status: string; attempts: number; error: string | null } | null;
}

export function TaskPage({ id }: { id: string }) {
  const loaded = useLoad(() => get<TaskDetails>(`/api/tasks/${seg(id)}`), [id]);
  return (
    <Show loaded={loaded}>
      {(data) => (
        <div>
          <h1 class="break">{data.task.title || "Task"}</h1>
          <p>
            <Pill value={data.task.status} />{" "}
            <a href={href(["sessions", data.task.sessionId], { seq: data.task.startSeq })}>
              messages #{data.task.startSeq}–{data.task.endSeq}
            </a>{" "}
            · learnt {time(data.task.learnedAt)}
            {data.learning ? ` · learning ${data.learning.status}` : ""}
          </p>
          <p class="text">{data.task.goal}</p>
          <div class="grid">
            <Card title={`Signals (${data.signals.length})`}>
              <ul>
                {data.signals.map((signal) => (
                  <li key={signal.id}>
                    <Pill value={signal.type} />{" "}
                    <a href={href(["sessions", signal.sessionId], { seq: signal.messageSeq ?? undefined })}>
                      {oneLine(signal.evidence, 160)}
                    </a>{" "}
                    <span class="muted small">{score(signal.confidence)}</span>
                  </li>
                ))}
              </ul>
            </Card>
            <Card title="Outcome">
              {data.outcome ? (
                <p>
                  {data.outcome.success ? "succeeded" : "failed"} · {data.outcome.errorCount} errors ·{" "}
                  {data.outcome.retryCount} retries
                </p>
              ) : (
                <p class="muted">No outcome recorded.</p>
              )}
              {data.failedAttempts.map((attempt) => (
                <p key={attempt.id}>
                  <strong>{attempt.attemptLabel}</strong>: {attempt.approachSummary} — {attempt.failureReason}
                </p>
              ))}
            </Card>
            <Card title={`Lessons it taught (${data.lessons.length})`}>
              <ul>
                {data.lessons.map((lesson) => (
                  <li key={lesson.id}>
                    <a href={href(["lessons", lesson.id])}>{oneLine(lesson.rule, 140)}</a>{" "}
                    <Pill value={lesson.maturity} />
                  </li>
                ))}
              </ul>
            </Card>
          </div>
        </div>
      )}
    </Show>
  );
}
