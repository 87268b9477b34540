/**
 * Acceptance, thanks and praise: "No, thank you, that's all I need", "Sounds good", "I love that
 * one", "谢谢". A message that carries one is not read as a weak reject (a bare opener, a dislike,
 * a pursuit after a shortfall): "No, thanks" closes a conversation, it does not reject anything.
 */
import { cueLexicon } from "./define-lexicon.js";

/** The user is content with what they got. */
export const SATISFACTION_CUES = cueLexicon("satisfaction-cues", [
  {
    pattern: /\b(?:thanks|thank you|thank u|thx|cheers|appreciate (?:it|that|your help))\b/,
    example: "No, thank you, that's all I need.",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:(?:ok(?:ay)?|yes|yeah|yep|sure|alright)\W+)?(?:great|perfect|awesome|wonderful|excellent|fantastic|lovely|cool|nice|brilliant|amazing|good)\b/,
    example: "Great, please book it.",
  },
  {
    pattern:
      /\b(?:sounds?|looks?|seems?) (?:good|great|perfect|fine|lovely|nice|interesting|fun|right|like a (?:plan|good))\b/,
    example: "That sounds good, can I get the address?",
  },
  {
    pattern:
      /\b(?:that|this|it) (?:works|will work|will do|would be (?:great|perfect|fine))\b|\bthat'?s (?:fine|great|perfect|all|everything|good|ok(?:ay)?)\b/,
    example: "That works for me.",
  },
  { pattern: /\bno (?:worries|problem|rush|need)\b/, example: "No worries." },
  {
    pattern:
      /\bi (?:really )?(?:love|loved|like|liked|enjoy|enjoyed|adore)\b|\b(?:was|is|it'?s) (?:so |really |very |pretty )?(?:good|great|funny|amazing|awesome|fun)\b/,
    example: "I saw that one and it was very good.",
  },
  { pattern: /谢谢|多谢|感谢|好的|可以了|没问题|太好了|不错/, example: "好的，谢谢" },
]);
