import { get, seg } from "../api";
import { Card, Pill, Show, useLoad } from "../components";
import { oneLine, time } from "../format";
import { href } from "../router";
import type { Skill } from "../types";

export function SkillsPage({ id }: { id: string | undefined }) {
  const skills = useLoad(() => get<{ skills: Skill[] }>("/api/skills", { limit: 200 }), []);
  return (
    <div>
      <h1>Skills</h1>
      {id ? <SkillDetail id={id} /> : null}
      <Show loaded={skills}>
        {(data) =>
          data.skills.length === 0 ? (
            <p class="muted">No skills yet: tacit makes one when several tasks support the same lessons.</p>
          ) : (
            <ul class="skills" data-testid="skills">
              {data.skills.map((skill) => (
                <li key={skill.id}>
                  <a href={href(["skills", skill.id])}>{skill.title}</a> <Pill value={skill.status} />{" "}
                  <span class="muted small">
                    v{skill.version} · {skill.scope === "global" ? "global" : skill.projectId} ·{" "}
                    {time(skill.updatedAt)}
                  </span>
                  <div class="muted">{oneLine(skill.description, 200)}</div>
                </li>
              ))}
            </ul>
          )
        }
      </Show>
    </div>
  );
}

function SkillDetail({ id }: { id: string }) {
  const loaded = useLoad(
    () =>
      get<{ skill: Skill; events: Array<{ id: string; type: string; at: number }> }>(
        `/api/skills/${seg(id)}`,
      ),
    [id],
  );
  return (
    <Show loaded={loaded}>
      {({ skill, events }) => (
        <Card title={skill.title} wide>
          <p>{skill.description}</p>
          <h3>When to use</h3>
          <ul>
            {skill.whenToUse.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <h3>Steps</h3>
          <ol>
            {skill.steps.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
          {skill.pitfalls.length ? (
            <>
              <h3>Pitfalls</h3>
              <ul>
                {skill.pitfalls.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </>
          ) : null}
          <p class="muted small">
            from lessons{" "}
            {skill.sourceLessonIds.map((lessonId) => (
              <a key={lessonId} href={href(["lessons", lessonId])}>
                {lessonId.slice(-6)}{" "}
              </a>
            ))}
            · {events.length} change(s)
          </p>
        </Card>
      )}
    </Show>
  );
}
