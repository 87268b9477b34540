/**
 * How relevance is adjusted beyond topic similarity, and its defaults: a leaf module, so the
 * configuration schema takes the defaults without loading the kinds-of-work rules scoring.ts uses.
 */

/** Relevance adjustments (cosine units). Defaults: {@link DEFAULT_RELEVANCE_CONFIG}. */
export interface RelevanceConfig {
  /** Relevance × this when the candidate shares no content word with the prompt. Default 0.85. */
  unsharedDiscount: number;
  /** Added when prompt and candidate are about the same kind of work. Default 0.12. */
  activityLift: number;
  /** Subtracted when both are about recognisable but different kinds of work. Default 0.05. */
  activityMismatch: number;
  /**
   * Added to a lesson whose trigger names the prompt's kind of work ("When editing configuration
   * files" for "raise the idle timeout to 90 seconds") and shares no word with it: the situation
   * it was learnt for, beyond the kinds of work its rule happens to name. Default 0.08.
   */
  triggerWorkLift: number;
  /**
   * Relevance × this when prompt and candidate are about recognisable but different kinds of work
   * and share no content word: they are not related ("write a bash loop that renames .txt files"
   * and a lesson about an API's headers). 0 (the default) decides "not related" outright; 1 leaves
   * only the mismatch penalty.
   */
  otherWorkFactor: number;
  /** Subtracted for a general-knowledge question or a writing request. Default 0.2. */
  generalQuestionPenalty: number;
  /**
   * A lesson's situation (the task it was learnt in) resembling the prompt makes the lesson this
   * share as relevant: the resemblance is one step removed from the lesson. Default 0.8.
   */
  situationWeight: number;
  /**
   * The relevance of a standing rule — a lesson about how to answer, one that asks first, a rule of
   * the whole project — on any task prompt: enough to pass the lesson floor (0.45), so it competes
   * for a slot on its score like the others. Default 0.5.
   */
  standingRule: number;
}

export const DEFAULT_RELEVANCE_CONFIG: RelevanceConfig = {
  unsharedDiscount: 0.85,
  activityLift: 0.12,
  activityMismatch: 0.05,
  otherWorkFactor: 0,
  triggerWorkLift: 0.08,
  generalQuestionPenalty: 0.2,
  situationWeight: 0.8,
  standingRule: 0.5,
};
