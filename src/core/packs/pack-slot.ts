/**
 * The one place a pack reads and writes what a lesson governs (its slot) and whether it is a
 * standing convention (`Lesson.slot`, `Lesson.convention`), both ways: a pack carries them and an
 * import hands them to the lesson book, whose slot supersession then applies. Pure.
 */
import { slotOfLesson } from "../lessons/contradiction.js";
import type { Lesson, NewLesson } from "../lessons/lesson.js";
import type { PackSlot } from "./pack-format.js";

/** What a pack says of a lesson as a convention: its slot and the convention mark, when it has them. */
export interface PackConvention {
  slot?: PackSlot;
  convention?: boolean;
}

/** The slot and convention mark of a stored lesson (its slot as learnt, else the one its rule names). */
export function conventionOf(lesson: Lesson): PackConvention {
  return mark(slotOfLesson(lesson), lesson.convention);
}

/** A pack lesson's slot and convention mark as lesson-book input. */
export function conventionInput(convention: PackConvention): Partial<Omit<NewLesson, "id" | "now">> {
  return mark(convention.slot, convention.convention);
}

/** Only what is there: a copy of the slot, and the mark when it is set. */
function mark(slot: PackSlot | null | undefined, convention: boolean | undefined): PackConvention {
  return {
    ...(slot ? { slot: { id: slot.id, value: slot.value } } : {}),
    ...(convention ? { convention: true } : {}),
  };
}

/** True for a lesson that governs a slot or is marked a convention: what `--conventions` exports. */
export function isConvention(lesson: Lesson): boolean {
  const convention = conventionOf(lesson);
  return convention.slot !== undefined || convention.convention === true;
}
