/**
 * `tacit pack export`: the store's lessons as a pack (docs/packs.md). Reads only; every text goes
 * through the privacy mask of the dataset export (secrets removed, personal data masked), with the
 * configured capture redactor.
 */
import { buildPack, type FeedbackCounts, packMask, selectPackLessons } from "../core/packs/build-pack.js";
import type { Pack, PackSelection } from "../core/packs/pack-format.js";
import { renderPack } from "../core/packs/pack-text.js";
import type { Redactor } from "../core/redaction.js";
import type { LessonStore } from "../store/lesson-store.js";

/** What `exportPack` needs besides the store. */
export interface PackExportOptions {
  selection: PackSelection;
  author: string;
  machine: string;
  tacitVersion: string;
  /** Include short evidence quotes that pass the privacy check (default true). */
  quotes?: boolean;
  redact: Redactor;
}

/** Builds the pack of the store's lessons the selection asks for, and its text. */
export async function exportPack(
  store: LessonStore,
  options: PackExportOptions,
): Promise<{ pack: Pack; text: string }> {
  const lessons = selectPackLessons(await store.listLessons({ limit: -1 }), options.selection);
  const feedback = new Map<string, FeedbackCounts>();
  for (const lesson of lessons) {
    const events = await store.listLessonFeedback(lesson.id);
    feedback.set(lesson.id, {
      helpful: events.filter((event) => event.type === "helpful").length,
      harmful: events.filter((event) => event.type === "harmful").length,
    });
  }
  const pack = buildPack(lessons, {
    selection: options.selection,
    author: options.author,
    machine: options.machine,
    tacitVersion: options.tacitVersion,
    feedback,
    mask: packMask(options.redact),
    quotes: options.quotes ?? true,
  });
  return { pack, text: renderPack(pack) };
}
