/**
 * Words that open a sentence without being part of the fact in it: "okay,", "by the way", "just so
 * you know", "please remember that", "from now on", "对了", "记住：". The memory gate strips them
 * from a candidate fact ("Oh, by the way, I prefer tea" → "prefers tea"). Each entry is anchored at
 * the start and is stripped repeatedly.
 */
import { cueLexicon } from "./cue-lexicon.js";

/** An opening word or phrase that is not part of the fact. */
export const LEAD_IN_WORDS = cueLexicon([
  {
    pattern:
      /^(?:ok(?:ay)?|alright|so|and|but|also|oh|well|hey|hi|yeah|yes|right|actually|anyway|great|cool|nice|perfect|thanks|thank you|one more thing|quick note|heads up|important)\b[\s,.!:;—-]*/,
    example: "Okay, thanks. I prefer tea.",
  },
  {
    pattern:
      /^(?:by the way|btw|fyi|just so you know|for the record|for future reference|for your information|(?:please )?note(?: that)?|keep in mind(?: that)?|bear in mind(?: that)?|good to know)\b[\s,:;—-]*/,
    example: "Just so you know, I'm vegetarian.",
  },
  {
    pattern:
      /^(?:i should (?:mention|say|add|tell you)|i forgot to (?:mention|say|tell you)|let me (?:mention|tell you|add)|i want you to know|you should know|you need to know)(?: that)?\b[\s,:;—-]*/,
    example: "I should mention I'm diabetic.",
  },
  {
    pattern:
      /^(?:please )?(?:remember|don'?t forget|never forget|make a note|note down|save|store)(?: (?:that|this))?\b[\s,:;—-]*/,
    example: "Please remember that I'm vegetarian.",
  },
  {
    pattern:
      /^(?:(?:can|could|would|will) you (?:please )?|i (?:want|need) you to |i'?d like you to )(?:remember|note|keep in mind|make a note|know)(?: that)?\b[\s,:;—-]*/,
    example: "Can you remember that I'm vegan?",
  },
  {
    pattern:
      /^(?:from now on|going forward|in the future|from here on(?: out)?|henceforth|in general|generally|as a rule|by default|in principle)\b[\s,:;—-]*/,
    example: "From now on, reply in English.",
  },
  { pattern: /^please\b[\s,]*/, example: "Please always cite your sources." },
  {
    pattern:
      /^(?:对了|顺便说一下|顺便说一句|顺便|另外|还有|补充一下|提醒一下|说一下|跟你说|告诉你|我跟你说|麻烦|好的|嗯|哦|那个)[，,：:\s]*/,
    example: "对了，我对花生过敏",
  },
  {
    pattern: /^(?:请|你要|帮我)?(?:记住|记一下|记下来|别忘了|不要忘了|记得)(?:了|哦|啊)?[，,：:\s]*/,
    example: "记住：我不吃香菜",
  },
  { pattern: /^(?:以后|今后|从现在(?:开始|起)|往后)[，,：:\s]*/, example: "以后，回答简洁一点" },
  { pattern: /^请[，,\s]*/, example: "请用中文回答" },
]);
