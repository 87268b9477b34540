import { get } from "../api";
import { BarChart, DayColumns } from "../charts";
import { Card, Show, Unavailable, useLoad } from "../components";
import { number, time } from "../format";
import { href } from "../router";
import type { Overview } from "../types";

const MATURITIES = ["candidate", "established", "proven", "deprecated"];
const STATUSES = ["candidate", "active", "refined", "stale", "archived"];
const SIGNAL_TYPES = ["correction", "reject", "constraint", "preference", "confusion", "success"];

export function OverviewPage() {
  const loaded = useLoad(() => get<Overview>("/api/overview", { days: 30 }), []);
  return (
    <div>
      <h1>Overview</h1>
      <Show loaded={loaded}>{(data) => <OverviewBody data={data} />}</Show>
    </div>
  );
}

function OverviewBody({ data }: { data: Overview }) {
  const counts: Array<[string, number, string]> = [
    ["sessions", data.store.sessions, href(["sessions"])],
    ["messages", data.store.messages, href(["sessions"])],
    ["tool calls", data.store.toolCalls, href(["sessions"])],
    ["errors", data.store.errors, href(["sessions"])],
    ["tasks", data.tasks.total, href(["sessions"])],
    ["signals", data.signals.total, href(["signals"])],
    ["lessons", data.lessons.total, href(["lessons"])],
    ["skills", data.skills, href(["skills"])],
  ];
  return (
    <div class="grid">
      <section class="card wide counts" data-testid="counts">
        {counts.map(([label, value, link]) => (
          <a key={label} class="count" href={link}>
            <strong>{number(value)}</strong>
            <span>{label}</span>
          </a>
        ))}
        <p class="muted small">
          {data.store.location} · activity {time(data.store.firstActivityAt)} →{" "}
          {time(data.store.lastActivityAt)}
        </p>
      </section>
      <Card title="Lessons by maturity">
        <BarChart
          title="Lessons by maturity"
          bars={MATURITIES.map((label) => ({ label, value: data.lessons.byMaturity[label] ?? 0 }))}
        />
      </Card>
      <Card title="Lessons by status">
        <BarChart
          title="Lessons by status"
          bars={STATUSES.map((label) => ({
            label,
            value: data.lessons.byStatus[label] ?? 0,
            kind: `status-${label}`,
          }))}
        />
      </Card>
      <Card title={`Signals per day (${data.signals.total} in all)`} wide>
        <DayColumns
          title="Feedback signals per day"
          names={SIGNAL_TYPES}
          days={data.signals.perDay.map((day) => ({
            day: day.day,
            parts: SIGNAL_TYPES.map((name) => ({ name, value: day.counts[name] ?? 0 })),
          }))}
        />
      </Card>
      <Card title="Adherence">
        {data.adherence === "unavailable" ? (
          <Unavailable message="lesson adherence is not available in this build" />
        ) : (
          <DayColumns
            title="Recalled lessons followed, ignored, and tool calls denied per day"
            names={["followed", "ignored", "denied"]}
            days={data.adherence.map((day) => ({
              day: day.day,
              parts: [
                { name: "followed", value: day.followed },
                { name: "ignored", value: day.ignored },
                { name: "denied", value: day.denied },
              ],
            }))}
          />
        )}
      </Card>
      <Card title={`Model calls, last ${data.llm.perDay.length} days`}>
        <p>
          <strong>{number(data.llm.totals.calls)}</strong> calls ·{" "}
          <strong>{number(data.llm.totals.chargedTokens)}</strong> tokens charged · {data.llm.totals.failures}{" "}
          failed · {data.llm.totals.refused} refused
        </p>
        <DayColumns
          title="Model calls per day"
          names={["calls", "failures", "refused"]}
          days={data.llm.perDay.map((day) => ({
            day: day.day,
            parts: [
              { name: "calls", value: day.calls - day.failures },
              { name: "failures", value: day.failures },
              { name: "refused", value: day.refused },
            ],
          }))}
        />
        {data.llm.byPurpose.length > 0 ? (
          <div class="scroll">
            <table>
              <thead>
                <tr>
                  <th>purpose</th>
                  <th>model</th>
                  <th class="num">calls</th>
                  <th class="num">tokens</th>
                </tr>
              </thead>
              <tbody>
                {data.llm.byPurpose.map((row) => (
                  <tr key={`${row.purpose}/${row.model}`}>
                    <td>{row.purpose}</td>
                    <td>{row.model}</td>
                    <td class="num">{row.calls}</td>
                    <td class="num">{number(row.chargedTokens)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p class="muted">No model calls: everything ran offline.</p>
        )}
      </Card>
    </div>
  );
}
