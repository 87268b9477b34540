/**
 * The user turning a suggestion down because of what it is: "I don't like horror movies", "not a
 * fan", "too sad for me", "我不喜欢这种". A weak reject of the suggestion.
 */
import { cueLexicon } from "./define-lexicon.js";

/** Dislike of what was just suggested. */
export const DISLIKE_CUES = cueLexicon("dislike-cues", [
  {
    pattern:
      /\bi (?:really |just |honestly )?(?:don'?t|do not|didn'?t|did not) (?:really |much |particularly )?(?:like|love|enjoy|care for|want)\b/,
    example: "I don't like dirty comedies.",
  },
  {
    pattern:
      /\bnot (?:really |much of |a big |a huge |too )?(?:into|a (?:big |huge )?fan|interested|my (?:thing|type|style|taste|cup of tea))\b/,
    example: "I am not into horror movies.",
  },
  {
    pattern: /\bi (?:hate|hated|can'?t stand|dislike|disliked|avoid)\b/,
    example: "I hate clowns, nothing like that.",
  },
  {
    pattern: /\bi (?:really )?(?:don'?t|do not) (?:really )?(?:get into|go for|care (?:for|about)|do)\b/,
    example: "I don't really get into horror.",
  },
  {
    pattern:
      /\b(?:wasn'?t|isn'?t|was not|is not|not) (?:very |that |too |so |really )?(?:good|great|funny|scary|interesting|appealing)\b/,
    example: "I heard that wasn't very good.",
  },
  {
    pattern:
      /\b(?:too|way too|a (?:little|bit) too) (?:scary|sad|silly|long|old|expensive|far|early|late|much|slow|violent|gory|boring)\b/,
    example: "A movie about an orphan might be too sad for me.",
  },
  {
    pattern:
      /\b(?:boring|terrible|horrible|awful|stupid|lame|the worst|overrated|(?:really|so|very|pretty) bad)\b/,
    example: "Get Out was horrible.",
  },
  {
    pattern:
      /\bi (?:don'?t|do not) think (?:i|we|they|he|she) (?:liked|like|would like|would enjoy|enjoyed|will like)\b/,
    example: "I don't think I liked it too much.",
  },
  { pattern: /我不(?:太)?喜欢|不感兴趣|不想要|太(?:贵|远|慢|晚|早)了/, example: "我不喜欢这种，太贵了" },
]);
