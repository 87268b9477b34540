import { useState } from "preact/hooks";
import { get, post, seg } from "../api";
import { Card, ConfirmAction, Pill, Show, useLoad } from "../components";
import { time } from "../format";
import type { Audit } from "../types";

interface MemoryFile {
  path: string;
  projectId: string | null;
  audits: number;
  openAudits: number;
  lastChangeAt: number | null;
}

export function MemoryFilesPage() {
  const files = useLoad(() => get<{ files: MemoryFile[] }>("/api/memory-files"), []);
  const [path, setPath] = useState<string | null>(null);
  return (
    <div>
      <h1>Memory files</h1>
      <Show loaded={files}>
        {(data) => (
          <>
            <div class="scroll">
              <table>
                <thead>
                  <tr>
                    <th>file</th>
                    <th class="num">audits</th>
                    <th class="num">open</th>
                    <th>last change</th>
                  </tr>
                </thead>
                <tbody>
                  {data.files.map((file) => (
                    <tr key={file.path} data-testid="memory-file">
                      <td>
                        <button type="button" class="link" onClick={() => setPath(file.path)}>
                          {file.path}
                        </button>
                      </td>
                      <td class="num">{file.audits}</td>
                      <td class="num">{file.openAudits}</td>
                      <td>{time(file.lastChangeAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Audits path={path} />
            {path ? <FileHistory path={path} /> : null}
          </>
        )}
      </Show>
    </div>
  );
}

function Audits({ path }: { path: string | null }) {
  const audits = useLoad(() => get<{ audits: Audit[] }>("/api/audits", { path, limit: 50 }), [path]);
  return (
    <Card title={path ? `Audits of ${path}` : "Recent audits"} wide>
      <Show loaded={audits}>
        {(data) => (
          <ul class="audits" data-testid="audits">
            {data.audits.map((audit) => (
              <li key={audit.id} data-testid="audit" data-status={audit.status}>
                <Pill value={audit.verdict} /> <Pill value={audit.status} /> <strong>{audit.path}</strong>{" "}
                <span class="muted small">{time(audit.at)}</span>
                <p>{audit.summary}</p>
                {audit.diff ? <Diff diff={audit.diff} /> : null}
                {audit.status === "open" ? (
                  <ConfirmAction
                    label="Roll back"
                    testId="rollback"
                    question={`Restore ${audit.path} as it was before this change?`}
                    reason="optional"
                    danger
                    action={async (reason) => {
                      await post(`/api/audits/${seg(audit.id)}/rollback`, reason ? { reason } : {});
                      audits.reload();
                    }}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Show>
    </Card>
  );
}

function FileHistory({ path }: { path: string }) {
  const versions = useLoad(
    () =>
      get<{ versions: Array<{ id: string; at: number; change: string; auditId: string | null }> }>(
        "/api/memory-files/history",
        { path },
      ),
    [path],
  );
  return (
    <Card title={`History of ${path}`} wide>
      <Show loaded={versions}>
        {(data) => (
          <ol>
            {data.versions.map((version) => (
              <li key={version.id}>
                {time(version.at)} · {version.change}
              </li>
            ))}
          </ol>
        )}
      </Show>
    </Card>
  );
}

/** A unified diff, lines coloured by what they do. */
export function Diff({ diff }: { diff: string }) {
  return (
    <pre class="diff">
      {diff.split("\n").map((line, index) => {
        const kind = line.startsWith("@@")
          ? "hunk"
          : line.startsWith("+++") || line.startsWith("---")
            ? "file"
            : line.startsWith("+")
              ? "add"
              : line.startsWith("-")
                ? "del"
                : "same";
        return (
          <span key={index} class={`diff-${kind}`}>
            {line}
            {"\n"}
          </span>
        );
      })}
    </pre>
  );
}
