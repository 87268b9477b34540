/**
 * The shape of a memory-gate rule and the confidences rules give, as data. A rule looks at one
 * sentence of the user's message and returns what it found, or nothing; the order of rules does
 * not matter, because findings are combined by confidence (`combine-findings.ts`). Pure.
 */
import type { Lexicon } from "../lexicon/define-lexicon.js";
import type { GateContext } from "./gate-context.js";
import type { GateDecision, GateFinding, WriteDecision } from "./gate-decision.js";

/** One offline rule of the memory gate. */
export interface GateRule {
  readonly id: string;
  /** What the rule looks for, in a sentence a reader understands without its source. */
  readonly describe: string;
  /** The decision its findings carry. */
  readonly decision: GateDecision;
  /** A message it fires on, in English and in Chinese. */
  readonly example: { readonly en: string; readonly zh: string };
  decide(context: GateContext): GateFinding | undefined;
}

/**
 * Confidence of each rule's finding. Writes start between 0.55 and 0.85 by how specific the cue
 * is; a standing marker ("always", "以后") or a request to remember adds {@link GATE_BOOST} each
 * (at most {@link MAX_WRITE_CONFIDENCE}). Vetoes (NO_WRITE) are set so that a one-off (0.8) outweighs a
 * plain preference (0.7) but not a preference said to last (0.85): "I prefer the blue one for this
 * button" is not written, "I always prefer aisle seats, not just this time" is. A passing mood and a
 * runtime claim (0.85) say more about why nothing is written than a one-off word ("today") in the
 * same sentence, so they weigh a little more.
 */
export const GATE_CONFIDENCE = {
  agentIdentity: 0.85,
  personalFact: 0.75,
  profileAnswer: 0.75,
  agentPrinciple: 0.75,
  localTool: 0.75,
  stablePreference: 0.7,
  sharedDecision: 0.7,
  lessonLearnt: 0.7,
  standingInstruction: 0.65,
  durableFact: 0.6,
  selfStatement: 0.5,
  rememberRequest: 0.6,
  responseStyle: 0.55,
  responseStyleStanding: 0.8,
  sensitiveData: 0.95,
  oneOff: 0.8,
  runtimeClaim: 0.85,
  temporaryState: 0.85,
  temporaryTrait: 0.5,
  hypothetical: 0.7,
  threadChatter: 0.65,
  standingChatter: 0.4,
  question: 0.6,
  smallTalk: 0.55,
} as const;

/** Added to a write's confidence for a standing marker, and again for a request to remember. */
export const GATE_BOOST = 0.15;
/** The most a write's confidence reaches with boosts. */
export const MAX_WRITE_CONFIDENCE = 0.95;

/** `base` raised by the sentence's standing marker and the message's request to remember. */
export function boosted(base: number, context: GateContext): number {
  const boosts = (context.standing ? 1 : 0) + (context.remember ? 1 : 0);
  return Math.min(MAX_WRITE_CONFIDENCE, Math.round((base + boosts * GATE_BOOST) * 100) / 100);
}

/** The first of `lexicons` that matches the sentence, with where. */
export function firstCue(
  context: GateContext,
  lexicons: readonly Lexicon[],
): { lexicon: Lexicon; at: number } | undefined {
  for (const lexicon of lexicons) {
    const at = context.cue(lexicon);
    if (at !== -1) return { lexicon, at };
  }
  return undefined;
}

/** A rule that writes when one of its lexicons matches: the common case. */
export function lexiconWriteRule(spec: {
  id: string;
  describe: string;
  decision: WriteDecision;
  example: GateRule["example"];
  lexicons: readonly Lexicon[];
  confidence: number | ((context: GateContext) => number);
  /** Why, before the quoted sentence. */
  reason: string;
}): GateRule {
  return {
    id: spec.id,
    describe: spec.describe,
    decision: spec.decision,
    example: spec.example,
    decide(context) {
      const found = firstCue(context, spec.lexicons);
      if (found === undefined) return undefined;
      const candidateFact = context.fact(spec.decision, found.at);
      if (candidateFact === null) return undefined;
      const base =
        typeof spec.confidence === "number" ? boosted(spec.confidence, context) : spec.confidence(context);
      return {
        ruleId: spec.id,
        decision: spec.decision,
        confidence: base,
        reason: `${spec.reason}: "${context.quote()}"`,
        candidateFact,
      };
    },
  };
}

/** A rule that vetoes (NO_WRITE) when one of its lexicons matches. */
export function lexiconVetoRule(spec: {
  id: string;
  describe: string;
  example: GateRule["example"];
  lexicons: readonly Lexicon[];
  confidence: number | ((context: GateContext) => number);
  reason: string;
  /** Extra condition on the sentence. */
  when?: (context: GateContext) => boolean;
  /** Also vetoes when this finds something a lexicon does not (a detector of its own). */
  detect?: (context: GateContext) => boolean;
}): GateRule {
  return {
    id: spec.id,
    describe: spec.describe,
    decision: "NO_WRITE",
    example: spec.example,
    decide(context) {
      if (spec.when !== undefined && !spec.when(context)) return undefined;
      const found = firstCue(context, spec.lexicons) !== undefined || spec.detect?.(context) === true;
      if (!found) return undefined;
      const confidence = typeof spec.confidence === "number" ? spec.confidence : spec.confidence(context);
      return {
        ruleId: spec.id,
        decision: "NO_WRITE",
        confidence,
        reason: `${spec.reason}: "${context.quote()}"`,
      };
    },
  };
}
