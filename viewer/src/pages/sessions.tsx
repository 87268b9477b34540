import { get } from "../api";
import { Show, useLoad } from "../components";
import { shortId, time } from "../format";
import { href } from "../router";
import type { Session } from "../types";

export function SessionsPage({ query }: { query: URLSearchParams }) {
  const project = query.get("project") ?? "";
  const agent = query.get("agent") ?? "";
  const loaded = useLoad(
    () => get<{ sessions: Session[]; total: number }>("/api/sessions", { limit: 200, project, agent }),
    [project, agent],
  );
  return (
    <div>
      <h1>Sessions</h1>
      <form
        class="filters"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget as HTMLFormElement);
          location.hash = href(["sessions"], {
            agent: String(form.get("agent") ?? ""),
            project: String(form.get("project") ?? ""),
          });
        }}
      >
        <select name="agent" value={agent} aria-label="agent">
          <option value="">any agent</option>
          {["claude-code", "codex", "openclaw", "generic", "mcp", "sdk"].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <input name="project" placeholder="project path" value={project} aria-label="project" />
        <button type="submit">Filter</button>
      </form>
      <Show loaded={loaded}>
        {(data) => (
          <>
            <p class="muted">
              {data.sessions.length} of {data.total} sessions, latest activity first
            </p>
            <div class="scroll">
              <table data-testid="sessions">
                <thead>
                  <tr>
                    <th>session</th>
                    <th>agent</th>
                    <th>last activity</th>
                    <th class="num">msgs</th>
                    <th class="num wide-only">tools</th>
                    <th class="num">errors</th>
                    <th class="wide-only">project</th>
                  </tr>
                </thead>
                <tbody>
                  {data.sessions.map((session) => (
                    <tr key={session.id}>
                      <td>
                        <a href={href(["sessions", session.id])} title={session.id}>
                          {session.title ? session.title : shortId(session.id)}
                        </a>
                      </td>
                      <td>{session.agent}</td>
                      <td>{time(session.lastActivityAt)}</td>
                      <td class="num">{session.messageCount}</td>
                      <td class="num wide-only">{session.toolCallCount}</td>
                      <td class="num">{session.toolErrorCount}</td>
                      <td class="path wide-only">{session.projectId ?? "–"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </Show>
    </div>
  );
}
