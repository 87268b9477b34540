/**
 * Reassurances: what a user says to put the agent at ease or to own a slip of their own — "no
 * worries", "no need", "that's on me", "sorry, I should have mentioned this up front", 怪我没说清楚.
 * Such words keep nothing a lesson could hold: the rule, if any, is in the sentences around them
 * ("No need, that's on me, I should have mentioned it up front. … So please always run make test").
 * Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** What the user owned up to not saying: "mentioned this", "said so", "told you that". */
const SAID =
  "(?:mention(?:ed)?|say|said|tell|told you|flag(?:ged)?|warn(?:ed)? you|document(?:ed)?|point(?:ed)? (?:that|this|it) out)";

/** Every wording of a reassurance, English then Chinese. */
export const REASSURANCES = defineLexicon("reassurances", [
  {
    pattern: new RegExp(
      String.raw`\b(?:i|we)(?: really)? (?:should(?:'ve| have)|could(?:'ve| have)|ought to have|forgot to|didn'?t|did not|never)\s+${SAID}(?: (?:it|this|that|so|you))?(?: (?:up ?front|earlier|before|sooner|first|at the start|beforehand))?\b`,
    ),
    example: "Ah, sorry, I should have mentioned this earlier.",
  },
  {
    pattern:
      /\b(?:that'?s|it'?s|this is|which is)(?: (?:totally|entirely|all|really))? (?:on me|my (?:bad|fault|mistake))\b/,
    example: "No need, that's on me",
  },
  { pattern: /\bmy (?:bad|fault|mistake)\b/, example: "my bad, forgot to say" },
  {
    pattern: /\b(?:no (?:worries|problem|need|harm done)|don'?t worry(?: about it)?|all good)\b(?! to\b)/,
    example: "No worries",
  },
  { pattern: /\b(?:sorry|apologies)\b/, example: "Ah, sorry" },
  {
    pattern:
      /(?:怪我|都是我|是我|我)(?:的错|的问题|没(?:说|讲)清楚?|忘了(?:说|讲|告诉你))|怪我|我(?:应该|该|本该)早(?:点|些)?(?:说|讲|告诉你)|没事|不用(?:了|管)?(?=[，,。！!]|$)/,
    example: "怪我没说清楚",
  },
]);

const EVERY_REASSURANCE = new RegExp(REASSURANCES.pattern.source, "gi");

/** `sentence` without its reassurances ("No need, that's on me, …" → "No need, , …" minus the cues). */
export function withoutReassurances(sentence: string): string {
  return sentence.replace(EVERY_REASSURANCE, " ");
}
