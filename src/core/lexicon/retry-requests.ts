/**
 * Requests to search, check or do it again, and doubt that asks for a second look: "Could you
 * please find again?", "Try searching again", "Are you quite sure?", "再查一下".
 */
import { cueLexicon } from "./define-lexicon.js";

/** A request to repeat the last search or action. */
export const RETRY_REQUESTS = cueLexicon("retry-requests", [
  {
    pattern:
      /\b(?:try|search|look|check|find|run|do|search for it|look it up|book|query)(?:ing)?(?: (?:it|that|this|them|the \w+|once|for (?:it|one|that)|(?:it|that) up))?,? (?:again|once more|one more time|a second time)\b/,
    example: "Try searching again, in premium economy this time.",
  },
  {
    pattern: /\b(?:find|search|look|check) again\b/,
    example: "Could you please find again? I wish to have it in Fremont.",
  },
  { pattern: /\b(?:double|re)[- ]?check\b/, example: "Can you double check? My friend said there is one." },
  {
    pattern: /\b(?:look|search|check) (?:harder|further|more carefully|properly)\b/,
    example: "Please look harder, there must be one.",
  },
  {
    pattern: /\bare you (?:quite |really |absolutely |completely )?(?:sure|certain)\b/,
    example: "Are you quite sure? I need to be there by 18:30.",
  },
  { pattern: /\b(?:try|do) (?:it |that )?(?:over|again)\b/, example: "Do it over, from the top." },
  {
    pattern: /再(?:查|找|搜|试|看)(?:一下|一次|一遍)|重新(?:查|找|搜|试|来)/,
    example: "你再查一下，我要的是周六",
  },
]);
