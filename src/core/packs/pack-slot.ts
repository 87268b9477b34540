/**
 * The one place a pack reads and writes what a lesson governs (its slot) and whether it is a
 * standing convention. Lessons in this build carry neither yet; when `Lesson.slot` and
 * `Lesson.convention` land, `conventionOf` returns them and `conventionInput` hands them to the
 * lesson book — one line each — and packs carry them both ways. Pure.
 */
import type { Lesson, NewLesson } from "../lessons/lesson.js";
import type { PackSlot } from "./pack-format.js";

/** What a pack says of a lesson as a convention: its slot and the convention mark, when it has them. */
export interface PackConvention {
  slot?: PackSlot;
  convention?: boolean;
}

/** The slot and convention mark of a stored lesson (none in this build). */
export function conventionOf(_lesson: Lesson): PackConvention {
  return {};
}

/** A pack lesson's slot and convention mark as lesson-book input (dropped in this build). */
export function conventionInput(_convention: PackConvention): Partial<Omit<NewLesson, "id" | "now">> {
  return {};
}

/** True for a lesson that governs a slot or is marked a convention: what `--conventions` exports. */
export function isConvention(lesson: Lesson): boolean {
  const convention = conventionOf(lesson);
  return convention.slot !== undefined || convention.convention === true;
}
