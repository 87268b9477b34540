/**
 * How relevant a recall candidate is to a prompt, on the cosine scale: its topic similarity,
 * discounted when it shares no content word with the prompt, lifted when both are about the same
 * kind of work, lowered when both are about different ones and for a general-knowledge question.
 * The weights are parameters (the `recall.relevance` settings; defaults measured on the eval
 * suites, docs/recall.md). Pure.
 */
import {
  activities,
  appliesToEveryAnswer,
  asksFirst,
  holdsForEverything,
  holdsProjectWide,
  sharedActivities,
} from "./intents.js";
import type { RelevanceConfig } from "./relevance-config.js";

export { DEFAULT_RELEVANCE_CONFIG, type RelevanceConfig } from "./relevance-config.js";

/** What the prompt is about, beyond its words (see core/recall/intents.ts). */
export interface PromptProfile {
  activities: ReadonlySet<string>;
  /** A question that opens like a knowledge question ("what's …"): relevance is a little lower. */
  general: boolean;
  /**
   * A question about a concept that names no part of the project ("what's the difference between
   * terraform taint and plan -replace?"): nothing is relevant but a rule about how to answer.
   */
  knowledge: boolean;
}

/** A candidate as relevance reads it. */
export interface RelevanceCandidate {
  /** Topic similarity to the prompt (cosine). */
  topic: number;
  /** Content words it shares with the prompt. */
  sharedTerms: number;
  /** Found by full-text search. */
  lexicalHit: boolean;
  /** Its text, read for its kinds of work. */
  text: string;
  /**
   * False for a convention: its kind of work is judged by the conventions block, so as a lesson
   * it gets no lift for it (a mismatch still lowers it). Default true.
   */
  lifted?: boolean;
}

/** How a candidate's kinds of work compare with the prompt's. */
export type WorkRelation = "same" | "other" | "unknown";

/**
 * Whether prompt and candidate are about the same kind of work (they share one), about
 * recognisable but different kinds ("other"), or either names none ("unknown").
 */
export function workRelation(prompt: ReadonlySet<string>, candidate: ReadonlySet<string>): WorkRelation {
  if (sharedActivities(prompt, candidate) > 0) return "same";
  return prompt.size > 0 && candidate.size > 0 ? "other" : "unknown";
}

/**
 * True when a candidate is not related to the prompt: both are about recognisable kinds of work,
 * none the same, and they share no content word ("write a bash loop that renames .txt files" and
 * a lesson about an API's headers). Its relevance is then × `otherWorkFactor` (0 by default).
 */
export function notRelated(candidate: RelevanceCandidate, profile: PromptProfile): boolean {
  return (
    candidate.sharedTerms === 0 &&
    !candidate.lexicalHit &&
    workRelation(profile.activities, activities(candidate.text)) === "other"
  );
}

/**
 * How relevant a candidate is: its topic similarity, discounted when it shares no content word
 * with the prompt (vector similarity alone, with the offline embedder, drifts to shared phrasing),
 * lifted when prompt and candidate are about the same kind of work (installing dependencies,
 * running tests, pushing…), lowered when both are about different ones and for a
 * question that opens like a knowledge question; and × `otherWorkFactor` when it is
 * {@link notRelated} to the prompt. Nothing is relevant to a knowledge question about a concept,
 * which no project lesson serves (see `PromptProfile.knowledge`).
 */
export function relevance(
  config: RelevanceConfig,
  candidate: RelevanceCandidate,
  profile: PromptProfile,
): number {
  if (profile.knowledge) return 0;
  const { topic } = candidate;
  const base = candidate.sharedTerms > 0 || candidate.lexicalHit ? topic : topic * config.unsharedDiscount;
  const relation = workRelation(profile.activities, activities(candidate.text));
  const lift =
    relation === "same"
      ? candidate.lifted === false
        ? 0
        : config.activityLift
      : relation === "other"
        ? -config.activityMismatch
        : 0;
  const value = base + lift - (profile.general ? config.generalQuestionPenalty : 0);
  return notRelated(candidate, profile) ? value * config.otherWorkFactor : value;
}

/** A lesson as relevance reads it: its words, and what recall found about it for this prompt. */
export interface RelevanceLesson {
  trigger: string;
  rule: string;
  scope: string;
  /** Topic similarity of the lesson to the prompt (cosine). */
  topic: number;
  /** Content words its trigger and rule share with the prompt. */
  sharedTerms: number;
  /** Found by full-text search. */
  lexicalHit: boolean;
  /** How much the task it was learnt in resembles the prompt (0 when it does not). */
  situation: number;
  /** A convention of the project: the conventions block judges its kind of work. */
  convention: boolean;
}

/**
 * The kinds of work that say what a lesson is for, without `code`: every change of code is code
 * work, so a lesson "When formatting dates" is not for "add a loading spinner" by that alone.
 */
function specificWork(kinds: ReadonlySet<string>): ReadonlySet<string> {
  return new Set([...kinds].filter((kind) => kind !== "code"));
}

/**
 * How relevant a lesson is: the most of its own relevance ({@link relevance}); a share
 * (`situationWeight`) of its situation's resemblance — a task like the prompt, whose lessons apply
 * again one step removed; and the `standingRule` relevance for a rule about how to answer, a rule
 * to ask first ("ask before adding a dependency") or a rule of the whole project ("no pip in this
 * repo, it's poetry"), on any prompt that is not a knowledge question. A convention gets neither
 * the kind-of-work lift nor the standing relevance: its block decides which tasks it guards.
 */
export function lessonRelevance(
  config: RelevanceConfig,
  lesson: RelevanceLesson,
  profile: PromptProfile,
): number {
  const own = relevance(
    config,
    {
      topic: lesson.topic,
      sharedTerms: lesson.sharedTerms,
      lexicalHit: lesson.lexicalHit,
      text: `${lesson.trigger} ${lesson.rule}`,
      lifted: !lesson.convention,
    },
    profile,
  );
  // The situation its trigger names is the prompt's kind of work: what the lesson is for. It
  // stands in for the words they do not share (a shared word already carries its topic).
  const forThisWork =
    !lesson.convention &&
    !profile.general &&
    lesson.sharedTerms === 0 &&
    sharedActivities(profile.activities, specificWork(activities(lesson.trigger))) > 0;
  const lifted = forThisWork ? own + config.triggerWorkLift : own;
  const standsForTasks = !profile.general && !lesson.convention;
  const standing =
    appliesToEveryAnswer(lesson.trigger) ||
    (standsForTasks && asksFirst(lesson.rule)) ||
    (standsForTasks &&
      lesson.scope === "project" &&
      holdsProjectWide(lesson.rule) &&
      // "项目里请求统一走 ky" holds for the whole project's HTTP calls, not its styling.
      (holdsForEverything(lesson.rule) ||
        workRelation(profile.activities, activities(`${lesson.trigger} ${lesson.rule}`)) !== "other"));
  return Math.max(lifted, config.situationWeight * lesson.situation, standing ? config.standingRule : 0);
}
