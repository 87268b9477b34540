/**
 * A user letting the agent do, this once, what a lesson stopped: "yes, run npm this once", "go
 * ahead anyway", "I know, do it", "这次可以用 npm". Said in the prompt after tacit denied a call (or
 * asked), it overrides the denial: the next try goes through, and repeated overrides make the
 * lesson stale. A cue alone is not enough: the prompt must also name what was stopped, or be a
 * short reply (see core/guard/adherence.ts).
 */
import { cueLexicon } from "./define-lexicon.js";

/** Permission for what was stopped, given now. */
export const OVERRIDE_CUES = cueLexicon("override-cues", [
  {
    pattern: /\b(?:just |only )?this (?:once|one time|time)\b|\bjust once\b|\bonce is (?:fine|ok|okay)\b/,
    example: "yes, run npm this once",
  },
  {
    pattern:
      /\bgo ahead\b|\b(?:do|run|use) it anyway\b|\banyway\b|\bregardless\b|\bi know,? (?:just )?(?:do|run|use|go)\b/,
    example: "I know, just do it.",
  },
  {
    pattern:
      /^\s*(?:yes|yeah|yep|ok|okay|sure|fine)\b[\s,!.]*(?:please\s+)?(?:(?:you can|go on and)\s+)?(?:use|run|do|allow|push|commit|edit|proceed|continue)\b/,
    example: "Yes, use npm here.",
  },
  {
    pattern:
      /\bi (?:allow|approve|authori[sz]e|permit|okay|ok) (?:it|that|this)\b|\byou (?:may|can|have my permission to) (?:use|run|push|commit|edit) (?:it|that|npm|yarn|git|\w+) (?:here|now|this time|for this)\b/,
    example: "You may use npm for this, I approve it.",
  },
  {
    pattern:
      /\boverride (?:it|that|the (?:rule|lesson|block|denial))\b|\bignore (?:the|that|this) (?:rule|lesson|block|denial)\b/,
    example: "Override the rule and run it.",
  },
  {
    pattern:
      /这次(?:可以|就|先)?(?:用|跑|执行|提交|推)|就这一次|这回可以|允许(?:你)?(?:用|跑|执行)|没关系[，,]?\s*(?:用|跑|执行)|照样(?:用|跑)/,
    example: "这次可以用 npm",
  },
]);
