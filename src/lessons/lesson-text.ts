/**
 * A lesson's text on its way into the book: the redaction every lesson and feedback reason goes
 * through before it is stored, and the text a lesson is embedded (indexed) by.
 */
import { InvalidInputError } from "../core/errors.js";
import type { Lesson, NewLesson } from "../core/lessons/lesson.js";
import type { Redactor } from "../core/redaction.js";
import { type Embedder, embedderId } from "../models/embedder.js";
import type { LessonVectorWrite } from "../store/lesson-store.js";

/** A lesson to learn: the new-lesson fields without id and time, which the book assigns. */
export type LessonInput = Omit<NewLesson, "id" | "now">;

/** Longest feedback reason kept, in characters; a longer one is refused, not cut. */
export const MAX_FEEDBACK_REASON_CHARS = 2000;

/**
 * A lesson's text as it is stored: trigger, rule, why, project, the value of its slot and evidence
 * quotes go through the redactor, as captured text does (a lesson given by hand or by a model never
 * bypasses it).
 */
export function redactLesson<T extends Partial<LessonInput>>(lesson: T, redact: Redactor): T {
  const clean = (text: string) => redact(text).text;
  return {
    ...lesson,
    ...(lesson.trigger !== undefined ? { trigger: clean(lesson.trigger) } : {}),
    ...(lesson.rule !== undefined ? { rule: clean(lesson.rule) } : {}),
    ...(lesson.why !== undefined ? { why: clean(lesson.why) } : {}),
    ...(lesson.projectId ? { projectId: clean(lesson.projectId) } : {}),
    ...(lesson.slot?.value ? { slot: { ...lesson.slot, value: clean(lesson.slot.value) } } : {}),
    ...(lesson.evidence
      ? { evidence: lesson.evidence.map((quote) => ({ ...quote, quote: clean(quote.quote) })) }
      : {}),
  };
}

/** A feedback reason as stored: trimmed, redacted, null when blank; too long is an input error. */
export function feedbackReason(reason: string | undefined, redact: Redactor): string | null {
  const trimmed = reason?.trim();
  if (!trimmed) return null;
  if (trimmed.length > MAX_FEEDBACK_REASON_CHARS) {
    throw new InvalidInputError({
      message: `is ${trimmed.length} characters long; at most ${MAX_FEEDBACK_REASON_CHARS} are kept`,
      field: "reason",
    });
  }
  return redact(trimmed).text;
}

/** The text a lesson is embedded by: when it applies and what to do. */
export function lessonEmbeddingText(lesson: Pick<Lesson, "trigger" | "rule">): string {
  return `${lesson.trigger}\n${lesson.rule}`;
}

/** Embeds `lessons` in one call: the vector writes that index them under `embedder`. */
export async function embedLessons(
  embedder: Embedder,
  lessons: readonly Pick<Lesson, "id" | "trigger" | "rule">[],
): Promise<LessonVectorWrite[]> {
  const id = embedderId(embedder);
  const { embeddings } = await embedder.embed({ values: lessons.map(lessonEmbeddingText) });
  return lessons.map((lesson, index) => {
    const vector = embeddings[index];
    if (!vector)
      throw new Error(`embedder ${id} returned ${embeddings.length} vectors for ${lessons.length} lessons`);
    return { lessonId: lesson.id, embedderId: id, vector };
  });
}
