/**
 * What the graded rules share: a lexicon read in the message under inspection, where the message
 * sits (after any agent turn, or answering the assistant), and whether it accepts what it got.
 */
import { ALARM_CUES } from "../lexicon/alarm-cues.js";
import { ALTERNATIVE_REQUESTS } from "../lexicon/alternative-requests.js";
import { COMPLAINT_CUES } from "../lexicon/complaint-cues.js";
import { CORRECTION_OPENERS } from "../lexicon/correction-openers.js";
import type { Lexicon } from "../lexicon/define-lexicon.js";
import { DISLIKE_CUES } from "../lexicon/dislike-cues.js";
import { PUSHBACK_CUES } from "../lexicon/negations.js";
import { OTHER_OPTION_REQUESTS } from "../lexicon/other-option-requests.js";
import { PRAISE_CUES } from "../lexicon/praise-cues.js";
import { REJECT_CUES } from "../lexicon/reject-cues.js";
import { RETRY_REQUESTS } from "../lexicon/retry-requests.js";
import { SATISFACTION_CUES } from "../lexicon/satisfaction-cues.js";
import type { OfflineSignalRule, RuleContext, RuleMatch } from "./rule-context.js";
import { evidenceAt } from "./signal-text.js";

/** The match of `lexicon` in the masked message under inspection, as a rule finding. */
export function cueMatch(context: RuleContext, lexicon: Lexicon, confidence: number): RuleMatch | undefined {
  const masked = context.view.masked(context.index);
  const start = masked.search(lexicon.pattern);
  if (start === -1) return undefined;
  return { confidence, evidence: evidenceAt(context.message.content, masked, start), start, end: start + 1 };
}

/**
 * True when the last assistant or tool turn before the message is an assistant's answer, with
 * only the user's own messages since: a user often replies in several short messages.
 */
export function answered({ view, index }: RuleContext): boolean {
  return view.messages[view.lastAgentTurnBefore(index)]?.role === "assistant";
}

/** True when the message thanks, accepts or praises (lexicon `satisfaction-cues`). */
export function accepts(context: RuleContext): boolean {
  return SATISFACTION_CUES.pattern.test(context.view.masked(context.index));
}

/** Lexicons of a reply that is not happy: a negation, an opener like "No,", a dislike, a complaint, a halt. */
const UNHAPPY: readonly Lexicon[] = [
  PUSHBACK_CUES,
  CORRECTION_OPENERS,
  DISLIKE_CUES,
  COMPLAINT_CUES,
  REJECT_CUES,
  ALARM_CUES,
];

/** Lexicons of a reply that pushes for something else: again, another one, how about… */
const PURSUIT: readonly Lexicon[] = [RETRY_REQUESTS, OTHER_OPTION_REQUESTS, ALTERNATIVE_REQUESTS];

/** True when the message carries a negation, an opener like "No,", a dislike, a complaint, a rejection or a halt. */
export function soundsUnhappy({ view, index }: RuleContext): boolean {
  const masked = view.masked(index);
  return UNHAPPY.some((lexicon) => lexicon.pattern.test(masked));
}

/**
 * True when the message reacts to the answer: accepts or praises it, sounds unhappy with it, or
 * asks again or for another.
 */
export function reactsToAnswer(context: RuleContext): boolean {
  const masked = context.view.masked(context.index);
  return (
    accepts(context) ||
    PRAISE_CUES.pattern.test(masked) ||
    soundsUnhappy(context) ||
    PURSUIT.some((lexicon) => lexicon.pattern.test(masked))
  );
}

/** A rule that is one lexicon read in one position, at one calibrated confidence. */
export interface LexiconRuleSpec {
  id: string;
  type: OfflineSignalRule["type"];
  description: string;
  example: OfflineSignalRule["example"];
  lexicon: Lexicon;
  confidence: number;
  /** `afterAgent`: any assistant or tool turn before; `afterAnswer`: see {@link answered}. */
  when: "afterAgent" | "afterAnswer";
  /** Skip messages that also thank, accept or praise ("No, thank you"). */
  skipWhenAccepting: boolean;
  /** Skip messages this returns true for (e.g. ones that also carry a negation). */
  skip?: (context: RuleContext) => boolean;
}

/** A user rule reading one lexicon, as `spec` says. */
export function lexiconRule(spec: LexiconRuleSpec): OfflineSignalRule {
  return {
    id: spec.id,
    type: spec.type,
    source: "user",
    roles: ["user"],
    description: spec.description,
    example: spec.example,
    detect(context) {
      const placed =
        spec.when === "afterAgent" ? context.view.afterAgentTurn(context.index) : answered(context);
      if (!placed || (spec.skipWhenAccepting && accepts(context)) || spec.skip?.(context) === true)
        return undefined;
      return cueMatch(context, spec.lexicon, spec.confidence);
    },
  };
}
