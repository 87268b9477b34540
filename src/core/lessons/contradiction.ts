/**
 * Contradiction between lessons: "Use pnpm, not yarn" overturns "Use yarn, not npm"; "vitest
 * replaced jest" overturns "Run the tests with jest"; "Variable names start with 'wr_'" overturns
 * "…with 'z_'". The offline embedder scores such opposites as near-duplicates (they share nearly
 * every word), so dedup must not merge them: the newer lesson supersedes the older one instead,
 * which is archived as "superseded by …" (docs/lessons.md, docs/design.md#lifecycle).
 */
import { slotOf } from "../conventions/slot-rule.js";
import { preferenceTerms } from "../lexicon/use-and-avoid.js";
import type { Lesson, LessonSlot } from "./lesson.js";

export { type PreferenceTerms, preferenceTerms } from "../lexicon/use-and-avoid.js";

/** A lesson's slot: the one it was learnt with, else the one its rule names. */
export function slotOfLesson(lesson: Pick<Lesson, "rule" | "slot">): LessonSlot | null {
  if (lesson.slot) return lesson.slot;
  const found = slotOf(lesson.rule);
  return found === null || found.value === null ? null : { id: found.slot, value: found.value };
}

/**
 * True when `newer` sets another value in the slot `older` governs: another tool of a kind a
 * project has one of ("use ./gradlew" after "use ./mvnw", "use pnpm" after "use yarn"), another
 * prefix for variable names, another deploy target.
 */
export function replacesInSlot(
  newer: Pick<Lesson, "rule" | "slot">,
  older: Pick<Lesson, "rule" | "slot">,
): boolean {
  const fresh = slotOfLesson(newer);
  const old = slotOfLesson(older);
  return (
    fresh !== null &&
    old !== null &&
    fresh.id === old.id &&
    fresh.value !== null &&
    old.value !== null &&
    fresh.value !== old.value
  );
}

/**
 * True when `newer` tells the agent to avoid something `older` tells it to use (or to use something
 * `older` tells it to avoid), or sets another value in the slot `older` governs — one overturns the
 * other.
 */
export function contradicts(
  newer: Pick<Lesson, "rule" | "slot">,
  older: Pick<Lesson, "rule" | "slot">,
): boolean {
  const fresh = preferenceTerms(newer.rule);
  const old = preferenceTerms(older.rule);
  for (const item of fresh.avoid) if (old.use.has(item)) return true;
  for (const item of fresh.use) if (old.avoid.has(item) && !old.use.has(item)) return true;
  return replacesInSlot(newer, older);
}
