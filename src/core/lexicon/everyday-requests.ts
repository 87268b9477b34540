/**
 * Requests about the user's life outside the project — a trip, a meal, a gift, a workout — asked
 * in the project's session: "plan a two-day itinerary for Lisbon", 帮我规划一下国庆去成都的行程.
 * They ask for no project work, so no convention of the project guards them. A request that also
 * names a thing code is made of ("add a gift-card field to the checkout form") is project work.
 * Each entry has an example. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** What a request about everyday life is about. */
export const EVERYDAY_REQUESTS = defineLexicon(
  "everyday-requests",
  [
    {
      pattern:
        /\b(?:itinerar(?:y|ies)|sightseeing|vacation|road trip|(?:weekend|day|city) trip|packing list)\b/,
      example: "plan a two-day itinerary for Lisbon",
    },
    {
      pattern:
        /\b(?:recipes?|grocery list|shopping list|meal plan|dinner ideas|restaurants? (?:nearby|near me))\b/,
      example: "suggest a recipe for a quick weeknight dinner",
    },
    {
      pattern:
        /\b(?:birthday|anniversary|wedding) (?:gifts?|presents?|cards?|party|speech|toast)\b|\bgift ideas?\b/,
      example: "gift ideas for my sister's birthday",
    },
    {
      pattern: /\b(?:workout|exercise|running|marathon) (?:plan|routine|schedule)\b/,
      example: "make me a workout plan for three days a week",
    },
    {
      pattern:
        /\b(?:birthday|anniversary|wedding|retirement|get[- ]well) (?:wishes|message|note|poem)\b|\b(?:thank-you|thank you|condolence|sympathy) (?:note|card|message)\b|\bwedding vows\b/,
      example: "write a warm birthday message for my grandma's 80th",
    },
    {
      // A message to someone in the user's life: "write a text to my landlord about the broken heater".
      pattern:
        /\b(?:message|text|note|e-?mail|letter)s?\b[^.?!]{0,30}\b(?:to|for) (?:my |our )?(?:landlord|landlady|neighbou?rs?|mum|mom|dad|parents|friends?|roommates?|flatmates?|wife|husband|partner|girlfriend|boyfriend|kids?'? (?:school|teacher)|doctor|dentist|plumber|building manager)\b/,
      example: "write a short text to my landlord asking when the heater gets fixed",
    },
    {
      pattern:
        /(?:发给|给)(?:我(?:的)?)?(?:房东|邻居|妈妈?|爸爸?|老婆|老公|朋友|室友|老师|物业|女朋友|男朋友|家人)[^，。]{0,6}?(?:微信|消息|短信|邮件|信)/,
      example: "帮我写一段发给房东的微信，说卧室空调坏了",
    },
    {
      pattern: /行程|旅游|旅行|攻略|菜谱|食谱|做饭|礼物|生日|婚礼|健身计划|减肥/,
      example: "帮我规划一下国庆去成都的旅游行程",
    },
    {
      pattern: /祝福语|祝寿|大寿|寿宴|贺词|贺卡|请假条|请假理由|感谢信|朋友圈文案|情书/,
      example: "帮我写一段给奶奶八十大寿的祝福语，温馨一点",
    },
  ],
  "iu",
);

/** Things code is made of: a request naming one is project work, whatever else it mentions. */
export const CODE_THINGS = defineLexicon(
  "code-things",
  [
    {
      pattern:
        /\b(?:functions?|endpoints?|api|pages?|screens?|components?|columns?|tables?|fields?|class(?:es)?|modules?|tests?|scripts?|quer(?:y|ies)|routes?|buttons?|forms?|models?|services?|schemas?|migrations?|views?|sheets?|dialogs?|modals?|widgets?)\b/,
      example: "add a gift-card field to the checkout form",
    },
    // …and so does one that reports what the code does wrong: "the recipe share sheet crashes on iPad, can you fix it".
    {
      pattern: /\b(?:crash(?:es|ed|ing)?|bugs?|exceptions?|stack ?traces?)\b/,
      example: "the recipe share sheet crashes on iPad, can you fix it",
    },
    {
      pattern: /接口|页面|字段|数据表|函数|组件|脚本|按钮|表单|模块|服务|测试/,
      example: "给下单页面加一个礼品卡字段",
    },
  ],
  "iu",
);

/** True for a request about everyday life that names nothing code is made of. */
export function asksForEveryday(prompt: string): boolean {
  return EVERYDAY_REQUESTS.test(prompt) && !CODE_THINGS.test(prompt);
}
