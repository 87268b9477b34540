/**
 * Words that close a sentence without being part of the fact in it: ", please", ", thanks", "from
 * now on", "ok?", "吧", "就行". The memory gate strips them from the end of a candidate fact ("I'll
 * call you Jarvis from now on" → "name is Jarvis"). Each entry is anchored at the end and is
 * stripped repeatedly.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A closing word or phrase that is not part of the fact. */
export const TAIL_WORDS = cueLexicon("tail-words", [
  {
    pattern: /[\s,]*\b(?:please|pls|thanks|thank you|thx|ok|okay|alright|right)[^\w\u4e00-\u9fff]*$/,
    example: "Reply in English, please.",
  },
  {
    pattern:
      /[\s,]*\b(?:from now on|going forward|from here on(?: out)?|in (?:the )?future|for good)[^\w\u4e00-\u9fff]*$/,
    example: "I'll call you Jarvis from now on.",
  },
  {
    pattern: /[\s,]*\b(?:okay|ok|alright|got it|understood)\?[^\w\u4e00-\u9fff]*$/,
    example: "Keep answers short, ok?",
  },
  {
    pattern: /(?:就行了|就行|就好了|就好|就可以了|吧|哦|啊|呀|哈|嘛|呢|啦)[\s。！!~～]*$/,
    example: "叫我小王就行",
  },
  { pattern: /[，,\s]*(?:谢谢|多谢|好吗|可以吗|行吗)[\s。！!？?~～]*$/, example: "以后用中文回答，谢谢" },
]);
