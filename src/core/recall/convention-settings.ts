/**
 * Settings of the conventions block (recall's `conventions` settings) and their defaults: a leaf
 * module, so the configuration schema takes the defaults without loading the conventions rules.
 */

/** How the conventions block is filled. Defaults: {@link DEFAULT_CONVENTION_SETTINGS}. */
export interface ConventionSettings {
  /** Inject a project's conventions as a block of their own. Default true. */
  enabled: boolean;
  /** At most this many conventions per prompt. Default 10. */
  maxConventions: number;
  /** At most this many tokens (estimateTokens) for the block's lines. Default 250. */
  maxTokens: number;
  /**
   * A convention whose kind of work the prompt does not share still comes when it is this relevant
   * to the prompt (topic similarity, as for lessons). Default 0.55.
   */
  minRelevance: number;
}

/** The defaults: at most 10 conventions and 250 tokens. */
export const DEFAULT_CONVENTION_SETTINGS: ConventionSettings = {
  enabled: true,
  maxConventions: 10,
  maxTokens: 250,
  minRelevance: 0.55,
};
