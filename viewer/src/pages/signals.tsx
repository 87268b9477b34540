import { get } from "../api";
import { Pill, Show, useLoad } from "../components";
import { oneLine, score, time } from "../format";
import { href } from "../router";
import type { Signal } from "../types";

const TYPES = ["correction", "reject", "constraint", "preference", "confusion", "success"];
const PAGE = 100;

export function SignalsPage({ query }: { query: URLSearchParams }) {
  const type = query.get("type") ?? "";
  const offset = Number(query.get("offset") ?? 0) || 0;
  const loaded = useLoad(
    () => get<{ signals: Signal[]; total: number }>("/api/signals", { type, limit: PAGE, offset }),
    [type, offset],
  );
  return (
    <div>
      <h1>Feedback signals</h1>
      <nav class="chips" aria-label="signal type">
        <a class={type === "" ? "active" : ""} href={href(["signals"])}>
          all
        </a>
        {TYPES.map((name) => (
          <a key={name} class={type === name ? "active" : ""} href={href(["signals"], { type: name })}>
            {name}
          </a>
        ))}
      </nav>
      <Show loaded={loaded}>
        {(data) => (
          <>
            <p class="muted">
              {data.total === 0 ? "none" : `${offset + 1}–${offset + data.signals.length} of ${data.total}`},
              newest first
            </p>
            <div class="scroll">
              <table data-testid="signals">
                <thead>
                  <tr>
                    <th>type</th>
                    <th>what was said</th>
                    <th>source</th>
                    <th class="num">confidence</th>
                    <th>when</th>
                  </tr>
                </thead>
                <tbody>
                  {data.signals.map((signal) => (
                    <tr key={signal.id}>
                      <td>
                        <Pill value={signal.type} />
                      </td>
                      <td>
                        <a
                          href={href(["sessions", signal.sessionId], { seq: signal.messageSeq ?? undefined })}
                        >
                          {oneLine(signal.evidence, 160)}
                        </a>
                      </td>
                      <td>{signal.source}</td>
                      <td class="num">{score(signal.confidence)}</td>
                      <td>{time(signal.createdAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              total={data.total}
              offset={offset}
              page={PAGE}
              to={(next) => href(["signals"], { type, offset: next })}
            />
          </>
        )}
      </Show>
    </div>
  );
}

/** Previous / next links over a listing. */
export function Pager({
  total,
  offset,
  page,
  to,
}: {
  total: number;
  offset: number;
  page: number;
  to: (offset: number) => string;
}) {
  if (total <= page) return null;
  return (
    <p class="pager">
      {offset > 0 ? <a href={to(Math.max(0, offset - page))}>← previous</a> : null}{" "}
      {offset + page < total ? <a href={to(offset + page)}>next →</a> : null}
    </p>
  );
}
