/**
 * Anti-pattern inversion: a pattern that fails often becomes an anti-pattern linked to
 * its original. After ≥ 3 observations with failure ratio ≥ 0.6, "split by file type" (2 successes,
 * 5 failures) becomes "Avoid: split by file type. Failed 5/7 times (71% failure rate)", or in
 * Chinese "避免:按文件类型拆分。失败5/7次(71%失败率)". Pure. See docs/design.md#anti-patterns.
 */
import { languageOf } from "../lexicon/language.js";
import { mergeConfig } from "./config.js";
import { type ChangeContext, type LessonEvent, makeLessonEvent } from "./history.js";
import { createLesson, type Lesson, type LessonKind } from "./lesson.js";
import { evaluatePromotion, type LifecycleConfig } from "./lifecycle.js";

/** Inversion thresholds and text. Defaults: `DEFAULT_ANTI_PATTERN_CONFIG`. */
export interface AntiPatternConfig {
  /** Observations (successes + failures) needed before inverting. Default 3. */
  minObservations: number;
  /** Failure ratio at or above which the pattern is inverted. Default 0.6. */
  failureRatioThreshold: number;
  /** Prefix per language. Default `{ en: "Avoid: ", zh: "避免:" }`. */
  prefix: { en: string; zh: string };
}

export const DEFAULT_ANTI_PATTERN_CONFIG: AntiPatternConfig = {
  minObservations: 3,
  failureRatioThreshold: 0.6,
  prefix: { en: "Avoid: ", zh: "避免:" },
};

/** Kinds that can be inverted: a recommended approach that keeps failing. */
export const INVERTIBLE_KINDS: readonly LessonKind[] = ["pattern", "prefer"];

/** The rendered anti-pattern: full text and the failure reason on its own. */
export interface RenderedAntiPattern {
  /** "Avoid: split by file type. Failed 5/7 times (71% failure rate)". */
  text: string;
  /** "Failed 5/7 times (71% failure rate)" / "失败5/7次(71%失败率)". */
  reason: string;
  language: "en" | "zh";
}

/**
 * Render the anti-pattern text for a rule, in the rule's language (Chinese when it contains Han
 * characters). Trailing sentence punctuation is dropped; an English rule's first letter is
 * lower-cased unless the word is an acronym ("Split by…" → "split by…", "API routes…" kept).
 * The percentage is the failure ratio rounded to a whole percent.
 */
export function renderAntiPattern(
  rule: string,
  successCount: number,
  failureCount: number,
  prefix: AntiPatternConfig["prefix"] = DEFAULT_ANTI_PATTERN_CONFIG.prefix,
): RenderedAntiPattern {
  const total = successCount + failureCount;
  const rate = total > 0 ? Math.round((failureCount / total) * 100) : 0;
  const language = languageOf(rule);
  const core = rule.trim().replace(/[\s.。!！;；,，:：]+$/u, "");
  if (language === "zh") {
    const reason = `失败${failureCount}/${total}次(${rate}%失败率)`;
    return { text: `${prefix.zh}${core}。${reason}`, reason, language };
  }
  const lowered = /^\p{Lu}\p{Ll}/u.test(core) ? `${core.charAt(0).toLowerCase()}${core.slice(1)}` : core;
  const reason = `Failed ${failureCount}/${total} times (${rate}% failure rate)`;
  return { text: `${prefix.en}${lowered}. ${reason}`, reason, language };
}

/** One observation of a pattern being used. */
export interface PatternObservation {
  success: boolean;
  /** What it was observed on (task / session id), kept in the event reason. */
  ref: string;
}

/** An inversion: the original after the change, the new anti-pattern and the reason text. */
export interface Inversion {
  original: Lesson;
  inverted: Lesson;
  reason: string;
}

/**
 * Record a success or failure of a lesson's approach.
 * The lesson's counts grow (`lesson-feedback` event). When an invertible lesson (pattern or
 * prefer, not archived, not already inverted) reaches `minObservations` with failure ratio ≥
 * `failureRatioThreshold`, an anti-pattern is created: kind `anti_pattern`, same trigger, domain
 * and scope, rule = the rendered text, why = the reason, the original's evidence and counts,
 * confidence = the failure ratio, `invertedFromId` set. The original gets `invertedToId`, goes
 * stale and records `lesson-inverted`; the anti-pattern records `lesson-created` (and
 * `lesson-activated` if its evidence already meets promotion). Events are in write order.
 */
export function recordPatternObservation(
  lesson: Lesson,
  observation: PatternObservation,
  context: ChangeContext & { lifecycle?: Partial<LifecycleConfig> },
  config: Partial<AntiPatternConfig> = {},
): { lesson: Lesson; events: LessonEvent[]; inversion?: Inversion } {
  const settings = mergeConfig(DEFAULT_ANTI_PATTERN_CONFIG, config);
  const observed: Lesson = {
    ...lesson,
    successCount: lesson.successCount + (observation.success ? 1 : 0),
    failureCount: lesson.failureCount + (observation.success ? 0 : 1),
    updatedAt: context.now,
  };
  const events: LessonEvent[] = [
    makeLessonEvent({
      id: context.ids(),
      type: "lesson-feedback",
      before: lesson,
      after: observed,
      reason: `${observation.success ? "success" : "failure"} observed on ${observation.ref} (${observed.successCount} successes, ${observed.failureCount} failures)`,
      at: context.now,
    }),
  ];
  const total = observed.successCount + observed.failureCount;
  const invertible =
    INVERTIBLE_KINDS.includes(observed.kind) &&
    observed.status !== "archived" &&
    observed.invertedToId === null;
  if (
    !invertible ||
    total < settings.minObservations ||
    observed.failureCount / total < settings.failureRatioThreshold
  ) {
    return { lesson: observed, events };
  }
  const rendered = renderAntiPattern(
    observed.rule,
    observed.successCount,
    observed.failureCount,
    settings.prefix,
  );
  const created = createLesson({
    id: context.ids(),
    kind: "anti_pattern",
    trigger: observed.trigger,
    rule: rendered.text,
    why: rendered.reason,
    evidence: observed.evidence,
    domain: observed.domain,
    scope: observed.scope,
    projectId: observed.projectId,
    confidence: Math.round((observed.failureCount / total) * 100) / 100,
    relatedSkillIds: observed.relatedSkillIds,
    successCount: observed.successCount,
    failureCount: observed.failureCount,
    invertedFromId: observed.id,
    now: context.now,
  });
  const original: Lesson = {
    ...observed,
    invertedToId: created.id,
    status: "stale",
    statusReason: `inverted into anti-pattern ${created.id}: ${rendered.reason}`,
  };
  events.push(
    makeLessonEvent({
      id: context.ids(),
      type: "lesson-inverted",
      before: observed,
      after: original,
      reason: rendered.reason,
      at: context.now,
    }),
    makeLessonEvent({
      id: context.ids(),
      type: "lesson-created",
      before: null,
      after: created,
      reason: `inverted from ${observed.id}: ${rendered.reason}`,
      at: context.now,
    }),
  );
  const promoted = evaluatePromotion(created, context, context.lifecycle);
  if (promoted.event) events.push(promoted.event);
  return {
    lesson: original,
    events,
    inversion: { original, inverted: promoted.lesson, reason: rendered.reason },
  };
}

/**
 * Format anti-patterns for a prompt. Lists the rule of every
 * `anti_pattern` lesson that is not archived; returns "" when there are none. The heading is in
 * `language`, by default Chinese when most listed rules are Chinese.
 */
export function formatAntiPatternsForPrompt(
  lessons: readonly Lesson[],
  options: { language?: "en" | "zh" } = {},
): string {
  const listed = lessons.filter((lesson) => lesson.kind === "anti_pattern" && lesson.status !== "archived");
  if (listed.length === 0) return "";
  const chinese = listed.filter((lesson) => languageOf(lesson.rule) === "zh").length;
  const language = options.language ?? (chinese * 2 > listed.length ? "zh" : "en");
  const heading =
    language === "zh"
      ? "## 要避免的反模式\n\n基于过去失败,避免这些策略:"
      : "## Anti-Patterns to Avoid\n\nBased on past failures, avoid these strategies:";
  return [heading, ...listed.map((lesson) => `- ${lesson.rule}`)].join("\n");
}
