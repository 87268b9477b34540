import { get } from "../api";
import { Pill, Show, useLoad } from "../components";
import { oneLine, score, time } from "../format";
import { href } from "../router";
import type { LessonRow } from "../types";
import { SlotText } from "./lesson";
import { Pager } from "./signals";

const PAGE = 50;
const FILTERS = [
  "status",
  "maturity",
  "kind",
  "scope",
  "convention",
  "project",
  "q",
  "sort",
  "order",
] as const;
const OPTIONS: Record<string, string[]> = {
  status: ["candidate", "active", "refined", "stale", "archived"],
  maturity: ["candidate", "established", "proven", "deprecated"],
  kind: ["avoid", "prefer", "verify", "clarify", "pattern", "anti_pattern"],
  scope: ["project", "global"],
  sort: ["updated", "created", "confidence", "support", "evidence", "quality"],
  order: ["desc", "asc"],
};

export function LessonsPage({ query }: { query: URLSearchParams }) {
  const values = Object.fromEntries(FILTERS.map((name) => [name, query.get(name) ?? ""])) as Record<
    (typeof FILTERS)[number],
    string
  >;
  const offset = Number(query.get("offset") ?? 0) || 0;
  const key = JSON.stringify(values) + offset;
  const loaded = useLoad(
    () => get<{ lessons: LessonRow[]; total: number }>("/api/lessons", { ...values, limit: PAGE, offset }),
    [key],
  );
  const apply = (form: HTMLFormElement) => {
    const data = new FormData(form);
    location.hash = href(
      ["lessons"],
      Object.fromEntries(FILTERS.map((name) => [name, String(data.get(name) ?? "")])),
    );
  };
  return (
    <div>
      <h1>Lessons</h1>
      <form
        class="filters"
        data-testid="lesson-filters"
        onSubmit={(event) => {
          event.preventDefault();
          apply(event.currentTarget as HTMLFormElement);
        }}
        onChange={(event) => {
          if ((event.target as HTMLElement).tagName === "SELECT")
            apply(event.currentTarget as HTMLFormElement);
        }}
      >
        <input name="q" placeholder="words in trigger, rule or why" value={values.q} aria-label="search" />
        {(["status", "maturity", "kind", "scope"] as const).map((name) => (
          <select key={name} name={name} value={values[name]} aria-label={name}>
            <option value="">any {name}</option>
            {(OPTIONS[name] ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ))}
        <select name="convention" value={values.convention} aria-label="convention">
          <option value="">conventions and lessons</option>
          <option value="true">conventions only</option>
          <option value="false">no conventions</option>
        </select>
        <input name="project" placeholder="project path" value={values.project} aria-label="project" />
        <select name="sort" value={values.sort || "updated"} aria-label="sort by">
          {(OPTIONS.sort ?? []).map((option) => (
            <option key={option} value={option}>
              sort: {option}
            </option>
          ))}
        </select>
        <select name="order" value={values.order || "desc"} aria-label="order">
          {(OPTIONS.order ?? []).map((option) => (
            <option key={option} value={option}>
              {option === "desc" ? "highest first" : "lowest first"}
            </option>
          ))}
        </select>
        <button type="submit">Filter</button>
      </form>
      <Show loaded={loaded}>
        {(data) => (
          <>
            <p class="muted">{data.total} lessons match</p>
            <div class="scroll">
              <table data-testid="lessons">
                <thead>
                  <tr>
                    <th>rule</th>
                    <th class="wide-only">kind</th>
                    <th>status</th>
                    <th>maturity</th>
                    <th class="num">quality</th>
                    <th class="num wide-only">support</th>
                    <th class="num wide-only">evidence</th>
                    <th class="wide-only">updated</th>
                  </tr>
                </thead>
                <tbody>
                  {data.lessons.map((lesson) => (
                    <tr key={lesson.id}>
                      <td>
                        <a href={href(["lessons", lesson.id])}>{oneLine(lesson.rule, 120)}</a>
                        {lesson.convention ? (
                          <>
                            {" "}
                            <Pill value="convention" kind="kind" />
                          </>
                        ) : null}
                        <div class="muted small">
                          {oneLine(lesson.trigger, 100)}
                          {lesson.slot ? (
                            <>
                              {" · "}
                              <SlotText slot={lesson.slot} />
                            </>
                          ) : null}
                        </div>
                      </td>
                      <td class="wide-only">{lesson.kind}</td>
                      <td>
                        <Pill value={lesson.status} kind={`status-${lesson.status}`} />
                      </td>
                      <td>
                        <Pill value={lesson.maturity} />
                      </td>
                      <td class="num">{score(lesson.quality)}</td>
                      <td class="num wide-only">{lesson.supportTaskCount}</td>
                      <td class="num wide-only">{lesson.evidenceCount}</td>
                      <td class="wide-only">{time(lesson.updatedAt)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              total={data.total}
              offset={offset}
              page={PAGE}
              to={(next) => href(["lessons"], { ...values, offset: next })}
            />
          </>
        )}
      </Show>
    </div>
  );
}
