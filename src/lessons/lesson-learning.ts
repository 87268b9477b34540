/**
 * Learning one lesson into the book: dedup on write against exact and near neighbours, and the
 * supersession it settles (lessons it contradicts, or other values for the same slot, are
 * superseded by it rather than merged into).
 */

import { returnedPart, slotOfBareValue, slotOfEarlierValue } from "../core/conventions/bare-values.js";
import { slotFamily } from "../core/conventions/slot-rule.js";
import { dropsSomething } from "../core/lessons/contradiction.js";
import { applyDedupDecision, type DedupConfig, decideDedup } from "../core/lessons/dedup.js";
import type { LessonEvent } from "../core/lessons/history.js";
import { createLesson, type Lesson } from "../core/lessons/lesson.js";
import type { LifecycleConfig } from "../core/lessons/lifecycle.js";
import { dropsOnlyLesson, replacedBy, restatedBeside, subsumesDrop } from "../core/lessons/subsumed-drops.js";
import {
  governsAnotherSlot,
  holdersOfOverturnedValues,
  overturnedBy,
  saidAt,
  saidTogether,
  setsWhatOtherDoesNot,
  settleSupersession,
  standsBeside,
  statesAnotherRule,
} from "../core/lessons/supersession.js";
import { mayNameValuesBack } from "../core/lessons/values-named-back.js";
import { appliedAlready, currentVersionsWithdrawn } from "../core/lessons/withdrawn-rules.js";
import { withdrawalIn } from "../core/lexicon/withdrawals.js";
import type { Redactor } from "../core/redaction.js";
import { lessonScopeKey, visibleScopeKeys } from "../store/lesson-store.js";
import { type LessonInput, redactLesson } from "./lesson-text.js";
import type { LessonWriter } from "./lesson-writer.js";

/** What learning one lesson did. */
export interface LearnResult {
  action: "created" | "exact-duplicate" | "update" | "append-evidence";
  lesson: Lesson;
  events: LessonEvent[];
  /** Similarity of the deciding neighbour (null for a creation with no neighbour). */
  similarity: number | null;
  /** Lessons this one overturned, as they were stored (superseded by it). */
  superseded: Lesson[];
}

/**
 * Learns a lesson through dedup: an exact or near duplicate merges into the lesson it repeats,
 * and lessons it contradicts are superseded by it. With `overturns: false` it supersedes
 * nothing (a lesson recorded as history, such as one a pack marks superseded); contradicted
 * lessons are still never merged into.
 */
export async function learnLesson(
  writer: LessonWriter,
  settings: {
    dedup: Partial<DedupConfig>;
    lifecycle: Partial<LifecycleConfig>;
    dedupNeighbours: number;
    redact: Redactor;
  },
  given: LessonInput,
  options: { overturns?: boolean } = {},
): Promise<LearnResult> {
  const { store, embedderId } = writer;
  const input = redactLesson(given, settings.redact);
  const vector = await writer.embedLesson(input);
  return writer.withRetry(async () => {
    const ctx = writer.context();
    const created = createLesson({ ...input, id: writer.ids(), now: ctx.now });
    // The live lessons of its scope (or only its conventions), each list read once for the checks below that need it.
    const listLive = (conventionsOnly: boolean) =>
      store.listLessons({
        scopeKeys: [lessonScopeKey(created)],
        ...(conventionsOnly ? { convention: true } : {}),
        status: ["candidate", "active", "refined"],
        limit: 200,
      });
    let conventions: Promise<Lesson[]> | undefined;
    const liveConventions = () => (conventions ??= listLive(true));
    let lessons: Promise<Lesson[]> | undefined;
    const liveLessons = () => (lessons ??= listLive(false));
    // An update that names only a value ("make that n_") takes the slot of the project's convention
    // whose value has that shape (slotOfBareValue).
    const candidate =
      created.convention === true && !created.slot
        ? await withBareValueSlot(created, await liveConventions(), () =>
            store.listLessons({ scopeKeys: [lessonScopeKey(created)], convention: true, limit: 500 }),
          )
        : created;
    const scopeKeys = visibleScopeKeys(candidate.scope === "project" ? candidate.projectId : null);
    const exact = await store.findLessonsByHash(candidate.contentHash, [lessonScopeKey(candidate)]);
    const near = await store.nearestLessons({
      embedderId,
      vector,
      scopeKeys,
      k: settings.dedupNeighbours,
    });
    const neighbours = [
      ...exact.map((lesson) => ({ lesson, similarity: 1 })),
      ...(
        await Promise.all(
          near.map(async (hit) => ({
            lesson: await store.getLesson(hit.lessonId),
            similarity: hit.similarity,
          })),
        )
      ).filter((hit): hit is { lesson: Lesson; similarity: number } => hit.lesson !== null),
    ];
    // An opposite rule looks like a near-duplicate to the embedder; it overturns, never merges.
    // So does a newer rule for the same slot with another value (z_ → wr_, yarn → pnpm), found
    // among every lesson of the scope that governs the slot, not only the nearest ones.
    const holders = candidate.slot
      ? await store.listLessons({
          scopeKeys: [lessonScopeKey(candidate)],
          slot: slotFamily(candidate.slot.id),
          limit: 100,
        })
      : [];
    // A convention holds every slot it states ("Tests are xUnit with FluentAssertions" holds the
    // assertion library too), and one that only mentions a tool holds that tool's slot ("new
    // features ship behind LaunchDarkly flags"; see replacesInSlot).
    // A lesson that is no convention holds the slot its rule names: "use fly deploy --remote-only
    // instead" gives way to "everything deploys with kamal now".
    if (candidate.convention === true && candidate.slot) holders.push(...(await liveLessons()));
    // A convention that drops a thing ("env_logger gets removed") is checked against every
    // convention of its scope, not only the nearest ones: the one built on that thing is overturned.
    // So is one that names a value of the project back with its replacement ("WH_ANALYTICS was always
    // queued; dev runs now use WH_DBT_SMALL"): the convention that holds that value is overturned.
    const built = dropsSomething(candidate) || mayNameValuesBack(candidate) ? await liveLessons() : [];
    const overturned = overturnedBy(candidate, [...neighbours.map((hit) => hit.lesson), ...built], holders);
    // A drop a change leaves behind ("lg_ is out" beside "variables use acct_ now") gives way to it,
    // whichever of the two is learnt first (core/lessons/subsumed-drops.ts).
    // Every lesson of its scope, archived ones too, read once for the two checks below that need it.
    let scoped: Promise<Lesson[]> | undefined;
    const scopeLessons = () =>
      (scoped ??= store.listLessons({ scopeKeys: [lessonScopeKey(candidate)], limit: 500 }));
    const leftBehind = await dropsLeftBehind(candidate, overturned, liveLessons, scopeLessons);
    // A withdrawal takes back the rule it names as it stands now, after the versions that replaced it.
    const versions = withdrawalIn(candidate.rule)
      ? currentVersionsWithdrawn(candidate, await scopeLessons())
      : [];
    // The same lesson may be read twice (a neighbour and a drop left behind): it is overturned once.
    overturned.push(
      ...[...leftBehind.overturned, ...versions].filter(
        (lesson) => !overturned.some((other) => other.id === lesson.id) && !standsBeside(candidate, lesson),
      ),
    );
    // …and every other version of a rule overturned: the live lessons that hold its value.
    if (overturned.some((lesson) => lesson.slot?.value != null))
      overturned.push(...holdersOfOverturnedValues(candidate, overturned, await liveLessons()));
    const overturnedIds = new Set(overturned.map((lesson) => lesson.id));
    const decision = decideDedup({
      candidate,
      // Rules for different slots are different rules, however alike their words; so are two
      // conventions that share few words of their rules. The same words are the same lesson
      // whatever slot each reading gave them.
      neighbours: neighbours.filter(
        (hit) =>
          hit.lesson.contentHash === candidate.contentHash ||
          (!overturnedIds.has(hit.lesson.id) &&
            !governsAnotherSlot(candidate, hit.lesson) &&
            !setsWhatOtherDoesNot(candidate, hit.lesson) &&
            !statesAnotherRule(candidate, hit.lesson)),
      ),
      config: settings.dedup,
    });
    const write = applyDedupDecision(decision, candidate, { ...ctx, lifecycle: settings.lifecycle });
    const target = decision.action === "create" ? null : decision.target;
    // Learning what the book already holds, evidence and all, says nothing new: it overturns nothing.
    const settles = write.events.length > 0 && options.overturns !== false;
    const superseded = settles
      ? settleSupersession(
          write,
          {
            candidate,
            target,
            overturned,
            subsumedBy: leftBehind.subsumedBy,
            // The same withdrawal read by another rule of the same message is applied already, and so
            // is one whose rule another rule of its message replaced ("the unwrap rule — it's gone. We
            // turned on clippy's unwrap_used lint…").
            applied:
              neighbours.find((hit) => appliedAlready(hit.lesson, candidate.rule))?.lesson ??
              versions.find((lesson) => standsBeside(candidate, lesson)) ??
              null,
          },
          ctx,
        )
      : [];
    // An amended convention is embedded again: its rule changed.
    const amended = await Promise.all(
      superseded
        .filter((item) => item.after.rule !== item.before.rule)
        .map(async (item) => ({
          lessonId: item.after.id,
          embedderId,
          vector: await writer.embedLesson(item.after),
        })),
    );
    if (write.events.length > 0 || superseded.length > 0) {
      await writer.commit({
        writes: [
          ...(write.events.length > 0 ? [{ lesson: write.lesson, expected: target }] : []),
          ...superseded.map((item) => ({ lesson: item.after, expected: item.before })),
        ],
        events: [...write.events, ...superseded.map((item) => item.event)],
        vectors: [...(write.created ? [{ lessonId: write.lesson.id, embedderId, vector }] : []), ...amended],
      });
    }
    return {
      action: decision.action === "create" ? "created" : decision.action,
      lesson: write.lesson,
      events: write.events,
      similarity: decision.similarity,
      superseded: superseded.map((item) => item.after),
    };
  });
}

/**
 * The live drops `candidate`'s change leaves behind, or, when it only drops things itself, the live
 * convention whose change already says it (core/lessons/subsumed-drops.ts). `overturned`: what the
 * candidate overturns now; `all`: every lesson of its scope, archived ones too.
 */
async function dropsLeftBehind(
  candidate: Lesson,
  overturned: readonly Lesson[],
  liveLessons: () => Promise<Lesson[]>,
  all: () => Promise<Lesson[]>,
): Promise<{ overturned: Lesson[]; subsumedBy: Lesson | null }> {
  const none = { overturned: [], subsumedBy: null };
  if (candidate.convention === true && !dropsOnlyLesson(candidate)) {
    const live = await liveLessons();
    // What a correction read from the same message only restates gives way to it too.
    const restated = live.filter((lesson) => restatedBeside(candidate, lesson));
    const drops = live.filter(dropsOnlyLesson);
    if (drops.length === 0) return { overturned: restated, subsumedBy: null };
    const lessons = await all();
    const replaced = [...overturned, ...overturned.flatMap((lesson) => replacedBy(lesson.id, lessons))];
    return {
      overturned: [
        ...restated,
        ...drops.filter((drop) =>
          subsumesDrop(
            candidate,
            drop,
            replaced,
            replacedBy(drop.id, lessons),
            saidTogether(candidate, drop),
          ),
        ),
      ],
      subsumedBy: null,
    };
  }
  if (candidate.convention !== true) {
    const restating = (await liveLessons()).find((convention) => restatedBeside(convention, candidate));
    if (restating !== undefined) return { overturned: [], subsumedBy: restating };
  }
  if (!dropsOnlyLesson(candidate)) return none;
  const lessons = await all();
  const live = lessons.filter((lesson) => lesson.status !== "archived" && lesson.id !== candidate.id);
  const by = live
    .filter((convention) =>
      subsumesDrop(
        convention,
        candidate,
        replacedBy(convention.id, lessons),
        overturned,
        saidTogether(convention, candidate),
      ),
    )
    .sort((first, second) => saidAt(second) - saidAt(first))[0];
  return { overturned: [], subsumedBy: by ?? null };
}

/**
 * `lesson` with the slot its bare value takes among its scope's live conventions (`live`), or, for
 * a return to an earlier value, the slot one of its scope's conventions (`all`, archived ones too)
 * held that value in; else as it is.
 */
async function withBareValueSlot(
  lesson: Lesson,
  live: readonly Lesson[],
  all: () => Promise<Lesson[]>,
): Promise<Lesson> {
  const slot =
    slotOfBareValue(
      lesson.rule,
      live.flatMap((other) => (other.slot ? [other.slot.id] : [])),
    ) ??
    // The scope's conventions are read only for a return: most rules say none.
    (returnedPart(lesson.rule) === null
      ? null
      : slotOfEarlierValue(
          lesson.rule,
          (await all()).flatMap((other) =>
            other.slot ? [{ id: other.slot.id, value: other.slot.value ?? null }] : [],
          ),
        ));
  return slot === null ? lesson : { ...lesson, slot };
}
