/**
 * How relevant a recall candidate is to a prompt, on the cosine scale: its topic similarity,
 * discounted when it shares no content word with the prompt, lifted when both are about the same
 * kind of work, lowered when both are about different ones and for a general-knowledge question.
 * The weights are parameters (defaults measured on the eval suites, docs/recall.md). Pure.
 */
import { z } from "zod";
import { activities, sharedActivities } from "./intents.js";

/** The weights of relevance, each overridable. */
export const relevanceWeightsSchema = z.object({
  /** Topic similarity is multiplied by this when the candidate shares no content word. */
  noSharedTermFactor: z.number().min(0).max(1).default(0.85),
  /** Added when prompt and candidate are about the same kind of work. */
  activityLift: z.number().min(0).max(1).default(0.12),
  /** Subtracted when both are about recognisable but different kinds of work. */
  activityMismatch: z.number().min(0).max(1).default(0.05),
  /** Subtracted for a general-knowledge question, which no project lesson serves. */
  generalPenalty: z.number().min(0).max(1).default(0.2),
  /** A lesson learnt where the user asked something like the prompt: this × the ask's relevance. */
  situationWeight: z.number().min(0).max(1).default(0.8),
  /** The relevance of a lesson about how to answer, or one that guards every task of its project. */
  everyTaskRelevance: z.number().min(0).max(2).default(0.5),
});

/** The weights of relevance. */
export type RelevanceWeights = z.infer<typeof relevanceWeightsSchema>;

/** The measured defaults. */
export const DEFAULT_RELEVANCE_WEIGHTS: RelevanceWeights = relevanceWeightsSchema.parse({});

/** What the prompt is about, beyond its words (see core/recall/intents.ts). */
export interface PromptProfile {
  activities: ReadonlySet<string>;
  general: boolean;
}

/**
 * How relevant a candidate is: its topic similarity, discounted when it shares no content word
 * with the prompt (vector similarity alone, with the offline embedder, drifts to shared phrasing),
 * lifted when prompt and candidate are about the same kind of work (`lifted`: a convention's kind
 * of work is judged by its block, so as a lesson it gets no lift), lowered when both are about
 * different ones and for a general-knowledge question.
 */
export function relevance(input: {
  topic: number;
  sharedTerms: number;
  lexicalHit: boolean;
  profile: PromptProfile;
  candidateText: string;
  lifted?: boolean;
  weights?: RelevanceWeights;
}): number {
  const weights = input.weights ?? DEFAULT_RELEVANCE_WEIGHTS;
  const base =
    input.sharedTerms > 0 || input.lexicalHit ? input.topic : input.topic * weights.noSharedTermFactor;
  const own = activities(input.candidateText);
  const shared = sharedActivities(input.profile.activities, own);
  // Both about something recognisable, and not the same thing: a word in common is a coincidence.
  const mismatch = shared === 0 && input.profile.activities.size > 0 && own.size > 0;
  const lift =
    shared > 0
      ? input.lifted === false
        ? 0
        : weights.activityLift
      : mismatch
        ? -weights.activityMismatch
        : 0;
  return base + lift - (input.profile.general ? weights.generalPenalty : 0);
}
