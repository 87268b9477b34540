/**
 * Asking for more or other choices without naming one: "Any other suggestions?", "Can you find
 * another one?", "something different", "还有别的吗". Right after an answer, the answer did not do.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A request for other options than the ones offered. */
export const OTHER_OPTION_REQUESTS = cueLexicon("other-option-requests", [
  {
    pattern: /\bany (?:other|more|others|different)\b(?! (?:questions?|information|info|help|details)\b)/,
    example: "Any other suggestions?",
  },
  {
    pattern:
      /\b(?:find|give|show|suggest|recommend|try|get|need|want|have)(?: me| us)? (?:another|a different|other|some other|something else|something different)\b/,
    example: "Can you find another one please?",
  },
  {
    pattern: /\b(?:another|a different|some other) (?:one|option|suggestion|choice|place|recommendation)\b/,
    example: "Do you have another option?",
  },
  {
    pattern: /\bsomething (?:else|different|more like|other than)\b/,
    example: "Something more like Final Destination.",
  },
  {
    pattern: /\b(?:don'?t|do not) you have (?:any|anything)\b|\byou don'?t have any (?:more|others?)\b/,
    example: "Wait, you don't have any more?",
  },
  { pattern: /还有(?:别的|其他)|换一(?:个|家|种)|有没有(?:别的|其他)/, example: "还有别的推荐吗？" },
]);
