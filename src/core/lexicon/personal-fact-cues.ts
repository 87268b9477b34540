/**
 * Facts a user states about themselves: their name, how to address them, where they live, their
 * time zone, work, diet and health, languages, family they have: "call me Sam", "I live in
 * Lisbon", "I'm on Pacific time", "I'm allergic to peanuts", "我叫小王". The memory gate reads
 * them as facts for USER.md. Facts about other people ("my sister is vegan") are not here.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A lasting fact about the user, said by the user. */
export const PERSONAL_FACT_CUES = cueLexicon("personal-fact-cues", [
  { pattern: /\bmy (?:name|first name|nickname)(?:'s| is)\b/, example: "My name is Sam." },
  { pattern: /\b(?:please |just |you can )?call me\b/, example: "Call me Sam, not Samuel." },
  {
    pattern: /\bi (?:live|reside|grew up) in\b|\bi(?:'m| am) (?:from|based (?:in|out of)|located in)\b/,
    example: "I live in Lisbon.",
  },
  {
    pattern:
      /\bmy (?:time ?zone|pronouns|birthday|job|role|title|profession|hometown|native language|first language|mother tongue|working hours|work hours|schedule|dietary \w+|diet)(?:'s| is| are)\b/,
    example: "My time zone is CET.",
  },
  {
    pattern:
      /\bi(?:'m| am) (?:in|on) (?:the )?(?:[a-z]+ )?(?:time ?zone|time|utc|gmt|[pcem][sd]?t|cet|cest|bst|ist|jst)\b/,
    example: "I'm on Pacific time.",
  },
  { pattern: /\bi work (?:as|at|for|in|from)\b/, example: "I work as a nurse." },
  {
    pattern:
      /\bi(?:'m| am) (?:allergic|intolerant|vegetarian|vegan|pescatarian|diabetic|colou?r ?blind|left-handed|right-handed|deaf|dyslexic|married|single|divorced|retired|self-employed|a student|a parent|pregnant|not a native speaker|a native speaker)\b/,
    example: "I'm allergic to peanuts.",
  },
  {
    pattern:
      /\bi(?:'m| am) (?:not )?an? (?!bit\b|little\b|lot\b|few\b|moment\b|sec\b|second\b|minute\b|hurry\b|rush\b|mess\b|meeting\b|call\b|break\b|good mood\b|bad mood\b|loss\b|wreck\b)[a-z-]+(?: [a-z-]+)?\b/,
    example: "I'm not a morning person.",
  },
  { pattern: /\bi (?:speak|teach|study)\b/, example: "I speak Portuguese and a little French." },
  {
    pattern:
      /\bi have (?:a |an |one |two |three |four |\d+ )?(?:kids?|children|sons?|daughters?|dogs?|cats?|partner|wife|husband|allerg(?:y|ies)|degree|phd|condition)\b/,
    example: "I have two kids.",
  },
  { pattern: /\bi(?:'m| am) \d{1,3} (?:years old|yo)\b/, example: "I'm 34 years old." },
  { pattern: /我叫(?!什么|啥)|我的名字(?:是|叫)|(?:你可以|请|就)?叫我/, example: "我叫小王" },
  {
    pattern:
      /我(?:住在|来自|生活在|在[^，。！？]{1,8}(?:工作|上班|生活|读书))|我是[^，。！？]{1,8}人(?![吗呢])/,
    example: "我住在上海",
  },
  {
    pattern:
      /我是(?!不是)(?:一名|一个|个|做)?[^，。！？]{0,8}(?:师|员|生|者|家|工|长|手|医生|护士|老板)(?![吗呢])/,
    example: "我是一名护士",
  },
  {
    pattern: /我的(?:时区|生日|职业|工作|专业|母语|作息|饮食)(?:是|在|为)/,
    example: "我的时区是东八区",
  },
  {
    pattern:
      /我是(?:个|一个)?(?:左撇子|右撇子|夜猫子|素食者|急性子|慢性子|路痴|色盲|独生子|独生女|新手|外地人|上班族|学生|宝妈|宝爸)/,
    example: "我是左撇子",
  },
  { pattern: /我对[^，。！？]{1,10}过敏|我(?:吃素|是素食者|不能吃|乳糖不耐)/, example: "我对花生过敏" },
  { pattern: /我有(?:一个|两个|三个|\d+个)?(?:孩子|儿子|女儿|狗|猫)/, example: "我有两个孩子" },
]);
