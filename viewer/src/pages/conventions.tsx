import { get, seg } from "../api";
import { Card, Pill, Show, useLoad } from "../components";
import { time } from "../format";
import { href } from "../router";
import type { Convention } from "../types";

export function ConventionsPage({ id }: { id: string | undefined }) {
  const list = useLoad(() => get<{ conventions: Convention[] }>("/api/conventions", { limit: 200 }), []);
  return (
    <div>
      <h1>Conventions</h1>
      {id ? <ConventionChain id={id} /> : null}
      <Show loaded={list}>
        {(data) => (
          <ul>
            {data.conventions.map((convention) => (
              <li key={convention.id}>
                <a href={href(["conventions", convention.id])}>{convention.statement}</a>{" "}
                <Pill value={convention.status} />{" "}
                <span class="muted small">{time(convention.updatedAt)}</span>
              </li>
            ))}
          </ul>
        )}
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
        <Card title="Supersession chain" wide>
          <ol class="chain">
            {data.chain.map((item) => (
              <li key={item.id} class={item.id === id ? "focused" : ""}>
                {item.statement} <Pill value={item.status} />
              </li>
            ))}
          </ol>
        </Card>
      )}
    </Show>
  );
}
