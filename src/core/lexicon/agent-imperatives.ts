/**
 * A sentence that tells the agent what to do: "always run the tests before you commit", "don't
 * ever push to main", "you should double-check dates", "use metric units", "不要在周末给我发消息".
 * With a standing marker it is a standing instruction (SOUL.md); without, an order for the task at
 * hand.
 */
import { cueLexicon } from "./cue-lexicon.js";

/** An instruction addressed to the agent, at the start of a sentence. */
export const AGENT_IMPERATIVES = cueLexicon([
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:please )?(?:always|never)\s+(?!mind\b)[a-z]+/,
    example: "Always run the tests before you commit.",
  },
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:please )?(?:don'?t|do not) (?:ever )?[a-z]+/,
    example: "Don't ever push to main.",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*you (?:should|must|need to|have to|ought to|shouldn'?t|must not|mustn'?t|may not|can'?t)\b/,
    example: "You should double-check dates.",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:please )?(?:use|run|write|keep|put|add|check|ask|tell|send|reply|answer|respond|format|call|avoid|prefer|include|mention|show|give|make sure|remember to|stop|start|default to|stick to|stick with|wait|confirm|greet|address|refer to|treat|assume)\b/,
    example: "Use metric units.",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:when(?:ever)?|each time|every ?time|any ?time|before|after) you\b[^,.;]{1,60},\s*(?:please |always |never |just |then )?(?:don'?t |do not )?[a-z]+/,
    example: "Whenever you give me code, include a short explanation.",
  },
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:i want you to|i'?d like you to|i need you to)\b/,
    example: "I want you to check the weather before suggesting a run.",
  },
  {
    pattern:
      /^[^\w\u4e00-\u9fff]*(?:以后|今后|从现在(?:开始|起)|永远|每次|一律)[，,\s]*(?:都|就)?(?![我他她它])/,
    example: "以后回答问题先给结论再解释",
  },
  {
    pattern: /^[^\w\u4e00-\u9fff]*(?:请|你)?(?:要|别|不要|必须|务必|一定要|记得|先|用|改用|只用|不许|禁止)/,
    example: "不要在周末给我发消息",
  },
]);
