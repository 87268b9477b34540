/**
 * Contradiction between lessons: "Use pnpm, not yarn" overturns "Use yarn, not npm"; "vitest
 * replaced jest" overturns "Run the tests with jest"; "Variable names start with 'wr_'" overturns
 * "…with 'z_'". The offline embedder scores such opposites as near-duplicates (they share nearly
 * every word), so dedup must not merge them: the newer lesson supersedes the older one instead,
 * which is archived as "superseded by …" (docs/lessons.md, docs/design.md#lifecycle).
 */
import { slotOf } from "../conventions/slot-rule.js";
import { type PreferenceTerms, preferenceTerms } from "../lexicon/use-and-avoid.js";
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

/** The words of a rule as terms are read (lower case; `@Audited`, `env_logger`, `os.path` kept whole). */
function ruleWords(rule: string): Set<string> {
  return new Set(
    rule
      .toLowerCase()
      .split(/[^\p{L}\p{N}_@./:+-]+/u)
      .map((word) => word.replace(/[.:]+$/, "")),
  );
}

/**
 * True when a lesson is a convention that says to stop using something ("env_logger gets removed",
 * "no new Koin modules"): the lesson book then checks it against every convention of its scope
 * (see {@link contradicts}), not only its nearest neighbours.
 */
export function dropsSomething(lesson: Pick<Lesson, "rule" | "convention">): boolean {
  return lesson.convention === true && preferenceTerms(lesson.rule).avoid.size > 0;
}

/**
 * True when both are conventions and `newer` drops what `older` is built on: a thing it says to
 * stop using ("env_logger gets removed", "no new Koin modules") that `older` names without
 * forbidding it ("logging goes through the log crate with env_logger"). This is how a change of
 * convention supersedes the old one when no slot names what they govern. `fresh` and `old` are
 * the two rules' terms, read once by the caller.
 */
function dropsWhatOlderUses(
  newer: Pick<Lesson, "rule" | "convention">,
  older: Pick<Lesson, "rule" | "convention">,
  fresh: PreferenceTerms,
  old: PreferenceTerms,
): boolean {
  if (newer.convention !== true || older.convention !== true || fresh.avoid.size === 0) return false;
  const words = ruleWords(older.rule);
  // A thing the newer rule still speaks of in the plural ("test" beside "tests") is not dropped.
  const own = ruleWords(newer.rule);
  for (const item of fresh.avoid)
    if (words.has(item) && !old.avoid.has(item) && !fresh.use.has(item) && !own.has(`${item}s`)) return true;
  return false;
}

/**
 * True when `newer` tells the agent to avoid something `older` tells it to use (or to use something
 * `older` tells it to avoid), sets another value in the slot `older` governs, or, both being
 * conventions, drops what `older` is built on — one overturns the other.
 */
export function contradicts(
  newer: Pick<Lesson, "rule" | "slot" | "convention">,
  older: Pick<Lesson, "rule" | "slot" | "convention">,
): boolean {
  const fresh = preferenceTerms(newer.rule);
  const old = preferenceTerms(older.rule);
  for (const item of fresh.avoid) if (old.use.has(item)) return true;
  for (const item of fresh.use) if (old.avoid.has(item) && !old.use.has(item)) return true;
  return replacesInSlot(newer, older) || dropsWhatOlderUses(newer, older, fresh, old);
}
