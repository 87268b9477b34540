import { get, post, seg } from "../api";
import { BarChart } from "../charts";
import { Card, ConfirmAction, Pill, Show, Unavailable, useLoad } from "../components";
import { oneLine, percent, score, shortId, time } from "../format";
import { href } from "../router";
import type { Dossier, HistoryEntry, LessonLink, Slot } from "../types";

export function LessonPage({ id }: { id: string }) {
  const loaded = useLoad(() => get<Dossier>(`/api/lessons/${seg(id)}`), [id]);
  return <Show loaded={loaded}>{(data) => <LessonBody data={data} reload={loaded.reload} />}</Show>;
}

function LessonBody({ data, reload }: { data: Dossier; reload: () => void }) {
  const { lesson } = data;
  const act = (path: string) => async (reason: string) => {
    await post(`/api/lessons/${seg(lesson.id)}/${path}`, reason ? { reason } : {});
    reload();
  };
  return (
    <div>
      <p class="muted small">
        <a href={href(["lessons"])}>Lessons</a> / {shortId(lesson.id)}
      </p>
      <h1 class="break">{lesson.rule}</h1>
      <p>
        <span class="muted">when</span> {lesson.trigger}
      </p>
      {lesson.why ? (
        <p>
          <span class="muted">why</span> {lesson.why}
        </p>
      ) : null}
      <p data-testid="lesson-state">
        <Pill value={lesson.kind} kind="kind" />{" "}
        <Pill value={lesson.status} kind={`status-${lesson.status}`} /> <Pill value={lesson.maturity} />{" "}
        {lesson.convention ? (
          <>
            <a href={href(["conventions", lesson.id])}>
              <Pill value="convention" kind="kind" />
            </a>{" "}
          </>
        ) : null}
        {lesson.slot ? <SlotText slot={lesson.slot} /> : null}{" "}
        <span class="muted small">{lesson.scope === "global" ? "global" : lesson.projectId}</span>
        {lesson.maturityReason ? <span class="muted small"> · {lesson.maturityReason}</span> : null}
        {lesson.statusReason ? <span class="muted small"> · {lesson.statusReason}</span> : null}
      </p>
      <div class="actions">
        <ConfirmAction
          label="Promote"
          question="Promote this lesson to proven?"
          reason="optional"
          action={act("promote")}
          testId="promote"
        />
        <ConfirmAction
          label="Deprecate"
          question="Deprecate it (recall stops injecting it)?"
          reason="required"
          danger
          action={act("deprecate")}
          testId="deprecate"
        />
        <ConfirmAction
          label="Archive"
          question="Archive this lesson?"
          reason="optional"
          danger
          action={act("archive")}
          testId="archive"
        />
      </div>
      <div class="grid">
        <Card title="Score parts">
          <BarChart
            title="Quality weight terms"
            bars={Object.entries(data.score.parts).map(([label, value]) => ({
              label,
              value: Math.round(value * 100) / 100,
              kind: "part",
            }))}
          />
          <p>
            quality weight <strong>{score(data.score.quality)}</strong> × maturity multiplier{" "}
            <strong>{data.score.multiplier}</strong> · confidence {score(lesson.confidence)} · support{" "}
            {lesson.supportTaskCount} task(s)
          </p>
          <p class="muted small">At recall: (0.45 × topic + 0.35 × trigger + 0.20 × quality) × multiplier.</p>
        </Card>
        <Card title="Track record">
          <p>
            recalled <strong>{data.recall.recalls}</strong> time(s) · helpful {data.recall.helpful} · harmful{" "}
            {data.recall.harmful} · helpfulness {percent(data.recall.helpfulness)}
          </p>
          <p>
            pattern successes {lesson.successCount} · failures {lesson.failureCount} · feedback weight{" "}
            {score(data.weight.weight)}
          </p>
          {data.adherence === "unavailable" ? (
            <Unavailable message="adherence is not available in this build" />
          ) : data.adherence === null ? (
            <p class="muted">No adherence recorded.</p>
          ) : (
            <p>
              followed {data.adherence.followed} · ignored {data.adherence.ignored} · overridden{" "}
              {data.adherence.overridden} · denied {data.adherence.denied} · adherence{" "}
              {percent(data.adherence.rate)}
            </p>
          )}
        </Card>
        <Card title="Supersession">
          <Chain data={data} />
        </Card>
      </div>
      <Card title={`Evidence (${lesson.evidenceCount})`} wide>
        <ul class="evidence" data-testid="evidence">
          {data.evidence.map((item, index) => (
            <li key={`${item.sessionId}-${index}`}>
              <q>{item.quote}</q>{" "}
              {item.sessionExists ? (
                <a href={href(["sessions", item.sessionId], { seq: item.seq ?? undefined })}>
                  {item.seq !== null ? `turn #${item.seq}` : "session"}
                </a>
              ) : (
                <span class="muted">{item.sessionId === "manual" ? "added by hand" : "session pruned"}</span>
              )}
              {item.taskId ? (
                <>
                  {" · "}
                  <a href={href(["tasks", item.taskId])}>task</a>
                </>
              ) : null}{" "}
              <span class="muted small">{time(item.at)}</span>
            </li>
          ))}
        </ul>
      </Card>
      <Card title={`History (${data.history.length})`} wide>
        <ol class="history" data-testid="history">
          {[...data.history].reverse().map((event) => (
            <HistoryItem key={event.id} event={event} reload={reload} />
          ))}
        </ol>
      </Card>
      {data.recalls.length > 0 ? (
        <Card title="Recent recalls" wide>
          <ul>
            {data.recalls.map((recall) => (
              <li key={recall.id}>
                {time(recall.createdAt)} · <q>{oneLine(recall.prompt, 120)}</q>
                {recall.sessionId ? (
                  <>
                    {" "}
                    · <a href={href(["sessions", recall.sessionId])}>session</a>
                  </>
                ) : null}
                {recall.outcome ? ` · ${recall.outcome}` : ""}
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </div>
  );
}

function HistoryItem({ event, reload }: { event: HistoryEntry; reload: () => void }) {
  return (
    <li data-testid="history-event" data-type={event.type}>
      <strong>{event.type.replace(/^lesson-/, "")}</strong> <span class="muted small">{time(event.at)}</span>{" "}
      — {event.reason}
      {event.changes.length > 0 ? (
        <ul class="changes">
          {event.changes.map((change) => (
            <li key={change.field}>
              <code>{change.field}</code>: {show(change.before)} → {show(change.after)}
            </li>
          ))}
        </ul>
      ) : null}
      {event.type !== "lesson-reverted" ? (
        <ConfirmAction
          label="Revert"
          question="Undo this change exactly?"
          danger
          testId="revert"
          action={async () => {
            await post(`/api/lesson-events/${seg(event.id)}/revert`);
            reload();
          }}
        />
      ) : null}
    </li>
  );
}

function show(value: unknown): string {
  if (value === null || value === undefined) return "–";
  if (typeof value === "string") return oneLine(value, 80);
  return oneLine(JSON.stringify(value), 80);
}

function LinkTo({ lesson }: { lesson: LessonLink }) {
  return (
    <>
      <a href={href(["lessons", lesson.id])}>{oneLine(lesson.rule, 90)}</a>{" "}
      <Pill value={lesson.status} kind={`status-${lesson.status}`} />
    </>
  );
}

function Chain({ data }: { data: Dossier }) {
  const { chain } = data;
  const empty =
    !chain.supersedes.length && !chain.supersededBy.length && !chain.invertedFrom && !chain.invertedTo;
  if (empty) return <p class="muted">Replaces nothing, and nothing replaced it.</p>;
  return (
    <ol class="chain" data-testid="chain">
      {chain.supersedes.map((lesson) => (
        <li key={lesson.id} data-testid="supersedes">
          supersedes <LinkTo lesson={lesson} />
        </li>
      ))}
      <li>
        <strong>this lesson</strong>
      </li>
      {chain.supersededBy.map((lesson) => (
        <li key={lesson.id} data-testid="superseded-by">
          superseded by <LinkTo lesson={lesson} />
        </li>
      ))}
      {chain.invertedFrom ? (
        <li>
          inverted from <LinkTo lesson={chain.invertedFrom} />
        </li>
      ) : null}
      {chain.invertedTo ? (
        <li>
          inverted into <LinkTo lesson={chain.invertedTo} />
        </li>
      ) : null}
    </ol>
  );
}

/** What a lesson governs and the value it sets: "naming.variable.prefix = n_". */
export function SlotText({ slot }: { slot: Slot }) {
  return (
    <span class="muted small" data-testid="slot">
      {slot.id}
      {slot.value ? ` = ${slot.value}` : ""}
    </span>
  );
}
