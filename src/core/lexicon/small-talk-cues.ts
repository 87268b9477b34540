/**
 * Greetings, farewells, laughter and chit-chat: "Good morning!", "how are you?", "lol", "have a
 * good weekend", "早上好", "哈哈". Nothing in them belongs in memory. (Thanks and acceptance are
 * `SATISFACTION_CUES`.)
 */
import { cueLexicon } from "./cue-lexicon.js";

/** Small talk. */
export const SMALL_TALK_CUES = cueLexicon([
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:hi|hey|hello|yo|hiya|howdy|good (?:morning|afternoon|evening|night)|morning)\b/,
    example: "Good morning!",
  },
  {
    pattern:
      /\bhow are you\b|\bhow'?s it going\b|\bwhat'?s up\b|\bhow (?:was|is) your (?:day|weekend|week)\b/,
    example: "Hey, how are you doing?",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:lol|lmao|rofl|haha+|hehe+|ok(?:ay)?|k|kk|cool|nice|sure|got it|yep|yeah|yup|nope|bye|see you|later|good night|gn|ttyl|wow|oh|hmm+|ah+)[^\w\u4e00-\u9fff]*$/,
    example: "lol",
  },
  {
    pattern: /\b(?:nice|lovely|beautiful|terrible|awful|crazy|weird) weather\b|\bthe weather (?:is|was)\b/,
    example: "Nice weather today, isn't it?",
  },
  {
    pattern:
      /\bhave a (?:good|nice|great|lovely) (?:day|night|weekend|one|evening)\b|\btalk (?:to you )?(?:later|soon)\b|\bsee you\b/,
    example: "Have a good weekend!",
  },
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:你好|您好|嗨|哈喽|早上好|早安|晚安|下午好|晚上好|在吗|在不在)/,
    example: "早上好！",
  },
  {
    pattern: /哈哈|嘿嘿|呵呵|嗯嗯|好滴|拜拜|再见|辛苦了|吃了吗|天气(?:真|好|不错|太)/,
    example: "哈哈，好的",
  },
]);
