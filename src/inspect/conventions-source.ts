/**
 * The viewer's conventions: a project's standing conventions ("always start variable names with
 * 'n_'", "we use pnpm"), each with the supersession chain it belongs to (z_ → wr_ → n_), read from
 * the lesson store. See docs/viewer.md.
 */
import type { Lesson, LessonStatus } from "../core/lessons/lesson.js";
import type { Store } from "../store/store.js";
import { supersessionChain } from "./supersession-chain.js";
import type { ConventionsSource, ConventionView } from "./viewer-sources.js";

/** Conventions over `store`'s lessons. */
export function conventionsViewerSource(store: Store): ConventionsSource {
  const view = async (lesson: Lesson): Promise<ConventionView> => ({
    id: lesson.id,
    statement: lesson.rule,
    status: lesson.status,
    projectId: lesson.projectId,
    slot: lesson.slot ?? null,
    supersededById: lesson.supersededById,
    supersedes: await store.insights.lessonsSupersededBy(lesson.id),
    evidenceCount: lesson.evidenceCount,
    updatedAt: lesson.updatedAt,
  });
  return {
    async list(filter) {
      const lessons = await store.listLessons({
        limit: filter.limit,
        convention: true,
        ...(filter.projectId ? { projectId: filter.projectId } : {}),
        ...(filter.status ? { status: [filter.status as LessonStatus] } : {}),
      });
      return Promise.all(lessons.map(view));
    },
    async get(id) {
      const lesson = await store.getLesson(id);
      return lesson?.convention ? view(lesson) : null;
    },
    async chain(id) {
      const lesson = await store.getLesson(id);
      if (!lesson) return [];
      const { supersedes, supersededBy } = await supersessionChain(store, lesson);
      return Promise.all([...supersedes, lesson, ...supersededBy].map(view));
    },
  };
}
