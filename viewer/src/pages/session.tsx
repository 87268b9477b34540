import { useEffect, useState } from "preact/hooks";
import { get, seg } from "../api";
import { ErrorBox, Pill, Show, useLoad } from "../components";
import { oneLine, score, time } from "../format";
import { href } from "../router";
import type { Message, Timeline, TimelineEntry } from "../types";

/** One session as a timeline; `focus` (a message position) is scrolled to and marked. */
export function SessionPage({ id, focus }: { id: string; focus: string | null }) {
  const focusSeq = focus === null ? null : Number(focus);
  const limit =
    focusSeq !== null && Number.isFinite(focusSeq) ? Math.min(1000, Math.max(200, focusSeq + 50)) : 200;
  const loaded = useLoad(() => get<Timeline>(`/api/sessions/${seg(id)}/timeline`, { limit }), [id, limit]);
  const [more, setMore] = useState<TimelineEntry[]>([]);
  const [next, setNext] = useState<number | null>(null);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    setMore([]);
    setNext(loaded.data?.nextAfterSeq ?? null);
  }, [loaded.data]);
  useEffect(() => {
    if (focusSeq === null || !loaded.data) return;
    const element = document.getElementById(`seq-${focusSeq}`);
    element?.scrollIntoView({ block: "center" });
  }, [loaded.data, focusSeq]);
  const loadMore = async () => {
    if (next === null) return;
    try {
      const page = await get<Timeline>(`/api/sessions/${seg(id)}/timeline`, { afterSeq: next, limit: 200 });
      setMore((previous) => [...previous, ...page.entries]);
      setNext(page.nextAfterSeq);
    } catch (failure) {
      setError(failure as Error);
    }
  };
  return (
    <div>
      <Show loaded={loaded}>
        {(data) => (
          <>
            <h1 class="break">{data.session.title ?? data.session.id}</h1>
            <p class="muted small">
              {data.session.agent} · {data.session.messageCount} messages · {data.session.toolCallCount} tool
              calls · {data.session.toolErrorCount} failed · {time(data.session.createdAt)} →{" "}
              {time(data.session.lastActivityAt)}
              <br />
              <span class="path">{data.session.projectId ?? data.session.cwd ?? ""}</span>
              {data.session.gitBranch ? ` · ${data.session.gitBranch}` : ""}
            </p>
            {data.tasks.length > 0 ? (
              <details class="tasks" open={data.tasks.length <= 6}>
                <summary>{data.tasks.length} tasks</summary>
                <ul>
                  {data.tasks.map((task) => (
                    <li key={task.id}>
                      <a href={href(["tasks", task.id])}>{oneLine(task.title || task.goal, 90)}</a>{" "}
                      <Pill value={task.status} />{" "}
                      <span class="muted small">
                        #{task.startSeq}–{task.endSeq}
                      </span>
                    </li>
                  ))}
                </ul>
              </details>
            ) : null}
            {!data.denialsAvailable ? (
              <p class="muted small">Pre-tool denials are not available in this build.</p>
            ) : null}
            <ol class="timeline" data-testid="timeline">
              {[...data.entries, ...more].map((entry) => (
                <Entry key={`${entry.type}-${entryKey(entry)}`} entry={entry} focus={focusSeq} />
              ))}
            </ol>
            {next !== null ? (
              <button type="button" onClick={loadMore}>
                Load more
              </button>
            ) : (
              <p class="muted small">End of session.</p>
            )}
            {error ? <ErrorBox error={error} /> : null}
          </>
        )}
      </Show>
    </div>
  );
}

function entryKey(entry: TimelineEntry): string {
  switch (entry.type) {
    case "message":
      return entry.message.id;
    case "error":
      return entry.error.id;
    case "signal":
      return entry.signal.id;
    case "recall":
      return entry.recall.id;
    case "denial":
      return entry.denial.id;
  }
}

function Entry({ entry, focus }: { entry: TimelineEntry; focus: number | null }) {
  switch (entry.type) {
    case "message":
      return <MessageEntry message={entry.message} focused={focus === entry.seq} />;
    case "error":
      return (
        <li class="entry entry-error">
          <span class="tag">error</span> <Pill value={entry.error.errorType} kind="error" />{" "}
          {oneLine(entry.error.message, 300)}
          {entry.error.resolved ? <span class="muted"> (resolved)</span> : null}
        </li>
      );
    case "signal":
      return (
        <li class="entry entry-signal">
          <span class="tag">signal</span> <Pill value={entry.signal.type} />{" "}
          {oneLine(entry.signal.evidence, 300)}{" "}
          <span class="muted small">
            {entry.signal.source}, {score(entry.signal.confidence)}, {entry.signal.detector}
          </span>
        </li>
      );
    case "recall":
      return (
        <li class="entry entry-recall">
          <span class="tag">recall</span> {entry.recall.items.length} item(s) injected
          {entry.recall.outcome ? ` · outcome ${entry.recall.outcome}` : ""}
          <ul class="inline-list">
            {entry.recall.items.map((item) => (
              <li key={`${item.kind}-${item.itemId}`}>
                {item.kind === "lesson" ? (
                  <a href={href(["lessons", item.itemId])}>{item.kind}</a>
                ) : (
                  item.kind
                )}{" "}
                {score(item.score)}
              </li>
            ))}
          </ul>
        </li>
      );
    case "denial":
      return (
        <li class="entry entry-denial">
          <span class="tag">denied</span> {entry.denial.toolName}: {entry.denial.reason}
          {entry.denial.lessonId ? (
            <>
              {" "}
              (<a href={href(["lessons", entry.denial.lessonId])}>lesson</a>)
            </>
          ) : null}
        </li>
      );
  }
}

function MessageEntry({ message, focused }: { message: Message; focused: boolean }) {
  const classes = [
    "entry",
    `entry-${message.role}`,
    message.isError ? "entry-failed" : "",
    focused ? "focused" : "",
  ];
  if (message.kind === "tool_call") {
    return (
      <li id={`seq-${message.seq}`} class={classes.join(" ")}>
        <span class="seq">#{message.seq}</span> <span class="tag">tool</span>{" "}
        <strong>{message.toolName ?? "?"}</strong>
        {message.isError ? <Pill value="failed" kind="error" /> : null}
        <pre class="tool-input">{message.toolInput ?? ""}</pre>
        {message.toolOutput ? (
          <details>
            <summary>
              output ({message.toolOutput.length} chars{message.cut ? ", cut" : ""})
            </summary>
            <pre>{message.toolOutput}</pre>
          </details>
        ) : null}
      </li>
    );
  }
  return (
    <li id={`seq-${message.seq}`} class={classes.join(" ")}>
      <span class="seq">#{message.seq}</span> <span class="tag">{message.role}</span>
      {message.kind !== "text" ? <span class="muted small"> ({message.kind})</span> : null}{" "}
      <span class="muted small">{time(message.createdAt)}</span>
      <div class="text">{message.content}</div>
      {message.cut ? (
        <p class="muted small">(cut; the whole message is at /api/sessions/…/messages/{message.seq})</p>
      ) : null}
    </li>
  );
}
