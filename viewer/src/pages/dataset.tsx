import { useState } from "preact/hooks";
import { get, post, seg, storedToken } from "../api";
import { ConfirmAction, ErrorBox, Pill, Show, useLoad } from "../components";
import { oneLine, time } from "../format";
import type { Sample } from "../types";

export function DatasetPage() {
  const [status, setStatus] = useState("pending");
  const samples = useLoad(
    () => get<{ samples: Sample[]; total: number }>("/api/dataset/samples", { status, limit: 50 }),
    [status],
  );
  const [error, setError] = useState<Error | null>(null);
  const exportApproved = async () => {
    setError(null);
    try {
      const response = await fetch("/api/dataset/export", {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${storedToken()}` },
        body: JSON.stringify({ format: "jsonl" }),
        credentials: "omit",
      });
      if (!response.ok) throw new Error(((await response.json()) as { error: string }).error);
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement("a");
      link.href = url;
      link.download = "tacit-dataset.jsonl";
      link.click();
      URL.revokeObjectURL(url);
    } catch (failure) {
      setError(failure as Error);
    }
  };
  return (
    <div>
      <h1>Dataset</h1>
      <Show loaded={samples}>
        {(data) => (
          <>
            <div class="row">
              <select
                value={status}
                aria-label="status"
                onChange={(event) => setStatus((event.target as HTMLSelectElement).value)}
              >
                {["pending", "needs_review", "approved", "auto_approved", "rejected"].map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
              <span class="muted">{data.total} samples</span>
              <button type="button" onClick={exportApproved}>
                Export approved (JSONL)
              </button>
            </div>
            {error ? <ErrorBox error={error} /> : null}
            <ul class="samples" data-testid="samples">
              {data.samples.map((sample) => (
                <li key={sample.id} data-testid="sample" data-id={sample.id}>
                  <Pill value={sample.status} />{" "}
                  <span class="muted small">
                    {sample.kind} · {time(sample.createdAt)}
                  </span>
                  <p>
                    <strong>prompt</strong> {oneLine(sample.prompt, 400)}
                  </p>
                  <p>
                    <strong>completion</strong> {oneLine(sample.completion, 400)}
                  </p>
                  {sample.note ? <p class="muted small">note: {sample.note}</p> : null}
                  <div class="actions">
                    <ConfirmAction
                      label="Approve"
                      testId="approve"
                      question="Approve this sample for the dataset?"
                      reason="optional"
                      action={async (note) => {
                        await post(`/api/dataset/samples/${seg(sample.id)}/approve`, note ? { note } : {});
                        samples.reload();
                      }}
                    />
                    <ConfirmAction
                      label="Reject"
                      testId="reject"
                      question="Reject it?"
                      reason="required"
                      danger
                      action={async (note) => {
                        await post(`/api/dataset/samples/${seg(sample.id)}/reject`, { note });
                        samples.reload();
                      }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </Show>
    </div>
  );
}
