import { ulid } from "ulid";
import { adoptLesson } from "../core/lessons/lifecycle.js";
import type { Skill } from "../core/skills/skill.js";
import { LessonConflictError } from "../store/lesson-store.js";
import type { Store } from "../store/store.js";

const MAX_ATTEMPTS = 5;

/**
 * A skill made from lessons adopts them: each lesson in `skill.sourceLessonIds` is marked adopted
 * (a candidate becomes active: a skill took it up) and links the skill in `relatedSkillIds`, with a
 * history event. Lessons already adopted and linked, archived or removed are left alone. Returns
 * the ids of the lessons changed.
 */
export async function adoptSkillLessons(
  deps: { store: Store; now: () => number; ids?: () => string },
  skill: Pick<Skill, "id" | "name" | "sourceLessonIds">,
): Promise<string[]> {
  const changed: string[] = [];
  for (const lessonId of skill.sourceLessonIds) {
    for (let attempt = 1; ; attempt++) {
      const lesson = await deps.store.getLesson(lessonId);
      if (!lesson) break;
      const adopted = adoptLesson(lesson, {
        now: deps.now(),
        ids: deps.ids ?? ulid,
        skillId: skill.id,
        reason: `taken up by skill ${skill.name} (${skill.id})`,
      });
      if (!adopted.ok) break;
      try {
        await deps.store.commitLessonChanges({
          writes: [{ lesson: adopted.lesson, expected: lesson }],
          deletes: [],
          events: [adopted.event],
          feedback: [],
          vectors: [],
        });
        changed.push(lessonId);
        break;
      } catch (error) {
        if (!LessonConflictError.isInstance(error) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }
  return changed;
}
