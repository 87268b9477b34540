/**
 * A lesson's supersession chain as a person follows it: every lesson it replaced, directly or through
 * the ones between (z_ → wr_ when looking at n_), oldest first, and every lesson that replaced it in
 * turn, newest last. Read from the store's `supersededById` links in both directions.
 */
import type { Lesson } from "../core/lessons/lesson.js";
import type { Store } from "../store/store.js";

/** The lessons around `lesson` in its supersession chain (it is in neither list). */
export interface SupersessionChain {
  /** Lessons it replaced, directly or not, oldest first. */
  supersedes: Lesson[];
  /** The lessons that replaced it, in order (each replaced by the next). */
  supersededBy: Lesson[];
}

/** Longest chain followed either way: a guard against a cycle written by hand. */
const MAX_LINKS = 100;

/** `lesson`'s supersession chain, both ways. */
export async function supersessionChain(
  store: Pick<Store, "getLesson" | "insights">,
  lesson: Lesson,
): Promise<SupersessionChain> {
  const seen = new Set([lesson.id]);
  const supersededBy: Lesson[] = [];
  for (let next = lesson.supersededById; next !== null && supersededBy.length < MAX_LINKS; ) {
    if (seen.has(next)) break;
    seen.add(next);
    const found = await store.getLesson(next);
    if (!found) break;
    supersededBy.push(found);
    next = found.supersededById;
  }
  // Back from the lesson, one generation at a time: the nearest first, then reversed.
  const earlier: Lesson[] = [];
  let generation = [lesson.id];
  while (generation.length > 0 && earlier.length < MAX_LINKS) {
    const ids = (await Promise.all(generation.map((id) => store.insights.lessonsSupersededBy(id)))).flat();
    const fresh = ids.filter((id) => !seen.has(id));
    for (const id of fresh) seen.add(id);
    const found = (await Promise.all(fresh.map((id) => store.getLesson(id)))).filter(
      (item): item is Lesson => item !== null,
    );
    earlier.push(...[...found].reverse());
    generation = found.map((item) => item.id);
  }
  return { supersedes: earlier.reverse(), supersededBy };
}
