/**
 * Words a user opens a reply with when the last answer missed: "No,", "Wrong,", "Negative.",
 * "Actually,", "Sorry, I meant", "不对，". Alone they are a weak reject; followed by what the user wants instead
 * (replacement-requests.ts) they are a correction.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A correction opener at the very start of the message, after an optional "hmm" or "oh". */
export const CORRECTION_OPENERS = cueLexicon("correction-openers", [
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:(?:hmm+|um+|uh+|oh|well)[,.]?\s+)?(?:no+|nope|nah)\b(?!-)/,
    example: "No, I want it at Green Papaya.",
  },
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:that'?s |this is |you(?:'re| are) )?(?:wrong|incorrect)\b/,
    example: "Wrong, I want to leave on the 10th of March 2019.",
  },
  {
    pattern: /^[^\w\u4e00-\u9fff]*negative\b/,
    example: "Negative. Is there any possibility for afternoon 2?",
  },
  { pattern: /^[^\w\u4e00-\u9fff]*(?:actually|in fact)\b/, example: "Actually, I need it for four people." },
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:not (?:quite|exactly|really)|not that one)\b/,
    example: "Not quite, the later train.",
  },
  { pattern: /^[^\w\u4e00-\u9fff]*(?:sorry,?\s+)?(?:i meant|i mean)\b/, example: "Sorry, I meant Saturday." },
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:(?:oh|oops|um+)[,.]?\s+)?(?:i'?m |i am |so )?(?:sorry|i apologi[sz]e)\b/,
    example: "I'm sorry, but I actually needed the hotel for 4 nights.",
  },
  { pattern: /^[^\w\u4e00-\u9fff]*(?:不对|不是|错了|不行)/, example: "不对，我要的是周六的票" },
]);
