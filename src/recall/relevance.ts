import { activities, sharedActivities } from "../core/recall/intents.js";
import type { RelevanceConfig } from "./relevance-config.js";

export { DEFAULT_RELEVANCE_CONFIG, type RelevanceConfig } from "./relevance-config.js";

/** What the prompt is about, beyond its words (see core/recall/intents.ts). */
export interface PromptProfile {
  activities: ReadonlySet<string>;
  general: boolean;
}

/**
 * How relevant a candidate is: its topic similarity, discounted when it shares no content word
 * with the prompt (vector similarity alone, with the offline embedder, drifts to shared phrasing),
 * lifted when prompt and candidate are about the same activity (installing dependencies, running
 * tests, pushing…), and lowered for a general-knowledge question, which no project lesson serves.
 */
export function relevance(
  config: RelevanceConfig,
  candidate: { topic: number; sharedTerms: number; lexicalHit: boolean; text: string },
  profile: PromptProfile,
): number {
  const { topic } = candidate;
  const base = candidate.sharedTerms > 0 || candidate.lexicalHit ? topic : topic * config.unsharedDiscount;
  const own = activities(candidate.text);
  const shared = sharedActivities(profile.activities, own);
  // Both about something recognisable, and not the same thing: a word in common is a coincidence.
  const mismatch = shared === 0 && profile.activities.size > 0 && own.size > 0;
  const lift = shared > 0 ? config.activityLift : mismatch ? -config.activityMismatch : 0;
  return base + lift - (profile.general ? config.generalQuestionPenalty : 0);
}
