import { useState } from "preact/hooks";
import { get } from "../api";
import { Card, Show, useLoad } from "../components";
import { oneLine, score } from "../format";
import { href } from "../router";
import type { Playground, RecallItem } from "../types";

export function RecallPage({ query }: { query: URLSearchParams }) {
  const prompt = query.get("prompt") ?? "";
  const project = query.get("project") ?? "";
  const [draft, setDraft] = useState(prompt);
  const projects = useLoad(
    () => get<{ projects: Array<{ projectId: string; sessions: number; lessons: number }> }>("/api/projects"),
    [],
  );
  const result = useLoad(
    () =>
      prompt
        ? get<Playground>("/api/recall", { prompt, project })
        : Promise.resolve(null as unknown as Playground),
    [prompt, project],
  );
  return (
    <div>
      <h1>Recall playground</h1>
      <p class="muted">
        What tacit would inject for a prompt, and why every other candidate was left out. Nothing is logged
        and no model is called.
      </p>
      <form
        class="playground"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget as HTMLFormElement);
          location.hash = href(["recall"], {
            prompt: draft.trim(),
            project: String(form.get("project") ?? ""),
          });
        }}
      >
        <textarea
          name="prompt"
          rows={3}
          placeholder="Type a prompt, e.g. install the dependencies"
          value={draft}
          data-testid="recall-prompt"
          onInput={(event) => setDraft((event.target as HTMLTextAreaElement).value)}
        />
        <div class="row">
          <select name="project" value={project} aria-label="project" data-testid="recall-project">
            <option value="">global lessons only</option>
            {(projects.data?.projects ?? []).map((item) => (
              <option key={item.projectId} value={item.projectId}>
                {item.projectId} ({item.lessons} lessons)
              </option>
            ))}
          </select>
          <button type="submit" class="primary" data-testid="recall-submit" disabled={draft.trim() === ""}>
            Recall
          </button>
        </div>
      </form>
      {prompt ? (
        <Show loaded={result}>
          {(data) => (data ? <Result data={data} /> : <p class="muted">Loading…</p>)}
        </Show>
      ) : null}
    </div>
  );
}

function Result({ data }: { data: Playground }) {
  return (
    <div data-testid="recall-result">
      <Card title={data.context ? `Injected (~${data.tokens} tokens)` : "Nothing would be injected"} wide>
        {data.context ? (
          <pre class="context">{data.context}</pre>
        ) : (
          <p class="muted">No candidate was relevant enough.</p>
        )}
        {data.liveSignals.length ? (
          <p class="muted small">live signals: {data.liveSignals.join(", ")}</p>
        ) : null}
      </Card>
      <Card title={`Chosen (${data.items.length})`} wide>
        <Items items={data.items} />
      </Card>
      <Card title={`Left out (${data.rejected.length})`} wide>
        <Items items={data.rejected} />
      </Card>
    </div>
  );
}

function Items({ items }: { items: Array<RecallItem & { reason?: string }> }) {
  if (items.length === 0) return <p class="muted">None.</p>;
  const partNames = [...new Set(items.flatMap((item) => Object.keys(item.parts)))];
  return (
    <div class="scroll">
      <table>
        <thead>
          <tr>
            <th>item</th>
            <th class="num">score</th>
            {partNames.map((name) => (
              <th key={name} class="num">
                {name}
              </th>
            ))}
            {items.some((item) => item.reason) ? <th>why left out</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={`${item.kind}-${item.id}`}>
              <td>
                <span class="muted small">{item.kind}</span>{" "}
                {item.kind === "lesson" ? (
                  <a href={href(["lessons", item.id])}>{oneLine(item.text, 110)}</a>
                ) : (
                  oneLine(item.text, 110)
                )}
              </td>
              <td class="num">{score(item.score)}</td>
              {partNames.map((name) => (
                <td key={name} class="num">
                  {item.parts[name] === undefined ? "" : score(item.parts[name] ?? 0)}
                </td>
              ))}
              {item.reason !== undefined ? <td>{item.reason}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
