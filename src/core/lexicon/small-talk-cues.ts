/**
 * Greetings, farewells, laughter and chit-chat: "Good morning!", "how are you?", "great to finally
 * meet you", "lol", "have a good weekend", "早上好", "欢迎加入", "哈哈". Nothing in them belongs in
 * memory, and a greeting is never the situation a lesson applies in. (Thanks and acceptance are
 * `SATISFACTION_CUES`; what people chat about is `CHAT_TOPICS`.) Lower case, read with the `i`
 * flag: the memory gate runs it on masked text, learning on the text as written. Pure.
 */
import { namesCode } from "./code-terms.js";
import { defineLexicon } from "./define-lexicon.js";
import { kindsOfWork } from "./kinds-of-work.js";

/** Small talk. */
export const SMALL_TALK_CUES = defineLexicon("small-talk-cues", [
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:hi|hey|hello|yo|hiya|howdy|good (?:morning|afternoon|evening|night)|morning|welcome(?: aboard)?)\b/,
    example: "Good morning!",
  },
  {
    pattern: /\b(?:nice|great|good|glad|lovely) to (?:finally )?(?:meet|see|have) you\b/,
    example: "Hi Oliver, it's great to finally meet you.",
  },
  {
    pattern:
      /\bhow are you\b|\bhow'?s it going\b|\bhow is it going\b|\bwhat'?s up\b|\bhow (?:was|is) your (?:day|weekend|week|trip)\b|\bhow have you been\b|\bhow has your \w+ been\b/,
    example: "Hey, how are you doing?",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:lol|lmao|rofl|haha+|hehe+|ok(?:ay)?|k|kk|cool|nice|sure|got it|yep|yeah|yup|nope|bye|see you|later|good night|gn|ttyl|wow|oh|hmm+|ah+)[^\w\u4e00-\u9fff]*$/,
    example: "lol",
  },
  // Home life: pets and family, said as one's own.
  {
    pattern:
      /\bmy (?:cat|cats|dog|dogs|kid|kids|son|daughter|wife|husband|partner|mum|mom|dad|parents|neighbou?rs?)\b/,
    example: "lol my cat just walked across the keyboard",
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
    pattern: /^[^\w\u4e00-\u9fff]*(?:你好|您好|嗨|哈喽|早上好|早安|晚安|下午好|晚上好|在吗|在不在|早)/,
    example: "早上好！",
  },
  { pattern: /^[^，,。！!？?]{0,6}(?:你好|您好)|欢迎(?:加入|来到)/, example: "小王你好，欢迎加入！" },
  {
    pattern: /哈哈|嘿嘿|呵呵|嗯嗯|好滴|拜拜|再见|辛苦了|吃了吗|吃饭了吗|天气(?:真|好|不错|太)/,
    example: "哈哈，好的",
  },
]);

/** What people chat about before getting to the point: the weekend, coffee, the weather, 周末, 团建. */
export const CHAT_TOPICS = defineLexicon("chat-topics", [
  {
    pattern: /\b(?:weekend|vacation|holiday|coffee|lunch|weather|commute|the match|apartment)\b/,
    example: "did you try the new coffee place?",
  },
  { pattern: /周末|天气|团建|假期|休息得/, example: "周末过得怎么样" },
  {
    pattern:
      /\b(?:hike|hikes|hiking|marathon|concert|wedding|birthday party|wildflowers|gardening|barbecue|bbq)\b|爬山|徒步|演唱会|婚礼/,
    example: "Did a 20 km hike on Saturday, the wildflowers are out already",
  },
  {
    // Films and books, said as what one watched or reads.
    pattern:
      /\b(?:good|great|fun|long|loud|terrible) (?:film|movie|book|read|novel|show)\b|\b(?:film|movie)s? (?:last night|at the weekend|on (?:friday|saturday|sunday))\b|\bwhat (?:are|were|have) you (?:been )?reading\b|\bi(?:'m| am| was|'ve been) (?:reading|watching) (?:a|an|the|this)\b|\bwatched (?:a|an|the) (?:film|movie|series|show)\b/,
    example: "Good film last night. Dune part two. Loud.",
  },
  {
    pattern: /(?:在|最近)(?:看|读)(?:什么)?书|这本书|看了(?:一部|个)?电影|(?:一部|这部)电影/,
    example: "你最近在看什么书？",
  },
  {
    // Life at home: a book club, baking, pets, family, trips.
    pattern:
      /\b(?:book club|we'?re reading|sourdough|baking|bakery|recipes?|puppy|kitten|my (?:dog|cat|kids?|son|daughter|sister|brother|mum|mom|dad|wife|husband|partner)|skiing|ski trip|souvenirs?|food truck|flat hunt|house move)\b/,
    example: "Want to join the book club? We're reading Project Hail Mary.",
  },
  {
    pattern: /烘焙|做饭|宠物|狗狗|猫咪|老家|旅游|旅行|火锅|追\S{0,3}剧|电视剧/,
    example: "你最近在追什么剧？",
  },
]);

/**
 * True for a greeting or chat ("Hi Oliver, it's great to finally meet you", "How was your
 * weekend?"): never the situation a lesson applies in.
 */
export function isSmallTalk(text: string): boolean {
  return SMALL_TALK_CUES.test(text) || CHAT_TOPICS.test(text);
}

/**
 * True for a message that is only chat: small talk or a chat topic, naming no kind of work and no
 * code ("Good film last night. Dune part two. Loud."). Recall never brings it back as what the user
 * said about the project.
 */
export function isChitChat(text: string): boolean {
  return isSmallTalk(text) && kindsOfWork(text).size === 0 && !namesCode(text);
}
