/**
 * The `recall` section: how candidates are found, scored, judged relevant and fitted to the budget
 * (docs/recall.md). Defaults are the values the eval suites were tuned with. The recall service's
 * own (topK, recent turns) are written out, since its module loads the intent rules;
 * schema.test.ts pins them to the service's defaults.
 */
import { DEFAULT_QUALITY_CONFIG, DEFAULT_RECALL_SCORING_WEIGHTS } from "../../core/lessons/quality.js";
import { DEFAULT_RECALL_BUDGET } from "../../core/recall/context.js";
import { DEFAULT_CONVENTION_SETTINGS } from "../../core/recall/convention-settings.js";
import { DEFAULT_RELEVANCE_CONFIG } from "../../core/recall/relevance-config.js";
import { DEFAULT_TRIGGER_SIGNAL_BOOST } from "../../core/recall/trigger-affinity.js";
import { count, days, flag, group, positive, ratio, section, weight } from "../setting.js";

const budget = DEFAULT_RECALL_BUDGET;
const multipliers = DEFAULT_RECALL_SCORING_WEIGHTS.maturityMultipliers;
const quality = DEFAULT_QUALITY_CONFIG;
const relevance = DEFAULT_RELEVANCE_CONFIG;
const conventions = DEFAULT_CONVENTION_SETTINGS;

export const recallSettingsSchema = section({
  topK: positive(
    30,
    "Candidates taken from each of full-text (BM25) and vector search before they are fused.",
  ),
  recentTurns: count(8, "Recent turns of the session read for live signals and trigger matching."),
  llmFilter: flag(
    false,
    "Let the configured model pick from the relevant candidates: one model call per prompt; falls back to the ranked list.",
  ),
  weights: group({
    topic: weight(
      DEFAULT_RECALL_SCORING_WEIGHTS.topic,
      "Weight of topic similarity (prompt against lesson) in the score.",
    ),
    trigger: weight(
      DEFAULT_RECALL_SCORING_WEIGHTS.trigger,
      "Weight of trigger-signal similarity (recent turns against the lesson's trigger).",
    ),
    quality: weight(DEFAULT_RECALL_SCORING_WEIGHTS.quality, "Weight of the lesson's quality weight."),
    triggerSignalBoost: weight(
      DEFAULT_TRIGGER_SIGNAL_BOOST,
      "Added to the trigger similarity for each live signal a lesson is made for (e.g. a repeated failure lifts verify lessons).",
    ),
  }),
  maturityMultipliers: group({
    candidate: weight(multipliers.candidate, "Score multiplier of a candidate lesson (little track record)."),
    established: weight(multipliers.established, "Score multiplier of an established lesson."),
    proven: weight(multipliers.proven, "Score multiplier of a proven lesson."),
  }),
  quality: group({
    base: ratio(quality.base, "Quality weight every lesson starts with."),
    activeBonus: ratio(quality.activeBonus, "Added for an active or refined lesson."),
    supportBonus3: ratio(quality.supportBonus3, "Added when at least 3 tasks support the lesson."),
    supportBonus5: ratio(quality.supportBonus5, "Added on top when at least 5 tasks support it."),
    recentValidationBonus: ratio(quality.recentValidationBonus, "Added when it was validated recently."),
    recentValidationDays: days(quality.recentValidationDays, "How recent “recently” is, in days."),
  }),
  budget: group({
    maxLessons: count(budget.maxLessons, "Most lessons injected into one prompt."),
    maxSkills: count(budget.maxSkills, "Most skills injected into one prompt."),
    maxEvidence: count(budget.maxEvidence, "Most facts from earlier sessions injected into one prompt."),
    maxItems: count(budget.maxItems, "Most items injected into one prompt, all kinds together."),
    maxTokens: count(budget.maxTokens, "Most tokens of the whole injected block."),
  }),
  minRelevance: group({
    lesson: ratio(budget.minRelevance.lesson, "A lesson less relevant than this is never injected."),
    skill: ratio(budget.minRelevance.skill, "A skill less relevant than this is never injected."),
    evidence: ratio(budget.minRelevance.evidence, "A fact less relevant than this is never injected."),
  }),
  minScore: group({
    lesson: weight(budget.minScore.lesson, "A lesson scoring below this is never injected."),
    skill: weight(budget.minScore.skill, "A skill scoring below this is never injected."),
    evidence: weight(budget.minScore.evidence, "A fact scoring below this is never injected."),
  }),
  relevance: group({
    unsharedDiscount: ratio(
      relevance.unsharedDiscount,
      "Relevance is multiplied by this when the candidate shares no content word with the prompt.",
    ),
    activityLift: ratio(
      relevance.activityLift,
      "Added when prompt and candidate are about the same activity (installing, testing, pushing…).",
    ),
    activityMismatch: ratio(
      relevance.activityMismatch,
      "Subtracted when both are about recognisable but different activities.",
    ),
    triggerWorkLift: ratio(
      relevance.triggerWorkLift,
      "Added to a lesson whose trigger names the prompt's kind of work (the situation it was learnt for).",
    ),
    otherWorkFactor: ratio(
      relevance.otherWorkFactor,
      "Relevance is multiplied by this when prompt and candidate are about different kinds of work and share no word (0: not related).",
    ),
    generalQuestionPenalty: ratio(
      relevance.generalQuestionPenalty,
      "Subtracted for a general-knowledge question or a writing request, which no project lesson serves.",
    ),
    situationWeight: ratio(
      relevance.situationWeight,
      "Share of a past task's resemblance to the prompt given to the lessons learnt in that task.",
    ),
    standingRule: ratio(
      relevance.standingRule,
      "Relevance given to a standing rule (how to answer, ask first, a rule of the whole project) on any task prompt.",
    ),
  }),
  conventions: group({
    enabled: flag(
      conventions.enabled,
      "Inject a project's standing conventions (“always…”, “we use…”, “以后…”) as a block of their own, before the other lessons.",
    ),
    maxConventions: count(conventions.maxConventions, "Most conventions in the block of one prompt."),
    maxTokens: count(conventions.maxTokens, "Most tokens of the conventions block's lines."),
    minRelevance: ratio(
      conventions.minRelevance,
      "A convention for another kind of work than the prompt's still comes when it is at least this relevant to the prompt.",
    ),
  }),
});
