import { ulid } from "ulid";
import { InvalidInputError, NotFoundError } from "../core/errors.js";
import type { AntiPatternConfig } from "../core/lessons/anti-pattern.js";
import { recordPatternObservation } from "../core/lessons/anti-pattern.js";
import {
  criterionWeight,
  type DecayConfig,
  type FeedbackSource,
  makeFeedbackEvent,
} from "../core/lessons/decay.js";
import { applyDedupDecision, type DedupConfig, decideDedup } from "../core/lessons/dedup.js";
import {
  type ChangeContext,
  type LessonChangeResult,
  type LessonEvent,
  revertEvent,
} from "../core/lessons/history.js";
import { createLesson, type Lesson, type LessonChangeError, type NewLesson } from "../core/lessons/lesson.js";
import {
  archiveLesson,
  type DemotionReason,
  demoteLesson,
  editLesson,
  type LessonEdits,
  type LifecycleConfig,
  recordRecallOutcome,
} from "../core/lessons/lifecycle.js";
import {
  applyFeedback,
  deprecateLesson,
  type MaturityConfig,
  promoteLesson,
  resetLesson,
} from "../core/lessons/maturity.js";
import {
  type FeedbackType,
  type OutcomeScoringOptions,
  type OutcomeSignals,
  scoreImplicitFeedback,
} from "../core/lessons/outcome-scoring.js";
import { governsAnotherSlot, overturnedBy, settleSupersession } from "../core/lessons/supersession.js";
import { createRedactor, type Redactor } from "../core/redaction.js";
import type { Outcome } from "../core/types.js";
import { type Embedder, embedderId } from "../models/embedder.js";
import {
  type LessonCommit,
  LessonConflictError,
  type LessonFilter,
  type LessonVectorWrite,
  lessonScopeKey,
  type StoredFeedback,
  visibleScopeKeys,
} from "../store/lesson-store.js";
import type { Store } from "../store/store.js";

/**
 * Settings of the lesson book: the thresholds of dedup, decay, maturity, the lifecycle, anti-patterns
 * and outcome scoring (docs/design.md, "Lessons" to "Anti-patterns"), each overridable.
 */
export interface LessonBookConfig {
  dedup: Partial<DedupConfig>;
  /** The criterion weight `details` shows (its half-life is the maturity one). */
  decay: Partial<DecayConfig>;
  maturity: Partial<MaturityConfig>;
  lifecycle: Partial<LifecycleConfig>;
  antiPattern: Partial<AntiPatternConfig>;
  outcomeScoring: OutcomeScoringOptions;
  /** Neighbours compared on write (default 8). */
  dedupNeighbours: number;
}

export const DEFAULT_LESSON_BOOK_CONFIG: LessonBookConfig = {
  dedup: {},
  decay: {},
  maturity: {},
  lifecycle: {},
  antiPattern: {},
  outcomeScoring: {},
  dedupNeighbours: 8,
};

/** A lesson to learn: the new-lesson fields without id and time, which the book assigns. */
export type LessonInput = Omit<NewLesson, "id" | "now">;

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

/** A lesson with its track record, for `tacit lessons show`. */
export interface LessonDetails {
  lesson: Lesson;
  feedback: StoredFeedback[];
  /** Times it was injected into a prompt, and how those tasks went (recall feedback). */
  recall: { recalls: number; helpful: number; harmful: number; helpfulness: number | null };
  weight: ReturnType<typeof criterionWeight>;
  events: number;
}

/** Longest feedback reason kept, in characters; a longer one is refused, not cut. */
export const MAX_FEEDBACK_REASON_CHARS = 2000;

/**
 * What recording feedback did: the lesson after it, its history event and the feedback as stored
 * (reason redacted). `feedback` is null, and nothing was written, when the recall event it judges
 * had already been judged for this lesson.
 */
export interface FeedbackChange {
  ok: true;
  lesson: Lesson;
  events: LessonEvent[];
  feedback: StoredFeedback | null;
}

/** A refused change (deprecated lesson promoted, revert conflict, …) as ordinary data. */
export type LessonChange =
  | { ok: true; lesson: Lesson | null; events: LessonEvent[] }
  | { ok: false; error: LessonChangeError };

const MAX_ATTEMPTS = 5;

/**
 * The lesson book: learning with dedup on write, manual curation, feedback and outcome scoring,
 * pattern observations with anti-pattern inversion, history and revert. Every change writes the
 * lesson and its history event in one transaction, guarded against concurrent writers.
 */
export function createLessonBook(options: {
  store: Store;
  embedder: Embedder;
  config?: Partial<LessonBookConfig>;
  now?: () => number;
  ids?: () => string;
  /** Redacts secrets from feedback reasons before they are stored. Default: the capture redactor's built-in rules. */
  redact?: Redactor;
}) {
  const { store, embedder } = options;
  const redact = options.redact ?? createRedactor();
  const config = { ...DEFAULT_LESSON_BOOK_CONFIG, ...options.config };
  const now = options.now ?? Date.now;
  const ids = options.ids ?? ulid;
  const embedder_id = embedderId(embedder);
  const context = (): ChangeContext => ({ now: now(), ids });

  const embedLesson = async (lesson: Pick<Lesson, "trigger" | "rule">): Promise<Float32Array> => {
    const { embeddings } = await embedder.embed({ values: [lessonEmbeddingText(lesson)] });
    const [vector] = embeddings;
    if (!vector) throw new Error(`embedder ${embedder_id} returned no vector`);
    return vector;
  };

  /** Retries a read-compute-write cycle when another writer changed a lesson in between. */
  async function withRetry<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await work();
      } catch (error) {
        if (!(error instanceof LessonConflictError) || attempt >= MAX_ATTEMPTS) throw error;
      }
    }
  }

  async function load(id: string): Promise<Lesson> {
    const lesson = await store.getLesson(id);
    if (!lesson) throw new NotFoundError("lesson", id);
    return lesson;
  }

  function commit(partial: Partial<LessonCommit>): Promise<void> {
    return store.commitLessonChanges({
      writes: [],
      deletes: [],
      events: [],
      feedback: [],
      vectors: [],
      ...partial,
    });
  }

  /** Applies a core change function to one lesson and stores the result. */
  async function change(
    id: string,
    apply: (lesson: Lesson, context: ChangeContext) => LessonChangeResult,
  ): Promise<LessonChange> {
    return withRetry(async () => {
      const lesson = await load(id);
      const result = apply(lesson, context());
      if (!result.ok) return result;
      const contentChanged = result.lesson.contentHash !== lesson.contentHash;
      await commit({
        writes: [{ lesson: result.lesson, expected: lesson }],
        events: [result.event],
        vectors: contentChanged
          ? [{ lessonId: id, embedderId: embedder_id, vector: await embedLesson(result.lesson) }]
          : [],
      });
      return { ok: true, lesson: result.lesson, events: [result.event] };
    });
  }

  return {
    embedderId: embedder_id,

    /**
     * Learns a lesson through dedup: an exact or near duplicate merges into the lesson it repeats,
     * and lessons it contradicts are superseded by it. With `overturns: false` it supersedes
     * nothing (a lesson recorded as history, such as one a pack marks superseded); contradicted
     * lessons are still never merged into.
     */
    async learn(given: LessonInput, options: { overturns?: boolean } = {}): Promise<LearnResult> {
      const input = redactLesson(given, redact);
      const vector = await embedLesson(input);
      return withRetry(async () => {
        const ctx = context();
        const candidate = createLesson({ ...input, id: ids(), now: ctx.now });
        const scopeKeys = visibleScopeKeys(candidate.scope === "project" ? candidate.projectId : null);
        const exact = await store.findLessonsByHash(candidate.contentHash, [lessonScopeKey(candidate)]);
        const near = await store.nearestLessons({
          embedderId: embedder_id,
          vector,
          scopeKeys,
          k: config.dedupNeighbours,
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
              slot: candidate.slot.id,
              limit: 100,
            })
          : [];
        const overturned = overturnedBy(
          candidate,
          neighbours.map((hit) => hit.lesson),
          holders,
        );
        const overturnedIds = new Set(overturned.map((lesson) => lesson.id));
        const decision = decideDedup({
          candidate,
          // Rules for different slots are different rules, however alike their words.
          neighbours: neighbours.filter(
            (hit) => !overturnedIds.has(hit.lesson.id) && !governsAnotherSlot(candidate, hit.lesson),
          ),
          config: config.dedup,
        });
        const write = applyDedupDecision(decision, candidate, { ...ctx, lifecycle: config.lifecycle });
        const target = decision.action === "create" ? null : decision.target;
        // Learning what the book already holds, evidence and all, says nothing new: it overturns nothing.
        const settles = write.events.length > 0 && options.overturns !== false;
        const superseded = settles ? settleSupersession(write, { candidate, target, overturned }, ctx) : [];
        if (write.events.length > 0 || superseded.length > 0) {
          await commit({
            writes: [
              ...(write.events.length > 0 ? [{ lesson: write.lesson, expected: target }] : []),
              ...superseded.map((item) => ({ lesson: item.after, expected: item.before })),
            ],
            events: [...write.events, ...superseded.map((item) => item.event)],
            vectors: write.created ? [{ lessonId: write.lesson.id, embedderId: embedder_id, vector }] : [],
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
    },

    get: (id: string) => store.getLesson(id),
    list: (filter: LessonFilter) => store.listLessons(filter),

    async details(id: string): Promise<LessonDetails> {
      const lesson = await load(id);
      const feedback = await store.listLessonFeedback(id);
      const events = await store.listLessonEvents(id);
      const weight = criterionWeight(feedback, now(), {
        ...config.decay,
        halfLifeDays: config.maturity.halfLifeDays ?? config.decay.halfLifeDays,
        validatedAt: lesson.lastValidatedAt,
      });
      const stats = await store.recallStats(id);
      const judged = stats.helpful + stats.harmful;
      const recall = { ...stats, helpfulness: judged ? stats.helpful / judged : null };
      return { lesson, feedback, recall, weight, events: events.length };
    },

    promote: (id: string, reason = "promoted by hand") =>
      change(id, (lesson, ctx) => promoteLesson(lesson, { ...ctx, reason })),
    deprecate: (id: string, reason: string) =>
      change(id, (lesson, ctx) => deprecateLesson(lesson, { ...ctx, reason })),
    reset: (id: string, reason = "reset by hand") =>
      change(id, (lesson, ctx) => resetLesson(lesson, { ...ctx, reason })),
    archive: (id: string, reason = "archived by hand") =>
      change(id, (lesson, ctx) => archiveLesson(lesson, { ...ctx, reason })),
    edit: (id: string, edits: LessonEdits, reason = "edited by hand") =>
      change(id, (lesson, ctx) => editLesson(lesson, redactLesson(edits, redact), { ...ctx, reason })),
    /** Demotes a lesson to stale: misleading, superseded, or its tool or environment outdated. */
    demote: (id: string, reason: DemotionReason) =>
      change(id, (lesson, ctx) => demoteLesson(lesson, reason, ctx)),

    /**
     * Records helpful / neutral / harmful feedback and recomputes maturity on decayed counts. A
     * `reason` is stored with it, secrets redacted (blank counts as none; longer than
     * {@link MAX_FEEDBACK_REASON_CHARS} throws `InvalidInputError`). With `recallId`, feedback
     * the lesson already holds from that recall event is not recorded again.
     */
    async feedback(
      id: string,
      input: {
        type: FeedbackType;
        rawValue?: number;
        source: FeedbackSource;
        sessionId?: string;
        taskId?: string;
        reason?: string;
        recallId?: string;
      },
    ): Promise<FeedbackChange> {
      const reason = feedbackReason(input.reason, redact);
      return withRetry(async () => {
        const lesson = await load(id);
        const ctx = context();
        const history = await store.listLessonFeedback(id);
        if (input.recallId && history.some((item) => item.recallId === input.recallId)) {
          return { ok: true, lesson, events: [], feedback: null };
        }
        const event: StoredFeedback = {
          ...makeFeedbackEvent({
            id: ids(),
            lessonId: id,
            type: input.type,
            rawValue: input.rawValue ?? 1,
            source: input.source,
            at: ctx.now,
            reason,
          }),
          sessionId: input.sessionId ?? null,
          taskId: input.taskId ?? null,
          recallId: input.recallId ?? null,
        };
        const applied = applyFeedback(lesson, event, history, ctx, config.maturity);
        await commit({
          writes: [{ lesson: applied.lesson, expected: lesson }],
          events: [applied.event],
          feedback: [event],
        });
        return { ok: true, lesson: applied.lesson, events: [applied.event], feedback: event };
      });
    },

    /** Scores a task outcome with the book's settings: helpful, neutral or harmful, and the score behind it. */
    judgeOutcome: (outcome: OutcomeSignals) => scoreImplicitFeedback(outcome, config.outcomeScoring),

    /**
     * Scores a task outcome as implicit feedback (docs/design.md, "Outcome scoring") and records it
     * on each lesson that was in play for the task. Neutral outcomes are stored too: they count
     * toward the total.
     */
    async scoreOutcome(
      lessonIds: string[],
      outcome: Pick<Outcome, "durationMs" | "errorCount" | "retryCount" | "success" | "sessionId" | "taskId">,
    ) {
      const scored = scoreImplicitFeedback(outcome, config.outcomeScoring);
      const results: LessonChange[] = [];
      for (const id of lessonIds) {
        results.push(
          await this.feedback(id, {
            type: scored.type,
            rawValue: scored.rawValue,
            source: "outcome",
            sessionId: outcome.sessionId,
            taskId: outcome.taskId ?? undefined,
          }),
        );
      }
      return { scored, results };
    },

    /**
     * Closes the recall loop for one lesson: the outcome of the task it was recalled into is scored
     * (`scoreImplicitFeedback`: success, duration, errors, retries) and recorded as helpful, neutral
     * or harmful feedback. A harmful score counts as a misleading recall (repeated ones make the
     * lesson stale), a helpful one resets that streak, a neutral one leaves it. Judged once per
     * recall event: when the lesson already has feedback from `recallId`, nothing changes and
     * `applied` is false.
     */
    async recallOutcome(
      id: string,
      input: {
        outcome: OutcomeSignals;
        recallId: string;
        sessionId?: string;
        taskId?: string;
        detail?: string;
      },
    ) {
      const scored = scoreImplicitFeedback(input.outcome, config.outcomeScoring);
      const feedback = await this.feedback(id, {
        type: scored.type,
        rawValue: scored.rawValue,
        source: "recall",
        sessionId: input.sessionId,
        taskId: input.taskId,
        recallId: input.recallId,
      });
      if (feedback.feedback === null) return { ...feedback, scored, applied: false as const };
      if (scored.type === "neutral") return { ...feedback, scored, applied: true as const };
      return withRetry(async () => {
        const lesson = await load(id);
        const judged = recordRecallOutcome(
          lesson,
          { misleading: scored.type === "harmful", detail: input.detail },
          context(),
          config.lifecycle,
        );
        if (judged.events.length > 0) {
          await commit({ writes: [{ lesson: judged.lesson, expected: lesson }], events: judged.events });
        }
        return {
          ok: true as const,
          lesson: judged.lesson,
          events: [...feedback.events, ...judged.events],
          feedback: feedback.feedback,
          scored,
          applied: true as const,
        };
      });
    },

    /** Records that a lesson's approach succeeded or failed; inverts it into an anti-pattern when it keeps failing. */
    async observe(id: string, observation: { success: boolean; ref: string }) {
      return withRetry(async () => {
        const lesson = await load(id);
        const ctx = context();
        const observed = recordPatternObservation(
          lesson,
          observation,
          { ...ctx, lifecycle: config.lifecycle },
          config.antiPattern,
        );
        const writes: LessonCommit["writes"] = [{ lesson: observed.lesson, expected: lesson }];
        const vectors: LessonCommit["vectors"] = [];
        if (observed.inversion) {
          writes.push({ lesson: observed.inversion.inverted, expected: null });
          vectors.push({
            lessonId: observed.inversion.inverted.id,
            embedderId: embedder_id,
            vector: await embedLesson(observed.inversion.inverted),
          });
        }
        await commit({ writes, events: observed.events, vectors });
        return observed;
      });
    },

    history: (id: string) => store.listLessonEvents(id),

    /** Undoes one change: the lesson returns exactly to its state before the event. */
    async revert(eventId: string): Promise<LessonChange> {
      const event = await store.getLessonEvent(eventId);
      if (!event) throw new NotFoundError("lesson event", eventId);
      return withRetry(async () => {
        const current = await store.getLesson(event.lessonId);
        const events = await store.listLessonEvents(event.lessonId);
        const isLatest = events.filter((item) => item.type !== "lesson-reverted").at(-1)?.id === event.id;
        const result = revertEvent(event, current, { ...context(), isLatest });
        if (!result.ok) return result;
        const restore = result.restore;
        const contentChanged = restore !== null && restore.contentHash !== current?.contentHash;
        // Undoing a supersession brings the old rule back and retires the one that replaced it.
        const replacing = event.type === "lesson-superseded" ? event.after?.supersededById : null;
        const replacer = replacing ? await store.getLesson(replacing) : null;
        const retired =
          replacer && replacer.status !== "archived"
            ? archiveLesson(replacer, { ...context(), reason: `supersession of ${event.lessonId} reverted` })
            : null;
        await commit({
          writes: [
            ...(restore ? [{ lesson: restore, expected: current }] : []),
            ...(retired?.ok ? [{ lesson: retired.lesson, expected: replacer as Lesson }] : []),
          ],
          deletes: restore === null && current ? [{ expected: current }] : [],
          events: [result.event, ...(retired?.ok ? [retired.event] : [])],
          vectors: contentChanged
            ? [{ lessonId: restore.id, embedderId: embedder_id, vector: await embedLesson(restore) }]
            : [],
        });
        return { ok: true, lesson: restore, events: [result.event, ...(retired?.ok ? [retired.event] : [])] };
      });
    },
  };
}

export type LessonBook = ReturnType<typeof createLessonBook>;

/**
 * A lesson's text as it is stored: trigger, rule, why, project, the value of its slot and evidence
 * quotes go through the redactor, as captured text does (a lesson given by hand or by a model never
 * bypasses it).
 */
function redactLesson<T extends Partial<LessonInput>>(lesson: T, redact: Redactor): T {
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
function feedbackReason(reason: string | undefined, redact: Redactor): string | null {
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
