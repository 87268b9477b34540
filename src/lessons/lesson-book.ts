/**
 * The lesson book: its settings and the operations over stored lessons (learn, curate by hand,
 * feedback and outcome scoring, pattern observations, history and revert). Learning with dedup and
 * supersession is in lesson-learning.ts, revert in lesson-revert.ts, the shared write helpers in
 * lesson-writer.ts, and lesson text redaction and embedding in lesson-text.ts.
 */
import { ulid } from "ulid";
import type { AntiPatternConfig } from "../core/lessons/anti-pattern.js";
import { recordPatternObservation } from "../core/lessons/anti-pattern.js";
import {
  criterionWeight,
  type DecayConfig,
  type FeedbackSource,
  makeFeedbackEvent,
} from "../core/lessons/decay.js";
import type { DedupConfig } from "../core/lessons/dedup.js";
import type { LessonEvent } from "../core/lessons/history.js";
import type { Lesson } from "../core/lessons/lesson.js";
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
import { createRedactor, type Redactor } from "../core/redaction.js";
import type { Outcome } from "../core/types.js";
import type { Embedder } from "../models/embedder.js";
import type { LessonCommit, LessonFilter, StoredFeedback } from "../store/lesson-store.js";
import type { Store } from "../store/store.js";
import { type LearnResult, learnLesson } from "./lesson-learning.js";
import { revertLessonEvent } from "./lesson-revert.js";
import { feedbackReason, type LessonInput, redactLesson } from "./lesson-text.js";
import { createLessonWriter, type LessonChange } from "./lesson-writer.js";

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

/** A lesson with its track record, for `tacit lessons show`. */
export interface LessonDetails {
  lesson: Lesson;
  feedback: StoredFeedback[];
  /** Times it was injected into a prompt, and how those tasks went (recall feedback). */
  recall: { recalls: number; helpful: number; harmful: number; helpfulness: number | null };
  weight: ReturnType<typeof criterionWeight>;
  events: number;
}

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
  const writer = createLessonWriter({ store, embedder, now, ids });
  const { embedderId: embedder_id, context, embedLesson, withRetry, load, commit, change } = writer;

  return {
    embedderId: embedder_id,

    /**
     * Learns a lesson through dedup: an exact or near duplicate merges into the lesson it repeats,
     * and lessons it contradicts are superseded by it. With `overturns: false` it supersedes
     * nothing (a lesson recorded as history, such as one a pack marks superseded); contradicted
     * lessons are still never merged into.
     */
    learn: (given: LessonInput, options: { overturns?: boolean } = {}): Promise<LearnResult> =>
      learnLesson(writer, { ...config, redact }, given, options),

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
    revert: (eventId: string): Promise<LessonChange> => revertLessonEvent(writer, eventId),
  };
}

export type LessonBook = ReturnType<typeof createLessonBook>;
