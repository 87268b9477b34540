import { get, seg } from "../api";
import { Card, Pill, Show, useLoad } from "../components";
import { time } from "../format";
import { href } from "../router";
import type { Convention } from "../types";
import { SlotText } from "./lesson";

const STATUSES = ["candidate", "active", "refined", "stale", "archived"];

/**
 * A project's standing conventions, newest first, each with what it governs and what superseded
 * it; with an id, the supersession chain that convention belongs to, oldest first.
 */
export function ConventionsPage({ id, query }: { id: string | undefined; query: URLSearchParams }) {
  const project = query.get("project") ?? "";
  const status = query.get("status") ?? "";
  const list = useLoad(
    () => get<{ conventions: Convention[] }>("/api/conventions", { limit: 200, project, status }),
    [project, status],
  );
  return (
    <div>
      <h1>Conventions</h1>
      {id ? <ConventionChain id={id} /> : null}
      <form
        class="filters"
        data-testid="convention-filters"
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget as HTMLFormElement);
          location.hash = href(["conventions"], {
            project: String(data.get("project") ?? ""),
            status: String(data.get("status") ?? ""),
          });
        }}
      >
        <input name="project" placeholder="project path" value={project} aria-label="project" />
        <select name="status" value={status} aria-label="status">
          <option value="">any status</option>
          {STATUSES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <button type="submit">Filter</button>
      </form>
      <Show loaded={list}>
        {(data) =>
          data.conventions.length === 0 ? (
            <p class="muted">No conventions learnt yet.</p>
          ) : (
            <ul data-testid="conventions">
              {data.conventions.map((convention) => (
                <li key={convention.id}>
                  <a href={href(["conventions", convention.id])}>{convention.statement}</a>{" "}
                  <Pill value={convention.status} kind={`status-${convention.status}`} />{" "}
                  {convention.slot ? <SlotText slot={convention.slot} /> : null}{" "}
                  {convention.supersededById ? (
                    <span class="small">
                      superseded by{" "}
                      <a href={href(["conventions", convention.supersededById])}>the newer one</a>
                    </span>
                  ) : null}{" "}
                  <span class="muted small">
                    {convention.projectId ?? "global"} · {time(convention.updatedAt)}
                  </span>
                </li>
              ))}
            </ul>
          )
        }
      </Show>
    </div>
  );
}

function ConventionChain({ id }: { id: string }) {
  const loaded = useLoad(
    () => get<{ convention: Convention; chain: Convention[] }>(`/api/conventions/${seg(id)}`),
    [id],
  );
  return (
    <Show loaded={loaded}>
      {(data) => (
        <Card title="Supersession chain, oldest first" wide>
          <ol class="chain" data-testid="convention-chain">
            {data.chain.map((item, index) => (
              <li key={item.id} class={item.id === id ? "focused" : ""}>
                {index > 0 ? <span class="muted small">superseded by → </span> : null}
                <a href={href(["lessons", item.id])}>{item.statement}</a>{" "}
                <Pill value={item.status} kind={`status-${item.status}`} />{" "}
                {item.slot ? <SlotText slot={item.slot} /> : null}
              </li>
            ))}
          </ol>
        </Card>
      )}
    </Show>
  );
}
