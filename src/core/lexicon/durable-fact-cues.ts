/**
 * Lasting facts about the world the user and the agent share: dates that matter, how the user's
 * team, office or project works, and facts about the people in the user's life: "the deadline for
 * the grant is March 15", "our office closes at 6 on Fridays", "my sister is vegan", "项目截止日期
 * 是三月十五号". The memory gate reads them as facts for MEMORY.md.
 */
import { cueLexicon } from "./define-lexicon.js";

/** A durable shared fact. */
export const DURABLE_FACT_CUES = cueLexicon("durable-fact-cues", [
  {
    pattern:
      /\b(?:deadline|due date|launch|release|renewal|anniversary|wedding|lease|contract|exam|surgery)\b[^.!?]{0,30}\b(?:is|are|falls?|ends?|expires?|starts?) (?:on|in|at|due|by)\b/,
    example: "The deadline for the grant is on March 15.",
  },
  {
    pattern:
      /\b(?:our|the|my) (?:[a-z]+'s?'? )?(?:team|company|project|office|repo|product|client|customer|landlord|accountant|doctor|dentist|school|gym|standup|sync|retro|band|club)\b[^.!?]{0,40}\b(?:is|are|uses?|has|have|runs?|meets?|closes?|opens?|moved|happens?|starts?|ends?)\b/,
    example: "Our office closes at 6 on Fridays.",
  },
  {
    pattern:
      /\bmy (?:mom|mum|mother|dad|father|sister|brother|wife|husband|partner|son|daughter|kids?|friend|boss|manager|colleague|coworker|landlord|grandma|grandpa)(?:'s)? (?:[a-z]+ ){0,3}(?:is|are|has|likes|loves|hates|prefers|lives|works|can'?t|doesn'?t|won'?t)\b/,
    example: "My sister is vegan.",
  },
  {
    pattern:
      /\bwe (?:always |usually |never |only |all |normally )?(?:use|run|deploy|host|keep|store|ship|write|follow|release|meet)\b(?! (?:it|this|that|these|those)\b)/,
    example: "We use Linear for tickets, not Jira.",
  },
  {
    pattern: /\b(?:is|are|happens?|falls?|takes place) (?:always|usually|every|each)\b/,
    example: "The quarterly review is always the last Thursday of the quarter.",
  },
  {
    pattern:
      /^[^\w]*(?:mom|mum|dad|mother|father|grandma|grandpa|nana|granny)\b (?:[a-z]+ ){0,2}(?:is|has|likes|loves|hates|prefers|lives|works|can'?t|doesn'?t)\b/,
    example: "Dad is allergic to penicillin.",
  },
  {
    pattern:
      /\bis (?:the|our|my) (?:person|one|contact|go-to|point of contact|expert)\b (?:to|for|on)\b|\b(?:starts?|ends?|opens?|closes?|begins?|meets?|happens?) (?:at|on|from) [^.!?]{1,20}\bevery\b/,
    example: "Julia from accounting is the person to ask about expenses.",
  },
  {
    pattern: /\b[a-z]+'s (?:birthday|anniversary|wedding|favou?rite|allergy|address)\b/,
    example: "Mom's birthday is June 12.",
  },
  {
    pattern:
      /截止(?:日期|时间)(?:是|为|在)|(?:生日|纪念日)是|(?:我们|公司|团队|项目|办公室)(?:的)?[^，。！？]{0,10}(?:在|用|是|每)/,
    example: "项目截止日期是三月十五号",
  },
  {
    pattern:
      /我(?:妈|爸|姐|妹|哥|弟|老婆|老公|女朋友|男朋友|同事|老板|朋友|儿子|女儿)(?:妈|爸|姐|妹|哥|弟)?(?:的)?[^，。！？]{0,10}(?:是|喜欢|不吃|吃素|住在|对|在)/,
    example: "我妹妹吃素",
  },
]);
