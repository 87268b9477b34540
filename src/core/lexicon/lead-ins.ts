/**
 * Lead-ins: the words before an instruction that are not part of it — interjections ("oh,",
 * "wait"), connectives ("and", "also", 而且), the order of a list ("Firstly,", "Secondly,", 首先),
 * a greeting ("Hi Oliver,") and an announcement ("One update before I forget:"). A rule is stored
 * without them. Also small talk: a greeting or chat ("Hi Oliver, it's great to finally meet you")
 * is never the situation a lesson applies in. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** Lead-ins, each read at the start of a sentence (the caller anchors them). */
export const LEAD_INS = defineLexicon("lead-ins", [
  { pattern: /(?:no+|nope|nah|ok(?:ay)?|yes)[,.!:]\s*/, example: "no, use pnpm" },
  {
    pattern:
      /(?:no{2,}|oh|ah+|hey|yeah|yep|whoa|woah|wait|hmm+|ugh|sorry|hold on|wtf|omg|dude|man|bro|well)[,.!:]?\s+/,
    example: "whoa wait, that's the wrong redis",
  },
  {
    pattern:
      /(?:so|and|also|but|plus|btw|by the way|please|pls|plz|just|then|fyi|remember|note|actually|anyway|oh and)\b[,:]?\s*/,
    example: "also, function names should end with '_fn'",
  },
  {
    pattern:
      /(?:firstly|secondly|thirdly|fourthly|lastly|additionally|moreover|furthermore|besides)\b[,:]?\s*/,
    example: "Firstly, always start variable names with 'z_'",
  },
  {
    pattern:
      /(?:first(?: of all)?|second|third|next|finally|last but not least|on top of that|one more thing|another thing)[,:]\s*/,
    example: "finally, never push to main",
  },
  {
    pattern:
      /(?:hi|hello|hey|good (?:morning|afternoon|evening)|morning|welcome(?: aboard)?)(?:\s+[A-Z][\w-]*)?[,!.]\s*/,
    example: "Hi Oliver, we use tabs",
  },
  {
    pattern:
      /(?:[^:：.!?]{0,60}?\s(?:rules?|conventions?|practices?|things?|notes?|updates?|changes?|reminders?|requests?|heads[- ]up|fyi)\b[^:：.!?]{0,40}|(?:rules?|conventions?|notes?|updates?|changes?|reminders?|heads[- ]up|fyi))[:：]\s*/,
    example: "One update before I forget: from now on, variable names start with 'wr_'",
  },
  {
    pattern: /[^：:，。]{0,20}(?:习惯|规范|规矩|约定|变化|说明)[：:]\s*/,
    example: "我们组的习惯：以后变量名一律以 m_ 开头",
  },
  {
    pattern:
      /in (?:this|our|the) (?:repo|project|codebase|api|service|app)\b[,:]?\s*|(?:locally|here)\b[,:]?\s*/,
    example: "in this repo, squash before merging",
  },
  {
    pattern:
      /(?:而且|并且|但是|但|还有|另外|同时|也|然后|对了|首先|其次|再次|第[一二三四五六]|最后|此外|说个事|有个变化|跟你说一下)[，,:：\s]*/,
    example: "另外，每个函数都要有类型注解",
  },
]);

const LEADING = new RegExp(
  `^(?:${LEAD_INS.entries.map((entry) => `(?:${entry.pattern.source})`).join("|")})+`,
  "i",
);

/** `text` without the lead-ins it opens with: "Firstly, always start…" → "always start…". */
export function stripLeadIns(text: string): string {
  return text.trim().replace(LEADING, "").trim();
}

/** Greetings and chat: what a mentor says before getting to the point. */
export const SMALL_TALK = defineLexicon("small-talk", [
  {
    pattern: /^(?:hi|hello|hey|good (?:morning|afternoon|evening)|morning|welcome)\b/,
    example: "Hi Oliver, it's great to finally meet you.",
  },
  {
    pattern: /\b(?:nice|great|good|glad|lovely) to (?:finally )?(?:meet|see|have) you\b/,
    example: "great to finally meet you",
  },
  {
    pattern:
      /\bhow (?:are you|is it going|was your (?:weekend|week|trip|day)|have you been|has your \w+ been)\b/,
    example: "How was your weekend?",
  },
  {
    pattern: /\b(?:weekend|vacation|holiday|coffee|lunch|weather|commute|the match|apartment)\b/,
    example: "did you try the new coffee place?",
  },
  {
    pattern: /^(?:早|嗨|哈喽)|你好|您好|早上好|早安|欢迎(?:加入)?|周末|吃饭了吗|天气|团建|假期|休息得/,
    example: "小王你好，欢迎加入！",
  },
]);

/** True for a greeting or chat ("Hi Oliver, it's great to finally meet you"), never a situation. */
export function isSmallTalk(text: string): boolean {
  return SMALL_TALK.test(text);
}
