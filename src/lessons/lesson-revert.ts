/**
 * Undoing one change of the lesson book: the lesson returns exactly to its state before the event,
 * and undoing a supersession also retires the lesson that replaced it.
 */
import { NotFoundError } from "../core/errors.js";
import { revertEvent } from "../core/lessons/history.js";
import type { Lesson } from "../core/lessons/lesson.js";
import { archiveLesson } from "../core/lessons/lifecycle.js";
import type { LessonChange, LessonWriter } from "./lesson-writer.js";

/** Undoes one change: the lesson returns exactly to its state before the event. */
export async function revertLessonEvent(writer: LessonWriter, eventId: string): Promise<LessonChange> {
  const { store, embedderId } = writer;
  const event = await store.getLessonEvent(eventId);
  if (!event) throw new NotFoundError("lesson event", eventId);
  return writer.withRetry(async () => {
    const current = await store.getLesson(event.lessonId);
    const events = await store.listLessonEvents(event.lessonId);
    const isLatest = events.filter((item) => item.type !== "lesson-reverted").at(-1)?.id === event.id;
    const result = revertEvent(event, current, { ...writer.context(), isLatest });
    if (!result.ok) return result;
    const restore = result.restore;
    const contentChanged = restore !== null && restore.contentHash !== current?.contentHash;
    // Undoing a supersession brings the old rule back and retires the one that replaced it.
    const replacing = event.type === "lesson-superseded" ? event.after?.supersededById : null;
    const replacer = replacing ? await store.getLesson(replacing) : null;
    const retired =
      replacer && replacer.status !== "archived"
        ? archiveLesson(replacer, {
            ...writer.context(),
            reason: `supersession of ${event.lessonId} reverted`,
          })
        : null;
    await writer.commit({
      writes: [
        ...(restore ? [{ lesson: restore, expected: current }] : []),
        ...(retired?.ok ? [{ lesson: retired.lesson, expected: replacer as Lesson }] : []),
      ],
      deletes: restore === null && current ? [{ expected: current }] : [],
      events: [result.event, ...(retired?.ok ? [retired.event] : [])],
      vectors: contentChanged
        ? [{ lessonId: restore.id, embedderId, vector: await writer.embedLesson(restore) }]
        : [],
    });
    return { ok: true, lesson: restore, events: [result.event, ...(retired?.ok ? [retired.event] : [])] };
  });
}
