/**
 * Praise of what was offered or said, anywhere in the message: "a great one", "really good",
 * "interesting", "so funny", "good choice", "很好看". Read with a negation check ("not really good"
 * is no praise). Thanks and acceptance at the start of a reply are `SATISFACTION_CUES`.
 */
import { cueLexicon } from "./define-lexicon.js";

/** Praise of the suggestion, the answer or the help. */
export const PRAISE_CUES = cueLexicon("praise-cues", [
  {
    pattern:
      /\b(?:a|so|really|very|pretty|such a|super|quite) (?:good|great|fun|funny|cool|nice|interesting|awesome|helpful|useful|clever|fantastic)\b/,
    example: "That's a great one, my kids loved it.",
  },
  {
    pattern:
      /\b(?:wonderful|fantastic|amazing|excellent|brilliant|awesome|interesting|hilarious|delightful|helpful|classic)\b/,
    example: "Interesting, I will look it up.",
  },
  {
    pattern:
      /\b(?:good|great|nice|excellent) (?:choice|pick|idea|call|suggestions?|recommendations?|one|catch)\b/,
    example: "Good pick, I'll watch it tonight.",
  },
  {
    pattern: /\b(?:loved?|enjoyed|like[ds]?) (?:it|that|this|them|those|all of)\b/,
    example: "Classics, loved them.",
  },
  { pattern: /很好|挺好|好看|有意思|有用|厉害|完美|太棒/, example: "这个推荐很好，我去看看" },
]);
