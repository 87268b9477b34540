/**
 * Task openers: how a user message opens a new request ("next, can you…", "one more thing", 接下来,
 * 换个话题), goes on with the current one ("And …", "but …", 而且), or only asks to carry on
 * ("continue", 继续). Task segmentation (learning/segment-tasks.ts) reads a message's place in the
 * session with them. Pure.
 */
import { defineLexicon } from "./define-lexicon.js";

/** An optional "ok, " / "好的，" before an opener. */
const ACKNOWLEDGED = String.raw`^\s*(?:(?:ok(?:ay)?|great|thanks|thank you|perfect|nice|cool|good|awesome|好的|好|谢谢|可以|行|不错)[\s,.!，。！~]*)?`;
const opener = (words: string, example: string) => ({
  pattern: new RegExp(`${ACKNOWLEDGED}(?:${words})`),
  example,
});

/** Words that open a new request at the start of a message. */
export const NEW_GOAL_OPENERS = defineLexicon("new-goal-openers", [
  opener(String.raw`now,? let'?s\b`, "ok, now let's add the export"),
  opener(String.raw`now,? (?:can|could|would) you\b`, "now can you write the tests"),
  opener(
    String.raw`now (?:add|write|implement|create|make|build|update|refactor|set up)\b`,
    "now add a login page",
  ),
  opener(
    String.raw`next[,:]|next,? (?:let'?s|can you|could you|please|up)\b`,
    "next, can you fix the header",
  ),
  opener(
    String.raw`another thing\b|one more thing\b|(?:a )?new task\b`,
    "thanks! one more thing: the footer",
  ),
  opener(String.raw`also,? (?:can|could|would) you\b`, "also, could you bump the version"),
  opener(
    String.raw`(?:separately|unrelated(?:ly)?|on another note|moving on|switching (?:gears|topics))\b|(?:a )?different (?:topic|question|task)\b`,
    "moving on, the CSV export",
  ),
  opener("接下来|另外|换个话题|下一个任务|新任务|下一步|还有一个(?:问题|任务|事)", "好的，接下来做导出"),
  // Leaving the last thing aside for another: "never mind that, can you update CHANGELOG.md".
  opener(
    "never ?mind(?: that| this)?[,.]|forget (?:that|it)[,.]|先不管(?:这个|那个)?了?|不管(?:这个|那个)了",
    "先不管这个了，帮我看看 README.md",
  ),
]);

/** A message opening with a connective ("And …", "But …", "而且…"): it continues the current request. */
export const CONTINUATION_CONNECTIVES = defineLexicon("continuation-connectives", [
  {
    pattern:
      /^\s*(?:(?:fine|ok(?:ay)?|sure|cool|works),?\s+but|and|but|plus|btw|fyi|oh and|also)\b(?!,?\s+(?:can|could|would) you\b)/,
    example: "and make it red",
  },
  { pattern: /^\s*(?:而且|并且|但是|同时|以及|还有(?!一个))/, example: "而且要支持导出" },
]);

/** A message that only asks to carry on. */
export const CARRY_ON_REQUESTS = defineLexicon("carry-on-requests", [
  {
    pattern:
      /^\s*(?:please\s+)?(?:continue|go on|keep going|carry on|proceed|resume|try again|retry|go ahead)[\s.!。！~]*$/,
    example: "please continue",
  },
  { pattern: /^\s*(?:继续|接着(?:来|做)?|请继续|再试一?次|重试)[\s.!。！~]*$/, example: "继续" },
]);
