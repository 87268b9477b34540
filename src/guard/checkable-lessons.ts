/**
 * The lessons of a project that a tool call can be checked against, with their checks, kept in
 * memory between calls: a long-lived process (the hook daemon, the OpenClaw gateway) reads and
 * reads them again only when the lessons changed (the store's lessons version, one read per
 * call), and derives a lesson's checks again only when that lesson changed. The per-call path is
 * then pure code: no embedding, no full-text search.
 *
 * A lesson counts as the user's explicit prohibition when one of its evidence quotes forbids the
 * same program or file in the user's own words: the quote itself forbids it (core/guard/checks.ts)
 * and it is found in a user turn of its session that is not harness text.
 */
import { deriveChecks, type GuardCheck, sameSubject } from "../core/guard/checks.js";
import type { GuardLesson } from "../core/guard/decide.js";
import type { Lesson } from "../core/lessons/lesson.js";
import type { Store } from "../store/store.js";

/** A lesson with the checks its words make possible. */
export interface CheckableLesson {
  lesson: GuardLesson;
  checks: GuardCheck[];
  /** When the lesson's track record was last reset (overrides before it do not count). */
  resetAt: number;
}

/** What the guard reads lessons from. */
export type LessonSource = Pick<Store, "listLessons" | "guard">;

/** Lessons that may be checked: neither stale nor archived, nor deprecated by their record. */
const LIVE_STATUSES = ["candidate", "active", "refined"] as const;
/** Evidence quotes looked at per lesson for the user's explicit words. */
const MAX_QUOTES = 8;
/** Lesson readings kept across versions of the lessons. */
const MAX_READINGS = 20_000;

interface Cache {
  version: number;
  /** Per project key: its checkable lessons and the global ones. */
  projects: Map<string, CheckableLesson[]>;
  /** Per lesson id and update time: its reading (null: nothing checkable). */
  derived: Map<string, CheckableLesson | null>;
}

/** One cache per store object: the daemon keeps its stores open, a hook process has one. */
const caches = new WeakMap<object, Cache>();

/** The checkable lessons visible from a project (its own and the global ones). */
export async function checkableLessons(
  source: LessonSource,
  projectId: string | null,
): Promise<CheckableLesson[]> {
  const version = await source.guard.lessonsVersion();
  let cache = caches.get(source);
  if (!cache || cache.version !== version) {
    cache = { version, projects: new Map(), derived: cache?.derived ?? new Map() };
    caches.set(source, cache);
  }
  const key = projectId ?? "";
  const cached = cache.projects.get(key);
  if (cached) return cached;
  const lessons = await source.listLessons({
    ...(projectId ? { projectId } : { scope: "global" as const }),
    status: [...LIVE_STATUSES],
    limit: -1,
  });
  const readings: CheckableLesson[] = [];
  // Readings of lessons since changed are of no use: start over once they would pile up.
  if (cache.derived.size > MAX_READINGS) cache.derived.clear();
  for (const lesson of lessons) {
    if (lesson.maturity === "deprecated") continue;
    const id = `${lesson.id}:${lesson.updatedAt}`;
    let reading = cache.derived.get(id);
    if (reading === undefined) {
      reading = await readLesson(source, lesson);
      cache.derived.set(id, reading);
    }
    if (reading) readings.push(reading);
  }
  cache.projects.set(key, readings);
  return readings;
}

/**
 * One lesson's reading (its checks, whether it is the user's explicit prohibition), null when it
 * has nothing checkable or may not be checked; from the cache when this version was read before.
 */
export async function checkableLesson(source: LessonSource, lesson: Lesson): Promise<CheckableLesson | null> {
  if (!(LIVE_STATUSES as readonly string[]).includes(lesson.status) || lesson.maturity === "deprecated")
    return null;
  const derived = caches.get(source)?.derived;
  const id = `${lesson.id}:${lesson.updatedAt}`;
  const known = derived?.get(id);
  if (known !== undefined) return known;
  const reading = await readLesson(source, lesson);
  derived?.set(id, reading);
  return reading;
}

/** A lesson's checks, and whether the user's own words forbid what it forbids; null when none. */
async function readLesson(source: LessonSource, lesson: Lesson): Promise<CheckableLesson | null> {
  const ruleChecks = deriveChecks(lesson.rule);
  const quoted = await userProhibition(source, lesson);
  const ruleForbids = ruleChecks.filter((check) => check.kind === "forbid");
  // The rule's words come first; a rule that forbids nothing checkable leaves it to the user's.
  const checks = ruleForbids.length > 0 || !quoted ? ruleChecks : quoted.checks;
  if (checks.length === 0) return null;
  const explicit =
    quoted !== null &&
    checks.some(
      (check) =>
        check.kind === "forbid" && quoted.checks.some((said) => sameSubject(said.target, check.target)),
    );
  return {
    lesson: {
      id: lesson.id,
      rule: lesson.rule,
      maturity: lesson.maturity,
      userQuote: explicit && quoted ? quoted.quote : null,
      supportTaskCount: lesson.supportTaskCount,
    },
    checks,
    resetAt: lesson.maturityResetAt ?? 0,
  };
}

/** The first evidence quote that forbids something checkable and is the user's own words, with its checks. */
async function userProhibition(
  source: LessonSource,
  lesson: Lesson,
): Promise<{ quote: string; checks: GuardCheck[] } | null> {
  for (const evidence of lesson.evidence.slice(0, MAX_QUOTES)) {
    const checks = deriveChecks(evidence.quote).filter((check) => check.kind === "forbid");
    if (checks.length === 0) continue;
    if (await source.guard.userSaid(evidence.sessionId, evidence.quote))
      return { quote: evidence.quote, checks };
  }
  return null;
}
